/*
 * mountdisk.c: maestro only (it needs the disk the system test attaches
 * as /dev/hda: tests/system/run.py, user_mount_ext2_disk).  As init, it
 * mounts the ext2 disk on /mnt from user space, writes files, checks
 * statfs, the busy and read-only cases and /proc/mounts, unmounts,
 * mounts it again read-only to read the files back, and unmounts; the
 * host then runs e2fsck -fn and reads the files with debugfs.  Prints
 * one "<check>: yes|no" line each, then "mountdisk: all yes" or
 * "mountdisk: FAILED".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define HELLO	"hello from a user-space mount\n"
#define BIG	(200 * 1024)

static int failed;
static char buf[BIG];

static void say(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "yes" : "no");
	if (!ok)
		failed = 1;
}

static int write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	int ok = fd >= 0 && write(fd, data, len) == (ssize_t)len;

	return close(fd) == 0 && ok;
}

static int in_mounts(const char *line)
{
	int fd = open("/proc/mounts", O_RDONLY), n;
	static char m[4096];

	n = fd >= 0 ? read(fd, m, sizeof(m) - 1) : -1;
	close(fd);
	m[n > 0 ? n : 0] = 0;
	return strstr(m, line) != NULL;
}

int main(void)
{
	struct statfs before, after;
	int fd;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < BIG; i++)
		buf[i] = (char)(i * 7 + i / 4096);
	say("mount /dev/hda on /mnt", mount("/dev/hda", "/mnt", "ext2", 0, NULL) == 0);
	say("/proc/mounts shows it", in_mounts("/dev/hda /mnt ext2 rw"));
	say("statfs gives the ext2 magic", statfs("/mnt", &before) == 0 &&
	    before.f_type == 0xef53);
	say("write hello.txt", write_file("/mnt/hello.txt", HELLO, strlen(HELLO)));
	say("mkdir dir", mkdir("/mnt/dir", 0755) == 0);
	say("write dir/big", write_file("/mnt/dir/big", buf, BIG));
	say("statfs shows fewer free blocks and inodes", statfs("/mnt", &after) == 0 &&
	    after.f_bfree < before.f_bfree && after.f_ffree < before.f_ffree);
	fd = open("/mnt/hello.txt", O_RDONLY);
	say("umount while busy gives EBUSY", umount("/mnt") == -1 && errno == EBUSY);
	close(fd);
	say("remount read-only", mount(NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY,
				       NULL) == 0);
	say("a write is refused with EROFS", open("/mnt/x", O_CREAT | O_WRONLY, 0644) == -1 &&
	    errno == EROFS);
	say("remount read-write", mount(NULL, "/mnt", NULL, MS_REMOUNT, NULL) == 0);
	say("umount", umount("/mnt") == 0);
	say("mount read-only", mount("/dev/hda", "/mnt", "ext2", MS_RDONLY, NULL) == 0);
	say("/proc/mounts shows ro", in_mounts("/dev/hda /mnt ext2 ro"));
	fd = open("/mnt/dir/big", O_RDONLY);
	memset(buf, 0, sizeof(buf));
	say("read dir/big back", fd >= 0 && read(fd, buf, BIG) == BIG &&
	    buf[BIG - 1] == (char)((BIG - 1) * 7 + (BIG - 1) / 4096));
	close(fd);
	say("mounting it twice gives EBUSY",
	    mount("/dev/hda", "/tmp", "ext2", 0, NULL) == -1 && errno == EBUSY);
	say("umount again", umount("/mnt") == 0);
	printf("mountdisk: %s\n", failed ? "FAILED" : "all yes");
	return failed;
}
