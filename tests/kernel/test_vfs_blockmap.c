/*
 * test_vfs_blockmap.c: generic_file_read/write and block_mapping_ops,
 * through a tiny test filesystem ("bmtest") on a RAM-backed test device
 * that counts requests.  Its one file (/f) maps file blocks through a
 * table that the test fills; creating a block takes the next free disk
 * block until a quota runs out (-ENOSPC).  The device can hold a read
 * pending, to see which locks a write holds while the disk works.
 */
#include "drivers/block/blkdev.h"
#include "fs/buffer.h"
#include "fs/internal.h"
#include "kernel/sched/task.h"
#include "mm/uaccess.h"
#include "tests/kernel/vm_test.h"
#include "mm/mm.h"
#include "tests/kernel/vfs_sandbox.h"

#define BM_SECTORS	1024		/* 512 KiB */
#define BM_BLOCKS	64		/* file blocks the table maps */

static uint8_t *bm_data;
static unsigned int bm_reads, bm_writes;

/* With bm_hold, a request of that kind is kept pending in bm_held
 * (started, not done) until the test completes it, as a disk's DMA would. */
static bool bm_hold;
static enum blk_op bm_hold_op = BLK_READ;
static struct blk_request *volatile bm_held;

static int bmdev_start(struct blkdev *dev, struct blk_request *rq)
{
	if (bm_hold && rq->op == bm_hold_op) {
		if (rq->op == BLK_READ)
			bm_reads++;
		else
			bm_writes++;
		bm_held = rq;
		return 0;
	}
	blk_copy_request(rq, bm_data);
	if (rq->op == BLK_READ)
		bm_reads++;
	else
		bm_writes++;
	return BLK_DONE;
}

static const struct blkdev_ops bmdev_ops = { .start = bmdev_start };
static struct blkdev bmdev = { .name = "vfsbmtest", .ops = &bmdev_ops,
			       .nr_sectors = BM_SECTORS };

/* The test filesystem's state (one mount at a time). */
static uint32_t bm_map[BM_BLOCKS];
static uint32_t bm_next_free, bm_quota, bm_bsize;

/* With bm_meta, looking up a name, reading inode 2 and mapping a block
 * first read device block BM_META_BLOCK through the buffer cache, as a
 * filesystem reads its directories, inode tables and indirect blocks. */
#define BM_META_BLOCK	60
static bool bm_meta;
static uint64_t bm_file_size;	/* what reading inode 2 gives */

static int bm_read_meta(struct super_block *sb)
{
	struct buf b;
	int err;

	if (!bm_meta)
		return 0;
	err = bread(sb->dev, BM_META_BLOCK, sb->block_size, &b);
	if (!err)
		brelse(&b);
	return err;
}

static int bm_get_block(struct inode *inode, uint32_t fblock, bool create,
			uint32_t *dblock)
{
	int err = bm_read_meta(inode->sb);

	if (err)
		return err;
	if (fblock >= BM_BLOCKS)
		return -EFBIG;
	if (!bm_map[fblock] && create) {
		if (!bm_quota)
			return -ENOSPC;
		bm_quota--;
		bm_map[fblock] = bm_next_free++;
	}
	*dblock = bm_map[fblock];
	return 0;
}

static int bm_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	int err = bm_read_meta(dir->sb);

	if (err)
		return err;
	*ino = strcmp(name, "f") == 0 ? 2 : strcmp(name, "..") == 0 ? 1 : 0;
	return *ino ? 0 : -ENOENT;
}

static const struct inode_ops bm_dir_iops = { .lookup = bm_lookup };
/* Only the size changes (the table keeps its blocks). */
static int bm_setattr(struct inode *inode, const struct iattr *attr)
{
	if (attr->valid & ATTR_SIZE)
		inode->size = attr->size;
	return 0;
}

/* inode_ops.prefetch_map: with bm_meta, read the metadata block, as a
 * filesystem reads its indirect blocks. */
static int bm_prefetch_map(struct inode *inode)
{
	return bm_read_meta(inode->sb);
}

