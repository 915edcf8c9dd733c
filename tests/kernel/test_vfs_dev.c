/*
 * test_vfs_dev.c: devfs (null, zero, full, a block device node read and
 * written through the page cache, a node on ramfs opening the same
 * driver) and procfs (every file parses; mounts lists what is mounted).
 */
#include "drivers/block/blkdev.h"
#include "fs/procfs/procfs.h"
#include "lib/printf.h"
#include "mm/mm.h"
#include "tests/kernel/vfs_sandbox.h"

#define VDEV_SECTORS	64		/* 32 KiB */

static uint8_t *vdev_data;

static int vdev_start(struct blkdev *dev, struct blk_request *rq)
{
	blk_copy_request(rq, vdev_data);
	return BLK_DONE;
}

static const struct blkdev_ops vdev_ops = { .start = vdev_start };
static struct blkdev vdev = { .name = "vfsdevtest", .ops = &vdev_ops,
			      .nr_sectors = VDEV_SECTORS };

static bool vdev_setup(void)
{
	if (!vdev_data) {
		struct page *pg = page_alloc(3);	/* 32 KiB */

		if (!pg || blkdev_register(&vdev) < 0)
			return false;
		vdev_data = page_address(pg);
		for (uint32_t i = 0; i < VDEV_SECTORS * SECTOR_SIZE; i++)
			vdev_data[i] = (uint8_t)(i * 13 + 1);
	}
	return true;
}

/* A sandbox with devfs on /dev and procfs on /proc. */
static int enter(struct sandbox *s)
{
	int err = sandbox_enter(s);

	if (!err)
		err = vfs_mkdir("/dev", 0755);
	if (!err)
		err = vfs_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	if (!err)
		err = vfs_mkdir("/proc", 0755);
	if (!err)
		err = vfs_mount("proc", "/proc", "proc", 0, NULL);
	return err;
}

static int leave(struct sandbox *s)
{
	int err = vfs_umount("/dev");

	if (!err)
		err = vfs_umount("/proc");
	return err ? err : sandbox_leave(s);
}

KTEST(vfs_devfs, null_zero_full)
{
	struct sandbox s;
	struct file *f;
	char buf[32];

	KT_ASSERT_EQ(ctx, enter(&s), 0);
	f = vfs_open("/dev/null", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_write(f, "gone", 4), 4);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 0);
	vfs_close(f);
	f = vfs_open("/dev/zero", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	memset(buf, 0xff, sizeof(buf));
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), sizeof(buf));
	KT_EXPECT(ctx, memchr_inv(buf, 0, sizeof(buf)) == NULL);
	KT_EXPECT_EQ(ctx, vfs_write(f, "x", 1), 1);
	vfs_close(f);
	f = vfs_open("/dev/full", O_WRONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_write(f, "x", 1), -ENOSPC);
	vfs_close(f);
	/* A node with the same number elsewhere opens the same driver. */
	KT_ASSERT_EQ(ctx, vfs_mknod("/myfull", S_IFCHR | 0666, MKDEV(1, 7)), 0);
	f = vfs_open("/myfull", O_WRONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_write(f, "x", 1), -ENOSPC);
	vfs_close(f);
	KT_ASSERT_EQ(ctx, vfs_mknod("/nodev", S_IFCHR | 0666, MKDEV(42, 42)), 0);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/nodev", O_RDONLY, 0)), -ENXIO);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/dev/x", 0755), -EPERM);
	KT_EXPECT_EQ(ctx, vfs_unlink("/dev/null"), -EPERM);
	KT_EXPECT_EQ(ctx, leave(&s), 0);
}

/* The links of links.c: lstat sees a link, readlink its target. */
KTEST(vfs_devfs, links)
{
	struct sandbox s;
	struct kstat st;
	char buf[32];

	KT_ASSERT_EQ(ctx, enter(&s), 0);
	KT_EXPECT_EQ(ctx, vfs_stat("/dev/fd", false, &st), 0);
	KT_EXPECT(ctx, S_ISLNK(st.mode));
	KT_EXPECT_EQ(ctx, st.size, 13);
	KT_EXPECT_EQ(ctx, vfs_readlink("/dev/fd", buf, sizeof(buf)), 13);
	KT_EXPECT(ctx, memcmp(buf, "/proc/self/fd", 13) == 0);
	KT_EXPECT_EQ(ctx, vfs_readlink("/dev/stderr", buf, 4), 4);
	KT_EXPECT(ctx, memcmp(buf, "/pro", 4) == 0);
	KT_EXPECT_EQ(ctx, leave(&s), 0);
}

