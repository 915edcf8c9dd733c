/*
 * mmap.c: mapping, unmapping and protecting memory and files; brk; stack.
 *
 * Placement without MAP_FIXED: the hint when its range is free, else the
 * highest free range below mm->mmap_base (VM_MMAP_BASE, 128 MiB under the
 * top of user space), searching down, as Linux's default top-down layout
 * does on i386.  The brk heap grows up from the end of the program, so the
 * two meet only when user space is full.
 *
 * vm_munmap and MAP_FIXED cut the VMAs at the range's ends and drop what is
 * inside; vm_mprotect cuts, rewrites the page-table entries and joins
 * alike neighbours again.  Errors follow Linux: -EINVAL for a misaligned
 * address, a zero length or bad flags; -ENOMEM for a range mprotect finds
 * unmapped, a range beyond user space, or no free room; -EACCES, -ENODEV
 * for files that cannot be mapped so (see mmap_vma_flags).
 *
 * With mm->read_implies_exec (Linux's READ_IMPLIES_EXEC personality, for
 * programs without PT_GNU_STACK), PROT_READ brings PROT_EXEC in mmap and
 * mprotect, and the heap is executable.
 *
 * Shared anonymous memory gets its object (mm/vm/shmem.c) of the
 * mapping's size here, as Linux gives it a shmem file.
 *
 * Not yet: MAP_POPULATE (accepted, pages still come on demand), MAP_LOCKED
 * (accepted, nothing is ever swapped out anyway).
 *
 * Interface (mm/vm.h): vm_mmap, vm_mmap_file, vm_munmap, vm_mprotect,
 * vm_map_shmem, vm_shmdt, vm_brk_init, vm_brk, vm_stack_setup; unmap_range, merge_range,
 * user_range_ok and find_gap for the other files of mm/vm/
 * (mm/vm/internal.h).
 */
#include "mm/vm/internal.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "fs/vfs.h"

#define PROT_ALL	(PROT_READ | PROT_WRITE | PROT_EXEC)
/* What MAP_SHARED_VALIDATE accepts (Linux's LEGACY_MAP_MASK and the
 * validated flags maestro knows). */
#define MAP_KNOWN	(MAP_TYPE | MAP_FIXED | MAP_ANONYMOUS | MAP_GROWSDOWN | \
			 MAP_DENYWRITE | MAP_EXECUTABLE | MAP_LOCKED | \
			 MAP_NORESERVE | MAP_POPULATE | 0x10000 | MAP_STACK | \
			 0x40000 | MAP_FIXED_NOREPLACE)

/* prot as Linux applies it: READ_IMPLIES_EXEC adds PROT_EXEC to reads. */
static uint32_t effective_prot(const struct mm *mm, uint32_t prot)
{
	if (mm->read_implies_exec && (prot & PROT_READ))
		prot |= PROT_EXEC;
	return prot;
}

/* Cut the VMA strictly containing addr, if any, at addr. */
int split_at(struct mm *mm, uintptr_t addr)
{
	struct vma *vma = vma_find(mm, addr);

	if (!vma || vma->start == addr)
		return 0;
	return vma_split(mm, vma, addr);
}

/* Remove every mapping of [start, end).  Returns 0 or -ENOMEM. */
int unmap_range(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma, *next;
	int err = split_at(mm, start);

	if (!err)
		err = split_at(mm, end);
	if (err)
		return err;
	vma = vma_find_next(mm, start);
	while (vma && vma->start < end) {
		next = vma->list.next == &mm->vmas ? NULL :
		       list_entry(vma->list.next, struct vma, list);
		vma_remove(mm, vma);
		vma = next;
	}
	return 0;
}

/* Join alike VMAs from the one before start to the one after end. */
void merge_range(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma = vma_find_next(mm, start ? start - 1 : 0);

	while (vma && vma->start <= end) {
		uintptr_t vend = vma->end;

		vma_merge_around(mm, vma);
		vma = vma_find_next(mm, vend);
	}
}

/* The highest free range of len bytes below mm->mmap_base, or 0. */
uintptr_t find_gap(struct mm *mm, size_t len)
{
	uintptr_t top = mm->mmap_base;
	struct list_head *l;

	for (l = mm->vmas.prev; l != &mm->vmas; l = l->prev) {
		struct vma *vma = list_entry(l, struct vma, list);

		if (vma->start >= top)
			continue;
		if (vma->end <= top && top - vma->end >= len)
			return top - len;
		top = vma->start;
	}
	return top >= VM_USER_MIN + len ? top - len : 0;
}

