/*
 * creds.c: user and group ids: setuid, setgid, setreuid, setresuid and
 * their getters, saved set-user-id semantics, setgroups/getgroups (kept
 * sorted), setfsuid, the 16-bit calls, file permissions following the
 * ids (EACCES once root is gone), prctl's dumpable flag after an id
 * change, and sethostname/setdomainname as uname shows them (root only).
 * Runs as root; each scenario is a child that drops privileges.  The
 * names are changed after unshare(CLONE_NEWUTS), whose result is never
 * printed: on the Linux oracle it succeeds, so the names go back when the
 * run ends; maestro has no unshare, so there they stay changed.  (It
 * dates from when the expected output came from the build machine's own
 * Linux, whose names it kept untouched.)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdint.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include "check.h"

static void ids(const char *what)
{
	uid_t r, e, s;
	gid_t rg, eg, sg;

	getresuid(&r, &e, &s);
	getresgid(&rg, &eg, &sg);
	printf("%s: uid %d %d %d gid %d %d %d\n", what, (int)r, (int)e,
	       (int)s, (int)rg, (int)eg, (int)sg);
}

static void run(const char *name, void (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		fn();
		_exit(failures);
	}
	printf("%s: %s\n", name, wait_str(pid));
}

static void saved_uid(void)
{
	yes("setresuid(1000, 1000, 0)", setresuid(1000, 1000, 0) == 0);
	ids("after");
	yes("dumpable after the change is 0", prctl(PR_GET_DUMPABLE) == 0);
	expect_err("setuid(2000) as a user", setuid(2000), EPERM);
	yes("seteuid(0) back through the saved uid", seteuid(0) == 0);
	ids("euid 0");
	yes("setuid(1000) as root sets all three", setuid(1000) == 0);
	ids("after setuid");
	expect_err("seteuid(0) now", seteuid(0), EPERM);
	expect_err("setresuid(-1, 0, -1)", setresuid(-1, 0, -1), EPERM);
	expect_err("setuid(-1)", setuid(-1), EINVAL);
}

static void reuid(void)
{
	yes("setreuid(1000, 2000)", setreuid(1000, 2000) == 0);
	ids("after");
	yes("setreuid(-1, 1000): euid to the real uid", setreuid(-1, 1000) == 0);
	ids("after");
	expect_err("setreuid(2000, -1): 2000 is only the saved uid",
		   setreuid(2000, -1), EPERM);
	yes("swap real and effective", setreuid(1000, 1000) == 0);
	ids("after");
}

static void groups(void)
{
	gid_t list[8], want[4] = { 300, 100, 200, 50 };
	int n;

	yes("setgroups of 4", setgroups(4, want) == 0);
	n = getgroups(0, NULL);
	printf("getgroups(0): %d\n", n);
	expect_err("getgroups with room for 2", getgroups(2, list), EINVAL);
	n = getgroups(8, list);
	printf("groups:");
	for (int i = 0; i < n; i++)
		printf(" %d", (int)list[i]);
	printf("\n");
	yes("setresgid(100, 100, 100)", setresgid(100, 100, 100) == 0);
	yes("setgid(0) as root (euid 0)", setgid(0) == 0);
	yes("setgid(100) back", setgid(100) == 0);
	CHECK(setuid(1000) == 0);
	expect_err("setgroups as a user", setgroups(1, want), EPERM);
	expect_err("setgid(0) as a user", setgid(0), EPERM);
	ids("as a user");
}

static void files(void)
{
	int fd = open(tmp("secret"), O_CREAT | O_WRONLY, 0600);
	int fd2 = open(tmp("group"), O_CREAT | O_WRONLY, 0640);
	gid_t g = 4242;

	CHECK(fd >= 0 && fd2 >= 0);
	close(fd);
	CHECK(fchown(fd2, 0, 4242) == 0);
	close(fd2);
	CHECK(setgroups(1, &g) == 0);
	CHECK(setresgid(100, 100, 100) == 0);
	yes("setresuid(1000, 1000, 1000)", setresuid(1000, 1000, 1000) == 0);
	expect_err("open root's 0600 file", open(tmp("secret"), O_RDONLY), EACCES);
	fd = open(tmp("group"), O_RDONLY);
	yes("read a 0640 file through a supplementary group", fd >= 0);
	close(fd);
	expect_err("write it", open(tmp("group"), O_WRONLY), EACCES);
	fd = open(tmp("mine"), O_CREAT | O_WRONLY, 0644);
	expect_err("create in root's 0755 directory", fd, EACCES);
}

static void fsuid(void)
{
	int fd;

	yes("setfsuid(1000) returns the old fsuid 0", setfsuid(1000) == 0);
	yes("setfsuid(-1) reports 1000", setfsuid(-1) == 1000);
	expect_err("fsuid 1000 opens root's 0600 file",
		   open(tmp("secret"), O_RDONLY), EACCES);
	setfsuid(0);
	fd = open(tmp("secret"), O_RDONLY);
	yes("fsuid 0 again opens it", fd >= 0);
	close(fd);
	ids("ids unchanged by setfsuid");
}

static void old16(void)
{
	uint16_t r, e, s;

	yes("16-bit setresuid(100, 200, 0xffff)",
	    syscall(SYS_setresuid, 100, 200, 0xffff) == 0);
	yes("16-bit getresuid", syscall(SYS_getresuid, &r, &e, &s) == 0 &&
	    r == 100 && e == 200 && s == 0);
	yes("16-bit getuid", syscall(SYS_getuid) == 100);
	yes("16-bit geteuid", syscall(SYS_geteuid) == 200);
	yes("16-bit setuid(0) through the saved uid", syscall(SYS_setuid, 0) == 0);
	yes("setuid32(70000)", syscall(SYS_setuid32, 70000) == 0);
	yes("16-bit getuid of 70000 is 65534", syscall(SYS_getuid) == 65534);
}

static void names(void)
{
	struct utsname u;
	char long_name[70];

	unshare(CLONE_NEWUTS);	/* Linux only: private names (see the top) */
	yes("sethostname", sethostname("maestro-test", 12) == 0);
	yes("setdomainname", setdomainname("example.org", 11) == 0);
	CHECK(uname(&u) == 0);
	printf("nodename %s domainname %s\n", u.nodename, u.domainname);
	memset(long_name, 'x', sizeof(long_name));
	expect_err("sethostname of 65 bytes", sethostname(long_name, 65), EINVAL);
	yes("sethostname of 64 bytes", sethostname(long_name, 64) == 0);
	CHECK(uname(&u) == 0);
	printf("nodename length %zu\n", strlen(u.nodename));
	expect_err("sethostname from a bad pointer",
		   sethostname(bad_ptr, 4), EFAULT);
	CHECK(setuid(1000) == 0);
	expect_err("sethostname as a user", sethostname("x", 1), EPERM);
	expect_err("setdomainname as a user", setdomainname("x", 1), EPERM);
}

int main(void)
{
	tmp_init("creds");
	CHECK(chmod(tmp_dir, 0755) == 0);
	ids("start");
	run("saved uid", saved_uid);
	run("setreuid", reuid);
	run("groups", groups);
	run("files", files);
	run("fsuid", fsuid);
	run("16-bit calls", old16);
	run("names", names);
	unlink(tmp("secret"));
	unlink(tmp("group"));
	rmdir(tmp_dir);
	return finish();
}
