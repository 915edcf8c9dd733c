/*
 * corpus.c: mount every image of a corpus of damaged filesystems and walk
 * it, to prove that bad disks give errors, not crashes or hangs.
 *
 * The test kernel booted with the "corpus" switch and an archive module
 * made by tools/mkcorpus.py (string "corpus") exposes each image of the
 * archive as a read-only sparse RAM disk, mounts it read-only as ext2,
 * lists every directory, reads every file and symbolic link, unmounts it,
 * and prints one line per image and a summary:
 *	corpus: f_dirlink: mounted, 12 entries, 1 errors
 *	corpus: f_badprimary_superblock: refused (-22)
 *	corpus: 150 mounted, 35 refused, 185 images
 * then leaves QEMU through isa-debug-exit.  A crash or a hang shows as a
 * missing summary line (tests/system/run.py).
 */
#include "drivers/block/blkdev.h"
#include "fs/vfs.h"
#include "kernel/boot.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define CORPUS_BLOCK		4096u
#define CORPUS_MAX_ENTRIES	3000	/* per image: each lookup scans its whole
					 * directory, so huge ones cost n^2 */
#define CORPUS_MAX_DEPTH	12
#define CORPUS_READ_MAX		(8u << 20)	/* bytes read per file */

struct corpus_image_hdr {
	char name[40];
	uint32_t size_lo, size_hi;
	uint32_t nchunks;
	uint32_t index_off;
	uint32_t data_off;
	uint32_t reserved;
};
_Static_assert(sizeof(struct corpus_image_hdr) == 64, "mkcorpus.py layout");

struct sparse_disk {
	struct blkdev dev;
	const uint32_t *index;		/* stored block numbers, ascending */
	const uint8_t *data;
	uint32_t nchunks;
};

struct walk {
	unsigned int entries, errors;
	char *names;			/* batch of names from readdir */
	size_t used;
};

static bool corpus_mode;

static int corpus_param(const char *value)
{
	corpus_mode = true;
	return 0;
}
KERNEL_PARAM(corpus, corpus_param);