bool user_range_ok(uintptr_t addr, size_t len)
{
	return addr >= VM_USER_MIN && len <= KERNEL_BASE &&
	       addr <= KERNEL_BASE - len;
}

/*
 * Where a mapping of len bytes goes.  Returns 0 or -Exxx; sets *addr.
 * With MAP_FIXED the range may still hold mappings: the caller unmaps
 * them once nothing else can fail.
 */
static int mmap_place(struct mm *mm, uintptr_t *addr, size_t len,
		      uint32_t flags)
{
	uintptr_t a = *addr;

	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		if (!IS_ALIGNED(a, PAGE_SIZE))
			return -EINVAL;
		if (a < VM_USER_MIN)
			return -EPERM;
		if (!user_range_ok(a, len))
			return -ENOMEM;
		if (!(flags & MAP_FIXED) && !vma_range_free(mm, a, a + len))
			return -EEXIST;
		return 0;
	}
	a = ALIGN_UP(a, PAGE_SIZE);
	if (!a || !user_range_ok(a, len) || !vma_range_free(mm, a, a + len))
		a = find_gap(mm, len);
	if (!a)
		return -ENOMEM;
	*addr = a;
	return 0;
}

/*
 * The VMA flags of a mapping of file (NULL: anonymous) with mmap's prot
 * and flags, after Linux's checks: -EACCES when the file's open mode does
 * not allow the mapping (any needs read access; a shared writable one
 * needs write access), -ENODEV for a file that cannot be mapped, -EINVAL
 * for MAP_GROWSDOWN on a file or bad flags, -EOPNOTSUPP for unknown flags
 * with MAP_SHARED_VALIDATE.
 */
static int mmap_vma_flags(struct file *file, uint32_t prot, uint32_t flags,
			  uint32_t *vflags)
{
	uint32_t type = flags & MAP_TYPE, acc;

	*vflags = flags & MAP_GROWSDOWN ? VMA_GROWSDOWN : 0;
	if (type == MAP_SHARED || type == MAP_SHARED_VALIDATE)
		*vflags |= VMA_SHARED;
	else if (type != MAP_PRIVATE)
		return -EINVAL;
	if (!file)
		return type == MAP_SHARED_VALIDATE ? -EINVAL : 0;
	acc = file->flags & O_ACCMODE;
	if (type == MAP_SHARED_VALIDATE && (flags & ~MAP_KNOWN))
		return -EOPNOTSUPP;
	if ((*vflags & VMA_SHARED) && acc != O_RDWR) {
		if (prot & PROT_WRITE)
			return -EACCES;
		*vflags |= VMA_NOWRITE;
	}
	if (acc == O_WRONLY || acc == O_ACCMODE)
		return -EACCES;
	if (!file->fops || !file->fops->map_page)
		return -ENODEV;
	return flags & MAP_GROWSDOWN ? -EINVAL : 0;
}

/* Must memory back the mapping (Linux's accountable mappings)?  Private
 * writable ones unless MAP_NORESERVE, and shared anonymous ones. */
static bool mmap_backed(const struct file *file, uint32_t prot, uint32_t flags,
			uint32_t vflags)
{
	if (vflags & VMA_SHARED)
		return !file;
	return (prot & PROT_WRITE) && !(flags & MAP_NORESERVE);
}

/*
 * Map len bytes with prot; flags as mmap's (MAP_SHARED, MAP_PRIVATE or
 * MAP_SHARED_VALIDATE, MAP_ANONYMOUS, MAP_FIXED, MAP_FIXED_NOREPLACE,
 * MAP_GROWSDOWN; the others are accepted and ignored, as most are by
 * Linux).  file (NULL for anonymous memory) is mapped from page pgoff on.
 * *addr is the hint (the address with MAP_FIXED) and receives the address
 * chosen.  Returns 0 or -Exxx, as Linux's mmap.
 */
