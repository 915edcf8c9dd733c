/*
 * fsworkload.c: a scripted filesystem workload for the system tests.
 *
 * The test kernel booted with "fsworkload=/dev/hda" mounts that ext2 disk
 * on a RAM root and works on it as a user would: a deep tree, files with
 * holes (one beyond the double-indirect range of 1 KiB blocks), many small
 * files, renames (in place, across directories, onto an existing file, a
 * directory whose ".." must change), unlinks, rmdir, links, fast and slow
 * symbolic links, a truncate, and a wide directory (WIDE_FILES names,
 * every third removed, then WIDE_NEW longer ones that take the holes and
 * new blocks: ext2's map of free room, fs/ext2/dir_add.c).  Then it syncs, unmounts and powers off.
 * tests/system/run.py checks the disk with e2fsck -fn and reads every
 * file back with debugfs, against the same script written in Python: keep
 * the two in step.
 */
#include "fs/vfs.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define DEEP_LEVELS	24
#define SMALL_FILES	120
#define WIDE_FILES	3000
#define WIDE_NEW	1000

static char workload_dev[32];
static int workload_errors;

static int workload_param(const char *value)
{
	return strlcpy(workload_dev, value, sizeof(workload_dev)) <
	       sizeof(workload_dev) ? 0 : -EINVAL;
}
KERNEL_PARAM(fsworkload, workload_param);

/* The byte at offset i of every pattern file (tests/system/run.py too). */
static uint8_t pattern_byte(uint64_t i)
{
	return (uint8_t)(i * 31 + (i >> 12));
}

static void check(int err, const char *what)
{
	if (err < 0) {
		printk(KERN_ERR "fsworkload: %s: error %d\n", what, err);
		workload_errors++;
	}
}

/* Write len pattern bytes at offset off of path (created if needed). */
static void write_pattern(const char *path, uint64_t off, uint32_t len)
{
	struct file *f = vfs_open(path, O_WRONLY | O_CREAT, 0644);
	static uint8_t buf[8192];

	if (IS_ERR(f)) {
		check(PTR_ERR(f), path);
		return;
	}
	check((int)vfs_lseek(f, (int64_t)off, SEEK_SET), path);
	while (len) {
		uint32_t n = MIN(len, (uint32_t)sizeof(buf));

		for (uint32_t i = 0; i < n; i++)
			buf[i] = pattern_byte(off + i);
		if (vfs_write(f, buf, n) != (ssize_t)n)
			check(-EIO, path);
		off += n;
		len -= n;
	}
	check(vfs_close(f), path);
}

static void write_text(const char *path, const char *text)
{
	struct file *f = vfs_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (IS_ERR(f)) {
		check(PTR_ERR(f), path);
		return;
	}
	if (vfs_write(f, text, strlen(text)) != (ssize_t)strlen(text))
		check(-EIO, path);
	check(vfs_close(f), path);
}

static void make_deep_tree(void)
{
	char path[256] = "/mnt/deep";

	check(vfs_mkdir(path, 0755), path);
	for (int i = 0; i < DEEP_LEVELS; i++) {
		size_t n = strlen(path);

		snprintf(path + n, sizeof(path) - n, "/d%d", i);
		check(vfs_mkdir(path, 0755), path);
	}
	strlcat(path, "/leaf.txt", sizeof(path));
	write_text(path, "the bottom of the deep tree\n");
}

static void make_small_files(void)
{
	char path[64], text[128];

	check(vfs_mkdir("/mnt/many", 0755), "/mnt/many");
	for (int i = 0; i < SMALL_FILES; i++) {
		size_t n = 0;

		snprintf(path, sizeof(path), "/mnt/many/f%03d", i);
		for (int k = 0; k <= i % 7; k++)
			n += snprintf(text + n, sizeof(text) - n, "file %d line %d\n", i, k);
		write_text(path, text);
	}
}

