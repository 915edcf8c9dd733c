/*
 * filemap.c: page faults inside file VMAs.
 *
 * The file gives the page of an index (file_ops.map_page: a page-cache
 * page read if needed, or ramfs's own page), with a reference that the
 * page-table entry keeps.  Then:
 *   - a read fault maps it read-only, private or shared alike;
 *   - a write fault in a private VMA maps a copy instead (anonymous
 *     memory from then on: the file never changes), and a later write to
 *     a file page mapped read-only copies it the same way;
 *   - a write fault in a shared VMA first lets the filesystem give the
 *     page its disk blocks (page_mkwrite), then maps the file's page
 *     writable and marks it dirty in the page cache, in that order and
 *     under the rmap lock, so that write-back (which write-protects the
 *     page again before writing it, vm_page_mkclean) never misses a store.
 * A read fault also maps, read-only, the pages around it in the same
 * aligned 64 KiB window that the file has at hand (file_ops.peek_page:
 * cached and up to date), as Linux's fault-around does: a program's
 * text, read ahead into the page cache, then costs one fault per window
 * instead of one per page.
 * Faults at or past the end of the file, read errors and a full disk give
 * -EIO, which becomes SIGBUS.
 *
 * The file may sleep (disk reads, block allocation), so the entry is read
 * and rewritten under the rmap lock with the lock dropped in between: a
 * change seen on the way back (truncation unmapped the page, or took it
 * out of the file) drops what was prepared and lets the access fault
 * again.
 *
 * Interface (mm/vm/internal.h): filemap_fault.
 */
#include "mm/vm/internal.h"
#include "fs/vfs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/pagecache.h"

#define PTE_USER_RO	(PTE_PRESENT | PTE_USER)
#define FAULT_AROUND_PAGES	16	/* Linux's fault_around_bytes, 64 KiB */

static uint32_t vma_index(const struct vma *vma, uintptr_t va)
{
	return vma->pgoff + (uint32_t)((va - vma->start) >> PAGE_SHIFT);
}

/* -ENOMEM stays; every other failure of the file is a SIGBUS. */
static int bus_error(int err)
{
	return err == -ENOMEM ? err : -EIO;
}

/* The file's page for va, with a reference, or an ERR_PTR. */
static struct page *file_page(struct vma *vma, uintptr_t va)
{
	struct page *pg = vma->file->fops->map_page(vma->file,
						    vma_index(vma, va));

	return IS_ERR(pg) ? ERR_PTR(bus_error((int)PTR_ERR(pg))) : pg;
}

/* Let the filesystem prepare the page at va for stores: 0 or -Exxx. */
static int file_mkwrite(struct vma *vma, uintptr_t va)
{
	struct file *f = vma->file;
	int err;

	if (!f->fops->page_mkwrite)
		return 0;
	err = f->fops->page_mkwrite(f, vma_index(vma, va));
	return err ? bus_error(err) : 0;
}

/* A fresh anonymous copy of pg, or NULL. */
static struct page *page_copy(struct page *pg)
{
	struct page *copy = page_alloc_user(0);

	if (copy)
		memcpy(page_address(copy), page_address(pg), PAGE_SIZE);
	return copy;
}

static pte_t pte_read(pte_t *pte)
{
	uint32_t flags = rmap_lock();
	pte_t entry = *pte;

	rmap_unlock(flags);
	return entry;
}

/*
 * Map pg (a reference passed) at the empty entry *pte with flags, if the
 * entry is still empty and file_pg (the file's page it came from, maybe
 * pg itself) still holds file data; a dirty shared store also marks pg
 * dirty.  Otherwise pg's reference is dropped.  Under the rmap lock.
 */
static void install(struct mm *mm, pte_t *pte, struct page *pg,
		    struct page *file_pg, pte_t entry_flags)
{
	uint32_t flags = rmap_lock();
	bool ok = !pte_has_page(*pte) && page_is_file(file_pg);

	if (ok) {
		pte_set(pte, pte_make(page_to_phys(pg), entry_flags));
		mm_rss_inc(mm);
		if (pg == file_pg && (entry_flags & PTE_WRITE))
			pagecache_mark_dirty(pg);
	}
	rmap_unlock(flags);
	if (!ok)
		vm_page_put(pg);
}

/*
 * After a read fault at va: map the window's other pages that the file
 * has at hand and that have no entry yet, read-only (install checks,
 * under the rmap lock, that each entry is still empty and each page still
 * the file's).  The window is aligned, so it never leaves va's page table.
 */
