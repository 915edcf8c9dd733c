/*
 * ldt.c: local descriptor tables (see ldt.h).
 *
 * An LDT is an array of nr 8-byte descriptors in kernel memory (so every
 * address space sees it).  GDT entry GDT_LDT describes the one loaded;
 * lldt loads it.  A write that needs more entries makes a bigger copy,
 * loads it and frees the old one with preemption off, so that no thread
 * of the process (they share the loaded LDT on this one CPU) can run
 * with the old one.
 *
 * Interface: ldt.h.
 */
#include "kernel/x86/ldt.h"
#include "lib/errno.h"
#include "kernel/x86/interrupt.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

struct ldt {
	uint32_t nr;
	uint64_t entries[];
};

static const struct ldt *ldt_loaded;

void ldt_load(const struct ldt *ldt)
{
	uint16_t sel = ldt ? SEL_LDT : 0;

	if (!ldt && !ldt_loaded)
		return;
	if (ldt)
		gdt_set_ldt((uint32_t)ldt->entries, ldt->nr * 8 - 1);
	__asm__ __volatile__("lldt %w0" : : "r"(sel) : "memory");
	ldt_loaded = ldt;
}

static struct ldt *ldt_alloc(uint32_t nr)
{
	struct ldt *ldt = kzalloc(sizeof(*ldt) + nr * sizeof(uint64_t));

	if (ldt)
		ldt->nr = nr;
	return ldt;
}

struct ldt *ldt_copy(const struct ldt *ldt)
{
	struct ldt *copy;

	if (!ldt)
		return NULL;
	copy = ldt_alloc(ldt->nr);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	memcpy(copy->entries, ldt->entries, ldt->nr * sizeof(uint64_t));
	return copy;
}

void ldt_free(struct ldt *ldt)
{
	if (!ldt)
		return;
	preempt_disable();
	if (ldt_loaded == ldt)
		ldt_load(NULL);
	preempt_enable();
	kfree(ldt);
}

int ldt_set(struct mm *mm, uint32_t index, uint64_t desc)
{
	struct ldt *old = mm->ldt, *ldt = old;

	if (!old || index >= old->nr) {
		ldt = ldt_alloc(index + 1);
		if (!ldt)
			return -ENOMEM;
		if (old)
			memcpy(ldt->entries, old->entries,
			       old->nr * sizeof(uint64_t));
	}
	preempt_disable();
	ldt->entries[index] = desc;
	mm->ldt = ldt;
	ldt_load(ldt);
	preempt_enable();
	if (old != ldt)
		kfree(old);
	return 0;
}

size_t ldt_read(struct mm *mm, void *buf, size_t size)
{
	size_t n = mm->ldt ? mm->ldt->nr * sizeof(uint64_t) : 0;

	if (n > size)
		n = size;
	if (n)
		memcpy(buf, mm->ldt->entries, n);
	return n;
}
