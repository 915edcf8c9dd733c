/*
 * test_vm_file.c: in-kernel tests of file mappings (mm/vm/filemap.c,
 * mm/vm/rmap.c).
 *
 * Most use a file of the test's own: an inode outside any filesystem
 * whose page-cache mapping reads a pattern and writes into a "disk"
 * array, counting the writes.  They check what the user programs cannot
 * see: a store through a shared map dirties the page; write-back writes
 * it and write-protects the map, so the next store dirties it again;
 * mapped pages survive reclaim; truncation unmaps from every address
 * space, private copies too, and a later fault is -EIO (SIGBUS); fork
 * shares shared file pages and copies private ones; mremap keeps the
 * moved VMA on its file's list; and nothing leaks: frames, page
 * references, file references.  A ramfs file (the sandbox) checks the
 * filesystem-owned pages of ramfs alike.
 */
#include "tests/kernel/vm_test.h"
#include "tests/kernel/vfs_sandbox.h"
#include "mm/pagecache.h"

#define VFT_PAGES	4

static uint8_t vft_disk[VFT_PAGES][PAGE_SIZE];
static unsigned int vft_writes;

static uint8_t vft_byte(uint32_t index, uint32_t off)
{
	return (uint8_t)(index * 31 + off * 7 + 3);
}

static int vft_readpage(struct address_space *m, struct page *pg)
{
	uint8_t *p = page_address(pg);

	for (uint32_t i = 0; i < PAGE_SIZE; i++)
		p[i] = vft_byte(pg->index, i);
	return 0;
}

static int vft_writepage(struct address_space *m, struct page *pg)
{
	if (pg->index < VFT_PAGES)
		memcpy(vft_disk[pg->index], page_address(pg), PAGE_SIZE);
	vft_writes++;
	return 0;
}

static const struct address_space_ops vft_aops = {
	.readpage = vft_readpage,
	.writepage = vft_writepage,
};

static const struct file_ops vft_fops = {
	.map_page = generic_file_map_page,
};

static struct inode vft_inode;
static struct file vft_file;

/* A fresh test file of VFT_PAGES pages, open read-write (one reference,
 * the test's). */
static struct file *vft_open(void)
{
	if (vft_inode.mapping.nrpages)
		pagecache_truncate(&vft_inode.mapping, 0);
	memset(&vft_inode, 0, sizeof(vft_inode));
	mapping_init(&vft_inode.mapping, &vft_aops, &vft_inode);
	vft_inode.mode = S_IFREG | 0644;
	vft_inode.size = VFT_PAGES * PAGE_SIZE;
	vft_inode.refcount = 1;
	vft_file = (struct file){ .inode = &vft_inode, .fops = &vft_fops,
				  .flags = O_RDWR, .refcount = 1 };
	memset(vft_disk, 0, sizeof(vft_disk));
	vft_writes = 0;
	return &vft_file;
}

/* Drop the test file's cached pages (they hold frames otherwise). */
static void vft_close(struct ktest_ctx *ctx)
{
	KT_EXPECT_EQ(ctx, vft_file.refcount, 1);	/* every VMA gave it back */
	KT_EXPECT(ctx, list_empty(&vft_inode.mapping.mmaps));
	pagecache_truncate(&vft_inode.mapping, 0);
}

static struct page *cached(uint32_t index)
{
	struct page *pg = pagecache_find(&vft_inode.mapping, index);

	if (pg)
		pagecache_put(pg);
	return pg;
}

static bool pte_writable(struct mm *mm, uintptr_t va)
{
	pte_t flags = 0;

	return paging_translate(mm->pgdir, va, NULL, &flags) &&
	       (flags & PTE_WRITE);
}

