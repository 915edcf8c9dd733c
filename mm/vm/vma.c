/*
 * vma.c: the VMA list of an address space, and page-table edits over ranges.
 *
 * mm->vmas is a doubly linked list sorted by address; VMAs never overlap.
 * Lookups walk it (a tree can replace it when processes get hundreds of
 * mappings).  vma_link() inserts in order, vma_split() cuts one in two,
 * vma_merge_around() joins a VMA with neighbours it touches when they are
 * alike (same protection and flags; anonymous, or the same file, special
 * object or shared anonymous memory at following offsets), so brk growth
 * and re-protection do not pile up VMAs.  A file VMA's split, merge and
 * removal keep its file's list and references right (mm/vm/rmap.c), and
 * a shared anonymous VMA's keep the references to its object
 * (mm/vm/shmem.c).
 *
 * vm_zap_range() drops the pages of a range (one reference each, the
 * frame is freed with its last); vma_zap() does it inside one VMA, under
 * the rmap lock for a file VMA; vm_protect_range() rewrites the entries
 * of a VMA after its protection changed.  None touches the VMA list.
 *
 * Interface (mm/vm/internal.h): vma_alloc, vma_free, vma_find_next,
 * vma_link, vma_unlink_free, vma_split, vma_merge_around, vma_range_free,
 * vma_pte_flags, vm_zap_range, vma_zap, vm_protect_range; vma_find
 * (mm/vm.h).
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "fs/vfs.h"

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
	list_init(&vma->file_link);
	return vma;
}

/* Free a VMA off every list: its file or shared anonymous memory (if any)
 * loses the reference, which may sleep. */
void vma_free(struct vma *vma)
{
	struct file *file = vma_file_detach(vma);

	shmem_put(vma->shmem);
	kfree(vma);
	if (file)
		vfs_close(file);
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

	vma->mm = mm;
	list_add_tail(&vma->list, next ? &next->list : &mm->vmas);
	mm->nr_vmas++;
}

/* Take vma out of mm and free it (see vma_free); its pages must be gone. */
void vma_unlink_free(struct mm *mm, struct vma *vma)
{
	list_del(&vma->list);
	mm->nr_vmas--;
	vma_free(vma);
}

/*
 * Unmap all of vma and free it: a file VMA leaves its file's list first,
 * so that its entries are its owner's alone while they go.  May sleep.
 */
void vma_remove(struct mm *mm, struct vma *vma)
{
	struct file *file = vma_file_detach(vma);

	vm_zap_range(mm, vma->start, vma->end);
	vma_unlink_free(mm, vma);
	if (file)
		vfs_close(file);
}

/*
 * Cut vma at addr (strictly inside it): vma keeps [start, addr), a new VMA
 * after it takes [addr, end).  Returns 0, -ENOMEM, or -EINVAL for a
 * special VMA, which is used whole or not at all (as Linux's).
 */
int vma_split(struct mm *mm, struct vma *vma, uintptr_t addr)
{
	struct vma *tail;
	uint32_t flags;

	if (vma->special)
		return -EINVAL;
	tail = vma_alloc(addr, vma->end, vma->prot, vma->flags);
	if (!tail)
		return -ENOMEM;
	tail->mm = mm;
	tail->pgoff = vma->pgoff + (uint32_t)((addr - vma->start) >> PAGE_SHIFT);
	if (vma->shmem)
		tail->shmem = shmem_get(vma->shmem);
	list_add(&tail->list, &vma->list);
	mm->nr_vmas++;
	if (!vma->file) {
		vma->end = addr;
		return 0;
	}
	file_ref_get(vma->file);
	tail->file = vma->file;
	flags = rmap_lock();
	vma->end = addr;
	list_add(&tail->file_link, &vma->file_link);
	rmap_unlock(flags);
	return 0;
}

static bool vma_mergeable(const struct vma *a, const struct vma *b)
{
	bool object = a->file || a->special || a->shmem;

	return a->end == b->start && a->file == b->file &&
	       a->special == b->special && a->shmem == b->shmem &&
	       (!object || a->pgoff + vma_pages(a) == b->pgoff) &&
	       a->prot == b->prot &&
	       (a->flags & ~VMA_BRK) == (b->flags & ~VMA_BRK);
}

