/*
 * test_module.c: loadable modules in the kernel (kernel/module/), with
 * the test modules and brd embedded in the test kernel
 * (tests/modules/modules.mk): modtest_a loads and its parameter is set;
 * loading it twice is -EEXIST; modtest_b links against its exports and
 * so keeps it (-EWOULDBLOCK); they unload in order and load again; a
 * failing init leaves nothing; an init_module that is data is refused;
 * an unknown symbol (modtest_b alone) is
 * -ENOENT; a foreign vermagic and a truncated image are -ENOEXEC; brd's
 * disk (the first free ramN) takes writes, keeps them, reads zeros where
 * nothing was written, and holds its module while in use; a module's text
 * is mapped read and execute, its data read and write, not executable,
 * and its .init code is gone once it is loaded.
 */
#include "drivers/block/blkdev.h"
#include "kernel/ktest.h"
#include "kernel/module/internal.h"
#include "kernel/modules.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/pte.h"

extern const uint8_t _binary_modtest_a_ko_start[], _binary_modtest_a_ko_end[];
extern const uint8_t _binary_modtest_b_ko_start[], _binary_modtest_b_ko_end[];
extern const uint8_t _binary_brd_ko_start[], _binary_brd_ko_end[];
extern const uint8_t _binary_modtest_bad_ko_start[];
extern const uint8_t _binary_modtest_bad_ko_end[];

#define MOD(name) _binary_##name##_ko_start,				\
	(size_t)(_binary_##name##_ko_end - _binary_##name##_ko_start)

/* A kmalloc'd copy (the loader wants 4-byte alignment), loaded. */
static int load(const uint8_t *image, size_t len, const char *args)
{
	uint8_t *copy = kmalloc(len);
	int err;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, image, len);
	err = module_load(copy, len, args, 0);
	kfree(copy);
	return err;
}

/* The first place needle (n bytes) occurs in hay (len bytes), or NULL. */
static uint8_t *find_bytes(uint8_t *hay, size_t len, const char *needle,
			   size_t n)
{
	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(hay + i, needle, n))
			return hay + i;
	return NULL;
}

struct count_arg {
	const char *name;
	bool found;
	uint32_t refs;
};

static void count_one(const struct module_info *m, void *arg)
{
	struct count_arg *c = arg;

	if (!strcmp(m->name, c->name)) {
		c->found = true;
		c->refs = m->refs;
	}
}

static bool loaded(const char *name, uint32_t *refs)
{
	struct count_arg c = { .name = name };

	module_for_each(count_one, &c);
	if (refs)
		*refs = c.refs;
	return c.found;
}

KTEST(module, load_link_unload_reload)
{
	uint32_t refs;

	KT_ASSERT_EQ(ctx, load(MOD(modtest_a), "base=100"), 0);
	KT_EXPECT(ctx, loaded("modtest_a", &refs));
	KT_EXPECT_EQ(ctx, refs, 0);
	KT_EXPECT_EQ(ctx, load(MOD(modtest_a), ""), -EEXIST);
	KT_ASSERT_EQ(ctx, load(MOD(modtest_b), "greeting=\"hi there\""), 0);
	KT_EXPECT(ctx, loaded("modtest_a", &refs));
	KT_EXPECT_EQ(ctx, refs, 1);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), -EWOULDBLOCK);
	KT_EXPECT_EQ(ctx, module_delete("modtest_b", 0), 0);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), 0);
	KT_EXPECT(ctx, !loaded("modtest_a", NULL));
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), -ENOENT);
	KT_ASSERT_EQ(ctx, load(MOD(modtest_a), ""), 0);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), 0);
}

