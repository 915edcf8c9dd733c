/*
 * shmem.c: shared anonymous memory, the object behind MAP_SHARED |
 * MAP_ANONYMOUS (Linux backs it with a shmem file, "/dev/zero (deleted)").
 *
 * vm_mmap_file() gives such a mapping a struct vm_shmem of the mapping's
 * size in pages.  Every VMA that maps the memory holds a reference to the
 * object, and its pgoff is the object index of its first page: fork,
 * splitting (munmap or mprotect of a part), mremap and merging copy or
 * move the reference and keep pgoff right, so every piece of every copy
 * reaches the same pages by index.  A fault (mm/vm/fault.c) asks
 * shmem_page() for the page of an index: the object's, or a zeroed one
 * made then and kept, so a page first touched after a fork, by either
 * side, is one frame for both.  An index at or past the object's size
 * (a mapping grown by mremap) has no page: SIGBUS, as on Linux.
 *
 * The object holds one reference to each of its pages, each page-table
 * entry mapping one holds another.  The last VMA to go (munmap, exit,
 * exec) drops the last reference to the object, which gives its pages
 * back (they are unmapped by then).
 *
 * Pages are found through a two-level table: a directory of leaves, each
 * leaf one frame of SHMEM_LEAF_SLOTS page pointers, made on first use, so
 * no allocation is larger than a page for any mapping size.
 *
 * Locking: the table changes under the object's spinlock, taken inside the
 * mm lock of the faulting process (two processes sharing the object fault
 * under different mm locks).  Nothing is taken inside it and nothing is
 * allocated or freed under it.  The reference count is atomic.
 *
 * System V segments (kernel/ipc/shm.c) are such objects too: the segment
 * holds one reference, each VMA attaching it another, and the segment
 * hears when a VMA goes (shmem_on_unmapped): a detach, and the end of an
 * IPC_RMID deferred until the last one.
 *
 * Interface (mm/vm/internal.h): shmem_get, shmem_page, shmem_has_page,
 * shmem_fault; (mm/vm.h) shmem_create, shmem_put, shmem_mappers,
 * shmem_npages, shmem_resident, shmem_on_unmapped, shmem_set_sysv,
 * vma_shmem_id, vma_shmem_key.
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/spinlock.h"
#include "lib/string.h"

#define SHMEM_LEAF_SLOTS	(PAGE_SIZE / sizeof(struct page *))

struct vm_shmem {
	uint32_t refcount;
	uint32_t npages;		/* size, fixed at creation */
	uint32_t id;			/* its "inode number" in maps */
	void (*on_unmapped)(int arg);	/* System V: see shmem_on_unmapped */
	int32_t sysv_key;		/* System V: the key it was made for */
	int on_unmapped_arg;
	struct spinlock lock;		/* the table */
	struct page **dir[];		/* leaves; NULL until first used */
};

static uint32_t shmem_next_id = 1;

static uint32_t shmem_dir_slots(uint32_t npages)
{
	return (npages + SHMEM_LEAF_SLOTS - 1) / SHMEM_LEAF_SLOTS;
}

struct vm_shmem *shmem_create(uint32_t npages)
{
	uint32_t slots = shmem_dir_slots(npages);
	struct vm_shmem *sh = kzalloc(sizeof(*sh) + slots * sizeof(sh->dir[0]));

	if (!sh)
		return NULL;
	sh->refcount = 1;
	sh->npages = npages;
	sh->id = __atomic_fetch_add(&shmem_next_id, 1, __ATOMIC_RELAXED);
	sh->lock = (struct spinlock)SPINLOCK_INIT;
	return sh;
}

struct vm_shmem *shmem_get(struct vm_shmem *sh)
{
	__atomic_add_fetch(&sh->refcount, 1, __ATOMIC_RELAXED);
	return sh;
}

uint32_t vma_shmem_id(const struct vma *vma)
{
	return vma->shmem ? vma->shmem->id : 0;
}

/* Give back the pages of one leaf, then the leaf itself. */
static void shmem_free_leaf(struct page **leaf)
{
	for (uint32_t i = 0; i < SHMEM_LEAF_SLOTS; i++)
		if (leaf[i])
			page_put(leaf[i]);
	page_put(virt_to_page(leaf));
}

uint32_t shmem_mappers(const struct vm_shmem *sh)
{
	return __atomic_load_n(&sh->refcount, __ATOMIC_RELAXED) - 1;
}

uint32_t shmem_npages(const struct vm_shmem *sh)
{
	return sh->npages;
}

uint32_t shmem_resident(struct vm_shmem *sh)
{
	uint32_t n = 0, flags;

	flags = spin_lock_irqsave(&sh->lock);
	for (uint32_t d = 0; d < shmem_dir_slots(sh->npages); d++)
		for (uint32_t i = 0; sh->dir[d] && i < SHMEM_LEAF_SLOTS; i++)
			n += sh->dir[d][i] != NULL;
	spin_unlock_irqrestore(&sh->lock, flags);
	return n;
}

void shmem_set_sysv(struct vm_shmem *sh, uint32_t id, int32_t key)
{
	sh->id = id;
	sh->sysv_key = key;
}

int32_t vma_shmem_key(const struct vma *vma)
{
	return vma->shmem ? vma->shmem->sysv_key : 0;
}