static void writeback_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t a = 0;
	uint8_t b = 0;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &a, 2 * PAGE_SIZE, VMT_RW,
				       MAP_SHARED, f, 0), 0);
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)a + 5), 0);
	KT_EXPECT_EQ(ctx, b, vft_byte(0, 5));
	KT_EXPECT(ctx, !(cached(0)->flags & PAGE_FLAG_DIRTY));
	KT_EXPECT(ctx, !pte_writable(mm, a));		/* clean: read-only */
	KT_ASSERT_EQ(ctx, put_user((uint8_t)0xa1, (uint8_t *)a + 9), 0);
	KT_EXPECT(ctx, cached(0)->flags & PAGE_FLAG_DIRTY);
	KT_EXPECT(ctx, pte_writable(mm, a));
	KT_EXPECT_EQ(ctx, pagecache_sync_mapping(&vft_inode.mapping), 0);
	KT_EXPECT_EQ(ctx, vft_writes, 1);
	KT_EXPECT_EQ(ctx, vft_disk[0][9], 0xa1);
	KT_EXPECT(ctx, !(cached(0)->flags & PAGE_FLAG_DIRTY));
	KT_EXPECT(ctx, !pte_writable(mm, a));		/* write-protected */
	/* The next store faults and dirties the page again. */
	KT_ASSERT_EQ(ctx, put_user((uint8_t)0xb2, (uint8_t *)a + 9), 0);
	KT_EXPECT(ctx, cached(0)->flags & PAGE_FLAG_DIRTY);
	KT_EXPECT_EQ(ctx, pagecache_sync_mapping(&vft_inode.mapping), 0);
	KT_EXPECT_EQ(ctx, vft_writes, 2);
	KT_EXPECT_EQ(ctx, vft_disk[0][9], 0xb2);
	/* A page only read is never written. */
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)a + PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, pagecache_sync_mapping(&vft_inode.mapping), 0);
	KT_EXPECT_EQ(ctx, vft_writes, 2);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a, 2 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, cached(0)->refcount, 0);	/* cached, unused */
	vft_close(ctx);
}

KTEST(vm_file, shared_store_dirties_and_writeback_protects)
{
	VMT_RUN(ctx, writeback_body);
}

static void reclaim_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t a = 0;
	uint8_t b;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &a, 2 * PAGE_SIZE, PROT_READ,
				       MAP_PRIVATE, f, 0), 0);
	KT_ASSERT_EQ(ctx, get_user(b, (uint8_t *)a), 0);
	KT_EXPECT_EQ(ctx, b, vft_byte(0, 0));
	KT_ASSERT_EQ(ctx, get_user(b, (uint8_t *)a + PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, b, vft_byte(1, 0));
	KT_EXPECT_EQ(ctx, cached(0)->refcount, 1);	/* the entry's */
	pagecache_reclaim(100000);
	KT_EXPECT_EQ(ctx, vft_inode.mapping.nrpages, 2);
	KT_EXPECT(ctx, vmt_page(mm, a) == cached(0));
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a, 2 * PAGE_SIZE), 0);
	while (vft_inode.mapping.nrpages && pagecache_reclaim(64))
		;
	KT_EXPECT_EQ(ctx, vft_inode.mapping.nrpages, 0);
	vft_close(ctx);
}

KTEST(vm_file, mapped_pages_survive_reclaim)
{
	VMT_RUN(ctx, reclaim_body);
}

static void truncate_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t s = 0, p = 0;
	struct mm *child;
	uint8_t b;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &s, 3 * PAGE_SIZE, VMT_RW,
				       MAP_SHARED, f, 0), 0);
	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &p, 3 * PAGE_SIZE, VMT_RW,
				       MAP_PRIVATE, f, 0), 0);
	for (int i = 0; i < 3; i++) {
		KT_ASSERT_EQ(ctx, put_user((uint8_t)1, (uint8_t *)s + i * PAGE_SIZE), 0);
		KT_ASSERT_EQ(ctx, put_user((uint8_t)2, (uint8_t *)p + i * PAGE_SIZE), 0);
	}
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	KT_EXPECT(ctx, vmt_page(child, s + PAGE_SIZE) == cached(1));
	KT_EXPECT(ctx, vmt_page(child, p + PAGE_SIZE) == vmt_page(mm, p + PAGE_SIZE));
	/* What do_truncate does to a file cut to one page. */
	vft_inode.size = PAGE_SIZE;
	vm_unmap_mapping(&vft_inode.mapping, 1);
	pagecache_truncate(&vft_inode.mapping, 1);
	for (int i = 1; i < 3; i++) {
		KT_EXPECT(ctx, vmt_page(mm, s + i * PAGE_SIZE) == NULL);
		KT_EXPECT(ctx, vmt_page(mm, p + i * PAGE_SIZE) == NULL);
		KT_EXPECT(ctx, vmt_page(child, s + i * PAGE_SIZE) == NULL);
		KT_EXPECT(ctx, vmt_page(child, p + i * PAGE_SIZE) == NULL);
	}
	KT_EXPECT(ctx, vmt_page(child, s) == cached(0));
	KT_EXPECT_EQ(ctx, vm_fault(mm, s + PAGE_SIZE, 0), -EIO);
	KT_EXPECT_EQ(ctx, vm_fault(mm, p + 2 * PAGE_SIZE, 2), -EIO);
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)s + PAGE_SIZE), -EFAULT);
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)p), 0);
	KT_EXPECT_EQ(ctx, b, 2);
	mm_destroy(child);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, s, 3 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, p, 3 * PAGE_SIZE), 0);
	vft_close(ctx);
}

