/*
 * limits.c: whether an address space may grow, as Linux decides it.
 * (The caller says whether the range must be backed by memory: see
 * vm_mmap_file.)
 *
 * A new mapping, or a heap that grows, of len bytes at start is refused
 * with -ENOMEM when
 *   - the address space would pass RLIMIT_AS (the sum of its mappings);
 *   - it is data (private, writable, not the stack: the heap and
 *     MAP_PRIVATE writable memory) and the process's data would pass
 *     RLIMIT_DATA;
 *   - it must be backed by memory (private writable, or shared
 *     anonymous; not with MAP_NORESERVE) and is, on its own, bigger than
 *     the machine's memory: Linux's default overcommit heuristic
 *     (vm.overcommit_memory = 0; maestro has no swap).
 * Whatever the range replaces (MAP_FIXED over older mappings) is not
 * counted twice.  The limits are read only when they are set, so the
 * usual case (both unlimited) costs no walk over the VMAs.
 *
 * Interface (mm/vm/internal.h): vm_may_map.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/rlimit.h"

static bool is_data(uint32_t prot, uint32_t vflags)
{
	return (prot & PROT_WRITE) && !(vflags & (VMA_SHARED | VMA_GROWSDOWN));
}

/* Bytes of mm's mappings (data ones only, with data) outside
 * [start, end). */
static uint64_t mapped_outside(struct mm *mm, uintptr_t start, uintptr_t end,
			       bool data)
{
	const struct vma *vma;
	uint64_t bytes = 0;

	list_for_each_entry(vma, &mm->vmas, list) {
		uintptr_t lo = MAX(vma->start, start), hi = MIN(vma->end, end);

		if (data && !is_data(vma->prot, vma->flags))
			continue;
		bytes += vma->end - vma->start;
		if (lo < hi)
			bytes -= hi - lo;
	}
	return bytes;
}

int vm_may_map(struct mm *mm, uintptr_t start, size_t len, uint32_t prot,
	       uint32_t vflags, bool backed)
{
	uint64_t as = rlimit_cur(RLIMIT_AS), data = rlimit_cur(RLIMIT_DATA);
	uintptr_t end = start + len;

	if (backed && (len >> PAGE_SHIFT) > mm_total_pages())
		return -ENOMEM;
	if (as != RLIM64_INFINITY && mapped_outside(mm, start, end, false) +
	    len > as)
		return -ENOMEM;
	if (data != RLIM64_INFINITY && is_data(prot, vflags) &&
	    mapped_outside(mm, start, end, true) + len > data)
		return -ENOMEM;
	return 0;
}
