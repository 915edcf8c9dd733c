/*
 * test_exports.c: in-kernel tests of the export table (kernel/export.h):
 * exported functions and data found at their addresses, unexported and
 * absent names missed, the table consistent (gnuhash_check), and every
 * export at the address the symbol table (kernel/ksyms.h, made from the
 * same first link) gives for its name.
 */
#include "kernel/clock.h"
#include "kernel/export.h"
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "lib/string.h"
#include "mm/mm.h"

KTEST(exports, lookup_hits)
{
	uintptr_t value = 0;

	KT_EXPECT(ctx, kexport_lookup("kmalloc", &value));
	KT_EXPECT_EQ(ctx, value, (uintptr_t)kmalloc);
	KT_EXPECT(ctx, kexport_lookup("kfree", &value));
	KT_EXPECT_EQ(ctx, value, (uintptr_t)kfree);
	KT_EXPECT(ctx, kexport_lookup("jiffies", &value));
	KT_EXPECT_EQ(ctx, value, (uintptr_t)&jiffies);
	KT_EXPECT(ctx, kexport_lookup("memcpy", NULL));
}

KTEST(exports, lookup_misses)
{
	uintptr_t value = 0x1234;

	/* A global function that is not exported. */
	KT_ASSERT(ctx, ksym_lookup("kexport_lookup", NULL));
	KT_EXPECT(ctx, !kexport_lookup("kexport_lookup", &value));
	KT_EXPECT(ctx, !kexport_lookup("no_such_symbol_anywhere", &value));
	KT_EXPECT(ctx, !kexport_lookup("kmallo", &value));
	KT_EXPECT(ctx, !kexport_lookup("kmalloc_", &value));
	KT_EXPECT(ctx, !kexport_lookup("", &value));
	KT_EXPECT_EQ(ctx, value, 0x1234);
}

KTEST(exports, table_consistent)
{
	const struct gnuhash_table *t = &ksyms_exports;

	KT_EXPECT_EQ(ctx, gnuhash_check(t), 0);
	KT_EXPECT(ctx, t->nsyms >= 30);
	for (uint32_t i = 0; i < t->nsyms; i++) {
		uintptr_t addr = 0;

		KT_EXPECT(ctx, ksym_lookup(t->syms[i].name, &addr));
		KT_EXPECT_EQ(ctx, addr, t->syms[i].value);
		KT_EXPECT(ctx, gnuhash_find(t, t->syms[i].name) == &t->syms[i]);
	}
}