KTEST(vm_file, truncation_unmaps_everywhere)
{
	VMT_RUN(ctx, truncate_body);
}

static void fork_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t s = 0, p = 0;
	struct mm *child;
	uint8_t b = 0;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &s, PAGE_SIZE, VMT_RW, MAP_SHARED,
				       f, 2), 0);
	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &p, PAGE_SIZE, VMT_RW, MAP_PRIVATE,
				       f, 2), 0);
	KT_ASSERT_EQ(ctx, put_user((uint8_t)0x11, (uint8_t *)s), 0);
	KT_ASSERT_EQ(ctx, get_user(b, (uint8_t *)p), 0);
	KT_EXPECT_EQ(ctx, b, 0x11);			/* the same cache page */
	KT_EXPECT(ctx, vmt_page(mm, p) == cached(2));
	KT_EXPECT_EQ(ctx, f->refcount, 3);
	child = mm_fork(mm);
	KT_ASSERT(ctx, child != NULL);
	KT_EXPECT_EQ(ctx, f->refcount, 5);
	mm_switch(child);
	KT_EXPECT_EQ(ctx, put_user((uint8_t)0x22, (uint8_t *)s + 1), 0);
	KT_EXPECT_EQ(ctx, put_user((uint8_t)0x33, (uint8_t *)p + 1), 0);
	mm_switch(mm);
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)s + 1), 0);
	KT_EXPECT_EQ(ctx, b, 0x22);			/* shared: seen */
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)p + 1), 0);
	KT_EXPECT_EQ(ctx, b, 0x22);			/* private: the file's */
	KT_EXPECT(ctx, vmt_page(child, p) != cached(2));
	KT_EXPECT_EQ(ctx, cached(2)->refcount, 3);	/* s, s', p */
	mm_destroy(child);
	KT_EXPECT_EQ(ctx, f->refcount, 3);
	KT_EXPECT_EQ(ctx, cached(2)->refcount, 2);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, s, PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, p, PAGE_SIZE), 0);
	vft_close(ctx);
}

KTEST(vm_file, fork_shares_and_copies)
{
	VMT_RUN(ctx, fork_body);
}

static void mremap_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t a = 0, b = 0, to = 0;
	struct vma *vma;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &a, 2 * PAGE_SIZE, VMT_RW,
				       MAP_SHARED, f, 1), 0);
	KT_ASSERT_EQ(ctx, put_user((uint8_t)7, (uint8_t *)a + PAGE_SIZE), 0);
	/* A neighbour keeps it from growing in place. */
	b = a + 2 * PAGE_SIZE;
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &b, PAGE_SIZE, VMT_RW,
				  VMT_ANON | MAP_FIXED), 0);
	KT_ASSERT_EQ(ctx, vm_mremap(mm, a, 2 * PAGE_SIZE, 3 * PAGE_SIZE,
				    MREMAP_MAYMOVE, &to), 0);
	KT_EXPECT(ctx, to != a);
	vma = vma_find(mm, to);
	KT_ASSERT(ctx, vma != NULL);
	KT_EXPECT_EQ(ctx, vma->pgoff, 1);
	KT_EXPECT(ctx, vma->file == f);
	KT_EXPECT(ctx, vmt_page(mm, to + PAGE_SIZE) == cached(2));
	KT_EXPECT(ctx, pte_writable(mm, to + PAGE_SIZE));
	KT_EXPECT_EQ(ctx, pagecache_sync_mapping(&vft_inode.mapping), 0);
	KT_EXPECT(ctx, !pte_writable(mm, to + PAGE_SIZE));	/* found it */
	vm_unmap_mapping(&vft_inode.mapping, 2);
	KT_EXPECT(ctx, vmt_page(mm, to + PAGE_SIZE) == NULL);
	KT_EXPECT_EQ(ctx, f->refcount, 2);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, to, 3 * PAGE_SIZE), 0);
	vft_close(ctx);
}

KTEST(vm_file, mremap_keeps_the_file)
{
	VMT_RUN(ctx, mremap_body);
}

static void split_merge_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct file *f = vft_open();
	uintptr_t a = 0;

	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &a, 4 * PAGE_SIZE, VMT_RW,
				       MAP_PRIVATE, f, 0), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, a + PAGE_SIZE, PAGE_SIZE, PROT_READ), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 3);
	KT_EXPECT_EQ(ctx, f->refcount, 4);
	KT_EXPECT_EQ(ctx, vma_find(mm, a + 2 * PAGE_SIZE)->pgoff, 2);
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, a + PAGE_SIZE, PAGE_SIZE, VMT_RW), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);		/* joined again */
	KT_EXPECT_EQ(ctx, f->refcount, 2);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a + PAGE_SIZE, PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, f->refcount, 3);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, a, 4 * PAGE_SIZE), 0);
	vft_close(ctx);
}

