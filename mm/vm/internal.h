/*
 * mm/vm/internal.h: what the files of mm/vm/ tell each other.
 *
 * A page-table entry of a user page holds its frame either present or, for
 * PROT_NONE, not present with PTE_PROTNONE set (the frame stays attached;
 * any access faults and vm_fault refuses it).  The frame is anonymous
 * memory or file data (page_is_file): a page-cache page, or a ramfs
 * page.  Entries inside file VMAs change under the rmap lock only
 * (mm/vm/rmap.c).
 * Entries are pte_t values,
 * read directly and written with pte_set/pte_clear (mm/pte.h); a page
 * without PROT_EXEC gets PTE_NX (dropped by pte_make when the CPU has no
 * NX).  Page tables cover VM_PGTABLE_SPAN bytes each.
 */
#ifndef MM_VM_INTERNAL_H
#define MM_VM_INTERNAL_H

#include "mm/mm.h"
#include "mm/internal.h"
#include "mm/vm.h"

#define PTE_PROTNONE	0x200ull	/* software bit: frame kept, no access */
#define VM_PGTABLE_SPAN	PDE_SPAN	/* what one page table maps */

static inline bool pte_has_page(pte_t pte)
{
	return pte & (PTE_PRESENT | PTE_PROTNONE);
}

static inline struct page *pte_page(pte_t pte)
{
	return pfn_to_page(pte_addr(pte) >> PAGE_SHIFT);
}

/* File data (a page-cache or ramfs page), as opposed to anonymous memory:
 * copy-on-write always copies it, and it is never made writable in a
 * private mapping. */
static inline bool page_is_file(const struct page *pg)
{
	return pg->flags & (PAGE_FLAG_CACHE | PAGE_FLAG_FILE);
}

static inline uint32_t vma_pages(const struct vma *vma)
{
	return (uint32_t)((vma->end - vma->start) >> PAGE_SHIFT);
}

/* mm/vm/rmap.c */
uint32_t rmap_lock(void);
void rmap_unlock(uint32_t flags);
void vm_page_put(struct page *pg);
void vma_file_attach(struct mm *mm, struct vma *vma, struct file *file,
		     uint32_t pgoff);
struct file *vma_file_detach(struct vma *vma);

/* mm/vm/filemap.c */
int filemap_fault(struct mm *mm, struct vma *vma, uintptr_t va,
		  pte_t *pte, bool write);

/* mm/vm/special.c */
int special_fault(struct mm *mm, struct vma *vma, uintptr_t va, pte_t *pte);

/* mm/vm/shmem.c */
struct vm_shmem *shmem_get(struct vm_shmem *sh);	/* one more reference */
struct page *shmem_page(struct vm_shmem *sh, uint32_t index);
bool shmem_has_page(struct vm_shmem *sh, uint32_t index);
int shmem_fault(struct mm *mm, struct vma *vma, uintptr_t va, pte_t *pte);

/* mm/vm/mmap.c */
int split_at(struct mm *mm, uintptr_t addr);
int unmap_range(struct mm *mm, uintptr_t start, uintptr_t end);
/* mm/vm/limits.c: may [start, start + len) be mapped with prot and vflags
 * (backed: private writable without MAP_NORESERVE, or shared anonymous)?
 * 0, or -ENOMEM past RLIMIT_AS, RLIMIT_DATA or the machine's memory. */
int vm_may_map(struct mm *mm, uintptr_t start, size_t len, uint32_t prot,
	       uint32_t vflags, bool backed);
void merge_range(struct mm *mm, uintptr_t start, uintptr_t end);
uintptr_t find_gap(struct mm *mm, size_t len);
bool user_range_ok(uintptr_t addr, size_t len);

/* One more page mapped in mm; the high-water mark follows (ru_maxrss). */
static inline void mm_rss_inc(struct mm *mm)
{
	size_t rss = __atomic_add_fetch(&mm->rss, 1, __ATOMIC_RELAXED);

	if (rss > mm->rss_hiwater)
		mm->rss_hiwater = rss;
}

/* mm/vm/vma.c */
struct vma *vma_alloc(uintptr_t start, uintptr_t end, uint32_t prot,
		      uint32_t flags);
struct vma *vma_find_next(struct mm *mm, uintptr_t addr);
void vma_link(struct mm *mm, struct vma *vma);
void vma_unlink_free(struct mm *mm, struct vma *vma);
void vma_remove(struct mm *mm, struct vma *vma);
int vma_split(struct mm *mm, struct vma *vma, uintptr_t addr);
void vma_merge_around(struct mm *mm, struct vma *vma);
bool vma_range_free(struct mm *mm, uintptr_t start, uintptr_t end);
pte_t vma_pte_flags(const struct vma *vma, const struct page *pg);
void vm_zap_range(struct mm *mm, uintptr_t start, uintptr_t end);
void vma_zap(struct vma *vma, uintptr_t start, uintptr_t end);
void vm_protect_range(struct mm *mm, struct vma *vma);
void vma_free(struct vma *vma);

#endif
