/*
 * test_ksyms.c: in-kernel tests of the embedded symbol table.
 *
 * They run in the test kernel, whose table comes from its own first link,
 * so the addresses of real functions and variables can be compared with
 * what the table says.
 */
#include "kernel/ksyms.h"
#include "kernel/ktest.h"
#include "lib/string.h"

/* A local data symbol of known size for the data-side lookups. */
static uint32_t ksym_test_data[4] __used;

KTEST(ksyms, table_present)
{
	KT_ASSERT(ctx, ksyms_num_addrs > 0);
	KT_EXPECT(ctx, ksyms_num_names >= ksyms_num_addrs);
	KT_EXPECT(ctx, ksyms_hash_size >= ksyms_num_names);
	KT_EXPECT_EQ(ctx, ksyms_hash_size & (ksyms_hash_size - 1), 0);
}

KTEST(ksyms, lookup_functions)
{
	uintptr_t addr = 0;

	KT_EXPECT(ctx, ksym_lookup("ksym_name_of", &addr));
	KT_EXPECT_EQ(ctx, addr, (uintptr_t)ksym_name_of);
	KT_EXPECT(ctx, ksym_lookup("ksym_lookup", &addr));
	KT_EXPECT_EQ(ctx, addr, (uintptr_t)ksym_lookup);
	KT_EXPECT(ctx, ksym_lookup("ksym_snprint", &addr));
	KT_EXPECT_EQ(ctx, addr, (uintptr_t)ksym_snprint);
	KT_EXPECT(ctx, ksym_lookup("ksym_lookup", NULL));
}

KTEST(ksyms, lookup_data)
{
	uintptr_t addr = 0, off = 1;
	const char *name;

	KT_EXPECT(ctx, ksym_lookup("ksym_test_data", &addr));
	KT_EXPECT_EQ(ctx, addr, (uintptr_t)ksym_test_data);
	name = ksym_name_of((uintptr_t)&ksym_test_data[2], &off);
	KT_ASSERT(ctx, name != NULL);
	KT_EXPECT(ctx, strcmp(name, "ksym_test_data") == 0);
	KT_EXPECT_EQ(ctx, off, 2 * sizeof(uint32_t));
}

KTEST(ksyms, lookup_missing)
{
	uintptr_t addr = 0x1234;

	KT_EXPECT(ctx, !ksym_lookup("no_such_symbol_anywhere", &addr));
	KT_EXPECT_EQ(ctx, addr, 0x1234);
	KT_EXPECT(ctx, !ksym_lookup("", &addr));
	KT_EXPECT(ctx, !ksym_lookup("ksym_name", &addr));
	KT_EXPECT(ctx, !ksym_lookup("ksym_name_of_", &addr));
	/* The table leaves out its own symbols. */
	KT_EXPECT(ctx, !ksym_lookup("ksyms_addrs", &addr));
}

KTEST(ksyms, name_of_function)
{
	uintptr_t fn = (uintptr_t)ksym_lookup, off = 1;
	const char *name;

	name = ksym_name_of(fn, &off);
	KT_ASSERT(ctx, name != NULL);
	KT_EXPECT(ctx, strcmp(name, "ksym_lookup") == 0);
	KT_EXPECT_EQ(ctx, off, 0);
	name = ksym_name_of(fn + 7, &off);
	KT_ASSERT(ctx, name != NULL);
	KT_EXPECT(ctx, strcmp(name, "ksym_lookup") == 0);
	KT_EXPECT_EQ(ctx, off, 7);
	KT_EXPECT(ctx, ksym_name_of(fn + 7, NULL) == name);
}

KTEST(ksyms, name_of_outside)
{
	uintptr_t off = 0x55;

	KT_EXPECT(ctx, ksym_name_of(0, &off) == NULL);
	KT_EXPECT_EQ(ctx, off, 0x55);
	KT_EXPECT(ctx, ksym_name_of(0xffffffff, &off) == NULL);
	/* The table itself lies past the last symbol. */
	KT_EXPECT(ctx, ksym_name_of((uintptr_t)&ksyms_num_addrs, &off) == NULL);
	KT_EXPECT(ctx, ksym_name_of((uintptr_t)ksyms_strings, &off) == NULL);
}

KTEST(ksyms, snprint)
{
	char buf[64];

	KT_EXPECT_EQ(ctx, ksym_snprint(buf, sizeof(buf),
				       (uintptr_t)ksym_lookup + 0x1c), 16);
	KT_EXPECT(ctx, strcmp(buf, "ksym_lookup+0x1c") == 0);
	KT_EXPECT_EQ(ctx, ksym_snprint(buf, sizeof(buf),
				       (uintptr_t)ksym_lookup), 15);
	KT_EXPECT(ctx, strcmp(buf, "ksym_lookup+0x0") == 0);
	KT_EXPECT_EQ(ctx, ksym_snprint(buf, sizeof(buf), 0x1000), 10);
	KT_EXPECT(ctx, strcmp(buf, "0x00001000") == 0);
}

KTEST(ksyms, snprint_truncates)
{
	char buf[8] = "xxxxxxx";

	KT_EXPECT_EQ(ctx, ksym_snprint(buf, 5, (uintptr_t)ksym_lookup), 15);
	KT_EXPECT(ctx, strcmp(buf, "ksym") == 0);
	KT_EXPECT_EQ(ctx, buf[5], 'x');
	KT_EXPECT_EQ(ctx, ksym_snprint(buf, 1, 0), 10);
	KT_EXPECT_EQ(ctx, buf[0], '\0');
	KT_EXPECT_EQ(ctx, ksym_snprint(NULL, 0, 0), 10);
}

KTEST(ksyms, addresses_sorted)
{
	uint32_t i;

	for (i = 1; i < ksyms_num_addrs; i++)
		KT_ASSERT(ctx, ksyms_addrs[i - 1] < ksyms_addrs[i]);
}

/* Every address entry names itself at offset 0. */
KTEST(ksyms, every_address_round_trips)
{
	uintptr_t off;
	uint32_t i;

	for (i = 0; i < ksyms_num_addrs; i++) {
		const char *name = ksym_name_of(ksyms_addrs[i], &off);

		KT_ASSERT(ctx, name == ksyms_strings + ksyms_addr_names[i]);
		KT_ASSERT_EQ(ctx, off, 0);
	}
}

/* Every name is found through the hash, at an address that names back. */
KTEST(ksyms, every_name_round_trips)
{
	uintptr_t addr, off;
	uint32_t i;

	for (i = 0; i < ksyms_num_names; i++) {
		const char *name = ksyms_strings + ksyms_names[i];

		KT_ASSERT(ctx, ksym_lookup(name, &addr));
		KT_ASSERT(ctx, ksym_name_of(addr, &off) != NULL);
		KT_ASSERT_EQ(ctx, off, 0);
	}
}
