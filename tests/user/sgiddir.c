/*
 * sgiddir.c: files made in a set-group-ID directory, as Linux makes them
 * (inode_init_owner and mode_strip_sgid).  A new file, FIFO, symbolic link
 * or directory takes the directory's group; a new directory also takes
 * S_ISGID; a new file that asks for S_ISGID and S_IXGRP keeps S_ISGID
 * only when its creator is in the directory's group or is root.  A
 * directory without S_ISGID gives the creator's group, as a control.
 * The test directory is on the ext2 root (it says so), where the files
 * of most programs are made.  Runs as root (group 0 only); the
 * directories belong to group 100, and the scenarios that need a user
 * run in children that drop to uid 1000 with or without group 100.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <stdbool.h>
#include <sys/vfs.h>
#include "check.h"

#define USER		1000
#define DIR_GROUP	100
#define EXT2_MAGIC	0xEF53

/* Print a file's permission bits and owner (lstat: links not followed). */
static void show_mode(const char *name)
{
	struct stat st;

	if (lstat(tmp(name), &st) != 0) {
		printf("%s: stat %s\n", name, strerror(errno));
		return;
	}
	printf("%s: mode %04o owner %d:%d\n", name, (int)(st.st_mode & 07777),
	       (int)st.st_uid, (int)st.st_gid);
}

/* Make the regular file name with mode and show what it got. */
static void create(const char *name, mode_t mode)
{
	int fd = open(tmp(name), O_CREAT | O_EXCL | O_WRONLY, mode);

	CHECK(fd >= 0);
	close(fd);
	show_mode(name);
}

static void make_dir(const char *name, mode_t mode)
{
	CHECK(mkdir(tmp(name), mode) == 0);
	show_mode(name);
}

/* The directories of the test, owned by root and group 100. */
static void prepare(void)
{
	struct statfs sf;

	CHECK(statfs(tmp_dir, &sf) == 0);
	yes("test directory is on ext2", sf.f_type == EXT2_MAGIC);
	CHECK(mkdir(tmp("sg"), 0700) == 0);
	CHECK(chown(tmp("sg"), 0, DIR_GROUP) == 0);
	CHECK(chmod(tmp("sg"), 02777) == 0);
	show_mode("sg");
	CHECK(mkdir(tmp("plain"), 0700) == 0);
	CHECK(chown(tmp("plain"), 0, DIR_GROUP) == 0);
	CHECK(chmod(tmp("plain"), 0777) == 0);
	show_mode("plain");
}

/* As root: everything made in sg takes group 100, S_ISGID is kept. */
static void as_root(void)
{
	create("sg/file", 0644);
	create("sg/root-sgid", 02755);
	make_dir("sg/sub", 0755);
	create("sg/sub/deeper", 0600);
	make_dir("sg/sub/deeper-dir", 0700);
	CHECK(mkfifo(tmp("sg/fifo"), 0640) == 0);
	show_mode("sg/fifo");
	CHECK(symlink("file", tmp("sg/link")) == 0);
	show_mode("sg/link");
	create("plain/file", 0644);
	create("plain/root-sgid", 02755);
	make_dir("plain/sub", 0755);
}

/* As uid 1000 outside group 100: S_ISGID is dropped from a new file that
 * also asks for S_IXGRP, and only then. */
static void as_outsider(void)
{
	create("sg/user-sgid", 02755);
	create("sg/user-sgid-nox", 02745);
	create("sg/user-plain", 0640);
	make_dir("sg/user-sub", 0700);
	create("plain/user-sgid", 02755);
}

/* As uid 1000 with group 100 among its groups: S_ISGID is kept. */
static void as_member(void)
{
	create("sg/member-sgid", 02755);
	make_dir("sg/member-sub", 0750);
}

static void become(bool member)
{
	gid_t groups[2] = { USER, DIR_GROUP };

	CHECK(setgroups(member ? 2 : 1, groups) == 0);
	CHECK(setresgid(USER, USER, USER) == 0);
	CHECK(setresuid(USER, USER, USER) == 0);
}

static void run(const char *name, void (*fn)(void), int who)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (who)
			become(who == 2);
		fn();
		_exit(failures);
	}
	printf("%s: %s\n", name, wait_str(pid));
}

int main(void)
{
	umask(0);
	tmp_init("sgiddir");
	CHECK(chmod(tmp_dir, 0755) == 0);
	prepare();
	run("as root", as_root, 0);
	run("as a user outside the group", as_outsider, 1);
	run("as a user in the group", as_member, 2);
	remove_tree(tmp_dir);
	return finish();
}
