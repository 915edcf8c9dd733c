/*
 * rmap.c: from a file's pages back to the page-table entries mapping them.
 *
 * Every VMA that maps a file sits on the list of that file's page-cache
 * mapping (inode->mapping.mmaps).  Two users walk those lists from tasks
 * other than the VMAs' owners:
 *   - write-back, which write-protects a dirty page's shared mappings
 *     before writing it (vm_page_mkclean), so that a later store faults
 *     and dirties the page again instead of being lost;
 *   - truncation, which unmaps the pages past the new end of the file
 *     (vm_unmap_mapping), private copies included, as Linux does.
 *
 * One spinlock, the rmap lock, covers those lists, the range and pgoff of
 * every file VMA, and the page-table entries inside file VMAs: the owner
 * takes it too when it changes any of them (faults, munmap, mprotect,
 * fork, mremap, split and merge).  It is taken before the paging lock and
 * the page cache's lock, never after them.  Anonymous VMAs never need it.
 *
 * Interface (mm/vm/internal.h): rmap_lock, rmap_unlock, vma_file_attach,
 * vma_file_detach, vm_page_put; vm_page_mkclean, vm_unmap_mapping
 * (mm/vm.h).
 */
#include "mm/vm/internal.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "kernel/spinlock.h"
#include "mm/pagecache.h"

static struct spinlock rmap_spin = SPINLOCK_INIT;

uint32_t rmap_lock(void)
{
	return spin_lock_irqsave(&rmap_spin);
}

void rmap_unlock(uint32_t flags)
{
	spin_unlock_irqrestore(&rmap_spin, flags);
}

/* Drop a mapping's reference on a frame, anonymous or file data. */
void vm_page_put(struct page *pg)
{
	if (pg->flags & PAGE_FLAG_CACHE)
		pagecache_put(pg);	/* stays cached at refcount 0 */
	else
		page_put(pg);
}

static struct address_space *file_mapping(struct file *file)
{
	return &file->inode->mapping;
}

/*
 * Make vma (of mm, not yet visible to anyone else) map file from page
 * pgoff: it takes a reference to file and joins the file's list.
 */
void vma_file_attach(struct mm *mm, struct vma *vma, struct file *file,
		     uint32_t pgoff)
{
	uint32_t flags;

	file_ref_get(file);
	vma->file = file;
	vma->pgoff = pgoff;
	vma->mm = mm;
	flags = rmap_lock();
	list_add_tail(&vma->file_link, &file_mapping(file)->mmaps);
	rmap_unlock(flags);
}

/*
 * Take vma off its file's list and return the file, whose reference the
 * caller now owns (it must vfs_close it, which may sleep, outside any
 * lock); NULL for an anonymous VMA.  The walkers no longer see vma, so its
 * entries may then be changed without the rmap lock.
 */
struct file *vma_file_detach(struct vma *vma)
{
	struct file *file = vma->file;
	uint32_t flags;

	if (!file)
		return NULL;
	flags = rmap_lock();
	list_del(&vma->file_link);
	rmap_unlock(flags);
	vma->file = NULL;
	return file;
}

/* The user address of file page index in vma, or 0 when outside it. */
static uintptr_t vma_index_address(const struct vma *vma, uint32_t index)
{
	uint32_t pages = (uint32_t)((vma->end - vma->start) >> PAGE_SHIFT);

	if (index < vma->pgoff || index - vma->pgoff >= pages)
		return 0;
	return vma->start + ((uintptr_t)(index - vma->pgoff) << PAGE_SHIFT);
}

void vm_page_mkclean(struct page *pg)
{
	struct address_space *m = pg->mapping;
	struct vma *vma;
	uint32_t flags;

	if (!m)
		return;
	flags = rmap_lock();
	list_for_each_entry(vma, &m->mmaps, file_link) {
		uintptr_t va = vma_index_address(vma, pg->index);
		pte_t *pte;

		if (!va || !(vma->flags & VMA_SHARED))
			continue;
		pte = paging_user_pte(vma->mm->pgdir, va, false);
		if (pte && (*pte & PTE_PRESENT) && (*pte & PTE_WRITE) &&
		    pte_page(*pte) == pg) {
			pte_set(pte, *pte & ~PTE_WRITE);
			paging_flush_page(va);
		}
	}
	rmap_unlock(flags);
}

void vm_unmap_mapping(struct address_space *m, uint32_t from)
{
	struct vma *vma;
	uint32_t flags = rmap_lock();

	list_for_each_entry(vma, &m->mmaps, file_link) {
		uint32_t pages = (uint32_t)((vma->end - vma->start) >> PAGE_SHIFT);
		uintptr_t start = vma->start;

		if (from >= vma->pgoff + pages)
			continue;
		if (from > vma->pgoff)
			start += (uintptr_t)(from - vma->pgoff) << PAGE_SHIFT;
		vm_zap_range(vma->mm, start, vma->end);
	}
	rmap_unlock(flags);
}