static int mmap_object(struct mm *mm, uintptr_t *addr, size_t len,
		       uint32_t prot, uint32_t flags, struct file *file,
		       uint32_t pgoff, struct vm_shmem *sysv)
{
	struct vm_shmem *shmem = NULL;
	uint32_t vflags;
	struct vma *vma;
	int err;

	if (len == 0 || (prot & ~PROT_ALL))
		return -EINVAL;
	prot = effective_prot(mm, prot);
	if (len > KERNEL_BASE)
		return -ENOMEM;
	len = ALIGN_UP(len, PAGE_SIZE);
	if (file && pgoff + (len >> PAGE_SHIFT) < pgoff)
		return -EOVERFLOW;
	err = mmap_place(mm, addr, len, flags);
	if (!err)
		err = mmap_vma_flags(file, prot, flags, &vflags);
	/* A System V segment's memory is the segment's, not the mapping's. */
	if (!err)
		err = vm_may_map(mm, *addr, len, prot, vflags, !sysv &&
				 mmap_backed(file, prot, flags, vflags));
	if (!err && sysv) {
		shmem = shmem_get(sysv);
		vflags |= VMA_SYSV;
	} else if (!err && !file && (vflags & VMA_SHARED)) {
		shmem = shmem_create((uint32_t)(len >> PAGE_SHIFT));
		err = shmem ? 0 : -ENOMEM;
	}
	if (!err && (flags & MAP_FIXED))
		err = unmap_range(mm, *addr, *addr + len);
	vma = err ? NULL : vma_alloc(*addr, *addr + len, prot,
				     vflags | mm->def_lock);
	if (!vma) {
		shmem_put(shmem);
		return err ? err : -ENOMEM;
	}
	vma->shmem = shmem;
	if (file)
		vma_file_attach(mm, vma, file, pgoff);
	vma_link(mm, vma);
	merge_range(mm, *addr, *addr + len);
	return 0;
}

int vm_mmap_file(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
		 uint32_t flags, struct file *file, uint32_t pgoff)
{
	return mmap_object(mm, addr, len, prot, flags, file, pgoff, NULL);
}

/* A System V segment: the shared anonymous memory sh, mapped whole
 * (MAP_SHARED, MAP_FIXED or MAP_FIXED_NOREPLACE as the caller asks) in
 * a VMA marked VMA_SYSV, which takes a reference to sh.  0 or -Exxx. */
int vm_map_shmem(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
		 uint32_t flags, struct vm_shmem *sh)
{
	return mmap_object(mm, addr, len, prot, flags | MAP_SHARED, NULL, 0,
			   sh);
}

/* Anonymous memory only: vm_mmap_file without a file; -ENODEV without
 * MAP_ANONYMOUS. */
int vm_mmap(struct mm *mm, uintptr_t *addr, size_t len, uint32_t prot,
	    uint32_t flags)
{
	if (!(flags & MAP_ANONYMOUS))
		return (flags & MAP_TYPE) == MAP_SHARED ||
		       (flags & MAP_TYPE) == MAP_PRIVATE ? -ENODEV : -EINVAL;
	return vm_mmap_file(mm, addr, len, prot, flags, NULL, 0);
}

/* Unmap [addr, addr + len).  Returns 0, -EINVAL or -ENOMEM. */
int vm_munmap(struct mm *mm, uintptr_t addr, size_t len)
{
	if (!IS_ALIGNED(addr, PAGE_SIZE) || len == 0 || len > KERNEL_BASE)
		return -EINVAL;
	len = ALIGN_UP(len, PAGE_SIZE);
	if (addr > KERNEL_BASE - len)
		return -EINVAL;
	return unmap_range(mm, addr, addr + len);
}

/*
 * shmdt: unmap the System V segment attached at addr (a VMA_SYSV VMA
 * starting there with the segment's first page), and the other pieces of
 * the same segment within its size from addr.  0, or -EINVAL when no
 * attachment starts at addr.
 */
int vm_shmdt(struct mm *mm, uintptr_t addr)
{
	struct vma *vma = vma_find(mm, addr);
	struct vm_shmem *sh;
	uintptr_t end;
	int err = 0;

	if (!vma || vma->start != addr || !(vma->flags & VMA_SYSV) ||
	    vma->pgoff != 0)
		return -EINVAL;
	sh = vma->shmem;
	end = addr + ((uintptr_t)shmem_npages(sh) << PAGE_SHIFT);
	if (end < addr || end > KERNEL_BASE)
		end = KERNEL_BASE;
	while (!err && vma && vma->start < end) {
		struct vma *next = vma->list.next == &mm->vmas ? NULL :
			list_entry(vma->list.next, struct vma, list);

		if (vma->shmem == sh && (vma->flags & VMA_SYSV))
			err = unmap_range(mm, vma->start,
					  vma->end < end ? vma->end : end);
		vma = next;
	}
	return err;
}

/* Whether VMAs cover [start, end) without a hole. */
static bool range_mapped(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma = vma_find(mm, start);

	while (vma && vma->end < end) {
		struct vma *next;

		if (vma->list.next == &mm->vmas)
			return false;
		next = list_entry(vma->list.next, struct vma, list);
		if (next->start != vma->end)
			return false;
		vma = next;
	}
	return vma != NULL;
}

/* Whether every VMA of [start, end) allows prot (a shared mapping of a
 * file open read-only never gets PROT_WRITE). */
