/*
 * syslog.c: syslog(2) (klogctl) and /dev/kmsg as Linux answers them: the
 * error returns (bad action, bad buffer, bad level, an unprivileged
 * caller), the size of the log, the line formats of READ_ALL and of
 * /dev/kmsg records, a line written to /dev/kmsg coming back, and CLEAR.
 * The log's contents differ between kernels: only what was written here
 * is compared, at the debug level (7), which the console does not show.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/klog.h>
#include <sys/sysmacros.h>
#include "check.h"

#define MARK	"syslog test 1a2b"
static char buf[1 << 20];

static void errors(void)
{
	expect_err("klogctl(11)", klogctl(11, NULL, 0), EINVAL);
	expect_err("klogctl(-1)", klogctl(-1, NULL, 0), EINVAL);
	expect_err("READ_ALL NULL", klogctl(3, NULL, 10), EINVAL);
	expect_err("READ_ALL len -1", klogctl(3, buf, -1), EINVAL);
	expect_err("READ NULL", klogctl(2, NULL, 10), EINVAL);
	expect_err("READ_ALL unmapped", klogctl(3, bad_ptr, 100), EFAULT);
	expect_err("READ_ALL kernel", klogctl(3, (char *)0xc0000000, 100),
		   EFAULT);
	expect_err("CONSOLE_LEVEL 0", klogctl(8, NULL, 0), EINVAL);
	expect_err("CONSOLE_LEVEL 9", klogctl(8, NULL, 9), EINVAL);
	printf("READ_ALL len 0: %d\n", klogctl(3, buf, 0));
	printf("READ len 0: %d\n", klogctl(2, buf, 0));
	printf("CONSOLE_ON unsaved: %d\n", klogctl(7, NULL, 0));
	yes("SIZE_BUFFER positive", klogctl(10, NULL, 0) > 0);
	yes("SIZE_UNREAD not negative", klogctl(9, NULL, 0) >= 0);
}

/* As nobody: only READ_ALL and SIZE_BUFFER may be open to all (Linux
 * with dmesg_restrict), so only the others are checked. */
static void unprivileged(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		CHECK(setuid(65534) == 0);
		expect_err("nobody CLEAR", klogctl(5, NULL, 0), EPERM);
		expect_err("nobody SIZE_UNREAD", klogctl(9, NULL, 0), EPERM);
		expect_err("nobody klogctl(11)", klogctl(11, NULL, 0), EPERM);
		expect_err("nobody CONSOLE_LEVEL", klogctl(8, NULL, 7), EPERM);
		exit(failures);
	}
	printf("child: %s\n", wait_str(pid));
}

static int write_kmsg(const char *line)
{
	int fd = open("/dev/kmsg", O_WRONLY);
	int n;

	CHECK(fd >= 0);
	n = write(fd, line, strlen(line));
	close(fd);
	return n == (int)strlen(line);
}

/* Every line of the READ_ALL text starts "<N>[" and has "] ". */
static int lines_well_formed(const char *s, int n)
{
	for (const char *p = s; p < s + n; p = strchr(p, '\n') + 1)
		if (p[0] != '<' || !strstr(p, ">[") || !strchr(p, '\n'))
			return 0;
	return n > 0 && s[n - 1] == '\n';
}

static void read_all(void)
{
	int n;

	yes("write <7> to /dev/kmsg", write_kmsg("<7>" MARK "\n"));
	n = klogctl(3, buf, sizeof(buf) - 1);
	yes("READ_ALL gives text", n > 0);
	buf[n > 0 ? n : 0] = '\0';
	yes("READ_ALL lines are <N>[time] text", lines_well_formed(buf, n));
	yes("the line written, as <15>", strstr(buf, "<15>[") &&
	    strstr(buf, "] " MARK "\n"));
	n = klogctl(3, buf, 40);
	yes("READ_ALL into 40 bytes: whole lines or nothing",
	    n == 0 || (n <= 40 && buf[n - 1] == '\n'));
}

static void kmsg_records(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	struct stat st;
	int n, found = 0;
	char small[4];

	CHECK(fd >= 0 && fstat(fd, &st) == 0);
	printf("/dev/kmsg: char %u:%u\n", major(st.st_rdev), minor(st.st_rdev));
	expect_err("read into 4 bytes", read(fd, small, sizeof(small)), EINVAL);
	while ((n = read(fd, buf, sizeof(buf) - 1)) > 0) {
		buf[n] = '\0';
		if (strstr(buf, ";" MARK "\n") && strncmp(buf, "15,", 3) == 0)
			found = 1;
	}
	yes("record 15,SEQ,USEC,-;" MARK, found);
	expect_err("read at the end", n, EAGAIN);
	close(fd);
	memset(buf, 'x', 2000);
	buf[2000] = '\0';
	fd = open("/dev/kmsg", O_WRONLY);
	expect_err("write 2000 bytes", write(fd, buf, 2000), EINVAL);
	close(fd);
}

static void clear(void)
{
	int n;

	printf("CLEAR: %d\n", klogctl(5, NULL, 0));
	yes("write after clear", write_kmsg("<7>after clear 1a2b\n"));
	n = klogctl(3, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	yes("READ_ALL shows the line after CLEAR",
	    strstr(buf, "] after clear 1a2b\n") != NULL);
	yes("and not the one before", strstr(buf, MARK) == NULL);
}

int main(void)
{
	errors();
	unprivileged();
	read_all();
	kmsg_records();
	clear();
	return finish();
}