static const struct inode_ops bm_file_iops = {
	.get_block = bm_get_block, .setattr = bm_setattr,
	.prefetch_map = bm_prefetch_map,
};
static const struct file_ops bm_file_fops = {
	.read = generic_file_read,
	.write = generic_file_write,
	.write_user = generic_file_write_user,
	.fsync = generic_file_fsync,
};

static int bm_read_inode(struct inode *inode)
{
	int err = inode->ino == 2 ? bm_read_meta(inode->sb) : 0;

	if (err)
		return err;
	inode->nlink = 1;
	if (inode->ino == 1) {
		inode->mode = S_IFDIR | 0755;
		inode->iops = &bm_dir_iops;
		return 0;
	}
	inode->mode = S_IFREG | 0644;
	inode->size = bm_file_size;
	inode->iops = &bm_file_iops;
	inode->fops = &bm_file_fops;
	inode->mapping.ops = &block_mapping_ops;
	return 0;
}

/* super_ops.commit: with bm_commit_meta, dirty the metadata block, as a
 * filesystem copies its superblock into its buffer. */
static bool bm_commit_meta;

static int bm_commit(struct super_block *sb)
{
	struct buf b;
	int err;

	if (!bm_commit_meta)
		return 0;
	err = bread(sb->dev, BM_META_BLOCK, sb->block_size, &b);
	if (err)
		return err;
	((char *)b.data)[0]++;
	bdirty(&b);
	brelse(&b);
	return 0;
}

/* super_ops.write_inode: with bm_meta, read the metadata block, as a
 * filesystem reads the inode table block it packs the inode into. */
static int bm_write_inode(struct inode *inode)
{
	return bm_read_meta(inode->sb);
}

static const struct super_ops bm_super_ops = {
	.read_inode = bm_read_inode, .write_inode = bm_write_inode,
	.commit = bm_commit,
};

static int bm_mount(struct super_block *sb, const char *options)
{
	struct inode *root;

	sb->ops = &bm_super_ops;
	sb->block_size = bm_bsize;
	root = iget(sb, 1);
	if (IS_ERR(root))
		return PTR_ERR(root);
	sb->root = root;
	return 0;
}

static struct fs_type bm_type = {
	.name = "bmtest", .needs_dev = true, .mount = bm_mount,
};

/* A fresh device pattern, an empty table, and bmtest mounted on /bm. */
static int bm_setup(struct sandbox *s, uint32_t bsize)
{
	int err;

	if (!bm_data) {
		struct page *pg = page_alloc(7);	/* 512 KiB */

		if (!pg)
			return -ENOMEM;
		bm_data = page_address(pg);
		err = blkdev_register(&bmdev);
		if (!err)
			err = vfs_register_fs(&bm_type);
		if (err)
			return err;
	}
	for (uint32_t i = 0; i < BM_SECTORS * SECTOR_SIZE; i++)
		bm_data[i] = (uint8_t)(i * 7 + (i >> 10) + 1);
	if (bmdev.cache)
		pagecache_truncate(bmdev.cache, 0);
	memset(bm_map, 0, sizeof(bm_map));
	bm_bsize = bsize;
	bm_next_free = 200;
	bm_quota = 1000;
	bm_reads = bm_writes = 0;
	bm_meta = bm_commit_meta = false;
	bm_file_size = 0;
	err = sandbox_enter(s);
	if (!err)
		err = vfs_mkdir("/bm", 0755);
	if (!err)
		err = vfs_mount("vfsbmtest", "/bm", "bmtest", 0, NULL);
	return err;
}

static int bm_teardown(struct sandbox *s)
{
	int err = vfs_umount("/bm");

	return err ? err : sandbox_leave(s);
}

/* The file's size (the test filesystem keeps it only in memory). */
static void bm_set_size(uint64_t size)
{
	struct inode *inode;

	bm_file_size = size;
	if (vfs_lookup("/bm/f", 0, &inode) == 0) {
		inode->size = size;
		iput(inode);
	}
}

static const uint8_t *disk_block(uint32_t b)
{
	return bm_data + (size_t)b * bm_bsize;
}

