/*
 * advise.c: msync, madvise and mincore over a range of an address space.
 *
 * All three walk the VMAs of a range as Linux does: a hole in the range
 * does not stop the work on the mapped parts, but the call then fails
 * with -ENOMEM.
 *   - msync: MS_SYNC writes back the files of the shared mappings in the
 *     range (their stores are already dirty pages in the page cache, see
 *     mm/vm/filemap.c), MS_ASYNC has nothing to start (the flusher writes
 *     dirty pages anyway), MS_INVALIDATE has nothing to drop (mappings
 *     always see the page cache).
 *   - madvise: MADV_DONTNEED unmaps the pages (private anonymous memory
 *     reads back as zeros, a private file mapping as the file, a shared
 *     one keeps its data in the page cache, shared anonymous memory in
 *     its object, as Linux's shmem); MADV_FREE (private anonymous memory
 *     only) does the same at once; MADV_NORMAL, RANDOM, SEQUENTIAL,
 *     WILLNEED, COLD, PAGEOUT, DONTDUMP and DODUMP are hints taken without
 *     effect.  Every other advice is -EINVAL (Linux knows more: they are
 *     not done here).
 *   - mincore: one byte per page, 1 when the page is mapped, or for a file
 *     mapping, when the file's page is in the page cache (for shared
 *     anonymous memory, when its object has the page).
 *
 * Interface (mm/vm.h): vm_msync, vm_madvise, vm_mincore.
 */
#include "mm/vm/internal.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "mm/pagecache.h"

/* The VMA after vma in its mm, or NULL. */
static struct vma *vma_next(struct mm *mm, struct vma *vma)
{
	return vma->list.next == &mm->vmas ? NULL :
	       list_entry(vma->list.next, struct vma, list);
}

static bool vma_shared_writable(const struct vma *vma)
{
	return (vma->flags & VMA_SHARED) && !(vma->flags & VMA_NOWRITE);
}

/*
 * Write back the files under [start, end) as msync(MS_SYNC) does; MS_ASYNC
 * alone stops at the first hole.  0, -ENOMEM for a hole, or the first
 * write-back error.
 */
static int msync_range(struct mm *mm, uintptr_t start, uintptr_t end,
		       uint32_t flags)
{
	struct vma *vma = vma_find_next(mm, start);
	int unmapped = 0, err;

	for (;;) {
		if (!vma)
			return -ENOMEM;
		if (start < vma->start) {
			if (flags == MS_ASYNC)
				return -ENOMEM;
			start = vma->start;
			if (start >= end)
				return -ENOMEM;
			unmapped = -ENOMEM;
		}
		start = vma->end;
		if ((flags & MS_SYNC) && vma->file && vma_shared_writable(vma)) {
			err = vfs_fsync(vma->file);
			if (err)
				return err;
		}
		if (start >= end)
			return unmapped;
		vma = vma_find_next(mm, start);
	}
}

int vm_msync(struct mm *mm, uintptr_t addr, size_t len, uint32_t flags)
{
	uintptr_t end;

	if ((flags & ~(MS_ASYNC | MS_INVALIDATE | MS_SYNC)) ||
	    !IS_ALIGNED(addr, PAGE_SIZE) ||
	    ((flags & MS_ASYNC) && (flags & MS_SYNC)))
		return -EINVAL;
	len = (len + PAGE_SIZE - 1) & PAGE_MASK;	/* wraps to 0 as Linux's */
	end = addr + len;
	if (end < addr)
		return -ENOMEM;
	if (end == addr)
		return 0;
	return msync_range(mm, addr, end, flags);
}

static bool advice_known(uint32_t advice)
{
	switch (advice) {
	case MADV_NORMAL: case MADV_RANDOM: case MADV_SEQUENTIAL:
	case MADV_WILLNEED: case MADV_DONTNEED: case MADV_FREE:
	case MADV_COLD: case MADV_PAGEOUT: case MADV_DONTDUMP:
	case MADV_DODUMP:
		return true;
	}
	return false;
}

/* Apply advice to [start, end), which lies inside vma.  0 or -EINVAL. */
static int advise_vma(struct vma *vma, uintptr_t start, uintptr_t end,
		      uint32_t advice)
{
	if (advice == MADV_FREE && (vma->file || vma->special || vma->shmem))
		return -EINVAL;
	if (advice == MADV_DONTNEED || advice == MADV_FREE)
		vma_zap(vma, start, end);
	return 0;
}

int vm_madvise(struct mm *mm, uintptr_t addr, size_t len, uint32_t advice)
{
	size_t rounded = (len + PAGE_SIZE - 1) & PAGE_MASK;
	uintptr_t end = addr + rounded, next;
	struct vma *vma;
	int unmapped = 0, err;

	if (!advice_known(advice) || !IS_ALIGNED(addr, PAGE_SIZE) ||
	    (len && !rounded) || end < addr)
		return -EINVAL;
	if (end == addr)
		return 0;
	for (vma = vma_find_next(mm, addr); ; vma = vma_next(mm, vma)) {
		if (!vma)
			return -ENOMEM;
		if (addr < vma->start) {
			unmapped = -ENOMEM;
			addr = vma->start;
			if (addr >= end)
				return unmapped;
		}
		next = MIN(vma->end, end);
		err = advise_vma(vma, addr, next, advice);
		if (err)
			return err;
		addr = next;
		if (addr >= end)
			return unmapped;
	}
}

/* Whether the page at va of vma (entry pte, maybe NULL) is resident. */
static uint8_t page_resident(struct vma *vma, uintptr_t va, pte_t *pte)
{
	struct page *pg;
	uint32_t index;

	if (pte && pte_has_page(*pte))
		return 1;
	index = vma->pgoff + (uint32_t)((va - vma->start) >> PAGE_SHIFT);
	if (vma->shmem)
		return shmem_has_page(vma->shmem, index);
	if (!vma->file)
		return 0;
	pg = pagecache_find(&vma->file->inode->mapping, index);
	if (!pg)
		return 0;
	pagecache_put(pg);
	return 1;
}

/*
 * Fill vec[i] for the pages from addr on, up to npages and the end of the
 * VMA holding addr.  Returns how many pages it did, or -ENOMEM when no VMA
 * holds addr.
 */
long vm_mincore(struct mm *mm, uintptr_t addr, size_t npages, uint8_t *vec)
{
	struct vma *vma = vma_find(mm, addr);
	size_t n;

	if (!vma)
		return -ENOMEM;
	n = MIN(npages, (size_t)((vma->end - addr) >> PAGE_SHIFT));
	for (size_t i = 0; i < n; i++) {
		uintptr_t va = addr + i * PAGE_SIZE;

		vec[i] = page_resident(vma, va,
				       paging_user_pte(mm->pgdir, va, false));
	}
	return (long)n;
}