KTEST(vfs_devfs, block_device_node)
{
	struct sandbox s;
	struct kstat st;
	struct file *f;
	static uint8_t buf[1500], expect[1500];

	KT_ASSERT(ctx, vdev_setup());
	KT_ASSERT_EQ(ctx, enter(&s), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/dev/vfsdevtest", true, &st), 0);
	KT_EXPECT(ctx, S_ISBLK(st.mode));
	f = vfs_open("/dev/vfsdevtest", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_END), VDEV_SECTORS * SECTOR_SIZE);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 4000, SEEK_SET), 4000);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), sizeof(buf));
	KT_EXPECT(ctx, memcmp(buf, vdev_data + 4000, sizeof(buf)) == 0);
	/* A write straddling sectors and pages reaches the disk on fsync. */
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i ^ 0x5a);
	memcpy(expect, vdev_data + 4000, sizeof(expect));
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 4000, SEEK_SET), 4000);
	KT_EXPECT_EQ(ctx, vfs_write(f, buf, sizeof(buf)), sizeof(buf));
	KT_EXPECT(ctx, memcmp(vdev_data + 4000, expect, sizeof(expect)) == 0);
	KT_EXPECT_EQ(ctx, vfs_fsync(f), 0);
	KT_EXPECT(ctx, memcmp(vdev_data + 4000, buf, sizeof(buf)) == 0);
	/* The end of the device. */
	KT_EXPECT_EQ(ctx, vfs_lseek(f, -10, SEEK_END), VDEV_SECTORS * 512 - 10);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 10);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 0);
	KT_EXPECT_EQ(ctx, vfs_write(f, buf, 1), -ENOSPC);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, leave(&s), 0);
}

static bool find_name(void *ctx, const char *name, size_t len, uint32_t ino,
		      unsigned int dtype)
{
	int *found = ctx;

	if (len == 4 && memcmp(name, "null", 4) == 0 && dtype == DT_CHR)
		*found += 1;
	if (len == 7 && memcmp(name, "meminfo", 7) == 0 && dtype == DT_REG)
		*found += 1;
	return true;
}

KTEST(vfs_devfs, listing)
{
	struct sandbox s;
	struct file *f;
	int found = 0;

	KT_ASSERT_EQ(ctx, enter(&s), 0);
	f = vfs_open("/dev", O_RDONLY | O_DIRECTORY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_readdir(f, find_name, &found), 0);
	vfs_close(f);
	f = vfs_open("/proc/", O_RDONLY | O_DIRECTORY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_readdir(f, find_name, &found), 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, found, 2);
	KT_EXPECT_EQ(ctx, ino_of("/dev/.."), ino_of("/"));
	KT_EXPECT_EQ(ctx, ino_of("/proc/../dev/zero"), ino_of("/dev/zero"));
	KT_EXPECT_EQ(ctx, leave(&s), 0);
}

/* The number after "label" at the start of a line of text, or -1. */
static long field(const char *text, const char *label)
{
	const char *p = strstr(text, label);
	long v = 0;

	if (!p)
		return -1;
	p += strlen(label);
	while (*p == ' ')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		v = v * 10 + (*p++ - '0');
	return v;
}