KTEST(vfs_blockmap, read_holes_and_runs)
{
	struct sandbox s;
	uint8_t *buf = kmalloc(8192);

	KT_ASSERT(ctx, buf != NULL);
	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	/* Page 0: blocks 0-2 contiguous, 3 a hole; page 1: 4-7 contiguous
	 * and following on from page 0's run (one request for both). */
	for (uint32_t i = 0; i < 8; i++)
		bm_map[i] = i == 3 ? 0 : 100 + i;
	bm_set_size(8000);
	KT_EXPECT_EQ(ctx, get_file("/bm/f", (char *)buf, 8192), 8000);
	KT_EXPECT(ctx, memcmp(buf, disk_block(100), 3072) == 0);
	KT_EXPECT(ctx, memchr_inv(buf + 3072, 0, 1024) == NULL);
	KT_EXPECT(ctx, memcmp(buf + 4096, disk_block(104), 8000 - 4096) == 0);
	KT_EXPECT_EQ(ctx, bm_reads, 2);
	/* Cached now: no more requests. */
	KT_EXPECT_EQ(ctx, get_file("/bm/f", (char *)buf, 8192), 8000);
	KT_EXPECT_EQ(ctx, bm_reads, 2);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
	kfree(buf);
}

KTEST(vfs_blockmap, read_ahead_one_request)
{
	struct sandbox s;
	uint8_t *buf = kmalloc(16385);

	KT_ASSERT(ctx, buf != NULL);
	KT_ASSERT_EQ(ctx, bm_setup(&s, 2048), 0);
	for (uint32_t i = 0; i < 8; i++)
		bm_map[i] = 50 + i;
	bm_set_size(16384);
	KT_EXPECT_EQ(ctx, get_file("/bm/f", (char *)buf, 16385), 16384);
	KT_EXPECT(ctx, memcmp(buf, disk_block(50), 16384) == 0);
	KT_EXPECT_EQ(ctx, bm_reads, 1);		/* 4 pages, one request */
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
	kfree(buf);
}

KTEST(vfs_blockmap, write_allocates_and_syncs)
{
	struct sandbox s;
	uint8_t *data = kmalloc(5000), *back = kmalloc(16384);
	struct file *f;

	KT_ASSERT(ctx, data && back);
	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	for (uint32_t i = 0; i < 8; i++)
		bm_map[i] = 100 + i;
	bm_set_size(8192);
	for (int i = 0; i < 5000; i++)
		data[i] = (uint8_t)(i * 31);
	f = vfs_open("/bm/f", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	/* Overwrite inside block 1, then append past a hole (block 8). */
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 1500, SEEK_SET), 1500);
	KT_EXPECT_EQ(ctx, vfs_write(f, data, 100), 100);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 10000, SEEK_SET), 10000);
	KT_EXPECT_EQ(ctx, vfs_write(f, data, 5000), 5000);
	KT_EXPECT_EQ(ctx, f->inode->size, 15000);
	KT_EXPECT(ctx, f->inode->dirty);
	KT_EXPECT_EQ(ctx, bm_map[8], 0);		/* never written */
	KT_EXPECT(ctx, bm_map[9] && bm_map[14] && !bm_map[15]);
	KT_EXPECT_EQ(ctx, bm_writes, 0);		/* not yet */
	KT_EXPECT_EQ(ctx, vfs_fsync(f), 0);
	KT_EXPECT(ctx, bm_writes > 0);
	KT_EXPECT(ctx, memcmp(disk_block(101) + 1500 - 1024, data, 100) == 0);
	KT_EXPECT(ctx, memchr_inv(disk_block(bm_map[9]), 0, 10000 - 9216) == NULL);
	KT_EXPECT(ctx, memcmp(disk_block(bm_map[9]) + 10000 - 9216, data,
			      10240 - 10000) == 0);
	KT_EXPECT(ctx, memcmp(disk_block(bm_map[14]), data + 14336 - 10000,
			      15000 - 14336) == 0);
	/* Read back through the cache: the hole reads as zeros. */
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_SET), 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, 16384), 15000);
	KT_EXPECT(ctx, memcmp(back + 1500, data, 100) == 0);
	KT_EXPECT(ctx, memchr_inv(back + 8192, 0, 10000 - 8192) == NULL);
	KT_EXPECT(ctx, memcmp(back + 10000, data, 5000) == 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
	kfree(data);
	kfree(back);
}

