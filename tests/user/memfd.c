/*
 * memfd.c: memfd_create as Linux has it: an unnamed O_RDWR regular file
 * (mode 0777, no link) named "/memfd:NAME (deleted)" in /proc/self/fd and
 * maps, read, written, truncated and mapped shared with a child,
 * reopened through /proc/self/fd; MFD_CLOEXEC; the name limit, bad
 * flags and pointers; F_GET_SEALS/F_ADD_SEALS on a memfd made without
 * MFD_ALLOW_SEALING (sealed with F_SEAL_SEAL) and on another file.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "check.h"

static void show_link(int fd)
{
	char path[32], link[300];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	printf("its link: %s\n", link);
}

/* Whether a line of /proc/self/maps names what. */
static int maps_has(const char *what)
{
	static char buf[8192];
	int fd = open("/proc/self/maps", O_RDONLY);
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return strstr(buf, what) != NULL;
}

static void basics(void)
{
	int fd = memfd_create("test", 0), fd2;
	char buf[16] = "";
	struct stat st;
	char path[32], *p;
	pid_t pid;

	CHECK(fd >= 0);
	CHECK(fstat(fd, &st) == 0);
	printf("mode %o size %lld nlink %lu\n", st.st_mode,
	       (long long)st.st_size, (unsigned long)st.st_nlink);
	show_link(fd);
	printf("access mode O_RDWR: %s\n",
	       (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR ? "yes" : "no");
	printf("FD_CLOEXEC: %d\n", fcntl(fd, F_GETFD));
	CHECK(write(fd, "hello", 5) == 5);
	CHECK(pread(fd, buf, sizeof(buf), 0) == 5);
	printf("read back: %s\n", buf);
	CHECK(ftruncate(fd, 8192) == 0);
	CHECK(fstat(fd, &st) == 0);
	printf("after ftruncate: size %lld\n", (long long)st.st_size);
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	CHECK(p != MAP_FAILED);
	printf("the mapping reads: %s\n", p);
	printf("maps names it: %s\n",
	       maps_has("/memfd:test (deleted)") ? "yes" : "no");
	pid = fork();
	if (pid == 0) {
		strcpy(p + 4096, "from the child");
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	CHECK(pread(fd, buf, sizeof(buf), 4096) == sizeof(buf));
	printf("read at 4096: %s\n", buf);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	fd2 = open(path, O_RDONLY);
	CHECK(fd2 >= 0);
	memset(buf, 0, sizeof(buf));
	CHECK(read(fd2, buf, 5) == 5);
	printf("reopened through /proc/self/fd: %s\n", buf);
	printf("F_GET_SEALS: %d\n", fcntl(fd, F_GET_SEALS));
	expect_err("F_ADD_SEALS", fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), EPERM);
	munmap(p, 8192);
	close(fd2);
	close(fd);
}

static void flags_and_names(void)
{
	char name[300];
	int fd = memfd_create("cloexec", MFD_CLOEXEC);

	printf("MFD_CLOEXEC: FD_CLOEXEC %d\n", fcntl(fd, F_GETFD));
	close(fd);
	fd = memfd_create("", 0);
	CHECK(fd >= 0);
	show_link(fd);
	close(fd);
	memset(name, 'n', sizeof(name));
	name[249] = '\0';
	fd = memfd_create(name, 0);
	printf("a name of 249 bytes: %s\n", fd >= 0 ? "ok" : strerror(errno));
	close(fd);
	name[249] = 'n';
	name[250] = '\0';
	expect_err("a name of 250 bytes", memfd_create(name, 0), EINVAL);
	expect_err("unknown flag", memfd_create("x", 0x100), EINVAL);
	expect_err("bad name pointer", syscall(SYS_memfd_create, bad_ptr, 0),
		   EFAULT);
	fd = open("/proc/self/status", O_RDONLY);
	expect_err("F_GET_SEALS on another file", fcntl(fd, F_GET_SEALS), EINVAL);
	close(fd);
}

int main(void)
{
	basics();
	flags_and_names();
	return finish();
}
