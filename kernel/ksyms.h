/*
 * ksyms.h: the kernel's own symbol table, embedded at link time.
 *
 * The kernel is linked twice; the second link adds a table that
 * tools/ksyms.py builds from the first link's `nm -n` listing (see the
 * comment at the top of that script for the exact layout).  The table is
 * indexed by address (sorted, binary search) for backtraces and the
 * profiler, and by name (FNV-1a hash) for module symbol resolution.
 *
 * Interface:
 *	ksym_name_of(addr, &off)	name of the symbol containing addr
 *	ksym_lookup(name, &addr)	address of a symbol by name, O(1)
 *	ksym_snprint(buf, len, addr)	"name+0x4c", else "0x%08x"
 * All three only read the table, so they take no lock and are safe in
 * interrupt handlers and in panic().
 */
#ifndef KERNEL_KSYMS_H
#define KERNEL_KSYMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/*
 * Return the name of the symbol whose range contains addr and store
 * addr's offset into it in *offset (when offset is not NULL).  Return NULL
 * when addr lies below the first symbol, past the end of the text or past
 * the last symbol.
 */
const char *ksym_name_of(uintptr_t addr, uintptr_t *offset);

/*
 * Find a symbol by exact name and store its address in *addr (when addr
 * is not NULL).  Return false when there is no such symbol.  When a local
 * name exists more than once, a global of that name wins, then the lowest
 * address.
 */
bool ksym_lookup(const char *name, uintptr_t *addr);

/*
 * Format addr as "name+0x4c" (the offset in lower-case hex, "+0x0" at the
 * start of a symbol), or as "0x%08x" when no symbol contains it, into buf
 * of len bytes, always NUL-terminated when len > 0.  Return the length
 * of the full text, as snprintf does: a result >= len means truncation.
 */
int ksym_snprint(char *buf, size_t len, uintptr_t addr);

/*
 * The raw table emitted by tools/ksyms.py.  Use the functions above; the
 * arrays are declared here for the table's own tests and for the
 * profiler, which walks ksyms_addrs directly.
 */
#define KSYMS_NONE	0xffffffffu	/* end of a hash chain, empty bucket */

extern const uint32_t ksyms_num_addrs;
extern const uint32_t ksyms_num_names;
extern const uint32_t ksyms_hash_size;
extern const uint32_t ksyms_addrs[];
extern const uint32_t ksyms_sizes[];
extern const uint32_t ksyms_addr_names[];
extern const uint32_t ksyms_names[];
extern const uint32_t ksyms_name_index[];
extern const uint32_t ksyms_hash_buckets[];
extern const uint32_t ksyms_hash_chain[];
extern const char ksyms_strings[];

#endif