static bool range_allows(struct mm *mm, uintptr_t start, uintptr_t end,
			 uint32_t prot)
{
	struct vma *vma = vma_find(mm, start);

	if (!(prot & PROT_WRITE))
		return true;
	for (; vma && vma->start < end;
	     vma = list_entry(vma->list.next, struct vma, list)) {
		if (vma->flags & VMA_NOWRITE)
			return false;
		if (vma->list.next == &mm->vmas)
			break;
	}
	return true;
}

/*
 * Give [addr, addr + len) protection prot.  Returns 0; -EINVAL for a
 * misaligned addr or bad prot; -ENOMEM when part of the range is not
 * mapped or out of memory; -EACCES when a shared file mapping's open
 * mode refuses prot (nothing changed then).
 */
int vm_mprotect(struct mm *mm, uintptr_t addr, size_t len, uint32_t prot)
{
	uintptr_t end;
	struct vma *vma;
	int err;

	if (!IS_ALIGNED(addr, PAGE_SIZE) || (prot & ~PROT_ALL))
		return -EINVAL;
	if (len == 0)
		return 0;
	prot = effective_prot(mm, prot);
	len = ALIGN_UP(len, PAGE_SIZE);
	if (len == 0 || len > KERNEL_BASE || addr > KERNEL_BASE - len)
		return -ENOMEM;
	end = addr + len;
	if (!range_mapped(mm, addr, end))
		return -ENOMEM;
	if (!range_allows(mm, addr, end, prot))
		return -EACCES;
	err = split_at(mm, addr);
	if (!err)
		err = split_at(mm, end);
	if (err)
		return err;
	for (vma = vma_find(mm, addr); vma && vma->start < end;
	     vma = list_entry(vma->list.next, struct vma, list)) {
		vma->prot = prot;
		vm_protect_range(mm, vma);
		if (vma->list.next == &mm->vmas)
			break;
	}
	merge_range(mm, addr, end);
	return 0;
}

/* Start the heap at start (the end of the program), empty. */
void vm_brk_init(struct mm *mm, uintptr_t start)
{
	mm->brk_start = ALIGN_UP(start, PAGE_SIZE);
	mm->brk = mm->brk_start;
}

/* Map [start, end) for the heap, a page clear of the next mapping. */
static int brk_grow(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct vma *vma;

	if (end > KERNEL_BASE - PAGE_SIZE ||
	    !vma_range_free(mm, start, end + PAGE_SIZE) ||
	    vm_may_map(mm, start, end - start, PROT_READ | PROT_WRITE, VMA_BRK,
		       true))
		return -ENOMEM;
	vma = vma_alloc(start, end, effective_prot(mm, PROT_READ | PROT_WRITE),
			VMA_BRK | mm->def_lock);
	if (!vma)
		return -ENOMEM;
	vma_link(mm, vma);
	merge_range(mm, start, end);
	return 0;
}

/*
 * Move the break to new_brk, as Linux's brk(): returns the new break, or
 * the current one when new_brk is below the heap's start or the heap
 * cannot grow that far.  Pages given back are freed.
 */
uintptr_t vm_brk(struct mm *mm, uintptr_t new_brk)
{
	uintptr_t old_end = ALIGN_UP(mm->brk, PAGE_SIZE), new_end;
	int err = 0;

	if (new_brk < mm->brk_start || new_brk > KERNEL_BASE - PAGE_SIZE)
		return mm->brk;
	new_end = ALIGN_UP(new_brk, PAGE_SIZE);
	if (new_end < old_end)
		err = unmap_range(mm, new_end, old_end);
	else if (new_end > old_end)
		err = brk_grow(mm, old_end, new_end);
	if (!err)
		mm->brk = new_brk;
	return mm->brk;
}

/*
 * Make the stack: a grows-down read-write VMA of size bytes ending at top,
 * executable too with exec.  Returns 0, -EINVAL for a bad range, -ENOMEM.
 */
int vm_stack_setup(struct mm *mm, uintptr_t top, size_t size, bool exec)
{
	uint32_t prot = PROT_READ | PROT_WRITE | (exec ? PROT_EXEC : 0);

	struct vma *vma;

	size = ALIGN_UP(size, PAGE_SIZE);
	if (!IS_ALIGNED(top, PAGE_SIZE) || size == 0 ||
	    !user_range_ok(top - size, size) || size > top)
		return -EINVAL;
	if (!vma_range_free(mm, top - size, top))
		return -ENOMEM;
	vma = vma_alloc(top - size, top, prot, VMA_GROWSDOWN);
	if (!vma)
		return -ENOMEM;
	vma_link(mm, vma);
	return 0;
}
