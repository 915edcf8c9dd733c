/*
 * mount.c: mount(2) and umount2(2) with filesystems that need no disk
 * (ramfs, proc): mounting and unmounting, /proc/mounts, statfs of the
 * new mount, MS_REMOUNT to read-only and back, MS_NOEXEC, MS_NODEV and
 * MS_NOSUID recorded and obeyed, umount of a busy filesystem (EBUSY),
 * MNT_DETACH, MNT_EXPIRE, UMOUNT_NOFOLLOW, and the errors (ENODEV,
 * ENOTBLK, EINVAL, ENOENT, EPERM for a user).  It starts with
 * unshare(CLONE_NEWNS), whose result is never printed: on the Linux oracle
 * it succeeds and the run gets a private mount table, which goes away
 * when it ends; maestro has no unshare, so there the mounts are made in
 * the one table (the test unmounts what it mounted).  It dates from when
 * the expected output came from the build machine's own Linux, whose
 * mount table it kept untouched.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include "check.h"

#define RAMFS_MAGIC	0x858458f6

static char mounts[8192];

/* The options of the /proc/mounts line for dir, or NULL. */
static const char *mount_opts(const char *dir)
{
	static char opts[256];
	char *line, *save;
	int fd = open("/proc/mounts", O_RDONLY), n;

	n = fd >= 0 ? read(fd, mounts, sizeof(mounts) - 1) : -1;
	close(fd);
	mounts[n > 0 ? n : 0] = 0;
	for (line = strtok_r(mounts, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char src[128], path[128], type[32];

		if (sscanf(line, "%127s %127s %31s %255s", src, path, type,
			   opts) == 4 && strcmp(path, dir) == 0)
			return opts;
	}
	return NULL;
}

/* Whether opts (comma-separated) has opt. */
static int has(const char *opts, const char *opt)
{
	size_t n = strlen(opt);

	for (const char *p = opts; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : "")
		if (strncmp(p, opt, n) == 0 && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

static void basics(const char *m)
{
	struct statfs st;
	int fd;

	yes("mount ramfs", mount("none", m, "ramfs", 0, NULL) == 0);
	yes("/proc/mounts lists it rw", mount_opts(m) && has(mount_opts(m), "rw"));
	yes("statfs: RAMFS_MAGIC", statfs(m, &st) == 0 && st.f_type == RAMFS_MAGIC);
	fd = open(tmp("m/file"), O_CREAT | O_RDWR, 0644);
	yes("a file in it", fd >= 0 && write(fd, "data", 4) == 4);
	expect_err("umount while a file is open", umount(m), EBUSY);
	close(fd);
	yes("remount read-only",
	    mount(NULL, m, NULL, MS_REMOUNT | MS_RDONLY, NULL) == 0);
	yes("/proc/mounts says ro", has(mount_opts(m), "ro"));
	expect_err("create on it", open(tmp("m/new"), O_CREAT | O_WRONLY, 0644),
		   EROFS);
	yes("reading still works", (fd = open(tmp("m/file"), O_RDONLY)) >= 0);
	close(fd);
	yes("statfs: ST_RDONLY", statfs(m, &st) == 0 && (st.f_flags & ST_RDONLY));
	yes("remount read-write", mount(NULL, m, NULL, MS_REMOUNT, NULL) == 0);
	yes("create works again",
	    (fd = open(tmp("m/new"), O_CREAT | O_WRONLY, 0644)) >= 0);
	close(fd);
	expect_err("remount of a directory that is not a mount point",
		   mount(NULL, tmp_dir, NULL, MS_REMOUNT, NULL), EINVAL);
	expect_err("umount of the directory above it", umount(tmp("m/..")), EINVAL);
	yes("umount", umount(m) == 0);
	yes("gone from /proc/mounts", mount_opts(m) == NULL);
	expect_err("the file went with it", access(tmp("m/file"), F_OK), ENOENT);
}

static void flags(const char *m)
{
	const char *opts;
	int fd;

	yes("mount noexec,nodev,nosuid",
	    mount("none", m, "ramfs", MS_NOEXEC | MS_NODEV | MS_NOSUID, NULL) == 0);
	opts = mount_opts(m);
	yes("/proc/mounts says nosuid,nodev,noexec", opts && has(opts, "nosuid") &&
	    has(opts, "nodev") && has(opts, "noexec"));
	fd = open(tmp("m/prog"), O_CREAT | O_WRONLY, 0755);
	CHECK(fd >= 0 && write(fd, "#!/bin/sh\n", 10) == 10);
	close(fd);
	expect_err("exec on noexec", execl(tmp("m/prog"), "prog", (char *)NULL),
		   EACCES);
	yes("mknod of a char device", mknod(tmp("m/null"), S_IFCHR | 0666,
					    makedev(1, 3)) == 0);
	expect_err("open it on nodev", open(tmp("m/null"), O_RDWR), EACCES);
	yes("umount", umount(m) == 0);
}

static void lazy(const char *m)
{
	char buf[8] = { 0 };
	int fd;

	CHECK(mount("none", m, "ramfs", 0, NULL) == 0);
	fd = open(tmp("m/file"), O_CREAT | O_RDWR, 0644);
	CHECK(fd >= 0);
	yes("MNT_DETACH while busy", umount2(m, MNT_DETACH) == 0);
	yes("gone from /proc/mounts", mount_opts(m) == NULL);
	expect_err("the directory is empty again", access(tmp("m/file"), F_OK),
		   ENOENT);
	yes("the open file still works", write(fd, "abc", 3) == 3 &&
	    pread(fd, buf, 3, 0) == 3 && strcmp(buf, "abc") == 0);
	close(fd);
	CHECK(mount("none", m, "ramfs", 0, NULL) == 0);
	expect_err("MNT_EXPIRE, first call", umount2(m, MNT_EXPIRE), EAGAIN);
	yes("MNT_EXPIRE, second call", umount2(m, MNT_EXPIRE) == 0);
	CHECK(mount("none", m, "ramfs", 0, NULL) == 0);
	expect_err("MNT_EXPIRE with MNT_DETACH",
		   umount2(m, MNT_EXPIRE | MNT_DETACH), EINVAL);
	expect_err("unknown umount2 flag", umount2(m, 0x100), EINVAL);
	CHECK(symlink(m, tmp("link")) == 0);
	expect_err("UMOUNT_NOFOLLOW of a link", umount2(tmp("link"), UMOUNT_NOFOLLOW),
		   EINVAL);
	yes("umount through the link", umount2(tmp("link"), 0) == 0);
	unlink(tmp("link"));
	yes("MNT_FORCE when idle", mount("none", m, "ramfs", 0, NULL) == 0 &&
	    umount2(m, MNT_FORCE) == 0);
}

static void errors(const char *m)
{
	int fd = open(tmp("plain"), O_CREAT | O_WRONLY, 0644);
	pid_t pid;

	close(fd);
	expect_err("unknown type", mount("none", m, "nosuchfs", 0, NULL), ENODEV);
	expect_err("ext2 from a regular file",
		   mount(tmp("plain"), m, "ext2", 0, NULL), ENOTBLK);
	expect_err("ext2 from a missing device",
		   mount(tmp("none"), m, "ext2", 0, NULL), ENOENT);
	expect_err("missing target", mount("none", tmp("none"), "ramfs", 0, NULL),
		   ENOENT);
	expect_err("umount of a missing path", umount(tmp("none")), ENOENT);
	expect_err("umount of a plain directory", umount(m), EINVAL);
	yes("mount proc elsewhere", mount("proc", m, "proc", 0, NULL) == 0 &&
	    access(tmp("m/self/stat"), R_OK) == 0 && umount(m) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setuid(1000) == 0);
		expect_err("mount as a user", mount("none", m, "ramfs", 0, NULL),
			   EPERM);
		expect_err("umount as a user", umount("/proc"), EPERM);
		_exit(failures);
	}
	printf("user child: %s\n", wait_str(pid));
	unlink(tmp("plain"));
}

int main(void)
{
	char m[64];

	unshare(CLONE_NEWNS);	/* Linux only: a private mount table */
	mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	tmp_init("mount");
	snprintf(m, sizeof(m), "%s", tmp("m"));
	CHECK(mkdir(m, 0755) == 0);
	basics(m);
	flags(m);
	lazy(m);
	errors(m);
	rmdir(m);
	rmdir(tmp_dir);
	return finish();
}
