/*
 * kmalloc.c: the kernel heap.
 *
 * Requests up to KMALLOC_MAX_SMALL bytes are rounded up to a power-of-two
 * size class (16..2048).  Each class carves single pages into equal slots;
 * a page's free slots are chained through their first word (page->slab_free)
 * and the pages that still have a free slot sit on the class's partial
 * list.  A page whose last object is freed goes back to the buddy
 * allocator.  Larger requests get a whole buddy block.  Either way the
 * head page is marked PAGE_FLAG_SLAB and records its class (or
 * KMALLOC_CLASS_LARGE), so kfree() finds everything from the address.
 * One spinlock guards the lists; kmalloc and kfree are safe in interrupts.
 * It also guards two counters, the objects handed out and the bytes their
 * slots take (kmalloc_usage): /proc/vmstat shows them, and the resource
 * test compares them before and after a thousand processes.
 *
 * Debug mode ("kmalloc_debug" on the command line, or kmalloc_debug_set)
 * gives every object a slot laid out as
 *	[ object | redzone (>= 4 bytes of 0xbb) | trailer ]
 * where the trailer holds a state magic, the requested size and the
 * allocating caller.  New objects are filled with 0x5a, freed ones with
 * 0x6b.  kfree() then detects double frees (state), overruns (redzone) and
 * writes after free (poison checked when the slot is handed out again),
 * reports each with pr_err and the caller's address and counts it in
 * kmalloc_debug_errors; a double free is otherwise ignored.  Pages record
 * whether their slots have this layout (PAGE_FLAG_KDEBUG), so the mode can
 * change at run time.  A pointer that is not a kmalloc object is always
 * detected and reported, in either mode.
 *
 * Interface (mm/mm.h): kmalloc, kzalloc, kfree, kmalloc_debug_set,
 * kmalloc_check, kmalloc_debug_errors, kmalloc_usage.
 */
#include "mm/mm.h"
#include "kernel/export.h"
#include "kernel/prof/prof.h"
#include "mm/internal.h"
#include "kernel/cmdline.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/ksyms.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "lib/string.h"

#define KMALLOC_MIN_SHIFT	4
#define KMALLOC_NR_CLASSES	8		/* 16 << 7 == 2048 */
#define KMALLOC_CLASS_LARGE	0xff

#define KMALLOC_MAGIC_LIVE	0x4c4d4b21u
#define KMALLOC_MAGIC_FREE	0x464d4b21u
#define KMALLOC_REDZONE_MIN	4u

/* The end of every debug-mode slot. */
struct kmalloc_trailer {
	uint32_t magic;
	uint32_t size;		/* bytes the caller asked for */
	uintptr_t caller;	/* who allocated it */
};

#define KMALLOC_DEBUG_EXTRA	(KMALLOC_REDZONE_MIN + \
				 sizeof(struct kmalloc_trailer))

/* Partial pages of each class, for normal [0] and debug [1] layouts. */
static struct list_head kmalloc_partial[KMALLOC_NR_CLASSES][2];
static struct spinlock kmalloc_lock = SPINLOCK_INIT;
static bool kmalloc_debug;
static size_t kmalloc_nr_objects, kmalloc_nr_bytes;
unsigned long kmalloc_debug_errors;