KTEST(vfs_procfs, files_parse)
{
	struct sandbox s;
	char *buf = kmalloc(PAGE_SIZE);
	long total, free_kb;

	KT_ASSERT(ctx, buf != NULL);
	KT_ASSERT(ctx, vdev_setup());
	KT_ASSERT_EQ(ctx, enter(&s), 0);
	KT_EXPECT(ctx, get_file("/proc/meminfo", buf, PAGE_SIZE) > 0);
	total = field(buf, "MemTotal:");
	free_kb = field(buf, "MemFree:");
	KT_EXPECT(ctx, total > 1024 && free_kb > 0 && free_kb <= total);
	KT_EXPECT_EQ(ctx, total, (long)(mm_total_pages() * 4));
	KT_EXPECT(ctx, field(buf, "Cached:") >= 0 && field(buf, "Dirty:") >= 0);
	KT_EXPECT(ctx, strstr(buf, "MemTotal:        ") == buf);
	KT_EXPECT(ctx, strstr(buf, " kB\n") != NULL);

	KT_EXPECT(ctx, get_file("/proc/vmstat", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "nr_free_pages ") == buf);
	KT_EXPECT(ctx, field(buf, "pagecache_hits") >= 0);
	KT_EXPECT(ctx, strstr(buf, "\npagecache_evictions ") != NULL);

	KT_EXPECT(ctx, get_file("/proc/version", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "Maestro version ") == buf);
	KT_EXPECT(ctx, get_file("/proc/cpuinfo", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "processor\t: 0\nvendor_id\t: ") == buf);
	KT_EXPECT(ctx, strstr(buf, "\nflags\t\t: fpu ") != NULL);
	KT_EXPECT(ctx, get_file("/proc/loadavg", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, buf[0] >= '0' && buf[0] <= '9' && buf[1] == '.' &&
		  strchr(buf, '/') && buf[strlen(buf) - 1] == '\n');
	KT_EXPECT(ctx, get_file("/proc/filesystems", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "\text2\n") && strstr(buf, "nodev\tproc\n"));

	KT_EXPECT(ctx, get_file("/proc/uptime", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, buf[0] >= '0' && buf[0] <= '9' && strchr(buf, '.') &&
		  strchr(buf, ' ') && buf[strlen(buf) - 1] == '\n');

	KT_EXPECT(ctx, get_file("/proc/mounts", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "devtmpfs /dev devtmpfs rw,relatime 0 0\n") != NULL);
	KT_EXPECT(ctx, strstr(buf, "proc /proc proc rw,relatime 0 0\n"));

	KT_EXPECT(ctx, get_file("/proc/partitions", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, "major minor  #blocks  name\n\n") == buf);
	KT_EXPECT(ctx, strstr(buf, "      32 vfsdevtest\n") != NULL);

	KT_EXPECT(ctx, get_file("/proc/diskstats", buf, PAGE_SIZE) > 0);
	KT_EXPECT(ctx, strstr(buf, " vfsdevtest ") != NULL);

	vfs_cred.uid = 1000;
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/proc/meminfo", O_WRONLY, 0)),
		     -EACCES);
	vfs_cred.uid = 0;
	KT_EXPECT_EQ(ctx, leave(&s), 0);
	kfree(buf);
}

static void big_show(struct procfs_buf *b)
{
	for (int i = 0; i < 1000; i++)
		procfs_printf(b, "line %04d\n", i);
}

KTEST(vfs_procfs, large_file)
{
	static bool registered;
	struct sandbox s;
	char *buf = kmalloc(3 * PAGE_SIZE);

	KT_ASSERT(ctx, buf != NULL);
	if (!registered)
		KT_ASSERT_EQ(ctx, procfs_register("ktest_big", big_show), 0);
	registered = true;
	KT_EXPECT_EQ(ctx, procfs_register("ktest_big", big_show), -EEXIST);
	KT_ASSERT_EQ(ctx, enter(&s), 0);
	KT_EXPECT_EQ(ctx, get_file("/proc/ktest_big", buf, 3 * PAGE_SIZE),
		     10000);
	KT_EXPECT(ctx, memcmp(buf + 9990, "line 0999\n", 10) == 0);
	KT_EXPECT_EQ(ctx, leave(&s), 0);
	kfree(buf);
}

/* Prints how many times it has been printed. */
static int count_printed;

static void count_show(struct procfs_buf *b)
{
	procfs_printf(b, "printed %d\n", ++count_printed);
}

/* As in Linux, a file is printed at its first read, not at open, then at
 * every read from offset 0; reads elsewhere continue the same text. */
KTEST(vfs_procfs, printed_at_read)
{
	static bool registered;
	struct sandbox s;
	struct file *f;
	char buf[32] = "";

	if (!registered)
		KT_ASSERT_EQ(ctx, procfs_register("ktest_count", count_show), 0);
	registered = true;
	KT_ASSERT_EQ(ctx, enter(&s), 0);
	count_printed = 0;
	f = vfs_open("/proc/ktest_count", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, count_printed, 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 8), 8);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf + 8, sizeof(buf) - 9), 2);
	KT_EXPECT(ctx, strcmp(buf, "printed 1\n") == 0);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 3, SEEK_SET), 3);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 4), 4);
	KT_EXPECT(ctx, memcmp(buf, "nted", 4) == 0);
	KT_EXPECT_EQ(ctx, count_printed, 1);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_SET), 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf) - 1), 10);
	KT_EXPECT(ctx, memcmp(buf, "printed 2\n", 10) == 0);
	KT_EXPECT_EQ(ctx, vfs_close(f), 0);
	KT_EXPECT_EQ(ctx, leave(&s), 0);
}
