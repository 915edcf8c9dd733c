/*
 * setattr.c: who may change a file's attributes, as Linux decides it.
 * chown/fchown/lchown/fchownat (owner and group rules, S_ISUID and
 * S_ISGID cleared by a chown), chmod/fchmod/fchmodat (owner only, S_ISGID
 * dropped for a caller outside the file's group, S_ISVTX kept on files),
 * utimensat/futimens/utime (explicit times need ownership, "now" needs
 * ownership or write permission, UTIME_OMIT twice needs nothing),
 * truncate/ftruncate/write clearing S_ISUID and S_ISGID, and deleting or
 * renaming in a sticky directory.
 * Runs as root: root prepares the files, then each scenario is a child
 * that drops to uid 1000, gid 100, groups 100 and 200.  Everything is
 * made inside the test's own directory, which is removed at the end.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <utime.h>
#include "check.h"

#define USER	1000
#define OTHER	2000

/* Print what and "ok" or the error of a call returning 0 or -1. */
static void show(const char *what, int ret)
{
	printf("%s: %s\n", what, ret == 0 ? "ok" : strerror(errno));
}

/* Print a file's permission bits (lstat: links are not followed). */
static void show_mode(const char *what, const char *name)
{
	struct stat st;

	if (lstat(tmp(name), &st) != 0) {
		printf("%s: stat %s\n", what, strerror(errno));
		return;
	}
	printf("%s: mode %04o owner %d:%d\n", what, (int)(st.st_mode & 07777),
	       (int)st.st_uid, (int)st.st_gid);
}

/* Make a file (or directory) name owned by uid:gid with mode (as root). */
static void make(const char *name, bool dir, mode_t mode, uid_t uid,
		 gid_t gid)
{
	if (dir) {
		CHECK(mkdir(tmp(name), 0700) == 0);
	} else {
		int fd = open(tmp(name), O_CREAT | O_EXCL | O_WRONLY, 0600);

		CHECK(fd >= 0);
		close(fd);
	}
	CHECK(chown(tmp(name), uid, gid) == 0);
	CHECK(chmod(tmp(name), mode) == 0);
}

static void become_user(void)
{
	gid_t groups[2] = { 100, 200 };

	CHECK(setgroups(2, groups) == 0);
	CHECK(setresgid(100, 100, 100) == 0);
	CHECK(setresuid(USER, USER, USER) == 0);
}

static void run(const char *name, void (*fn)(void), bool as_user)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (as_user)
			become_user();
		fn();
		_exit(failures);
	}
	printf("%s: %s\n", name, wait_str(pid));
}

static void chown_user(void)
{
	int fd = open(tmp("mine"), O_RDONLY), dfd = open(tmp_dir, O_RDONLY);

	CHECK(fd >= 0 && dfd >= 0);
	expect_err("chown mine to another user", chown(tmp("mine"), OTHER, -1),
		   EPERM);
	show("chown mine to myself", chown(tmp("mine"), USER, -1));
	show("chown mine to group 200 (supplementary)",
	     chown(tmp("mine"), -1, 200));
	show_mode("mine", "mine");
	expect_err("chown mine to group 300", chown(tmp("mine"), -1, 300),
		   EPERM);
	expect_err("chown mine to group 0", chown(tmp("mine"), -1, 0), EPERM);
	show("chown mine -1 -1", chown(tmp("mine"), -1, -1));
	show("fchown mine to group 100", fchown(fd, -1, 100));
	show("fchownat mine to myself and group 200",
	     fchownat(dfd, "mine", USER, 200, 0));
	show_mode("mine", "mine");
	expect_err("fchownat with a bad flag",
		   fchownat(dfd, "mine", -1, -1, 0x1), EINVAL);
	expect_err("chown root's file to group 100",
		   chown(tmp("roots"), -1, 100), EPERM);
	expect_err("chown root's file to me", chown(tmp("roots"), USER, -1),
		   EPERM);
	show("chown root's file -1 -1", chown(tmp("roots"), -1, -1));
	show("chown root's setuid file -1 -1", chown(tmp("rootsuid"), -1, -1));
	show_mode("rootsuid", "rootsuid");
	expect_err("lchown root's link to group 100",
		   lchown(tmp("link"), -1, 100), EPERM);
	show("chown through root's link", chown(tmp("link"), -1, 200));
	show_mode("mine through the link", "mine");
	show("chown my setuid file to group 200", chown(tmp("suid"), -1, 200));
	show_mode("suid", "suid");
	show("chown my setgid, group-x-less file to group 200",
	     chown(tmp("sgidnox"), -1, 200));
	show_mode("sgidnox", "sgidnox");
	show("chown my setgid file in group 300 -1 -1",
	     chown(tmp("sgid300"), -1, -1));
	show_mode("sgid300", "sgid300");
	show("chown my setuid directory to group 200",
	     chown(tmp("suiddir"), -1, 200));
	show_mode("suiddir", "suiddir");
	close(fd);
	close(dfd);
}