static int kmalloc_debug_param(const char *value)
{
	if (!strcmp(value, "") || !strcmp(value, "1") || !strcmp(value, "on"))
		kmalloc_debug = true;
	else if (!strcmp(value, "0") || !strcmp(value, "off"))
		kmalloc_debug = false;
	else
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(kmalloc_debug, kmalloc_debug_param);

void kmalloc_init(void)
{
	unsigned int i;

	for (i = 0; i < KMALLOC_NR_CLASSES; i++) {
		list_init(&kmalloc_partial[i][0]);
		list_init(&kmalloc_partial[i][1]);
	}
	if (kmalloc_debug)
		pr_info("kmalloc: debug mode (poison, redzones, double-free "
			"checks)\n");
}

bool kmalloc_debug_set(bool on)
{
	bool old = kmalloc_debug;

	WRITE_ONCE(kmalloc_debug, on);
	return old;
}

static size_t class_size(unsigned int cls)
{
	return (size_t)1 << (cls + KMALLOC_MIN_SHIFT);
}

/* Smallest class holding n bytes (1 <= n <= KMALLOC_MAX_SMALL). */
static unsigned int class_of(size_t n)
{
	if (n <= class_size(0))
		return 0;
	return 32 - __builtin_clz((unsigned int)n - 1) - KMALLOC_MIN_SHIFT;
}

/* Smallest buddy order holding n bytes, PAGE_MAX_ORDER when too big. */
static unsigned int order_of(size_t n)
{
	unsigned int order = 0;

	while (order < PAGE_MAX_ORDER && ((size_t)PAGE_SIZE << order) < n)
		order++;
	return order;
}

/* Size of the slot (small) or block (large) that pg's objects occupy. */
static size_t slot_size(const struct page *pg)
{
	if (pg->slab_class == KMALLOC_CLASS_LARGE)
		return (size_t)PAGE_SIZE << pg->order;
	return class_size(pg->slab_class);
}

static struct kmalloc_trailer *trailer_of(const void *obj, size_t slot)
{
	return (struct kmalloc_trailer *)((char *)obj + slot -
					  sizeof(struct kmalloc_trailer));
}

/* Whether p lies in the page of pg at a slot boundary of its class. */
static bool kmalloc_slot_ok(const struct page *pg, const void *p)
{
	uintptr_t base = (uintptr_t)page_address(pg);

	if ((uintptr_t)p < base || (uintptr_t)p >= base + PAGE_SIZE)
		return false;
	return ((uintptr_t)p - base) % class_size(pg->slab_class) == 0;
}

/* ---- debug layout ---------------------------------------------------- */

/*
 * State of a debug-mode object: 0, -ENOENT (freed), -EUCLEAN (trailer
 * corrupted) or -EOVERFLOW (redzone overwritten).
 */
static int kmalloc_debug_state(const struct page *pg, const void *obj)
{
	size_t slot = slot_size(pg);
	const struct kmalloc_trailer *t = trailer_of(obj, slot);
	size_t zone;

	if (t->magic == KMALLOC_MAGIC_FREE)
		return -ENOENT;
	if (t->magic != KMALLOC_MAGIC_LIVE ||
	    t->size > slot - KMALLOC_DEBUG_EXTRA)
		return -EUCLEAN;
	zone = slot - sizeof(*t) - t->size;
	if (memchr_inv((const char *)obj + t->size, KMALLOC_POISON_REDZONE,
		       zone))
		return -EOVERFLOW;
	return 0;
}

/* Lay out a fresh debug-mode object of size bytes in its slot. */
static void kmalloc_debug_arm(void *obj, size_t slot, size_t size,
			      uintptr_t caller)
{
	struct kmalloc_trailer *t = trailer_of(obj, slot);

	memset(obj, KMALLOC_POISON_INUSE, size);
	memset((char *)obj + size, KMALLOC_POISON_REDZONE,
	       slot - sizeof(*t) - size);
	t->magic = KMALLOC_MAGIC_LIVE;
	t->size = size;
	t->caller = caller;
}

/* Poison a freed debug-mode object and mark it free. */
static void kmalloc_debug_poison(void *obj, size_t slot)
{
	struct kmalloc_trailer *t = trailer_of(obj, slot);

	memset(obj, KMALLOC_POISON_FREE, slot - sizeof(*t));
	t->magic = KMALLOC_MAGIC_FREE;
}

static void kmalloc_report(const char *what, const void *p, uintptr_t caller)
{
	char name[64];

	kmalloc_debug_errors++;
	ksym_snprint(name, sizeof(name), caller);
	pr_err("kmalloc: %s: object %p, from %s\n", what, p, name);
}

/*
 * A free debug slot about to be handed out: report when its poison was
 * written after it was freed.  The first word is the free-list link.
 */
static void kmalloc_debug_check_free(const struct page *pg, const void *obj,
				     uintptr_t caller)
{
	size_t slot = slot_size(pg);
	size_t n = slot - sizeof(struct kmalloc_trailer) - sizeof(void *);
	const char *body = (const char *)obj + sizeof(void *);

	if (trailer_of(obj, slot)->magic != KMALLOC_MAGIC_FREE ||
	    memchr_inv(body, KMALLOC_POISON_FREE, n))
		kmalloc_report("written after free", obj, caller);
}

/* ---- pages and slots ------------------------------------------------- */

/*
 * A fresh page for class cls with every slot on its free list, or NULL.
 * Caller holds kmalloc_lock.
 */
static struct page *kmalloc_new_page(unsigned int cls, bool debug)
{
	struct page *pg = page_alloc(0);
	size_t size = class_size(cls), off;
	char *base;

	if (!pg)
		return NULL;
	base = page_address(pg);
	pg->flags |= PAGE_FLAG_SLAB | (debug ? PAGE_FLAG_KDEBUG : 0);
	pg->slab_class = cls;
	pg->slab_inuse = 0;
	pg->slab_free = NULL;
	for (off = PAGE_SIZE; off >= size; off -= size) {
		void *obj = base + off - size;

		if (debug)
			kmalloc_debug_poison(obj, size);
		*(void **)obj = pg->slab_free;
		pg->slab_free = obj;
	}
	return pg;
}

/*
 * Take the first free slot of pg.  A free-list link that points outside
 * the page's slots (a write after free) is reported and the rest of the
 * page's free slots are abandoned.  Caller holds kmalloc_lock.
 */
static void *kmalloc_take_slot(struct page *pg, uintptr_t caller)
{
	void **obj = pg->slab_free;
	void *next = *obj;

	if (next && !kmalloc_slot_ok(pg, next)) {
		kmalloc_report("free-list link overwritten after free", obj,
			       caller);
		next = NULL;
	}
	pg->slab_free = next;
	pg->slab_inuse++;
	if (!next)
		list_del(&pg->list);
	return obj;
}

static void *kmalloc_small(unsigned int cls, bool debug, uintptr_t caller)
{
	struct list_head *partial = &kmalloc_partial[cls][debug];
	struct page *pg;
	uint32_t flags;
	void *obj;

	flags = spin_lock_irqsave(&kmalloc_lock);
	if (list_empty(partial)) {
		pg = kmalloc_new_page(cls, debug);
		if (!pg) {
			spin_unlock_irqrestore(&kmalloc_lock, flags);
			return NULL;
		}
		list_add(&pg->list, partial);
	}
	pg = list_first_entry(partial, struct page, list);
	obj = kmalloc_take_slot(pg, caller);
	kmalloc_nr_objects++;
	kmalloc_nr_bytes += class_size(cls);
	spin_unlock_irqrestore(&kmalloc_lock, flags);
	if (debug)
		kmalloc_debug_check_free(pg, obj, caller);
	return obj;
}

static void *kmalloc_large(size_t n, bool debug)
{
	struct page *pg = page_alloc(order_of(n));
	uint32_t flags;

	if (!pg)
		return NULL;
	pg->flags |= PAGE_FLAG_SLAB | (debug ? PAGE_FLAG_KDEBUG : 0);
	pg->slab_class = KMALLOC_CLASS_LARGE;
	flags = spin_lock_irqsave(&kmalloc_lock);
	kmalloc_nr_objects++;
	kmalloc_nr_bytes += slot_size(pg);
	spin_unlock_irqrestore(&kmalloc_lock, flags);
	return page_address(pg);
}

static void *kmalloc_caller(size_t size, uintptr_t caller)
{
	bool debug = READ_ONCE(kmalloc_debug);
	size_t need = size ? size : 1;
	void *obj;

	if (debug) {
		if (need > SIZE_MAX - KMALLOC_DEBUG_EXTRA)
			return NULL;
		need += KMALLOC_DEBUG_EXTRA;
	}
	if (need <= KMALLOC_MAX_SMALL)
		obj = kmalloc_small(class_of(need), debug, caller);
	else
		obj = kmalloc_large(need, debug);
	if (obj && debug)
		kmalloc_debug_arm(obj, slot_size(virt_to_page(obj)), size,
				  caller);
	return obj;
}

/*
 * Allocate size bytes, aligned to the smaller of their class and a page.
 * kmalloc(0) returns a valid object of its own.  NULL when out of memory.
 */
void *kmalloc(size_t size)
{
	void *p = kmalloc_caller(size, (uintptr_t)__builtin_return_address(0));

	prof_alloc(PROF_ALLOC_KMALLOC, p, size);
	return p;
}
EXPORT_SYMBOL(kmalloc);

/* kmalloc, with the object zeroed. */
void *kzalloc(size_t size)
{
	void *p = kmalloc_caller(size, (uintptr_t)__builtin_return_address(0));

	prof_alloc(PROF_ALLOC_KMALLOC, p, size);
	if (p)
		memset(p, 0, size);
	return p;
}
EXPORT_SYMBOL(kzalloc);

/* ---- freeing --------------------------------------------------------- */

/* The head page of the kmalloc object at p, or NULL when p is not one. */
static struct page *kmalloc_page_of(const void *p)
{
	struct page *pg = virt_to_page(p);

	if (!pg || !(pg->flags & PAGE_FLAG_SLAB))
		return NULL;
	if (pg->slab_class == KMALLOC_CLASS_LARGE)
		return p == page_address(pg) ? pg : NULL;
	if (pg->slab_class >= KMALLOC_NR_CLASSES)
		return NULL;
	return kmalloc_slot_ok(pg, p) ? pg : NULL;
}

/* Give pg back to the buddy allocator.  Caller holds kmalloc_lock. */
static void kmalloc_release_page(struct page *pg)
{
	pg->flags &= ~(PAGE_FLAG_SLAB | PAGE_FLAG_KDEBUG);
	pg->slab_free = NULL;
	page_free(pg, pg->order);
}

/* Put p back on its page's free list.  Caller holds kmalloc_lock. */
static void kmalloc_free_slot(struct page *pg, void *p)
{
	bool debug = pg->flags & PAGE_FLAG_KDEBUG;
	bool was_full = !pg->slab_free;

	*(void **)p = pg->slab_free;
	pg->slab_free = p;
	pg->slab_inuse--;
	if (pg->slab_inuse == 0) {
		if (!was_full)
			list_del(&pg->list);
		kmalloc_release_page(pg);
	} else if (was_full) {
		list_add(&pg->list, &kmalloc_partial[pg->slab_class][debug]);
	}
}

/*
 * Debug checks of kfree.  Returns false when the object must not be freed
 * (a double free); reports every problem.  Caller holds kmalloc_lock.
 */
static bool kmalloc_debug_free_ok(struct page *pg, void *p, uintptr_t caller)
{
	const struct kmalloc_trailer *t = trailer_of(p, slot_size(pg));
	char name[64];

	switch (kmalloc_debug_state(pg, p)) {
	case 0:
		return true;
	case -ENOENT:
		kmalloc_report("double free", p, caller);
		return false;
	case -EOVERFLOW:
		kmalloc_report("overrun (redzone overwritten)", p, caller);
		ksym_snprint(name, sizeof(name), t->caller);
		pr_err("kmalloc: the object has %u bytes, allocated by %s\n",
		       (unsigned int)t->size, name);
		return true;
	default:
		kmalloc_report("overrun or bad pointer (trailer overwritten)",
			       p, caller);
		return true;
	}
}

void kfree(void *p)
{
	uintptr_t caller = (uintptr_t)__builtin_return_address(0);
	struct page *pg;
	uint32_t flags;

	if (!p)
		return;
	prof_free(PROF_ALLOC_KMALLOC, p);
	flags = spin_lock_irqsave(&kmalloc_lock);
	pg = kmalloc_page_of(p);
	if (!pg) {
		kmalloc_report("kfree of a pointer kmalloc did not return", p,
			       caller);
	} else if (pg->slab_class != KMALLOC_CLASS_LARGE &&
		   pg->slab_inuse == 0) {
		kmalloc_report("double free", p, caller);
	} else if (!(pg->flags & PAGE_FLAG_KDEBUG) ||
		   kmalloc_debug_free_ok(pg, p, caller)) {
		if (pg->flags & PAGE_FLAG_KDEBUG)
			kmalloc_debug_poison(p, slot_size(pg));
		kmalloc_nr_objects--;
		kmalloc_nr_bytes -= slot_size(pg);
		if (pg->slab_class == KMALLOC_CLASS_LARGE)
			kmalloc_release_page(pg);
		else
			kmalloc_free_slot(pg, p);
	}
	spin_unlock_irqrestore(&kmalloc_lock, flags);
}
EXPORT_SYMBOL(kfree);

int kmalloc_check(const void *p)
{
	struct page *pg;
	uint32_t flags;
	int ret = 0;

	flags = spin_lock_irqsave(&kmalloc_lock);
	pg = kmalloc_page_of(p);
	if (!pg)
		ret = -EINVAL;
	else if (pg->flags & PAGE_FLAG_KDEBUG)
		ret = kmalloc_debug_state(pg, p);
	spin_unlock_irqrestore(&kmalloc_lock, flags);
	return ret;
}

/* The objects handed out and the bytes their slots take, read together. */
void kmalloc_usage(size_t *objects, size_t *bytes)
{
	uint32_t flags = spin_lock_irqsave(&kmalloc_lock);

	*objects = kmalloc_nr_objects;
	*bytes = kmalloc_nr_bytes;
	spin_unlock_irqrestore(&kmalloc_lock, flags);
}
