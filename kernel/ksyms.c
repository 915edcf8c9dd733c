/*
 * ksyms.c: lookups in the kernel's embedded symbol table.
 *
 * tools/ksyms.py turns the first link's symbol listing into a read-only
 * table in the .ksyms section, linked last into the final kernel.  By
 * address: ksyms_addrs holds the distinct symbol addresses in ascending
 * order, ksyms_sizes how far each one extends and ksyms_addr_names the
 * name shown for it; a binary search finds the entry containing an
 * address.  By name: ksyms_names lists every name (aliases included) with
 * the index of its address, chained into ksyms_hash_size buckets by the
 * FNV-1a hash of the name (hash_str; tools/ksyms.py computes the same).
 *
 * Interface (kernel/ksyms.h): ksym_name_of, ksym_lookup, ksym_snprint.
 * Nothing here writes memory outside the caller's buffer or takes a lock,
 * so the functions are safe in interrupt handlers and in panic().  The
 * table's format is described at the top of tools/ksyms.py.
 */
#include "kernel/ksyms.h"
#include "lib/hash.h"
#include "lib/printf.h"
#include "lib/string.h"

/*
 * Return the index of the last address entry at or below addr, or -1 when
 * addr lies below the first symbol (or the table is empty).
 */
static long ksym_find_index(uintptr_t addr)
{
	uint32_t lo = 0, hi = ksyms_num_addrs;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (ksyms_addrs[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

const char *ksym_name_of(uintptr_t addr, uintptr_t *offset)
{
	long i = ksym_find_index(addr);
	uintptr_t off;

	if (i < 0)
		return NULL;
	off = addr - ksyms_addrs[i];
	/* A zero-sized entry (only ever the last) still names its address. */
	if (off != 0 && off >= ksyms_sizes[i])
		return NULL;
	if (offset)
		*offset = off;
	return ksyms_strings + ksyms_addr_names[i];
}

bool ksym_lookup(const char *name, uintptr_t *addr)
{
	uint32_t i;

	i = ksyms_hash_buckets[hash_str(name) & (ksyms_hash_size - 1)];
	while (i != KSYMS_NONE) {
		if (strcmp(ksyms_strings + ksyms_names[i], name) == 0) {
			if (addr)
				*addr = ksyms_addrs[ksyms_name_index[i]];
			return true;
		}
		i = ksyms_hash_chain[i];
	}
	return false;
}

int ksym_snprint(char *buf, size_t len, uintptr_t addr)
{
	uintptr_t off;
	const char *name = ksym_name_of(addr, &off);

	if (name)
		return snprintf(buf, len, "%s+0x%lx", name, (unsigned long)off);
	return snprintf(buf, len, "0x%08lx", (unsigned long)addr);
}