/* Extend a over b, which follows it, and free b. */
static void vma_absorb(struct mm *mm, struct vma *a, struct vma *b)
{
	uint32_t flags;

	a->flags |= b->flags & VMA_BRK;
	if (!a->file) {
		a->end = b->end;
	} else {
		flags = rmap_lock();
		a->end = b->end;
		list_del(&b->file_link);
		rmap_unlock(flags);
		b->file = NULL;
		vfs_close(a->file);		/* b's reference; a holds one */
	}
	vma_unlink_free(mm, b);
}

/* Join vma with the VMAs just before and after it when they are alike. */
void vma_merge_around(struct mm *mm, struct vma *vma)
{
	struct vma *prev, *next;

	if (vma->list.next != &mm->vmas) {
		next = list_entry(vma->list.next, struct vma, list);
		if (vma_mergeable(vma, next))
			vma_absorb(mm, vma, next);
	}
	if (vma->list.prev != &mm->vmas) {
		prev = list_entry(vma->list.prev, struct vma, list);
		if (vma_mergeable(prev, vma))
			vma_absorb(mm, prev, vma);
	}
}

/*
 * The PTE flags a page of vma gets: user, writable when the VMA allows
 * writes and the frame is anonymous memory not shared copy-on-write (a
 * private frame with other references stays read-only until a write fault
 * copies it).  File data is never made writable here: a private mapping
 * copies it on the first write, a shared one lets the write fault dirty
 * it in the page cache first (mm/vm/filemap.c).
 * Not executable without PROT_EXEC.
 */
pte_t vma_pte_flags(const struct vma *vma, const struct page *pg)
{
	pte_t flags = PTE_PRESENT | PTE_USER;

	if (vma->prot == PROT_NONE)
		return PTE_PROTNONE;
	if ((vma->prot & PROT_WRITE) && !page_is_file(pg) &&
	    ((vma->flags & VMA_SHARED) || pg->refcount == 1))
		flags |= PTE_WRITE;
	if (!(vma->prot & PROT_EXEC))
		flags |= PTE_NX;
	return flags;
}

/*
 * Call fn on every user PTE holding a page in [start, end), skipping the
 * spans that have no page table.
 */
static void vm_walk(struct mm *mm, uintptr_t start, uintptr_t end,
		    void (*fn)(struct mm *, pte_t *, uintptr_t, void *),
		    void *arg)
{
	uintptr_t va = start;

	while (va < end && va >= start) {
		pte_t *pte = paging_user_pte(mm->pgdir, va, false);

		if (!pte) {
			va = ALIGN_DOWN(va, VM_PGTABLE_SPAN) + VM_PGTABLE_SPAN;
			continue;
		}
		if (pte_has_page(*pte))
			fn(mm, pte, va, arg);
		va += PAGE_SIZE;
	}
}

static void zap_one(struct mm *mm, pte_t *pte, uintptr_t va,
		    void *arg __unused)
{
	struct page *pg = pte_page(*pte);

	pte_clear(pte);
	paging_flush_page(va);
	__atomic_sub_fetch(&mm->rss, 1, __ATOMIC_RELAXED);
	vm_page_put(pg);
}

/* Unmap and release every page in [start, end). */
void vm_zap_range(struct mm *mm, uintptr_t start, uintptr_t end)
{
	vm_walk(mm, start, end, zap_one, NULL);
}

/* The same inside vma, under the rmap lock when vma maps a file. */
void vma_zap(struct vma *vma, uintptr_t start, uintptr_t end)
{
	uint32_t flags;

	if (!vma->file) {
		vm_zap_range(vma->mm, start, end);
		return;
	}
	flags = rmap_lock();
	vm_zap_range(vma->mm, start, end);
	rmap_unlock(flags);
}

static void protect_one(struct mm *mm __unused, pte_t *pte, uintptr_t va,
			void *arg)
{
	struct page *pg = pte_page(*pte);

	pte_set(pte, pte_make(pte_addr(*pte), vma_pte_flags(arg, pg)));
	paging_flush_page(va);
}

/* Give every page of vma the entry flags of its (new) protection. */
void vm_protect_range(struct mm *mm, struct vma *vma)
{
	uint32_t flags = vma->file ? rmap_lock() : 0;

	vm_walk(mm, vma->start, vma->end, protect_one, vma);
	if (vma->file)
		rmap_unlock(flags);
}