void shmem_on_unmapped(struct vm_shmem *sh, void (*fn)(int arg), int arg)
{
	sh->on_unmapped = fn;
	sh->on_unmapped_arg = arg;
}

/* The hook is read before the reference goes: once it has, the owner may
 * free the object at any time. */
void shmem_put(struct vm_shmem *sh)
{
	void (*fn)(int arg);
	uint32_t left;
	int arg;

	if (!sh)
		return;
	fn = sh->on_unmapped;
	arg = sh->on_unmapped_arg;
	left = __atomic_sub_fetch(&sh->refcount, 1, __ATOMIC_ACQ_REL);
	if (left && fn)
		fn(arg);
	if (left)
		return;
	for (uint32_t d = 0; d < shmem_dir_slots(sh->npages); d++)
		if (sh->dir[d])
			shmem_free_leaf(sh->dir[d]);
	kfree(sh);
}

/* The slot of index, or NULL when its leaf does not exist.  Under the
 * object's lock. */
static struct page **shmem_slot(struct vm_shmem *sh, uint32_t index)
{
	struct page **leaf = sh->dir[index / SHMEM_LEAF_SLOTS];

	return leaf ? &leaf[index % SHMEM_LEAF_SLOTS] : NULL;
}

/* The page at index with a reference for the caller, or NULL. */
static struct page *shmem_lookup(struct vm_shmem *sh, uint32_t index)
{
	struct page **slot, *pg;
	uint32_t flags;

	flags = spin_lock_irqsave(&sh->lock);
	slot = shmem_slot(sh, index);
	pg = slot ? *slot : NULL;
	if (pg)
		page_get(pg);
	spin_unlock_irqrestore(&sh->lock, flags);
	return pg;
}

/* A zeroed frame (a new page, or a new leaf), or NULL. */
static struct page *zeroed_frame(void)
{
	struct page *pg = page_alloc_user(0);

	if (pg)
		memset(page_address(pg), 0, PAGE_SIZE);
	return pg;
}

/*
 * Put *pg at index unless a page is there already, and the leaf *leaf in
 * the directory unless one is there (*leaf is not NULL when none was
 * there before the lock); what was used is set to NULL, the caller frees
 * the rest.  Returns the page at index, with a reference for
 * the caller.
 */
static struct page *shmem_install(struct vm_shmem *sh, uint32_t index,
				  struct page **pg, struct page **leaf)
{
	struct page **slot, *found;
	uint32_t flags;

	flags = spin_lock_irqsave(&sh->lock);
	if (!sh->dir[index / SHMEM_LEAF_SLOTS]) {
		__atomic_store_n(&sh->dir[index / SHMEM_LEAF_SLOTS],
				 (struct page **)page_address(*leaf),
				 __ATOMIC_RELEASE);
		*leaf = NULL;
	}
	slot = shmem_slot(sh, index);
	if (!*slot) {
		*slot = *pg;		/* the object's reference */
		*pg = NULL;
	}
	found = *slot;
	page_get(found);
	spin_unlock_irqrestore(&sh->lock, flags);
	return found;
}

/*
 * The page of index, made (zeroed) if it has none yet, with a reference
 * for the caller.  ERR_PTR(-EIO) at or past the object's size,
 * ERR_PTR(-ENOMEM).
 */
struct page *shmem_page(struct vm_shmem *sh, uint32_t index)
{
	struct page *pg, *leaf, *found;

	if (index >= sh->npages)
		return ERR_PTR(-EIO);
	found = shmem_lookup(sh, index);
	if (found)
		return found;
	pg = zeroed_frame();
	leaf = NULL;		/* leaves stay until the object goes */
	if (!__atomic_load_n(&sh->dir[index / SHMEM_LEAF_SLOTS],
			     __ATOMIC_ACQUIRE))
		leaf = zeroed_frame();
	if (!pg || (!leaf && !sh->dir[index / SHMEM_LEAF_SLOTS])) {
		if (pg)
			page_put(pg);
		if (leaf)
			page_put(leaf);
		return ERR_PTR(-ENOMEM);
	}
	found = shmem_install(sh, index, &pg, &leaf);
	if (pg)
		page_put(pg);		/* someone else made it meanwhile */
	if (leaf)
		page_put(leaf);
	return found;
}

bool shmem_has_page(struct vm_shmem *sh, uint32_t index)
{
	struct page *pg = index < sh->npages ? shmem_lookup(sh, index) : NULL;

	if (pg)
		page_put(pg);
	return pg != NULL;
}

/* Map the object's page for va of vma at *pte, which holds none.  0,
 * -EIO past the object's end (SIGBUS) or -ENOMEM. */
int shmem_fault(struct mm *mm, struct vma *vma, uintptr_t va, pte_t *pte)
{
	uint32_t index = vma->pgoff + (uint32_t)((va - vma->start) >> PAGE_SHIFT);
	struct page *pg = shmem_page(vma->shmem, index);

	if (IS_ERR(pg))
		return (int)PTR_ERR(pg);
	pte_set(pte, pte_make(page_to_phys(pg), vma_pte_flags(vma, pg)));
	mm_rss_inc(mm);
	return 0;
}
