/*
 * mremap.c: resizing and moving a mapping, as Linux's mremap.
 *
 * The range [addr, addr + old_len) must start inside one VMA:
 *   - new_len < old_len: the tail is unmapped in place;
 *   - new_len > old_len: when the range ends the VMA and the room after
 *     it is free, the VMA grows in place; otherwise, with MREMAP_MAYMOVE,
 *     the range moves to a free place (or to new_addr with MREMAP_FIXED,
 *     whatever was there being unmapped first);
 *   - MREMAP_DONTUNMAP moves the pages but leaves the old range mapped
 *     and empty (anonymous memory reads as zeros there, a file mapping
 *     reads the file again).
 * A move carries the page-table entries over, frames and copy-on-write
 * state untouched; a file VMA keeps its file and offset (pgoff follows
 * the range), and so does shared anonymous memory with its object
 * (mm/vm/shmem.c).  old_len 0 duplicates a shared mapping, of a file or
 * of anonymous memory (both copies then map the same pages); a private
 * one is refused with -EINVAL.  Grown shared anonymous memory has no
 * pages past its object's size: SIGBUS there, as on Linux.
 *
 * Errors, as Linux: -EINVAL for unknown flags, a misaligned address, a
 * zero new_len, MREMAP_FIXED without MREMAP_MAYMOVE, overlapping ranges,
 * a bad new_addr; -EFAULT when no VMA holds addr or the range crosses the
 * end of its VMA; -ENOMEM when the mapping cannot grow where it is and
 * may not move, or no room is left.
 * A special mapping (the vDSO) may move whole but not grow (-EFAULT),
 * shrink (-EINVAL: it cannot be cut), nor be left behind by
 * MREMAP_DONTUNMAP (-EINVAL), as Linux's.
 * Not done: moving several VMAs at once (Linux 6.17's MREMAP_FIXED with
 * equal lengths): the range must lie in one VMA (-EFAULT).
 *
 * Interface (mm/vm.h): vm_mremap.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"

#define MREMAP_ALL	(MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP)

struct remap {
	uintptr_t addr, new_addr;
	size_t old_len, new_len;
	uint32_t flags;
	struct vma *vma;		/* the VMA holding addr */
};

static bool remap_to_new_addr(const struct remap *r)
{
	return r->flags & (MREMAP_FIXED | MREMAP_DONTUNMAP);
}

/* The checks of the arguments alone (Linux's check_mremap_params). */
static int remap_check_args(const struct remap *r)
{
	if ((r->flags & ~MREMAP_ALL) || !IS_ALIGNED(r->addr, PAGE_SIZE) ||
	    r->new_len == 0 || r->new_len > KERNEL_BASE)
		return -EINVAL;
	if (!remap_to_new_addr(r))
		return 0;
	if (r->new_addr > KERNEL_BASE - r->new_len ||
	    !IS_ALIGNED(r->new_addr, PAGE_SIZE) ||
	    !(r->flags & MREMAP_MAYMOVE) ||
	    ((r->flags & MREMAP_DONTUNMAP) && r->old_len != r->new_len))
		return -EINVAL;
	if (r->addr + r->old_len > r->new_addr &&
	    r->new_addr + r->new_len > r->addr)
		return -EINVAL;		/* the ranges overlap */
	return 0;
}

/* The checks against the VMA (Linux's check_prep_vma). */
static int remap_check_vma(const struct remap *r)
{
	const struct vma *vma = r->vma;
	uint32_t pgoff;

	if (!vma)
		return -EFAULT;
	if (r->new_len <= r->old_len && !remap_to_new_addr(r))
		return 0;		/* shrinking or no change */
	if (r->old_len == 0 &&
	    (!(vma->flags & VMA_SHARED) || !(vma->file || vma->shmem)))
		return -EINVAL;
	if (vma->special && r->new_len > r->old_len)
		return -EFAULT;
	if (vma->special && ((r->flags & MREMAP_DONTUNMAP) ||
			     r->new_len != r->old_len || r->addr != vma->start ||
			     r->old_len != vma->end - vma->start))
		return -EINVAL;
	if (r->old_len > vma->end - r->addr)
		return -EFAULT;
	if (r->new_len == r->old_len)
		return 0;
	pgoff = vma->pgoff + (uint32_t)((r->addr - vma->start) >> PAGE_SHIFT);
	if ((vma->file || vma->shmem) &&
	    pgoff + (r->new_len >> PAGE_SHIFT) < pgoff)
		return -EINVAL;
	return 0;
}

/* Give the end of vma (of mm) a new value, under the rmap lock for a
 * file VMA. */
static void vma_set_end(struct vma *vma, uintptr_t end)
{
	uint32_t flags;

	if (!vma->file) {
		vma->end = end;
		return;
	}
	flags = rmap_lock();
	vma->end = end;
	rmap_unlock(flags);
}

/* Move the entries of [from, from + len) to [to, to + len), whose page
 * tables exist.  Under the rmap lock for file VMAs. */