KTEST(vm_file, split_and_merge_count_file_references)
{
	VMT_RUN(ctx, split_merge_body);
}

/* One round: shared and private maps, faults, a fork writing, all gone. */
static int leak_round(void)
{
	struct mm *mm = vmt_begin(), *child;
	struct file *f = vft_open();
	uintptr_t s = 0, p = 0;
	int err = -ENOMEM;

	if (!mm)
		return -ENOMEM;
	if (vm_mmap_file(mm, &s, 3 * PAGE_SIZE, VMT_RW, MAP_SHARED, f, 0) ||
	    vm_mmap_file(mm, &p, 3 * PAGE_SIZE, VMT_RW, MAP_PRIVATE, f, 1) ||
	    put_user(1u, (uint32_t *)s) || put_user(2u, (uint32_t *)p) ||
	    clear_user((void *)(s + PAGE_SIZE), 2 * PAGE_SIZE))
		goto out;
	child = mm_fork(mm);
	if (!child)
		goto out;
	mm_switch(child);
	err = put_user(3u, (uint32_t *)p) ?: put_user(4u, (uint32_t *)(s + 8));
	mm_switch(mm);
	mm_destroy(child);
out:
	vmt_end(mm);
	pagecache_sync_mapping(&vft_inode.mapping);
	pagecache_truncate(&vft_inode.mapping, 0);
	return err ?: (vft_file.refcount == 1 ? 0 : -EBUSY);
}

KTEST(vm_file, no_leak_100)
{
	size_t free0;

	KT_ASSERT_EQ(ctx, leak_round(), 0);
	free0 = mm_free_pages();
	for (int i = 0; i < 100; i++)
		KT_ASSERT_EQ(ctx, leak_round(), 0);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free0);
}

static void ramfs_body(struct ktest_ctx *ctx, struct mm *mm)
{
	char buf[16];
	struct file *f;
	uintptr_t s = 0, p = 0;
	uint8_t b = 0;

	KT_ASSERT_EQ(ctx, put_file("/r", "ramfs data", 10), 10);
	f = vfs_open("/r", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &s, 2 * PAGE_SIZE, VMT_RW,
				       MAP_SHARED, f, 0), 0);
	KT_ASSERT_EQ(ctx, vm_mmap_file(mm, &p, PAGE_SIZE, VMT_RW,
				       MAP_PRIVATE, f, 0), 0);
	KT_EXPECT_EQ(ctx, copy_to_user((char *)s, "RAMFS", 5), 0);
	KT_EXPECT_EQ(ctx, get_file("/r", buf, sizeof(buf)), 10);
	KT_EXPECT(ctx, memcmp(buf, "RAMFS data", 10) == 0);
	KT_EXPECT_EQ(ctx, put_user((uint8_t)'p', (uint8_t *)p), 0);
	KT_EXPECT_EQ(ctx, get_file("/r", buf, sizeof(buf)), 10);
	KT_EXPECT_EQ(ctx, buf[0], 'R');			/* private: a copy */
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)s + 100), 0);
	KT_EXPECT_EQ(ctx, b, 0);			/* tail zeroed */
	KT_EXPECT_EQ(ctx, vm_fault(mm, s + PAGE_SIZE, 0), -EIO);
	KT_EXPECT_EQ(ctx, vfs_ftruncate(f, 0), 0);
	KT_EXPECT(ctx, vmt_page(mm, s) == NULL);
	KT_EXPECT(ctx, vmt_page(mm, p) == NULL);	/* copies go too */
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)s), -EFAULT);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, s, 2 * PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, vm_munmap(mm, p, PAGE_SIZE), 0);
	KT_EXPECT_EQ(ctx, f->refcount, 1);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, vfs_unlink("/r"), 0);
}

KTEST(vm_file, ramfs_pages)
{
	struct sandbox s;
	size_t free0;

	SANDBOX(ctx, &s);
	VMT_RUN(ctx, ramfs_body);		/* warms the kmalloc caches */
	free0 = mm_free_pages();
	VMT_RUN(ctx, ramfs_body);
	KT_EXPECT_EQ(ctx, mm_free_pages(), free0);
	SANDBOX_END(ctx, &s);
}