KTEST(vfs_blockmap, full_disk)
{
	struct sandbox s;
	uint8_t buf[512];
	struct file *f;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	bm_quota = 2;
	memset(buf, 0xab, sizeof(buf));
	f = vfs_open("/bm/f", O_WRONLY | O_APPEND, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	for (int i = 0; i < 4; i++)
		KT_EXPECT_EQ(ctx, vfs_write(f, buf, sizeof(buf)), sizeof(buf));
	KT_EXPECT_EQ(ctx, vfs_write(f, buf, sizeof(buf)), -ENOSPC);
	KT_EXPECT_EQ(ctx, f->inode->size, 2048);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, vfs_sync(), 0);
	KT_EXPECT(ctx, memchr_inv(disk_block(200), 0xab, 2048) == NULL);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* Write "0123456789" at offset 100 of the open file arg. */
static int bm_writer(void *arg)
{
	uint64_t pos = 100;
	ssize_t n = vfs_pwrite(arg, "0123456789", 10, &pos);

	return n == 10 ? 0 : n < 0 ? (int)n : -EIO;
}

static int bm_truncater(void *arg)
{
	return vfs_ftruncate(arg, 50);
}

/* Start fn(f) in a thread with the device holding requests of op: the
 * thread (in *t) and its held request, or NULL if none came. */
static struct blk_request *bm_start_held(int (*fn)(void *), struct file *f,
					 enum blk_op op, struct task **t)
{
	bm_held = NULL;
	bm_hold_op = op;
	bm_hold = true;
	*t = kthread_create(fn, f, "kt-held");
	for (int i = 0; *t && i < 1000 && !bm_held; i++)
		sleep_ns(1000000);
	return bm_held;
}

/* /bm/f as one page of 1 KiB blocks 100-103, open read-write. */
static struct file *bm_open_page(void)
{
	for (uint32_t i = 0; i < 4; i++)
		bm_map[i] = 100 + i;
	bm_set_size(4096);
	return vfs_open("/bm/f", O_RDWR, 0);
}

/* Let the held request finish, as the disk would. */
static void bm_release(struct blk_request *rq)
{
	bm_hold = false;
	blk_copy_request(rq, bm_data);
	blk_complete(rq, 0);
}

/* Whether the VFS lock is free (taken and given back at once). */
static bool vfs_lock_free(void)
{
	bool free = vfs_trylock();

	if (free)
		vfs_unlock();
	return free;
}

/* Issue 14: a write that must read the page it changes in part does not
 * hold the VFS lock while the disk works, only its inode's lock. */
KTEST(vfs_blockmap, write_reads_without_the_vfs_lock)
{
	struct blk_request *rq;
	struct sandbox s;
	struct task *w;
	struct file *f;
	char *back = kmalloc(4097);
	bool vfs_free, inode_held;

	KT_ASSERT(ctx, back != NULL);
	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	rq = bm_start_held(bm_writer, f, BLK_READ, &w);
	KT_ASSERT(ctx, w && rq);
	vfs_free = vfs_lock_free();
	inode_held = !mutex_trylock(&f->inode->lock);
	if (!inode_held)
		mutex_unlock(&f->inode->lock);
	bm_release(rq);
	KT_EXPECT_EQ(ctx, kthread_join(w), 0);
	KT_EXPECT(ctx, vfs_free);
	KT_EXPECT(ctx, inode_held);
	KT_EXPECT_EQ(ctx, get_file("/bm/f", back, 4097), 4096);
	KT_EXPECT(ctx, memcmp(back, disk_block(100), 100) == 0);
	KT_EXPECT(ctx, memcmp(back + 100, "0123456789", 10) == 0);
	KT_EXPECT(ctx, memcmp(back + 110, disk_block(100) + 110, 914) == 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
	kfree(back);
}

/* A write and a truncation of a file wait for its inode's lock, and get
 * it in the order they came (the truncation last here). */
KTEST(vfs_blockmap, write_and_truncate_wait_for_the_inode_lock)
{
	struct task *w, *t;
	struct sandbox s;
	struct file *f;
	char back[64];

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	bm_map[0] = 100;
	bm_set_size(1024);
	f = vfs_open("/bm/f", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	inode_lock(f->inode);
	w = kthread_create(bm_writer, f, "kt-write");
	sleep_ns(10000000);
	t = kthread_create(bm_truncater, f, "kt-trunc");
	sleep_ns(10000000);
	KT_ASSERT(ctx, w && t);
	KT_EXPECT_EQ(ctx, w->state, TASK_SLEEPING);
	KT_EXPECT_EQ(ctx, t->state, TASK_SLEEPING);
	KT_EXPECT_EQ(ctx, f->inode->size, 1024);
	inode_unlock(f->inode);
	KT_EXPECT_EQ(ctx, kthread_join(w), 0);
	KT_EXPECT_EQ(ctx, kthread_join(t), 0);
	KT_EXPECT_EQ(ctx, f->inode->size, 50);
	KT_EXPECT_EQ(ctx, get_file("/bm/f", back, sizeof(back)), 50);
	KT_EXPECT(ctx, memcmp(back, disk_block(100), 50) == 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

static volatile bool bm_fsync_done;

static int bm_fsyncer(void *arg)
{
	int err = vfs_fsync(arg);

	bm_fsync_done = true;
	return err;
}

static int bm_emptier(void *arg)
{
	return vfs_ftruncate(arg, 0);
}

/* Issue 14: write-back (here fsync's) does not hold the VFS lock while
 * the disk writes, and a truncation waits for the pages being written
 * before it frees their blocks. */
KTEST(vfs_blockmap, writeback_without_the_vfs_lock_truncate_waits)
{
	struct task *syncer, *truncater;
	struct blk_request *rq;
	struct sandbox s;
	char data[512];
	struct file *f;
	bool vfs_free;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	memset(data, 0x5a, sizeof(data));
	for (int i = 0; i < 8; i++)
		KT_EXPECT_EQ(ctx, vfs_write(f, data, sizeof(data)), 512);
	rq = bm_start_held(bm_fsyncer, f, BLK_WRITE, &syncer);
	KT_ASSERT(ctx, syncer && rq);
	vfs_free = vfs_lock_free();
	truncater = kthread_create(bm_emptier, f, "kt-trunc");
	sleep_ns(20000000);
	KT_EXPECT_EQ(ctx, truncater ? truncater->state : TASK_RUNNING,
		     TASK_SLEEPING);		/* for the page being written */
	KT_EXPECT_EQ(ctx, f->inode->size, 4096);
	bm_release(rq);
	KT_EXPECT_EQ(ctx, kthread_join(syncer), 0);
	if (truncater)
		KT_EXPECT_EQ(ctx, kthread_join(truncater), 0);
	KT_EXPECT(ctx, vfs_free);
	KT_EXPECT_EQ(ctx, f->inode->size, 0);
	KT_EXPECT(ctx, memchr_inv(disk_block(100), 0x5a, 1024) == NULL);
	KT_EXPECT(ctx, memchr_inv(disk_block(103), 0x5a, 1024) == NULL);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* A write from user memory whose second page is not mapped: the first
 * page goes in, the call returns its bytes, and the second page of the
 * file, which the write would have covered whole and which was not
 * cached, keeps its data (it was not replaced by the zeros it stood in
 * for while the copy was tried). */
static void fault_body(struct ktest_ctx *ctx, struct mm *mm)
{
	static uint8_t before[4096];
	struct file *f;
	char *back = kmalloc(8193);
	uintptr_t a = 0;

	KT_ASSERT(ctx, back != NULL);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, clear_user((void *)a, PAGE_SIZE), 0);
	memcpy(before, disk_block(104), sizeof(before));
	f = vfs_open("/bm/f", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	/* a + PAGE_SIZE is not mapped: the copy of the file's page 1 fails */
	KT_EXPECT_EQ(ctx, vfs_write_user(f, (void *)a, 8192, NULL), 4096);
	KT_EXPECT_EQ(ctx, vfs_fsync(f), 0);
	KT_EXPECT(ctx, memchr_inv(disk_block(100), 0, 4096) == NULL);
	KT_EXPECT(ctx, memcmp(disk_block(104), before, 4096) == 0);
	KT_EXPECT_EQ(ctx, get_file("/bm/f", back, 8193), 8192);
	KT_EXPECT(ctx, memcmp(back + 4096, before, 4096) == 0);
	vfs_close(f);
	kfree(back);
}

KTEST(vfs_blockmap, write_fault_keeps_the_data_it_did_not_write)
{
	struct sandbox s;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	for (uint32_t i = 0; i < 8; i++)
		bm_map[i] = 100 + i;
	bm_set_size(8192);
	VMT_RUN(ctx, fault_body);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

static int bm_stat_f(void *arg)
{
	struct kstat st;
	int err = vfs_stat("/bm/f", true, &st);

	(void)arg;
	return err ? err : st.size == 4096 ? 0 : -EIO;
}

static int bm_read_f(void *arg)
{
	char *buf = kmalloc(PAGE_SIZE);
	uint64_t pos = 0;
	ssize_t n;

	if (!buf)
		return -ENOMEM;
	n = vfs_pread(arg, buf, PAGE_SIZE, &pos);
	n = n != PAGE_SIZE ? -EIO : memcmp(buf, disk_block(100), 1024) ? -EIO : 0;
	kfree(buf);
	return (int)n;
}

/* Start fn(arg) with metadata reads on a cold device cache, the first
 * read held: whether the VFS lock was free meanwhile; fn's result in
 * *ret. */
static bool bm_meta_read_frees_vfs(int (*fn)(void *), void *arg, int *ret)
{
	struct blk_request *rq;
	struct task *t;
	bool vfs_free;

	if (bmdev.cache)
		pagecache_truncate(bmdev.cache, 0);
	bm_meta = true;
	rq = bm_start_held(fn, arg, BLK_READ, &t);
	if (!t)
		return false;
	vfs_free = rq && vfs_lock_free();
	if (rq)
		bm_release(rq);
	*ret = kthread_join(t);
	bm_meta = false;
	return vfs_free;
}

/* Issue 14: a path lookup (the name, then the inode) and the block
 * mapping of a read do not hold the VFS lock while the disk reads the
 * metadata they need (fs/metawait.c). */
KTEST(vfs_blockmap, metadata_reads_without_the_vfs_lock)
{
	struct sandbox s;
	struct file *f;
	int ret = -1;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	vfs_close(f);
	KT_ASSERT_EQ(ctx, vfs_umount("/bm"), 0);	/* a cold inode cache */
	KT_ASSERT_EQ(ctx, vfs_mount("vfsbmtest", "/bm", "bmtest", 0, NULL), 0);
	KT_EXPECT(ctx, bm_meta_read_frees_vfs(bm_stat_f, NULL, &ret));
	KT_EXPECT_EQ(ctx, ret, 0);
	f = vfs_open("/bm/f", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT(ctx, bm_meta_read_frees_vfs(bm_read_f, f, &ret));
	KT_EXPECT_EQ(ctx, ret, 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

static int bm_syncer(void *arg)
{
	int err = vfs_sync();

	(void)arg;
	bm_fsync_done = true;
	return err;
}

/* With f's page dirty, one fsync's write of it held in flight, run
 * second(arg) meanwhile: whether it was still waiting 20 ms later.  Both
 * are joined (expected to succeed) once the write is let go. */
static bool bm_waits_for_write_in_flight(struct ktest_ctx *ctx,
					 struct file *f,
					 int (*second)(void *), void *arg)
{
	struct blk_request *rq;
	struct task *a, *b;
	bool waited;

	KT_EXPECT_EQ(ctx, vfs_write(f, "new", 3), 3);
	rq = bm_start_held(bm_fsyncer, f, BLK_WRITE, &a);
	if (!a || !rq) {
		KT_EXPECT(ctx, a && rq);
		return false;
	}
	bm_fsync_done = false;
	b = kthread_create(second, arg, "kt-second");
	sleep_ns(20000000);
	waited = b && !bm_fsync_done;
	bm_release(rq);
	KT_EXPECT_EQ(ctx, kthread_join(a), 0);
	KT_EXPECT(ctx, b != NULL);
	if (b)
		KT_EXPECT_EQ(ctx, kthread_join(b), 0);
	return waited;
}

/* fsync(2) does not return while a write of the file's pages that
 * another task started (the flusher) is still in flight: what it found
 * clean may not be on the disk yet. */
KTEST(vfs_blockmap, fsync_waits_for_a_write_in_flight)
{
	struct sandbox s;
	struct file *f;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT(ctx, bm_waits_for_write_in_flight(ctx, f, bm_fsyncer, f));
	KT_EXPECT(ctx, memcmp(disk_block(100), "new", 3) == 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* sync(2) too waits for the writes another task has in flight. */
KTEST(vfs_blockmap, sync_waits_for_a_write_in_flight)
{
	struct sandbox s;
	struct file *f;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT(ctx, bm_waits_for_write_in_flight(ctx, f, bm_syncer, NULL));
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* fsync(2) writes the metadata blocks its filesystem's commit op dirtied
 * (the superblock's) without holding the VFS lock while the disk works. */
KTEST(vfs_blockmap, fsync_writes_metadata_without_the_vfs_lock)
{
	struct sandbox s;
	struct file *f;
	int ret = -1;
	bool vfs_free;
	struct blk_request *rq;
	struct task *t;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	bm_commit_meta = true;
	rq = bm_start_held(bm_fsyncer, f, BLK_WRITE, &t);
	KT_ASSERT(ctx, t != NULL);
	vfs_free = rq && vfs_lock_free();
	if (rq)
		bm_release(rq);
	ret = kthread_join(t);
	bm_commit_meta = false;
	KT_EXPECT(ctx, rq != NULL);
	KT_EXPECT(ctx, vfs_free);
	KT_EXPECT_EQ(ctx, ret, 0);
	KT_EXPECT_EQ(ctx, disk_block(BM_META_BLOCK)[0],
		      (uint8_t)(BM_META_BLOCK * 1024 * 7 + BM_META_BLOCK + 1 + 1));
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

static int bm_unlinker(void *arg)
{
	(void)arg;
	return vfs_unlink("/bm/f");
}

/* A call that changes a directory (unlink here) holds the directory's
 * lock, and reads the directory and the inode its name names before it
 * takes the VFS lock (fs/dirlock.c). */
KTEST(vfs_blockmap, unlink_reads_the_directory_without_the_vfs_lock)
{
	struct blk_request *rq;
	struct inode *root;
	struct sandbox s;
	struct task *t;
	bool vfs_free, dir_held;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	KT_ASSERT_EQ(ctx, vfs_lookup("/bm", LOOKUP_FOLLOW, &root), 0);
	if (bmdev.cache)
		pagecache_truncate(bmdev.cache, 0);
	bm_meta = true;
	rq = bm_start_held(bm_unlinker, NULL, BLK_READ, &t);
	KT_ASSERT(ctx, t != NULL);
	vfs_free = rq && vfs_lock_free();
	dir_held = !mutex_trylock(&root->lock);
	if (!dir_held)
		mutex_unlock(&root->lock);
	if (rq)
		bm_release(rq);
	/* bmtest has no unlink op: the VFS says -EPERM, as for any such. */
	KT_EXPECT_EQ(ctx, kthread_join(t), -EPERM);
	bm_meta = false;
	KT_EXPECT(ctx, rq != NULL);
	KT_EXPECT(ctx, vfs_free);
	KT_EXPECT(ctx, dir_held);
	iput(root);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* sync(2) reads the inode table blocks the dirty inodes go into without
 * holding the VFS lock while the disk works (vfs_sync's rounds). */
KTEST(vfs_blockmap, sync_reads_inode_blocks_without_the_vfs_lock)
{
	struct inode *inode;
	struct sandbox s;
	int ret = -1;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	KT_ASSERT_EQ(ctx, vfs_lookup("/bm/f", 0, &inode), 0);
	inode_mark_dirty(inode);
	KT_EXPECT(ctx, bm_meta_read_frees_vfs(bm_syncer, NULL, &ret));
	KT_EXPECT_EQ(ctx, ret, 0);
	KT_EXPECT(ctx, !inode->dirty);
	iput(inode);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* fsync(2) too reads its inode's block without the VFS lock. */
KTEST(vfs_blockmap, fsync_reads_the_inode_block_without_the_vfs_lock)
{
	struct sandbox s;
	struct file *f;
	int ret = -1;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	inode_mark_dirty(f->inode);
	KT_EXPECT(ctx, bm_meta_read_frees_vfs(bm_fsyncer, f, &ret));
	KT_EXPECT_EQ(ctx, ret, 0);
	KT_EXPECT(ctx, !f->inode->dirty);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* A truncation reads the blocks that map the file (prefetch_map) before
 * it takes the file's lock and the VFS lock, which the blocks' freeing
 * then holds. */
KTEST(vfs_blockmap, truncate_reads_the_block_map_first)
{
	struct blk_request *rq;
	struct sandbox s;
	struct file *f;
	struct task *t;
	bool vfs_free, inode_free;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	if (bmdev.cache)
		pagecache_truncate(bmdev.cache, 0);
	bm_meta = true;
	rq = bm_start_held(bm_truncater, f, BLK_READ, &t);
	KT_ASSERT(ctx, t != NULL);
	vfs_free = rq && vfs_lock_free();
	inode_free = mutex_trylock(&f->inode->lock);
	if (inode_free)
		mutex_unlock(&f->inode->lock);
	if (rq)
		bm_release(rq);
	KT_EXPECT_EQ(ctx, kthread_join(t), 0);
	bm_meta = false;
	KT_EXPECT(ctx, rq != NULL);
	KT_EXPECT(ctx, vfs_free);
	KT_EXPECT(ctx, inode_free);
	KT_EXPECT_EQ(ctx, f->inode->size, 50);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}

/* A page written again while its write-back is in flight is not taken by
 * a second write-back before the first is done (two writes of it could
 * land in either order): the second fsync waits, the page still dirty. */
KTEST(vfs_blockmap, redirtied_page_waits_for_its_write_in_flight)
{
	struct blk_request *rq;
	struct task *a, *b;
	struct sandbox s;
	struct page *pg;
	struct file *f;
	uint64_t pos = 0;
	bool dirty;

	KT_ASSERT_EQ(ctx, bm_setup(&s, 1024), 0);
	f = bm_open_page();
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_ASSERT_EQ(ctx, vfs_write(f, "new", 3), 3);
	rq = bm_start_held(bm_fsyncer, f, BLK_WRITE, &a);
	KT_ASSERT(ctx, a && rq);
	KT_ASSERT_EQ(ctx, vfs_pwrite(f, "xyz", 3, &pos), 3);
	b = kthread_create(bm_fsyncer, f, "kt-fsync2");
	KT_ASSERT(ctx, b != NULL);
	sleep_ns(20000000);
	pg = pagecache_find(&f->inode->mapping, 0);
	dirty = pg && (pg->flags & PAGE_FLAG_DIRTY);
	if (pg)
		pagecache_put(pg);
	bm_release(rq);
	KT_EXPECT_EQ(ctx, kthread_join(a), 0);
	KT_EXPECT_EQ(ctx, kthread_join(b), 0);
	KT_EXPECT(ctx, dirty);
	KT_EXPECT(ctx, memcmp(disk_block(100), "xyz", 3) == 0);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, bm_teardown(&s), 0);
}
