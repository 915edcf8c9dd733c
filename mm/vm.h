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
 * the other users have gone (refcount 1).  Shared anonymous VMAs
 * (MAP_SHARED) keep one frame for all and never copy: their pages belong
 * to an object (struct vm_shmem, mm/vm/shmem.c) that every VMA mapping
 * them holds, fork's copies included, and faults take them from it by
 * index (pgoff), so a page first touched after a fork is still shared.
 *
 * File mappings (vm_mmap_file): a VMA with a file holds a reference to
 * it, and pgoff, the file page its start maps.  Faults ask the file for
 * its page (file_ops.map_page: the page-cache page, or ramfs's own).  A
 * private mapping maps it read-only and copies it on the first write (the
 * file never changes); a shared one maps the file's page itself, writable
 * only after a write fault has dirtied it in the page cache, so that
 * write-back, msync, fsync and sync write what was stored through the
 * mapping.  Faults at or past the end of the file fail with -EIO
 * (SIGBUS).  Every file VMA is on its file's mapping->mmaps list, which
 * lets write-back write-protect a page again (vm_page_mkclean) and
 * truncation unmap what lies past the new end (vm_unmap_mapping).
 *
 * Special mappings (vm_map_special: the vDSO): a VMA whose pages are
 * frames the kernel keeps for ever (struct vm_special), page i of the VMA
 * being special->pages[pgoff + i].  A fault maps that frame again
 * (never a zeroed one), read-only since the kernel holds a reference: a
 * write, once mprotect allowed one, copies it as copy-on-write does.
 * Fork shares the frames; munmap, mprotect, MADV_DONTNEED and a move by
 * mremap work as on any mapping, but only on the whole VMA: cutting one
 * is -EINVAL, growing one -EFAULT (as Linux's special mappings, which
 * refuse to split and are VM_DONTEXPAND).  Such a VMA never merges.
 *
 * Execution: a page can be executed only with PROT_EXEC (on a CPU with
 * NX; without it, every readable page can), as on Linux: ELF segments
 * with PF_X, the stack when PT_GNU_STACK asks for it, and with
 * mm->read_implies_exec every readable mapping and the heap.
 *
 * Locking: the threads of a process (and a vfork child) share one
 * address space, so its VMAs and page tables change under its lock,
 * mm->lock, a mutex (faults may sleep), taken with mm_lock()/mm_unlock()
 * by the callers of vm_mmap, vm_mmap_file, vm_munmap, vm_mprotect,
 * vm_mremap, vm_msync, vm_madvise, vm_mincore, vm_brk, vm_fault and
 * mm_fork (on the parent); an address space that only its creator can
 * see yet (exec's) needs none.  File VMAs are also reached from other
 * tasks by write-back and truncation through the mappings' lists: the
 * page-table entries of file VMAs, their range and their place on those
 * lists change only under the rmap lock (mm/vm/rmap.c), taken inside the
 * mm lock.  The pages of shared anonymous memory, which several address
 * spaces fault in under their own mm locks, are found and added under
 * their object's spinlock, a leaf lock taken inside the mm lock with
 * nothing taken inside it (mm/vm/shmem.c).  vm_current is the address
 * space loaded in CR3 (mm_switch).
 *
 * Interface:
 *   mm_create, mm_get, mm_destroy (drop a reference), mm_fork, mm_switch,
 *   mm_lock, mm_unlock, vm_fault, vm_resolve, vm_read_remote, vm_mmap, vm_mmap_file,
 *   vm_munmap, vm_mprotect, vm_mremap, vm_msync, vm_madvise, vm_mincore,
 *   vm_brk_init, vm_brk, vm_stack_setup, vm_map_special, vm_special_base,
 *   vm_mlock, vm_mlock_all, vm_locked_pages,
 *   vma_find, mm_rss, vma_shmem_id; for System V shared memory
 *   shmem_create, shmem_put, shmem_mappers, shmem_npages, shmem_resident,
 *   shmem_on_unmapped, shmem_set_sysv, vma_shmem_key, vm_map_shmem,
 *   vm_shmdt; for the page
 *   cache and the VFS: vm_page_mkclean, vm_unmap_mapping.
 */
#ifndef MM_VM_H
#define MM_VM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "kernel/mutex.h"
#include "lib/list.h"
#include "mm/pte.h"

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
#define MAP_SHARED_VALIDATE 0x03
#define MAP_DENYWRITE	0x0800
#define MAP_EXECUTABLE	0x1000
#define MAP_LOCKED	0x2000

/* mremap, msync, madvise */
#define MREMAP_MAYMOVE	1
#define MREMAP_FIXED	2
#define MREMAP_DONTUNMAP 4
#define MS_ASYNC	1
#define MS_INVALIDATE	2
#define MS_SYNC		4
#define MADV_NORMAL	0
#define MADV_RANDOM	1
#define MADV_SEQUENTIAL	2
#define MADV_WILLNEED	3
#define MADV_DONTNEED	4
#define MADV_FREE	8
#define MADV_DONTDUMP	16
#define MADV_DODUMP	17
#define MADV_COLD	20
#define MADV_PAGEOUT	21

#define VM_USER_MIN	0x00010000u	/* nothing mapped below (NULL guard) */
#define VM_STACK_TOP	0xC0000000u
#define VM_STACK_MAX	0x00800000u	/* default stack_max: 8 MiB */
#define VM_MMAP_BASE	(VM_STACK_TOP - 0x08000000u)	/* 128 MiB gap */

/* vma->flags */
#define VMA_SHARED	0x1	/* MAP_SHARED: one frame for every mapper */
#define VMA_GROWSDOWN	0x2	/* the stack: extended by faults below it */
#define VMA_BRK		0x4	/* the heap made by vm_brk */
#define VMA_NOWRITE	0x8	/* shared map of a file not open for writing:
				 * PROT_WRITE is refused (-EACCES) */
#define VMA_SYSV	0x10	/* a System V shared memory attachment */
#define VMA_LOCKED	0x20	/* mlock: faulted in, counted (mlock.c) */
#define VMA_LOCKONFAULT	0x40	/* with VMA_LOCKED: pages as they come */

struct file;
struct mm;
struct page;
struct vm_shmem;
struct ldt;

/* Fixed kernel frames mapped as one VMA (see above); name is what
 * /proc/<pid>/maps shows ("[vdso]"). */
struct vm_special {
	const char *name;
	struct page **pages;
	uint32_t npages;
};

struct vma {
	struct list_head list;	/* in mm->vmas, by address */
	uintptr_t start;	/* page aligned */
	uintptr_t end;		/* exclusive, page aligned */
	uint32_t prot;		/* PROT_* */
	uint32_t flags;		/* VMA_* */
	struct file *file;	/* NULL: anonymous; else a reference */
	uint32_t pgoff;		/* file offset of start, in pages; for a
				 * special VMA, its index in pages[] */
	const struct vm_special *special;	/* NULL, or fixed frames */
	/* MAP_SHARED | MAP_ANONYMOUS: the shared pages (a reference), page
	 * i of the VMA being the object's page pgoff + i; else NULL. */
	struct vm_shmem *shmem;
	struct mm *mm;		/* file VMAs: the address space owning it */
	struct list_head file_link;	/* file VMAs: in mapping->mmaps */
};

struct mm {
	pte_t *pgdir;			/* virtual address (mm/mm.h) */
	struct list_head vmas;		/* sorted, disjoint */
	unsigned int nr_vmas;
	uintptr_t brk_start;		/* page aligned end of the program */
	uintptr_t brk;			/* current break (not aligned) */
	uintptr_t mmap_base;		/* top-down mmap search starts here */
	uint32_t refcount;
	size_t rss;			/* pages mapped */
	struct mutex lock;		/* VMAs and page tables */
	/* Linux's READ_IMPLIES_EXEC, from exec (a program without
	 * PT_GNU_STACK) and kept by fork: PROT_READ gets PROT_EXEC in
	 * mmap and mprotect, and the heap is executable. */
	bool read_implies_exec;
	size_t rss_hiwater;		/* the most rss has been */
	uint32_t stack_max;		/* stack growth limit (RLIMIT_STACK) */
	/* Where exec put the argv and envp strings (end exclusive), as
	 * Linux's mm fields: /proc/<pid>/cmdline and environ read them. */
	uintptr_t arg_start, arg_end, env_start, env_end;
	/* mlockall(MCL_FUTURE): the VMA_LOCKED flags new mappings get. */
	uint32_t def_lock;
	struct ldt *ldt;		/* modify_ldt's (kernel/x86/ldt.h), or NULL */
};

extern struct mm *vm_current;		/* loaded in CR3; NULL: kernel's */

/* mm/vm/mm.c */
struct mm *mm_create(void);			/* NULL when out of memory */
struct mm *mm_get(struct mm *mm);		/* one more reference */
void mm_destroy(struct mm *mm);			/* drop one; free at zero */
struct mm *mm_fork(struct mm *parent);		/* COW copy; NULL: no memory */
void mm_switch(struct mm *mm);			/* NULL: kernel_pgdir */
static inline size_t mm_rss(const struct mm *mm) { return mm->rss; }
static inline void mm_lock(struct mm *mm) { mutex_lock(&mm->lock); }
static inline void mm_unlock(struct mm *mm) { mutex_unlock(&mm->lock); }

/* mm/vm/vma.c */
struct vma *vma_find(struct mm *mm, uintptr_t addr);	/* covering addr */

/* mm/vm/shmem.c: the number that names vma's shared anonymous memory
 * (what /proc/<pid>/maps shows as its inode), or 0 for other VMAs. */
uint32_t vma_shmem_id(const struct vma *vma);
/* The key of the System V segment vma maps (VMA_SYSV), else 0. */
int32_t vma_shmem_key(const struct vma *vma);
/* Shared anonymous memory for System V segments (kernel/ipc/shm.c):
 * shmem_create makes an object of npages zero pages (one reference, the
 * caller's; NULL: out of memory), shmem_put drops a reference (the last
 * frees it), shmem_mappers counts the VMAs mapping it (its references
 * but one), shmem_npages gives its size, shmem_resident the pages it
 * holds.  shmem_on_unmapped(sh, fn, arg)
 * asks for fn(arg) each time a reference goes and others are left (a VMA
 * went: munmap, shmdt, exit; called with the mm lock held, if any). */
struct vm_shmem *shmem_create(uint32_t npages);
void shmem_put(struct vm_shmem *sh);			/* NULL: no-op */
uint32_t shmem_mappers(const struct vm_shmem *sh);
uint32_t shmem_npages(const struct vm_shmem *sh);
uint32_t shmem_resident(struct vm_shmem *sh);		/* pages made */
void shmem_on_unmapped(struct vm_shmem *sh, void (*fn)(int arg), int arg);
/* A System V segment's object: maps shows id as its inode and
 * "/SYSV<key> (deleted)" as its name, as Linux's shm files. */
void shmem_set_sysv(struct vm_shmem *sh, uint32_t id, int32_t key);

/* mm/vm/pagemap.c: n entries of /proc/<pid>/pagemap from the page at va
 * (Linux's format; frame numbers only with show_pfn). */
void vm_pagemap(struct mm *mm, uintptr_t va, uint64_t *out, size_t n,
		bool show_pfn);

/* mm/vm/fault.c */
/*
 * Resolve a page fault at addr with the x86 error code (bit 0 present,
 * bit 1 write, bit 4 instruction fetch).  Returns 0 when the access may
 * be retried; -EFAULT for an address no VMA covers or an access the VMA
 * forbids (SIGSEGV); -EIO for a file page at or past the end of its file,
 * or one that cannot be read or given disk space (SIGBUS); -ENOMEM.  May
 * sleep (file pages).
 */
int vm_fault(struct mm *mm, uintptr_t addr, uint32_t error);

/* mm/vm/resolve.c */
/*
 * The physical address behind user address addr of mm (faulting the page
 * in first, as a read), and whether its VMA is shared (MAP_SHARED).  Takes
 * mm's lock.  Returns 0, -EFAULT or -ENOMEM.
 */
int vm_resolve(struct mm *mm, uintptr_t addr, uint32_t *phys, bool *shared);

/* mm/vm/access.c */
/*
 * Copy up to len bytes from user address addr of mm (any address space,
 * not only the current one) into the kernel buffer buf, faulting pages in
 * for a read on mm's behalf.  Takes mm's lock; may sleep.  Returns the
 * bytes copied: fewer than len when it met an address no readable VMA
 * covers or a page that could not be brought in.
 */
long vm_read_remote(struct mm *mm, uintptr_t addr, void *buf, size_t len);

/* mm/vm/mmap.c */
int vm_mmap(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
	    uint32_t flags);
int vm_mmap_file(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
		 uint32_t flags, struct file *file, uint32_t pgoff);
int vm_munmap(struct mm *mm, uintptr_t addr, size_t len);
int vm_map_shmem(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
		 uint32_t flags, struct vm_shmem *sh);
int vm_shmdt(struct mm *mm, uintptr_t addr);
int vm_mprotect(struct mm *mm, uintptr_t addr, size_t len, uint32_t prot);
void vm_brk_init(struct mm *mm, uintptr_t start);
uintptr_t vm_brk(struct mm *mm, uintptr_t new_brk);
int vm_stack_setup(struct mm *mm, uintptr_t top, size_t size, bool exec);

/* mm/vm/special.c */
/*
 * Map all of sp in mm with prot (PROT_READ | PROT_EXEC for the vDSO), at
 * the highest free range below mm->mmap_base, as mmap without a hint.
 * *addr receives the address.  0, or -ENOMEM (no room, no memory).
 */
int vm_map_special(struct mm *mm, uintptr_t *addr, uint32_t prot,
		   const struct vm_special *sp);
/* Where mm maps sp's first page now, or 0 (never mapped, or unmapped
 * since).  Takes mm's lock. */
uintptr_t vm_special_base(struct mm *mm, const struct vm_special *sp);

/* mm/vm/mremap.c: the new address through *new_addr (an input with
 * MREMAP_FIXED).  0 or -Exxx as Linux's mremap. */
int vm_mremap(struct mm *mm, uintptr_t addr, size_t old_len, size_t new_len,
	      uint32_t flags, uintptr_t *new_addr);

/* mm/vm/advise.c: msync and madvise (0 or -Exxx, as Linux's); mincore of
 * up to npages pages from addr, stopping at the end of addr's VMA, into
 * vec (a kernel buffer, 1 for a resident page): the pages done, or
 * -ENOMEM when no VMA holds addr. */
int vm_msync(struct mm *mm, uintptr_t addr, size_t len, uint32_t flags);
int vm_madvise(struct mm *mm, uintptr_t addr, size_t len, uint32_t advice);
long vm_mincore(struct mm *mm, uintptr_t addr, size_t npages, uint8_t *vec);

/* mm/vm/mlock.c */
/* Lock [start, end) (page aligned) with lock: VMA_LOCKED, with
 * VMA_LOCKONFAULT, or 0 to unlock; pages are faulted in for VMA_LOCKED
 * alone.  0; -ENOMEM when a hole is met (the part before it is done, as
 * Linux); -EAGAIN when memory ran out faulting in. */
int vm_mlock(struct mm *mm, uintptr_t start, uintptr_t end, uint32_t lock);
/* mlockall/munlockall: with now, every VMA gets lock; later mappings
 * get future. */
void vm_mlock_all(struct mm *mm, bool now, uint32_t lock, uint32_t future);
/* Pages of [start, end) in locked VMAs. */
uint32_t vm_locked_pages(struct mm *mm, uintptr_t start, uintptr_t end);

/* mm/vm/rmap.c */
struct address_space;
/* Write-protect every shared mapping of page-cache page pg (before it is
 * written back), so that the next write through one faults and dirties
 * it again. */
void vm_page_mkclean(struct page *pg);
/* Unmap file pages from index from on (truncation): private copies of
 * them too, as Linux does; a later access faults (SIGBUS past the end). */
void vm_unmap_mapping(struct address_space *m, uint32_t from);

#endif