/* The stored data of block b, or NULL for a block of zeros. */
static const uint8_t *sparse_block(const struct sparse_disk *sd, uint32_t b)
{
	uint32_t lo = 0, hi = sd->nchunks;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (sd->index[mid] == b)
			return sd->data + (size_t)mid * CORPUS_BLOCK;
		if (sd->index[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int sparse_start(struct blkdev *dev, struct blk_request *rq)
{
	const struct sparse_disk *sd = dev->driver_data;
	uint64_t byte = rq->sector * SECTOR_SIZE;

	if (rq->op != BLK_READ)
		return -EROFS;
	for (unsigned int i = 0; i < rq->nseg; i++) {
		for (uint32_t off = 0; off < rq->seg[i].len; off += SECTOR_SIZE) {
			const uint8_t *blk = sparse_block(sd, (uint32_t)(byte / CORPUS_BLOCK));
			uint8_t *dst = (uint8_t *)rq->seg[i].buf + off;

			if (blk)
				memcpy(dst, blk + byte % CORPUS_BLOCK, SECTOR_SIZE);
			else
				memset(dst, 0, SECTOR_SIZE);
			byte += SECTOR_SIZE;
		}
	}
	return BLK_DONE;
}

static const struct blkdev_ops sparse_ops = { .start = sparse_start };

static bool collect_name(void *ctx, const char *name, size_t len,
			 uint32_t ino, unsigned int dtype)
{
	struct walk *w = ctx;

	if (w->used + len + 1 > PAGE_SIZE)
		return false;
	memcpy(w->names + w->used, name, len);
	w->names[w->used + len] = '\0';
	w->used += len + 1;
	return true;
}

static void walk_file(const char *path, struct walk *w)
{
	struct file *f = vfs_open(path, O_RDONLY, 0);
	static char buf[4096];
	size_t total = 0;
	ssize_t n;

	if (IS_ERR(f)) {
		w->errors++;
		return;
	}
	while (total < CORPUS_READ_MAX && (n = vfs_read(f, buf, sizeof(buf))) > 0)
		total += (size_t)n;
	if (n < 0)
		w->errors++;
	vfs_close(f);
}

static void walk_tree(const char *path, int depth, struct walk *w);

/* Visit one entry of the directory at dir. */
static void walk_entry(const char *dir, const char *name, int depth,
		       struct walk *w)
{
	char child[256], target[256];
	struct kstat st;

	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return;
	if (++w->entries > CORPUS_MAX_ENTRIES)
		return;
	if ((size_t)snprintf(child, sizeof(child), "%s/%s", dir, name) >= sizeof(child) ||
	    vfs_stat(child, false, &st) < 0) {
		w->errors++;
		return;
	}
	if (S_ISDIR(st.mode))
		walk_tree(child, depth + 1, w);
	else if (S_ISREG(st.mode))
		walk_file(child, w);
	else if (S_ISLNK(st.mode) && vfs_readlink(child, target, sizeof(target)) < 0)
		w->errors++;
}

static void walk_tree(const char *path, int depth, struct walk *w)
{
	struct file *f;
	char *batch;
	int err;

	if (depth > CORPUS_MAX_DEPTH || w->entries > CORPUS_MAX_ENTRIES)
		return;
	f = vfs_open(path[0] ? path : "/", O_RDONLY | O_DIRECTORY, 0);
	batch = kmalloc(PAGE_SIZE);
	if (IS_ERR(f) || !batch) {
		w->errors++;
		goto out;
	}
	do {
		w->names = batch;
		w->used = 0;
		err = vfs_readdir(f, collect_name, w);
		if (err < 0)
			w->errors++;
		for (size_t off = 0, used = w->used; off < used;
		     off += strlen(batch + off) + 1)
			walk_entry(path, batch + off, depth, w);
	} while (err >= 0 && w->used > 0 && w->entries <= CORPUS_MAX_ENTRIES);
out:
	if (!IS_ERR(f))
		vfs_close(f);
	kfree(batch);
}

/* Mount, walk and unmount one image; returns true when it mounted. */
static bool corpus_try(struct sparse_disk *sd, const char *name)
{
	struct super_block *sb = vfs_kern_mount("ext2", sd->dev.name, SB_RDONLY, "");
	struct walk w = { 0 };
	struct inode *old_root;

	if (IS_ERR(sb)) {
		printk("corpus: %s: refused (%ld)\n", name, PTR_ERR(sb));
		return false;
	}
	old_root = vfs_set_root(igrab(sb->root));
	walk_tree("", 0, &w);
	iput(vfs_set_root(old_root));
	if (vfs_kern_umount(sb) < 0)
		printk("corpus: %s: unmount failed\n", name);
	printk("corpus: %s: mounted, %u entries, %u errors\n", name, w.entries,
	       w.errors);
	return true;
}

static int corpus_run_archive(const uint8_t *base, size_t len, unsigned int *mounted,
			      unsigned int *total)
{
	uint32_t count;

	if (len < 12 || memcmp(base, "MCORPUS1", 8) != 0)
		return -EINVAL;
	memcpy(&count, base + 8, 4);
	for (uint32_t i = 0; i < count; i++) {
		const struct corpus_image_hdr *h = (const void *)(base + 12 + i * 64);
		struct sparse_disk *sd = kzalloc(sizeof(*sd));
		char name[41];

		if (!sd)
			return -ENOMEM;
		memcpy(name, h->name, 40);
		name[40] = '\0';
		snprintf(sd->dev.name, sizeof(sd->dev.name), "corpus%u", *total);
		sd->dev.nr_sectors = ((uint64_t)h->size_hi << 32 | h->size_lo) / SECTOR_SIZE;
		sd->dev.ops = &sparse_ops;
		sd->dev.driver_data = sd;
		sd->dev.read_only = true;
		sd->index = (const uint32_t *)(base + h->index_off);
		sd->data = base + h->data_off;
		sd->nchunks = h->nchunks;
		(*total)++;
		if (blkdev_register(&sd->dev) == 0 && corpus_try(sd, name))
			(*mounted)++;
	}
	return 0;
}

static int corpus_run(void)
{
	unsigned int mounted = 0, total = 0;

	if (!corpus_mode)
		return 0;
	for (unsigned int i = 0; i < boot_info.module_count; i++) {
		const struct boot_module *m = &boot_info.modules[i];

		if (strstr(m->cmdline, "corpus") &&
		    corpus_run_archive(phys_to_virt(m->start), m->end - m->start,
				       &mounted, &total) < 0)
			printk("corpus: module %u is not a corpus archive\n", i);
	}
	printk("corpus: %u mounted, %u refused, %u images\n", mounted,
	       total - mounted, total);
	qemu_debug_exit(KTEST_EXIT_PASS);
}
INITCALL(INIT_LATE, corpus_run);
