/*
 * vm.h: user address spaces (struct mm), their VMAs, page faults, mmap.
 *
 * An address space is a page directory from paging_pgdir_create() (the
 * kernel half shared with every other one) plus a list of VMAs sorted by
 * address, never overlapping.  Pages come on demand: vm_fault() fills a
 * zeroed frame the first time an anonymous page is touched, copies a
 * shared frame on the first write after mm_fork() (copy-on-write), and
 * extends a grows-down VMA (the stack) when a fault lands just below it.
 *
 * Layout of user space (Linux i386 style):
 *   VM_USER_MIN..           program, then the brk heap going up
 *   ..VM_MMAP_BASE          mmap() without MAP_FIXED, top-down from here
 *   VM_STACK_TOP - VM_STACK_MAX..VM_STACK_TOP   room for the stack
 *
 * Copy-on-write accounting: every frame mapped in an address space holds
 * one reference (struct page refcount) per page-table entry that maps it.
 * A private page whose frame has more than one reference is mapped
 * read-only; a write fault copies it, or just makes it writable again once
 * the other users have gone (refcount 1).  Shared VMAs (MAP_SHARED) keep
 * one frame for all and never copy.
 *
 * Locking: an address space is changed by its owner only (the process
 * holding it, or the code creating it); a per-mm lock comes with threads.
 * vm_current is the address space loaded in CR3 (mm_switch); the
 * scheduler will make it per task.
 *
 * Interface:
 *   mm_create, mm_get, mm_destroy (drop a reference), mm_fork, mm_switch,
 *   vm_fault, vm_mmap, vm_munmap, vm_mprotect, vm_brk_init, vm_brk,
 *   vm_stack_setup, vma_find, mm_rss.
 * File mappings are not done yet: vm_mmap takes anonymous memory only.
 */
#ifndef MM_VM_H
#define MM_VM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "lib/list.h"

/* Linux i386 values (mmap2, mprotect). */
#define PROT_NONE	0x0
#define PROT_READ	0x1
#define PROT_WRITE	0x2
#define PROT_EXEC	0x4
#define MAP_SHARED	0x01
#define MAP_PRIVATE	0x02
#define MAP_TYPE	0x0f
#define MAP_FIXED	0x10
#define MAP_ANONYMOUS	0x20
#define MAP_GROWSDOWN	0x0100
#define MAP_NORESERVE	0x4000
#define MAP_POPULATE	0x8000
#define MAP_STACK	0x20000
#define MAP_FIXED_NOREPLACE 0x100000

#define VM_USER_MIN	0x00010000u	/* nothing mapped below (NULL guard) */
#define VM_STACK_TOP	0xC0000000u
#define VM_STACK_MAX	0x00800000u	/* stack growth limit: 8 MiB */
#define VM_MMAP_BASE	(VM_STACK_TOP - 0x08000000u)	/* 128 MiB gap */

/* vma->flags */
#define VMA_SHARED	0x1	/* MAP_SHARED: one frame for every mapper */
#define VMA_GROWSDOWN	0x2	/* the stack: extended by faults below it */
#define VMA_BRK		0x4	/* the heap made by vm_brk */

struct file;
struct mm;

struct vma {
	struct list_head list;	/* in mm->vmas, by address */
	uintptr_t start;	/* page aligned */
	uintptr_t end;		/* exclusive, page aligned */
	uint32_t prot;		/* PROT_* */
	uint32_t flags;		/* VMA_* */
	struct file *file;	/* NULL: anonymous (the only kind for now) */
	uint32_t pgoff;		/* file offset of start, in pages */
};

struct mm {
	uint32_t *pgdir;		/* virtual address */
	struct list_head vmas;		/* sorted, disjoint */
	unsigned int nr_vmas;
	uintptr_t brk_start;		/* page aligned end of the program */
	uintptr_t brk;			/* current break (not aligned) */
	uintptr_t mmap_base;		/* top-down mmap search starts here */
	uint32_t refcount;
	size_t rss;			/* pages mapped */
};

extern struct mm *vm_current;		/* loaded in CR3; NULL: kernel's */

/* mm/vm/mm.c */
struct mm *mm_create(void);			/* NULL when out of memory */
struct mm *mm_get(struct mm *mm);		/* one more reference */
void mm_destroy(struct mm *mm);			/* drop one; free at zero */
struct mm *mm_fork(struct mm *parent);		/* COW copy; NULL: no memory */
void mm_switch(struct mm *mm);			/* NULL: kernel_pgdir */
static inline size_t mm_rss(const struct mm *mm) { return mm->rss; }

/* mm/vm/vma.c */
struct vma *vma_find(struct mm *mm, uintptr_t addr);	/* covering addr */

/* mm/vm/fault.c */
/*
 * Resolve a page fault at addr with the x86 error code (bit 0 present,
 * bit 1 write).  Returns 0 when the access may be retried; -EFAULT for an
 * address no VMA covers or an access the VMA forbids; -ENOMEM.
 */
int vm_fault(struct mm *mm, uintptr_t addr, uint32_t error);

/* mm/vm/mmap.c */
int vm_mmap(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
	    uint32_t flags);
int vm_munmap(struct mm *mm, uintptr_t addr, size_t len);
int vm_mprotect(struct mm *mm, uintptr_t addr, size_t len, uint32_t prot);
void vm_brk_init(struct mm *mm, uintptr_t start);
uintptr_t vm_brk(struct mm *mm, uintptr_t new_brk);
int vm_stack_setup(struct mm *mm, uintptr_t top, size_t size);

#endif
