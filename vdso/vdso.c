/*
 * vdso.c: the vDSO in every process, as Linux i386 maps it.
 *
 * The image (vdso/vdso.S linked by vdso/vdso.lds, checked at build time
 * by tools/vdso-check.py: one read+exec segment, no relocations) is
 * kernel data (vdso/image.asm).  At boot vdso_init() copies it into
 * frames kept for ever; vdso_map() maps them into a new program's address
 * space as a special mapping (mm/vm/special.c): read+exec, never
 * writable unless the program asks mprotect for it (a write then copies
 * the page), "[vdso]" in /proc/<pid>/maps, shared by fork.  It goes where
 * Linux i386 puts it, as the first mapping of the top-down mmap area,
 * just below mm->mmap_base.  Exec announces it in the auxiliary vector
 * (AT_SYSINFO_EHDR: its ELF header; AT_SYSINFO: __kernel_vsyscall, which
 * enters by SYSENTER, or by int 0x80 on a CPU without it), and a
 * signal handler without SA_RESTORER returns through its
 * __kernel_sigreturn or __kernel_rt_sigreturn (kernel/proc/sigframe.c),
 * wherever vdso_base() finds it now: a program may munmap or mremap it,
 * as on Linux.  When the frames could not be allocated at boot, programs
 * run without a vDSO (no AT_SYSINFO*), which Linux allows too.
 *
 * Interface (vdso/vdso.h): vdso_map, vdso_base.
 */
#include "vdso/vdso.h"
#include "kernel/x86/sysenter.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define VDSO_PAGES	((VDSO_IMAGE_SIZE + PAGE_SIZE - 1) / PAGE_SIZE)

extern const uint8_t vdso_image[], vdso_image_end[];

static struct page *vdso_pages[VDSO_PAGES];
static struct vm_special vdso_special = {
	.name = "[vdso]", .pages = vdso_pages,
};

/* On a CPU without SYSENTER, __kernel_vsyscall starts with int $0x80;
 * ret instead of its pushes (the bytes that end it, vdso.S). */
static void vdso_use_int80(void)
{
	static const uint8_t int80_ret[] = { 0xcd, 0x80, 0xc3 };
	uint8_t *code = (uint8_t *)page_address(vdso_pages[0]) +
			VDSO_SYM_kernel_vsyscall;

	_Static_assert(VDSO_SYM_kernel_vsyscall + 3 <= PAGE_SIZE,
		       "__kernel_vsyscall in the first page");
	memcpy(code, int80_ret, sizeof(int80_ret));
}

/* Copy the image into frames of its own (the rest of the last one is
 * zero).  0, or -ENOMEM (programs then get no vDSO), -EINVAL when the
 * linked image is not the one vdso-syms.h describes. */
static int vdso_init(void)
{
	size_t size = (size_t)(vdso_image_end - vdso_image);

	if (size != VDSO_IMAGE_SIZE)
		return -EINVAL;
	for (uint32_t i = 0; i < VDSO_PAGES; i++) {
		size_t n = MIN(size - i * PAGE_SIZE, (size_t)PAGE_SIZE);

		vdso_pages[i] = page_alloc(0);
		if (!vdso_pages[i]) {
			while (i--)
				page_put(vdso_pages[i]);
			return -ENOMEM;
		}
		memset(page_address(vdso_pages[i]), 0, PAGE_SIZE);
		memcpy(page_address(vdso_pages[i]), vdso_image + i * PAGE_SIZE, n);
	}
	if (!sysenter_supported())
		vdso_use_int80();
	vdso_special.npages = VDSO_PAGES;
	return 0;
}
INITCALL(INIT_CORE, vdso_init);

int vdso_map(struct mm *mm, uintptr_t *base)
{
	*base = 0;
	if (!vdso_special.npages)
		return 0;		/* none (see vdso_init) */
	return vm_map_special(mm, base, PROT_READ | PROT_EXEC, &vdso_special);
}

uintptr_t vdso_base(struct mm *mm)
{
	return vdso_special.npages ? vm_special_base(mm, &vdso_special) : 0;
}