static void fault_around(struct mm *mm, struct vma *vma, uintptr_t va)
{
	const uintptr_t span = FAULT_AROUND_PAGES * PAGE_SIZE;
	uintptr_t start = MAX(ALIGN_DOWN(va, span), vma->start);
	uintptr_t end = MIN(ALIGN_DOWN(va, span) + span, vma->end);

	if (!vma->file->fops->peek_page)
		return;
	for (uintptr_t addr = start; addr < end; addr += PAGE_SIZE) {
		pte_t *pte = addr == va ? NULL :
			     paging_user_pte(mm->pgdir, addr, false);
		struct page *pg;

		if (!pte || pte_has_page(pte_read(pte)))
			continue;
		pg = vma->file->fops->peek_page(vma->file, vma_index(vma, addr));
		if (pg)
			install(mm, pte, pg, pg, vma_pte_flags(vma, pg));
	}
}

/* No page at va yet: map the file's, or a copy of it for a private
 * store.  0 or -Exxx. */
static int fault_missing(struct mm *mm, struct vma *vma, uintptr_t va,
			 pte_t *pte, bool write)
{
	struct page *pg = file_page(vma, va), *copy;
	int err;

	if (IS_ERR(pg))
		return (int)PTR_ERR(pg);
	if (!write) {
		install(mm, pte, pg, pg, vma_pte_flags(vma, pg));
		fault_around(mm, vma, va);
		return 0;
	}
	if (!(vma->flags & VMA_SHARED)) {
		copy = page_copy(pg);
		if (copy)
			install(mm, pte, copy, pg,
				vma_pte_flags(vma, pg) | PTE_WRITE);
		vm_page_put(pg);
		return copy ? 0 : -ENOMEM;
	}
	err = file_mkwrite(vma, va);
	if (err) {
		vm_page_put(pg);
		return err;
	}
	install(mm, pte, pg, pg, vma_pte_flags(vma, pg) | PTE_WRITE);
	return 0;
}

/* The page mapped at *pte, with a reference, or NULL when there is none
 * any more or it is already writable. */
static struct page *hold_mapped(pte_t *pte)
{
	uint32_t flags = rmap_lock();
	struct page *pg = NULL;

	if ((*pte & PTE_PRESENT) && !(*pte & PTE_WRITE)) {
		pg = pte_page(*pte);
		page_get(pg);
	}
	rmap_unlock(flags);
	return pg;
}

static bool still_maps(pte_t *pte, struct page *pg)
{
	return (*pte & PTE_PRESENT) && !(*pte & PTE_WRITE) &&
	       pte_page(*pte) == pg;
}

/* Store to a read-only page of a shared VMA: dirty it, make it writable. */
static int fault_shared_write(struct vma *vma, uintptr_t va, pte_t *pte)
{
	struct page *pg = hold_mapped(pte);
	uint32_t flags;
	int err;

	if (!pg)
		return 0;
	err = file_mkwrite(vma, va);
	flags = rmap_lock();
	if (!err && still_maps(pte, pg) && page_is_file(pg)) {
		pte_set(pte, *pte | PTE_WRITE);
		pagecache_mark_dirty(pg);
	}
	rmap_unlock(flags);
	vm_page_put(pg);
	return err;
}

/*
 * Store to a read-only page of a private VMA: a file page is always
 * copied; an anonymous one is copied unless nobody else maps it.
 */
static int fault_private_write(struct vma *vma, pte_t *pte)
{
	struct page *pg, *copy;
	uint32_t flags = rmap_lock();
	bool done = false;

	if (!(*pte & PTE_PRESENT) || (*pte & PTE_WRITE)) {
		rmap_unlock(flags);		/* changed meanwhile: retry */
		return 0;
	}
	pg = pte_page(*pte);
	if (!page_is_file(pg) && pg->refcount == 1) {
		pte_set(pte, *pte | PTE_WRITE);	/* our own copy already */
		rmap_unlock(flags);
		return 0;
	}
	page_get(pg);
	rmap_unlock(flags);
	copy = page_copy(pg);
	flags = rmap_lock();
	if (copy && still_maps(pte, pg)) {
		pte_set(pte, pte_make(page_to_phys(copy),
				      vma_pte_flags(vma, copy)));
		vm_page_put(pg);		/* the entry's reference */
		done = true;
	}
	rmap_unlock(flags);
	vm_page_put(pg);
	if (copy && !done)
		page_put(copy);
	return copy ? 0 : -ENOMEM;
}

/*
 * The fault at va (page aligned) of file VMA vma, whose entry is *pte,
 * the access allowed by the VMA's protection.  0 (retry the access),
 * -EFAULT, -EIO or -ENOMEM.
 */
int filemap_fault(struct mm *mm, struct vma *vma, uintptr_t va,
		  pte_t *pte, bool write)
{
	pte_t entry = pte_read(pte);

	if (!pte_has_page(entry))
		return fault_missing(mm, vma, va, pte, write);
	if (entry & PTE_PROTNONE)
		return -EFAULT;		/* the VMA changed under a stale entry */
	if (!write || (entry & PTE_WRITE))
		return 0;
	if (vma->flags & VMA_SHARED)
		return fault_shared_write(vma, va, pte);
	return fault_private_write(vma, pte);
}
