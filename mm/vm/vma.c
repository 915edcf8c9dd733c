/*
 * vma.c: the VMA list of an address space, and page-table edits over ranges.
 *
 * mm->vmas is a doubly linked list sorted by address; VMAs never overlap.
 * Lookups walk it (a tree can replace it when processes get hundreds of
 * mappings).  vma_link() inserts in order, vma_split() cuts one in two,
 * vma_merge_around() joins a VMA with neighbours it touches when they are
 * alike (anonymous, same protection and flags), so brk growth and
 * re-protection do not pile up VMAs.
 *
 * vm_zap_range() drops the pages of a range (one reference each, the
 * frame is freed with its last); vm_protect_range() rewrites the entries
 * of a VMA after its protection changed.  Neither touches the VMA list.
 *
 * Interface (mm/vm/internal.h): vma_alloc, vma_find_next, vma_link,
 * vma_unlink_free, vma_split, vma_merge_around, vma_range_free,
 * vma_pte_flags, vm_zap_range, vm_protect_range; vma_find (mm/vm.h).
 */
#include "mm/vm/internal.h"
#include "kernel/compiler.h"
#include "kernel/errno.h"

#define PGTABLE_SPAN	0x400000u	/* what one page table maps */

struct vma *vma_alloc(uintptr_t start, uintptr_t end, uint32_t prot,
		      uint32_t flags)
{
	struct vma *vma = kzalloc(sizeof(*vma));

	if (!vma)
		return NULL;
	vma->start = start;
	vma->end = end;
	vma->prot = prot;
	vma->flags = flags;
	return vma;
}

/* The first VMA ending above addr (it may start above addr), or NULL. */
struct vma *vma_find_next(struct mm *mm, uintptr_t addr)
{
	struct vma *vma;

	list_for_each_entry(vma, &mm->vmas, list)
		if (vma->end > addr)
			return vma;
	return NULL;
}

/* The VMA containing addr, or NULL. */
struct vma *vma_find(struct mm *mm, uintptr_t addr)
{
	struct vma *vma = vma_find_next(mm, addr);

	return vma && vma->start <= addr ? vma : NULL;
}

/* Whether no VMA meets [start, end). */
bool vma_range_free(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma = vma_find_next(mm, start);

	return !vma || vma->start >= end;
}

/* Insert vma in address order; its range must be free. */
void vma_link(struct mm *mm, struct vma *vma)
{
	struct vma *next = vma_find_next(mm, vma->start);

	list_add_tail(&vma->list, next ? &next->list : &mm->vmas);
	mm->nr_vmas++;
}

void vma_unlink_free(struct mm *mm, struct vma *vma)
{
	list_del(&vma->list);
	mm->nr_vmas--;
	kfree(vma);
}

/*
 * Cut vma at addr (strictly inside it): vma keeps [start, addr), a new VMA
 * after it takes [addr, end).  Returns 0 or -ENOMEM.
 */
int vma_split(struct mm *mm, struct vma *vma, uintptr_t addr)
{
	struct vma *tail = vma_alloc(addr, vma->end, vma->prot, vma->flags);

	if (!tail)
		return -ENOMEM;
	tail->file = vma->file;
	tail->pgoff = vma->pgoff + ((addr - vma->start) >> PAGE_SHIFT);
	vma->end = addr;
	list_add(&tail->list, &vma->list);
	mm->nr_vmas++;
	return 0;
}

static bool vma_mergeable(const struct vma *a, const struct vma *b)
{
	return a->end == b->start && !a->file && !b->file &&
	       a->prot == b->prot &&
	       (a->flags & ~VMA_BRK) == (b->flags & ~VMA_BRK);
}

/* Join vma with the VMAs just before and after it when they are alike. */
void vma_merge_around(struct mm *mm, struct vma *vma)
{
	struct vma *prev, *next;

	if (vma->list.next != &mm->vmas) {
		next = list_entry(vma->list.next, struct vma, list);
		if (vma_mergeable(vma, next)) {
			vma->end = next->end;
			vma->flags |= next->flags & VMA_BRK;
			vma_unlink_free(mm, next);
		}
	}
	if (vma->list.prev != &mm->vmas) {
		prev = list_entry(vma->list.prev, struct vma, list);
		if (vma_mergeable(prev, vma)) {
			prev->end = vma->end;
			prev->flags |= vma->flags & VMA_BRK;
			vma_unlink_free(mm, vma);
		}
	}
}

/*
 * The PTE flags a page of vma gets: user, writable when the VMA allows
 * writes and the frame is not shared copy-on-write (a private frame with
 * other references stays read-only until a write fault copies it).
 */
uint32_t vma_pte_flags(const struct vma *vma, const struct page *pg)
{
	if (vma->prot == PROT_NONE)
		return PTE_PROTNONE;
	if ((vma->prot & PROT_WRITE) &&
	    ((vma->flags & VMA_SHARED) || pg->refcount == 1))
		return PTE_PRESENT | PTE_USER | PTE_WRITE;
	return PTE_PRESENT | PTE_USER;
}

/*
 * Call fn on every user PTE holding a page in [start, end), skipping the
 * 4 MiB spans that have no page table.
 */
static void vm_walk(struct mm *mm, uintptr_t start, uintptr_t end,
		    void (*fn)(struct mm *, uint32_t *, uintptr_t, void *),
		    void *arg)
{
	uintptr_t va = start;

	while (va < end && va >= start) {
		uint32_t *pte = paging_user_pte(mm->pgdir, va, false);

		if (!pte) {
			va = ALIGN_DOWN(va, PGTABLE_SPAN) + PGTABLE_SPAN;
			continue;
		}
		if (pte_has_page(*pte))
			fn(mm, pte, va, arg);
		va += PAGE_SIZE;
	}
}

static void zap_one(struct mm *mm, uint32_t *pte, uintptr_t va,
		    void *arg __unused)
{
	struct page *pg = pte_page(*pte);

	*pte = 0;
	paging_flush_page(va);
	mm->rss--;
	page_put(pg);
}

/* Unmap and release every page in [start, end). */
void vm_zap_range(struct mm *mm, uintptr_t start, uintptr_t end)
{
	vm_walk(mm, start, end, zap_one, NULL);
}

static void protect_one(struct mm *mm __unused, uint32_t *pte, uintptr_t va,
			void *arg)
{
	struct page *pg = pte_page(*pte);

	*pte = (*pte & PTE_FRAME) | vma_pte_flags(arg, pg);
	paging_flush_page(va);
}

/* Give every page of vma the entry flags of its (new) protection. */
void vm_protect_range(struct mm *mm, struct vma *vma)
{
	vm_walk(mm, vma->start, vma->end, protect_one, vma);
}