static void make_big_files(void)
{
	check(vfs_mkdir("/mnt/big", 0755), "/mnt/big");
	write_pattern("/mnt/big/seq", 0, 3u << 20);
	write_pattern("/mnt/big/holes", 0, 4096);
	write_pattern("/mnt/big/holes", 1u << 20, 4096);
	write_pattern("/mnt/big/holes", 10u << 20, 5000);
	/* 70 MiB: past 12 + 256 + 256 * 256 blocks of 1 KiB (triple indirect). */
	write_pattern("/mnt/big/holes", 70u << 20, 3000);
}

static void rename_and_remove(void)
{
	char path[64];

	check(vfs_rename("/mnt/many/f000", "/mnt/renamed-f000"), "rename across");
	check(vfs_rename("/mnt/many/f001", "/mnt/many/f002"), "rename onto");
	check(vfs_rename("/mnt/many/f003", "/mnt/many/g003"), "rename in place");
	check(vfs_rename("/mnt/deep/d0/d1", "/mnt/big/moved-d1"), "rename dir");
	for (int i = 10; i < 50; i++) {
		snprintf(path, sizeof(path), "/mnt/many/f%03d", i);
		check(vfs_unlink(path), path);
	}
	check(vfs_mkdir("/mnt/empty", 0755), "mkdir empty");
	check(vfs_rmdir("/mnt/empty"), "rmdir empty");
	check(vfs_link("/mnt/many/f100", "/mnt/hardlink-f100"), "link");
	check(vfs_symlink("many/f101", "/mnt/fast-link"), "fast symlink");
	check(vfs_symlink("/mnt/many/../many/./f102/../../many/f102-with-a-long-"
			  "target-name-that-does-not-fit-in-the-inode-itself",
			  "/mnt/slow-link"), "slow symlink");
	check(vfs_truncate("/mnt/big/seq", (1u << 20) + 123), "truncate");
}

static void make_wide_directory(void)
{
	char path[80];
	int bad = 0;

	check(vfs_mkdir("/mnt/wide", 0755), "/mnt/wide");
	for (int i = 0; i < WIDE_FILES; i++) {
		snprintf(path, sizeof(path), "/mnt/wide/w%04d", i);
		bad += vfs_mknod(path, S_IFREG | 0644, 0) != 0;
	}
	for (int i = 0; i < WIDE_FILES; i += 3) {
		snprintf(path, sizeof(path), "/mnt/wide/w%04d", i);
		bad += vfs_unlink(path) != 0;
	}
	for (int i = 0; i < WIDE_NEW; i++) {
		snprintf(path, sizeof(path), "/mnt/wide/x%05d-a-longer-name", i);
		bad += vfs_mknod(path, S_IFREG | 0644, 0) != 0;
	}
	check(bad ? -EIO : 0, "wide directory");
}

static int fsworkload_run(void)
{
	struct super_block *ram;
	struct inode *old;
	int err;

	if (!workload_dev[0])
		return 0;
	/* A RAM root of its own, whatever the kernel mounted. */
	ram = vfs_kern_mount("ramfs", "", 0, "");
	if (IS_ERR(ram)) {
		check(PTR_ERR(ram), "ramfs");
		kernel_poweroff();
	}
	old = vfs_set_root(igrab(ram->root));
	if (old)
		iput(old);
	check(vfs_mkdir("/mnt", 0755), "/mnt");
	err = vfs_mount(workload_dev, "/mnt", "ext2", 0, "");
	check(err, "mount");
	if (!err) {
		make_deep_tree();
		make_small_files();
		make_big_files();
		rename_and_remove();
		make_wide_directory();
		check(vfs_sync(), "sync");
		check(vfs_umount("/mnt"), "umount");
	}
	printk("fsworkload: done, %d errors\n", workload_errors);
	kernel_poweroff();
}
INITCALL(INIT_LATE, fsworkload_run);