KTEST(module, refusals)
{
	size_t len = (size_t)(_binary_modtest_a_ko_end -
			      _binary_modtest_a_ko_start);
	uint8_t *copy = kmalloc(len);
	uint8_t *v;

	KT_EXPECT_EQ(ctx, load(MOD(modtest_bad), ""), -ENOEXEC);
	KT_EXPECT(ctx, !loaded("modtest_bad", NULL));
	KT_EXPECT_EQ(ctx, load(MOD(modtest_b), ""), -ENOENT);
	KT_EXPECT(ctx, !loaded("modtest_b", NULL));
	KT_ASSERT_EQ(ctx, load(MOD(modtest_a), ""), 0);
	KT_EXPECT_EQ(ctx, load(MOD(modtest_b), "fail=1"), -EINVAL);
	KT_EXPECT(ctx, !loaded("modtest_b", NULL));
	KT_EXPECT_EQ(ctx, load(MOD(modtest_b), "fail=maybe"), -EINVAL);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), 0);
	KT_ASSERT(ctx, copy != NULL);
	memcpy(copy, _binary_modtest_a_ko_start, len);
	v = find_bytes(copy, len, "vermagic=", 9);
	KT_ASSERT(ctx, v != NULL);
	v[9] ^= 1;			/* another release */
	KT_EXPECT_EQ(ctx, module_load(copy, len, "", 0), -ENOEXEC);
	KT_EXPECT_EQ(ctx, module_load(copy, len, "",
				      MODULE_INIT_IGNORE_VERMAGIC), 0);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), 0);
	KT_EXPECT_EQ(ctx, module_load(copy, len / 2, "", 0), -ENOEXEC);
	KT_EXPECT(ctx, !loaded("modtest_a", NULL));
	kfree(copy);
}

/* The first ramN name no device has: brd's next disk. */
static void first_free_ram(char name[BLKDEV_NAME_MAX])
{
	for (unsigned int n = 0;; n++) {
		snprintf(name, BLKDEV_NAME_MAX, "ram%u", n);
		if (!blkdev_find(name))
			return;
	}
}

KTEST(module, brd_disk_holds_data_and_its_module)
{
	static uint8_t sector[SECTOR_SIZE];
	char name[BLKDEV_NAME_MAX];
	struct blkdev *dev;

	first_free_ram(name);
	KT_ASSERT_EQ(ctx, load(MOD(brd), "rd_nr=1 rd_size=64"), 0);
	dev = blkdev_find(name);
	KT_ASSERT(ctx, dev != NULL);
	KT_EXPECT_EQ(ctx, dev->nr_sectors, 128);
	memset(sector, 0xa5, sizeof(sector));
	KT_EXPECT_EQ(ctx, blk_rw(dev, BLK_WRITE, 100, 1, sector), 0);
	memset(sector, 0, sizeof(sector));
	KT_EXPECT_EQ(ctx, blk_rw(dev, BLK_READ, 100, 1, sector), 0);
	KT_EXPECT_EQ(ctx, sector[0], 0xa5);
	KT_EXPECT_EQ(ctx, blk_rw(dev, BLK_READ, 7, 1, sector), 0);
	KT_EXPECT_EQ(ctx, sector[511], 0);
	KT_ASSERT_EQ(ctx, blkdev_get(dev), 0);
	KT_EXPECT_EQ(ctx, module_delete("brd", 0), -EWOULDBLOCK);
	blkdev_put(dev);
	KT_EXPECT_EQ(ctx, module_delete("brd", 0), 0);
	KT_EXPECT(ctx, blkdev_find(name) == NULL);
}

/* The rights of the page at va in the kernel's tables: PTE_WRITE, PTE_NX. */
static pte_t page_rights(uintptr_t va)
{
	pte_t flags = 0;

	paging_translate(kernel_pgdir, va, NULL, &flags);
	return flags & (PTE_WRITE | PTE_NX | PTE_PRESENT);
}

/* Text is read and execute, data read and write without execute, and
 * nothing is both writable and executable (NX, when the CPU has it). */
KTEST(module, regions_have_their_rights)
{
	struct module *m;
	pte_t nx = paging_nx ? PTE_NX : 0;

	KT_ASSERT_EQ(ctx, load(MOD(modtest_a), ""), 0);
	mutex_lock(&module_mutex);
	m = module_find_locked("modtest_a");
	KT_ASSERT(ctx, m != NULL);
	KT_EXPECT_EQ(ctx, page_rights(m->regions[REGION_TEXT].va),
		     PTE_PRESENT);
	KT_EXPECT_EQ(ctx, page_rights(m->regions[REGION_DATA].va),
		     PTE_PRESENT | PTE_WRITE | nx);
	KT_EXPECT_EQ(ctx, m->regions[REGION_INIT_TEXT].npages, 0);
	mutex_unlock(&module_mutex);
	KT_EXPECT_EQ(ctx, module_delete("modtest_a", 0), 0);
}
