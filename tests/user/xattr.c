/*
 * xattr.c: the twelve extended attribute calls where the filesystem has
 * none (procfs, pipes; maestro's filesystems have none at all, Linux's
 * ext2 has them, so the test stays off it): EOPNOTSUPP once a name has
 * passed the checks, empty lists; ENOENT, EFAULT, EBADF for paths and
 * descriptors; ERANGE for empty and overlong names, E2BIG for values
 * past 64 KiB, EINVAL for set's flags; the namespace rules (user. names
 * only on regular files and directories: EPERM, ENODATA; trusted. names
 * root's; security. names root's to change) and EACCES for a user.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/xattr.h>
#include "check.h"

#define STAT "/proc/self/stat"

static void show(const char *what, long ret)
{
	printf("%s: %ld %s\n", what, ret, ret < 0 ? strerror(errno) : "-");
}

static void names(void)
{
	char big[300], buf[64];

	memset(big, 'a', sizeof(big));
	memcpy(big, "user.", 5);
	big[256] = '\0';
	show("setxattr /proc/self/stat user.x",
	     setxattr(STAT, "user.x", "v", 1, 0));
	show("getxattr", getxattr(STAT, "user.x", buf, sizeof(buf)));
	show("getxattr size 0", getxattr(STAT, "user.x", NULL, 0));
	show("listxattr", listxattr(STAT, buf, sizeof(buf)));
	show("listxattr size 0", listxattr(STAT, NULL, 0));
	show("removexattr", removexattr(STAT, "user.x"));
	show("setxattr trusted.x", setxattr(STAT, "trusted.x", "v", 1, 0));
	show("getxattr trusted.x", getxattr(STAT, "trusted.x", buf, 64));
	show("setxattr security.x", setxattr(STAT, "security.x", "v", 1, 0));
	show("setxattr other.x", setxattr(STAT, "other.x", "v", 1, 0));
	show("setxattr XATTR_CREATE", setxattr(STAT, "user.x", "v", 1,
					       XATTR_CREATE));
	show("setxattr flags 4", setxattr(STAT, "user.x", "v", 1, 4));
	show("setxattr empty name", setxattr(STAT, "", "v", 1, 0));
	show("getxattr empty name", getxattr(STAT, "", buf, 64));
	show("removexattr empty name", removexattr(STAT, ""));
	show("setxattr 256-byte name", setxattr(STAT, big, "v", 1, 0));
	big[255] = '\0';
	show("setxattr 255-byte name", setxattr(STAT, big, "v", 1, 0));
	show("getxattr 256-byte name", getxattr(STAT, big, buf, 64));
	show("setxattr bad name", setxattr(STAT, bad_ptr, "v", 1, 0));
	show("setxattr bad value", setxattr(STAT, "user.x", bad_ptr, 1, 0));
	show("setxattr value of 65537", setxattr(STAT, "user.x", big, 65537, 0));
	show("setxattr NULL value, size 0", setxattr(STAT, "user.x", NULL, 0, 0));
	show("getxattr bad buffer", getxattr(STAT, "user.x", bad_ptr, 64));
	show("listxattr bad buffer", listxattr(STAT, bad_ptr, 64));
	show("getxattr bad name", getxattr(STAT, bad_ptr, buf, 64));
}

static void paths(void)
{
	char buf[64];

	show("getxattr missing file", getxattr("/proc/nope", "user.x", buf, 64));
	show("setxattr missing file", setxattr("/nope/x", "user.x", "v", 1, 0));
	show("listxattr missing file", listxattr("/nope", buf, 64));
	show("removexattr empty path", removexattr("", "user.x"));
	show("getxattr bad path", getxattr(bad_ptr, "user.x", buf, 64));
	show("getxattr /proc/self (followed)",
	     getxattr("/proc/self", "user.x", buf, 64));
	show("lgetxattr /proc/self (the link)",
	     lgetxattr("/proc/self", "user.x", buf, 64));
	show("lsetxattr /proc/self", lsetxattr("/proc/self", "user.x", "v", 1, 0));
	show("lremovexattr /proc/self", lremovexattr("/proc/self", "user.x"));
	show("lgetxattr /proc/self trusted.x",
	     lgetxattr("/proc/self", "trusted.x", buf, 64));
	show("llistxattr /proc/self", llistxattr("/proc/self", buf, 64));
}

static void descriptors(void)
{
	int p[2], fd = open(STAT, O_RDONLY);
	char buf[64];

	CHECK(pipe(p) == 0);
	show("fgetxattr", fgetxattr(fd, "user.x", buf, 64));
	show("fsetxattr", fsetxattr(fd, "user.x", "v", 1, 0));
	show("flistxattr", flistxattr(fd, buf, 64));
	show("fremovexattr", fremovexattr(fd, "user.x"));
	show("fgetxattr pipe user.x", fgetxattr(p[0], "user.x", buf, 64));
	show("fsetxattr pipe user.x", fsetxattr(p[0], "user.x", "v", 1, 0));
	show("fremovexattr pipe user.x", fremovexattr(p[1], "user.x"));
	show("fgetxattr pipe trusted.x", fgetxattr(p[0], "trusted.x", buf, 64));
	show("flistxattr pipe", flistxattr(p[0], buf, 64));
	show("fgetxattr bad fd", fgetxattr(-1, "user.x", buf, 64));
	show("fsetxattr bad fd", fsetxattr(99, "user.x", "v", 1, 0));
	show("flistxattr bad fd", flistxattr(99, buf, 64));
	show("fremovexattr bad fd", fremovexattr(99, "user.x"));
	close(fd);
	close(p[0]);
	close(p[1]);
}

static void user(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		char buf[64];

		CHECK(setuid(1000) == 0);
		show("user: setxattr user.x", setxattr(STAT, "user.x", "v", 1, 0));
		show("user: getxattr user.x", getxattr(STAT, "user.x", buf, 64));
		show("user: setxattr trusted.x",
		     setxattr(STAT, "trusted.x", "v", 1, 0));
		show("user: getxattr trusted.x",
		     getxattr(STAT, "trusted.x", buf, 64));
		show("user: removexattr trusted.x",
		     removexattr(STAT, "trusted.x"));
		show("user: getxattr security.x",
		     getxattr(STAT, "security.x", buf, 64));
		show("user: listxattr", listxattr(STAT, buf, 64));
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
}

int main(void)
{
	names();
	paths();
	descriptors();
	user();
	return finish();
}