static void move_entries(struct mm *mm, uintptr_t from, uintptr_t to,
			 size_t len)
{
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		pte_t *src = paging_user_pte(mm->pgdir, from + off, false);
		pte_t *dst;

		if (!src || !pte_has_page(*src))
			continue;
		dst = paging_user_pte(mm->pgdir, to + off, false);
		pte_set(dst, *src);
		pte_clear(src);
		paging_flush_page(from + off);
	}
}

/* Make sure every page table of [to, to + len) exists: 0 or -ENOMEM. */
static int prepare_tables(struct mm *mm, uintptr_t to, size_t len)
{
	for (uintptr_t va = ALIGN_DOWN(to, VM_PGTABLE_SPAN); va < to + len;
	     va += VM_PGTABLE_SPAN)
		if (!paging_user_pte(mm->pgdir, MAX(va, to), true))
			return -ENOMEM;
	return 0;
}

/* Move r's range (inside r->vma) to r->new_addr, which is free now.
 * Returns 0 or -ENOMEM (nothing moved then). */
static int move_range(struct mm *mm, struct remap *r)
{
	struct vma *old = r->vma, *vma;
	uint32_t pgoff = old->pgoff +
			 (uint32_t)((r->addr - old->start) >> PAGE_SHIFT);
	uint32_t flags;

	if (prepare_tables(mm, r->new_addr, MIN(r->old_len, r->new_len)))
		return -ENOMEM;
	vma = vma_alloc(r->new_addr, r->new_addr + r->new_len, old->prot,
			old->flags & ~VMA_BRK);
	if (!vma)
		return -ENOMEM;
	if (old->file)
		vma_file_attach(mm, vma, old->file, pgoff);
	if (old->special || old->shmem) {
		vma->special = old->special;
		vma->shmem = old->shmem ? shmem_get(old->shmem) : NULL;
		vma->pgoff = pgoff;
	}
	vma_link(mm, vma);
	flags = old->file ? rmap_lock() : 0;
	move_entries(mm, r->addr, r->new_addr, MIN(r->old_len, r->new_len));
	if (old->file)
		rmap_unlock(flags);
	if (!(r->flags & MREMAP_DONTUNMAP) && r->old_len)
		unmap_range(mm, r->addr, r->addr + r->old_len);
	merge_range(mm, r->new_addr, r->new_addr + r->new_len);
	return 0;
}

/* Grow in place when the range ends its VMA and the room after is free. */
static bool grow_in_place(struct mm *mm, struct remap *r)
{
	uintptr_t end = r->addr + r->new_len;

	if (r->addr + r->old_len != r->vma->end ||
	    !user_range_ok(r->addr, r->new_len) ||
	    !vma_range_free(mm, r->vma->end, end))
		return false;
	vma_set_end(r->vma, end);
	merge_range(mm, r->addr, end);
	return true;
}

/* Without a given new address: shrink, grow in place, or move. */
static int remap_at(struct mm *mm, struct remap *r)
{
	r->new_addr = r->addr;
	if (r->new_len == r->old_len)
		return 0;
	if (r->new_len < r->old_len)
		return unmap_range(mm, r->addr + r->new_len,
				   r->addr + r->old_len);
	if (grow_in_place(mm, r))
		return 0;
	if (!(r->flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	r->new_addr = find_gap(mm, r->new_len);
	if (!r->new_addr)
		return -ENOMEM;
	return move_range(mm, r);
}

/* To r->new_addr (MREMAP_FIXED or MREMAP_DONTUNMAP). */
static int remap_to(struct mm *mm, struct remap *r)
{
	int err = 0;

	if (r->flags & MREMAP_FIXED)
		err = unmap_range(mm, r->new_addr, r->new_addr + r->new_len);
	if (!err && r->new_len < r->old_len) {
		err = unmap_range(mm, r->addr + r->new_len,
				  r->addr + r->old_len);
		r->old_len = r->new_len;
	}
	if (err)
		return err;
	if (!(r->flags & MREMAP_FIXED)) {
		r->new_addr = find_gap(mm, r->new_len);
		if (!r->new_addr)
			return -ENOMEM;
	} else if (r->new_addr < VM_USER_MIN) {
		return -EPERM;
	}
	r->vma = vma_find(mm, r->addr);		/* may have been cut */
	return r->vma ? move_range(mm, r) : -EFAULT;
}

int vm_mremap(struct mm *mm, uintptr_t addr, size_t old_len, size_t new_len,
	      uint32_t flags, uintptr_t *new_addr)
{
	struct remap r = {
		.addr = addr, .new_addr = *new_addr, .flags = flags,
		.old_len = (old_len + PAGE_SIZE - 1) & PAGE_MASK,
		.new_len = (new_len + PAGE_SIZE - 1) & PAGE_MASK,
	};
	int err = remap_check_args(&r);

	if (err)
		return err;
	r.vma = vma_find(mm, addr);
	err = remap_check_vma(&r);
	if (!err)
		err = remap_to_new_addr(&r) ? remap_to(mm, &r)
					    : remap_at(mm, &r);
	if (!err)
		*new_addr = r.new_addr;
	return err;
}