static void chown_root(void)
{
	show("root: chown a setuid file to 2000:300",
	     chown(tmp("rsuid"), OTHER, 300));
	show_mode("rsuid", "rsuid");
	show("root: chown a setgid, group-x-less file",
	     chown(tmp("rsgidnox"), OTHER, -1));
	show_mode("rsgidnox", "rsgidnox");
	show("root: chown a setuid directory", chown(tmp("rdir"), OTHER, -1));
	show_mode("rdir", "rdir");
	show("root: chown -1 -1 of a setuid file", chown(tmp("rsuid2"), -1, -1));
	show_mode("rsuid2", "rsuid2");
}

static void chmod_user(void)
{
	int fd = open(tmp("cmine"), O_RDONLY), dfd = open(tmp_dir, O_RDONLY);

	CHECK(fd >= 0 && dfd >= 0);
	show("chmod mine 0600", chmod(tmp("cmine"), 0600));
	show_mode("cmine", "cmine");
	show("fchmod mine 0640", fchmod(fd, 0640));
	show("fchmodat mine 02755 (group 100 is mine)",
	     fchmodat(dfd, "cmine", 02755, 0));
	show_mode("cmine", "cmine");
	show("chmod mine 01644 (sticky file)", chmod(tmp("cmine"), 01644));
	show_mode("cmine", "cmine");
	show("chmod mine 06755", chmod(tmp("cmine"), 06755));
	show_mode("cmine", "cmine");
	expect_err("chmod root's file", chmod(tmp("roots"), 0777), EPERM);
	show_mode("roots", "roots");
	show("chmod my file of group 300 to 02755",
	     chmod(tmp("cg300"), 02755));
	show_mode("cg300", "cg300");
	show("chmod my directory of group 300 to 03775",
	     chmod(tmp("cdir300"), 03775));
	show_mode("cdir300", "cdir300");
	expect_err("fchmodat with a bad flag",
		   fchmodat(dfd, "cmine", 0644, 0x1), EINVAL);
	close(fd);
	close(dfd);
}

static void chmod_root(void)
{
	show("root: chmod a file of 1000:300 to 02755",
	     chmod(tmp("rcg"), 02755));
	show_mode("rcg", "rcg");
}

static void set_times(const char *what, const char *name, long a, long m)
{
	struct timespec ts[2] = { { 1000, a }, { 2000, m } };

	show(what, utimensat(AT_FDCWD, tmp(name), ts, 0));
}

static void times_user(void)
{
	struct utimbuf ub = { 111, 222 };
	struct stat st;
	int fd;

	show("utimensat NULL on root's 0666 file",
	     utimensat(AT_FDCWD, tmp("tw"), NULL, 0));
	set_times("UTIME_NOW twice on root's 0666 file", "tw", UTIME_NOW,
		  UTIME_NOW);
	set_times("explicit times on root's 0666 file", "tw", 0, 0);
	set_times("UTIME_NOW and UTIME_OMIT on root's 0666 file", "tw",
		  UTIME_NOW, UTIME_OMIT);
	set_times("UTIME_OMIT twice on root's 0666 file", "tw", UTIME_OMIT,
		  UTIME_OMIT);
	set_times("UTIME_OMIT twice on a missing file (no lookup)", "nofile",
		  UTIME_OMIT, UTIME_OMIT);
	set_times("UTIME_NOW and UTIME_OMIT on a missing file", "nofile",
		  UTIME_NOW, UTIME_OMIT);
	show("utimensat NULL on root's 0644 file",
	     utimensat(AT_FDCWD, tmp("tr"), NULL, 0));
	set_times("UTIME_NOW twice on root's 0644 file", "tr", UTIME_NOW,
		  UTIME_NOW);
	set_times("explicit times on root's 0644 file", "tr", 5, 6);
	set_times("UTIME_OMIT twice on root's 0644 file", "tr", UTIME_OMIT,
		  UTIME_OMIT);
	show("utime NULL on root's 0644 file", utime(tmp("tr"), NULL));
	show("utime on root's 0666 file", utime(tmp("tw"), &ub));
	set_times("explicit times on my 0444 file", "tmine", 7, 8);
	CHECK(stat(tmp("tmine"), &st) == 0);
	printf("times %ld.%ld %ld.%ld\n", (long)st.st_atim.tv_sec,
	       st.st_atim.tv_nsec, (long)st.st_mtim.tv_sec,
	       st.st_mtim.tv_nsec);
	show("utime on my file", utime(tmp("tmine"), &ub));
	CHECK(stat(tmp("tmine"), &st) == 0);
	printf("times %ld %ld\n", (long)st.st_atime, (long)st.st_mtime);
	fd = open(tmp("tr"), O_RDONLY);
	CHECK(fd >= 0);
	expect_err("futimens NULL on root's 0644 file", futimens(fd, NULL),
		   EACCES);
	close(fd);
}

