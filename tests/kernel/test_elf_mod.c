/*
 * test_elf_mod.c: the module loader (elf/module.h) in the kernel, on the
 * real test module that tests/host/test_elf_mod*.c load on the host
 * (build/elfmod/test.ko, linked into the test kernel by
 * tests/kernel/elf_mod_image.asm).
 *
 * The regions are kmalloc'ed.  The two text regions are written through
 * the linear map (bases.mem) but run at another address (bases.addr): a
 * KMAP page mapped read-only and executable onto the same frame, as a
 * module loader with NX does.  The module's init_module then runs: it
 * calls a kernel function and reads and writes kernel data through the
 * resolver, and its own data, .bss and strings; cleanup_module writes
 * back.  A missing symbol gives -ENOENT, and a corrupted copy -ENOEXEC.
 */
#include "elf/module.h"
#include "kernel/ktest.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/pte.h"
#include "tests/host/elfmod/mod.h"

extern const uint8_t elf_mod_test_image[], elf_mod_test_image_end[];

/* What the module links against (ext_* in tests/host/elfmod/mod.h). */
static int kt_ext_counter;
static int kt_ext_table[4];

static int kt_ext_add(int a, int b)
{
	return a + b;
}

static int kt_resolve(void *ctx, const char *name, uint32_t *value)
{
	if (!strcmp(name, "ext_counter"))
		*value = (uintptr_t)&kt_ext_counter;
	else if (!strcmp(name, "ext_table"))
		*value = (uintptr_t)kt_ext_table;
	else if (!strcmp(name, "ext_add") && !ctx)
		*value = (uintptr_t)kt_ext_add;
	else
		return -ENOENT;
	return 0;
}

struct kt_mod {
	struct elf_mod m;
	struct elf_mod_sec *secs;
	struct elf_mod_bases b;
	uintptr_t exec_va[ELF_MOD_NREGIONS];	/* KMAP page, or 0 */
};

static bool kt_is_text(int r)
{
	return r == ELF_MOD_TEXT || r == ELF_MOD_INIT_TEXT;
}

/* Text: one page, run from a read-only executable alias. */
static int kt_map_text(struct kt_mod *k, int r)
{
	uintptr_t va;

	if (k->m.region[r].size > PAGE_SIZE)
		return -E2BIG;
	k->b.mem[r] = kmalloc(PAGE_SIZE);	/* a buddy page: aligned */
	va = kmap_va_alloc(1);
	if (!k->b.mem[r] || !va)
		return -ENOMEM;
	if (paging_map(kernel_pgdir, va, virt_to_phys(k->b.mem[r]), 0)) {
		kmap_va_free(va, 1);
		return -ENOMEM;
	}
	k->exec_va[r] = va;
	k->b.addr[r] = va;
	return 0;
}

static int kt_alloc(struct kt_mod *k)
{
	for (int r = 0; r < ELF_MOD_NREGIONS; r++) {
		uint32_t size = k->m.region[r].size;
		int ret;

		if (!size)
			continue;
		if (kt_is_text(r)) {
			if ((ret = kt_map_text(k, r)))
				return ret;
			continue;
		}
		/* kmalloc aligns to the size's power of two: enough here. */
		k->b.mem[r] = kmalloc(size < k->m.region[r].align ?
				      k->m.region[r].align : size);
		if (!k->b.mem[r])
			return -ENOMEM;
		k->b.addr[r] = (uintptr_t)k->b.mem[r];
	}
	return 0;
}

static void kt_free(struct kt_mod *k)
{
	for (int r = 0; r < ELF_MOD_NREGIONS; r++) {
		if (k->exec_va[r]) {
			paging_unmap(kernel_pgdir, k->exec_va[r]);
			paging_flush_page(k->exec_va[r]);
			kmap_va_free(k->exec_va[r], 1);
		}
		kfree(k->b.mem[r]);
	}
	kfree(k->secs);
}

/* Parse, lay out, allocate, copy, relocate image; 0 or the first error. */
static int kt_load(struct kt_mod *k, const void *image, size_t len, void *ctx)
{
	int ret;

	memset(k, 0, sizeof(*k));
	if ((ret = elf_mod_parse(image, len, &k->m)))
		return ret;
	k->secs = kmalloc(ELF_MOD_SECS_SIZE(&k->m));
	if (!k->secs)
		return -ENOMEM;
	if ((ret = elf_mod_layout(&k->m, k->secs)) || (ret = kt_alloc(k)) ||
	    (ret = elf_mod_copy(&k->m, &k->b)))
		return ret;
	return elf_mod_relocate(&k->m, &k->b, kt_resolve, ctx);
}

