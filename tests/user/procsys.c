#define _GNU_SOURCE
/*
 * procsys.c: /proc/sys/kernel's basics, as Linux has them: the
 * directories, ostype, osrelease and version as uname reports them,
 * hostname and domainname written there showing in uname (and written
 * back), pid_max and threads-max as numbers, the entries listed by
 * readdir, the files' modes.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include "check.h"

#define K "/proc/sys/kernel/"

/* The file's first line, without its newline, in a static buffer. */
static const char *line_of(const char *path)
{
	static char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n = fd >= 0 ? write(fd, text, strlen(text)) : -1;

	if (fd >= 0)
		close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void names(void)
{
	struct utsname u;
	char host[65], domain[65];

	CHECK(uname(&u) == 0);
	yes("ostype is uname's sysname", !strcmp(line_of(K "ostype"), u.sysname));
	yes("osrelease is uname's release",
	    !strcmp(line_of(K "osrelease"), u.release));
	yes("version is uname's version",
	    !strcmp(line_of(K "version"), u.version));
	yes("hostname is uname's nodename",
	    !strcmp(line_of(K "hostname"), u.nodename));
	yes("domainname is uname's",
	    !strcmp(line_of(K "domainname"), u.domainname));
	strcpy(host, u.nodename);
	strcpy(domain, u.domainname);
	CHECK(write_file(K "hostname", "procsys-host\n") == 0);
	CHECK(write_file(K "domainname", "procsys.domain") == 0);
	CHECK(uname(&u) == 0);
	printf("uname after the writes: %s %s\n", u.nodename, u.domainname);
	printf("read back: %s ", line_of(K "hostname"));
	printf("%s\n", line_of(K "domainname"));
	CHECK(sethostname(host, strlen(host)) == 0);
	CHECK(setdomainname(domain, strlen(domain)) == 0);
	yes("restored", !strcmp(line_of(K "hostname"), host));
}

static void limits(void)
{
	long pid_max = atol(line_of(K "pid_max"));
	long threads = atol(line_of(K "threads-max"));

	yes("pid_max is a number above 300", pid_max > 300);
	yes("threads-max is a positive number", threads > 0);
}

static void listing(void)
{
	static const char *const want[] = {
		"ostype", "osrelease", "version", "hostname", "domainname",
		"pid_max", "threads-max",
	};
	struct stat st;
	DIR *d = opendir(K);
	struct dirent *e;
	int seen[7] = { 0 };

	CHECK(stat("/proc/sys", &st) == 0);
	yes("/proc/sys is a directory", S_ISDIR(st.st_mode));
	while (d && (e = readdir(d)))
		for (int i = 0; i < 7; i++)
			if (!strcmp(e->d_name, want[i]))
				seen[i] = e->d_type == DT_REG;
	if (d)
		closedir(d);
	for (int i = 0; i < 7; i++)
		printf("listed as a file: %s: %s\n", want[i],
		       seen[i] ? "yes" : "no");
	CHECK(stat(K "ostype", &st) == 0);
	printf("ostype mode %04o\n", (unsigned)(st.st_mode & 07777));
	CHECK(stat(K "hostname", &st) == 0);
	printf("hostname mode %04o\n", (unsigned)(st.st_mode & 07777));
	expect_err("a missing entry", open(K "no-such-entry", O_RDONLY), ENOENT);
}

int main(void)
{
	names();
	limits();
	listing();
	return finish();
}