static void write_user(void)
{
	int fd = open(tmp("w1"), O_WRONLY);

	CHECK(fd >= 0);
	show("write nothing", (int)write(fd, "", 0));
	show_mode("w1 after an empty write", "w1");
	show("write a byte", write(fd, "x", 1) == 1 ? 0 : -1);
	show_mode("w1 after a write", "w1");
	close(fd);
	fd = open(tmp("w2"), O_WRONLY);
	CHECK(fd >= 0);
	show("ftruncate", ftruncate(fd, 10));
	show_mode("w2 after ftruncate", "w2");
	close(fd);
	show("truncate", truncate(tmp("w3"), 3));
	show_mode("w3 after truncate", "w3");
	show("write to a setgid, group-x-less file not of my group",
	     write(fd = open(tmp("w4"), O_WRONLY), "y", 1) == 1 ? 0 : -1);
	close(fd);
	show_mode("w4", "w4");
	fd = open(tmp("w5"), O_WRONLY | O_TRUNC);
	show("open O_TRUNC", fd >= 0 ? 0 : -1);
	close(fd);
	show_mode("w5 after O_TRUNC", "w5");
	expect_err("truncate root's 0644 file", truncate(tmp("roots"), 0),
		   EACCES);
	expect_err("truncate a directory", truncate(tmp_dir, 0), EISDIR);
}

static void write_root(void)
{
	int fd = open(tmp("w6"), O_WRONLY);

	CHECK(fd >= 0);
	show("root: write a byte", write(fd, "x", 1) == 1 ? 0 : -1);
	show("root: ftruncate", ftruncate(fd, 0));
	close(fd);
	show_mode("w6 after root's write", "w6");
}

static void sticky_user(void)
{
	expect_err("unlink another's file in root's sticky dir",
		   unlink(tmp("st/a")), EPERM);
	expect_err("rename it away", rename(tmp("st/a"), tmp("st/x")), EPERM);
	expect_err("rmdir another's directory", rmdir(tmp("st/d")), EPERM);
	expect_err("rename my file over another's",
		   rename(tmp("st/b"), tmp("st/a")), EPERM);
	show("rename my own file", rename(tmp("st/b"), tmp("st/b2")));
	show("unlink my own file", unlink(tmp("st/b2")));
	show("rmdir my own directory", rmdir(tmp("st/e")));
	show("unlink another's file in my sticky dir", unlink(tmp("myst/a")));
	show("rmdir another's directory in my sticky dir",
	     rmdir(tmp("myst/d")));
}

static void sticky_root(void)
{
	show("root: unlink 2000's file in the sticky dir",
	     unlink(tmp("st/a")));
	show("root: rmdir 2000's directory", rmdir(tmp("st/d")));
}

static void prepare(void)
{
	make("mine", false, 0644, USER, 100);
	make("roots", false, 0644, 0, 0);
	make("rootsuid", false, 04755, 0, 0);
	CHECK(symlink("mine", tmp("link")) == 0);
	make("suid", false, 06755, USER, 100);
	make("sgidnox", false, 02745, USER, 100);
	make("sgid300", false, 02745, USER, 300);
	make("suiddir", true, 06755, USER, 100);
	make("rsuid", false, 06755, USER, 100);
	make("rsuid2", false, 06755, USER, 100);
	make("rsgidnox", false, 02745, USER, 300);
	make("rdir", true, 06755, USER, 100);
	make("cmine", false, 0644, USER, 100);
	make("cg300", false, 0644, USER, 300);
	make("cdir300", true, 0755, USER, 300);
	make("rcg", false, 0644, USER, 300);
	make("tw", false, 0666, 0, 0);
	make("tr", false, 0644, 0, 0);
	make("tmine", false, 0444, USER, 100);
	make("w1", false, 06777, 0, 0);
	make("w2", false, 06777, 0, 0);
	make("w3", false, 06757, 0, 0);
	make("w4", false, 02766, 0, 0);
	make("w5", false, 04777, 0, 0);
	make("w6", false, 06777, 0, 0);
	make("st", true, 01777, 0, 0);
	make("st/a", false, 0666, OTHER, 300);
	make("st/b", false, 0644, USER, 100);
	make("st/d", true, 0777, OTHER, 300);
	make("st/e", true, 0755, USER, 100);
	make("myst", true, 01777, USER, 100);
	make("myst/a", false, 0644, OTHER, 300);
	make("myst/d", true, 0755, OTHER, 300);
}

int main(void)
{
	tmp_init("setattr");
	CHECK(chmod(tmp_dir, 0755) == 0);
	prepare();
	run("chown as a user", chown_user, true);
	run("chown as root", chown_root, false);
	run("chmod as a user", chmod_user, true);
	run("chmod as root", chmod_root, false);
	run("times as a user", times_user, true);
	run("writes as a user", write_user, true);
	run("writes as root", write_root, false);
	run("sticky directories as a user", sticky_user, true);
	run("sticky directories as root", sticky_root, false);
	remove_tree(tmp_dir);
	return finish();
}