static size_t kt_image_len(void)
{
	return elf_mod_test_image_end - elf_mod_test_image;
}

KTEST(elf_mod, load_and_run)
{
	struct kt_mod k;
	uint32_t init = 0, cleanup = 0, fn = 0, bss = 0, asm_calls = 0, rel32;
	int ret;

	kt_ext_counter = 100;
	kt_ext_table[1] = 2;
	ret = kt_load(&k, elf_mod_test_image, kt_image_len(), NULL);
	KT_EXPECT_EQ(ctx, ret, 0);
	if (ret)
		goto out;
	KT_EXPECT(ctx, !strcmp(elf_mod_modinfo_get(&k.m, "license"), "GPL"));
	KT_EXPECT_EQ(ctx, elf_mod_symbol(&k.m, &k.b, "init_module", &init), 0);
	KT_EXPECT_EQ(ctx, elf_mod_symbol(&k.m, &k.b, "cleanup_module",
					 &cleanup), 0);
	KT_EXPECT_EQ(ctx, elf_mod_symbol(&k.m, &k.b, "mod_fn", &fn), 0);
	KT_EXPECT_EQ(ctx, elf_mod_symbol(&k.m, &k.b, "mod_bss_global", &bss), 0);
	KT_EXPECT_EQ(ctx, elf_mod_symbol(&k.m, &k.b, "mod_asm_calls",
					 &asm_calls), 0);
	KT_EXPECT_EQ(ctx, init, k.exec_va[ELF_MOD_INIT_TEXT]);
	/* The call's rel32, read through the writable alias. */
	rel32 = *(uint32_t *)(k.b.mem[ELF_MOD_TEXT] + (asm_calls -
			      k.b.addr[ELF_MOD_TEXT]) + MOD_ASM_CALL_PC32);
	KT_EXPECT_EQ(ctx, rel32, (uintptr_t)kt_ext_add -
		     (asm_calls + MOD_ASM_CALL_PC32 + 4));
	if (!init || !cleanup || !fn || !bss)
		goto out;
	/* 5 + 100 from its data and ours, 7 + 'b' + 2 from mod_helper. */
	KT_EXPECT_EQ(ctx, ((int (*)(void))(uintptr_t)init)(),
		     5 + 100 + 7 + 'b' + 2);
	KT_EXPECT_EQ(ctx, ((int *)(uintptr_t)bss)[1], 'h');	/* "hello" */
	KT_EXPECT(ctx, *(int (**)(int, int))(uintptr_t)fn == kt_ext_add);
	((void (*)(void))(uintptr_t)cleanup)();
	KT_EXPECT_EQ(ctx, kt_ext_counter, 7);	/* mod_init_value, copied */
out:
	kt_free(&k);
}

KTEST(elf_mod, missing_symbol)
{
	struct kt_mod k;
	int dummy;

	KT_EXPECT_EQ(ctx, kt_load(&k, elf_mod_test_image, kt_image_len(),
				  &dummy), -ENOENT);
	KT_EXPECT(ctx, k.m.error && !strcmp(k.m.error, "undefined symbol"));
	KT_EXPECT(ctx, k.m.error_name && !strcmp(k.m.error_name, "ext_add"));
	kt_free(&k);
}

KTEST(elf_mod, corrupted_copy)
{
	size_t len = kt_image_len();
	uint8_t *copy = kmalloc(len);
	struct elf32_ehdr *eh = (struct elf32_ehdr *)copy;
	struct kt_mod k;
	char line[160];

	KT_ASSERT(ctx, copy != NULL);
	memcpy(copy, elf_mod_test_image, len);
	eh->e_shnum += 1;	/* the table now runs past the end */
	KT_EXPECT_EQ(ctx, kt_load(&k, copy, len, NULL), -ENOEXEC);
	elf_mod_strerror(&k.m, line, sizeof(line));
	KT_EXPECT(ctx, !strcmp(line, "section header table outside the file"));
	kt_free(&k);
	kfree(copy);
}
