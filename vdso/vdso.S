/*
 * vdso.S: the code of maestro's vDSO, the small shared object that exec
 * maps into every process (vdso/vdso.c) and that user space finds through
 * AT_SYSINFO_EHDR.  Linked by vdso/vdso.lds into an ET_DYN image of one
 * read+exec segment, with no relocations (the code is position
 * independent by construction: it makes no absolute reference), checked
 * by tools/vdso-check.py.  The names and versions are Linux i386's:
 *
 *   LINUX_2.5  __kernel_vsyscall	AT_SYSINFO: a system call with the
 *					number in eax and the arguments in
 *					ebx, ecx, edx, esi, edi, ebp; only
 *					eax changes.  Through SYSENTER (see
 *					below); int $0x80 on a CPU without
 *					it (vdso_init rewrites its start).
 *		__kernel_sigreturn	where a handler without SA_RESTORER
 *		__kernel_rt_sigreturn	returns (kernel/proc/sigframe.c); the
 *					exact bytes of Linux's, which
 *					debuggers and unwinders recognise:
 *					58 b8 77 00 00 00 cd 80 (popl %eax;
 *					movl $119, %eax; int $0x80) and
 *					b8 ad 00 00 00 cd 80 (movl $173, %eax;
 *					int $0x80).
 *   LINUX_2.6  __vdso_clock_gettime, __vdso_clock_gettime64,
 *		__vdso_clock_getres, __vdso_gettimeofday, __vdso_time:
 *		C functions (arguments on the stack) that make the system
 *		call and return its raw result, 0 or -errno (or the time),
 *		as Linux's fall back to it.  No data page is shared with
 *		the kernel, so they are no faster than the system call.
 */

#define NR_time			13
#define NR_gettimeofday		78
#define NR_sigreturn		119
#define NR_rt_sigreturn		173
#define NR_clock_gettime	265
#define NR_clock_getres		266
#define NR_clock_gettime64	403

	.text

/*
 * SYSENTER loses the return address and the user stack pointer, so, as on
 * Linux, the caller's ecx, edx and ebp go on its stack and ebp takes the
 * stack pointer: the kernel (kernel/x86/sysenter.c) finds the sixth
 * argument at 0(%ebp) and the caller's return address at 12(%ebp), and
 * returns straight to the caller with iret, every register but eax as it
 * was.  The last three bytes, at VDSO_VSYSCALL_INT80 (vdso.h), are where
 * a call the kernel restarts goes, with the stack pointer at that return
 * address: int $0x80, then back to the caller.
 */
	.globl	__kernel_vsyscall
	.type	__kernel_vsyscall, @function
	.balign	16
__kernel_vsyscall:
	.cfi_startproc
	pushl	%ecx
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset %ecx, 0
	pushl	%edx
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset %edx, 0
	pushl	%ebp
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset %ebp, 0
	movl	%esp, %ebp
	sysenter
	ud2				/* the kernel returns to the caller */
	.cfi_adjust_cfa_offset -12
	.cfi_restore %ecx
	.cfi_restore %edx
	.cfi_restore %ebp
	int	$0x80			/* VDSO_VSYSCALL_INT80 */
	ret
	.cfi_endproc
	.size	__kernel_vsyscall, . - __kernel_vsyscall

/* No CFI for these two: unwinders know them by their bytes. */
	.globl	__kernel_sigreturn
	.type	__kernel_sigreturn, @function
	.balign	16
__kernel_sigreturn:
	popl	%eax
	movl	$NR_sigreturn, %eax
	int	$0x80
	.size	__kernel_sigreturn, . - __kernel_sigreturn

	.globl	__kernel_rt_sigreturn
	.type	__kernel_rt_sigreturn, @function
	.balign	16
__kernel_rt_sigreturn:
	movl	$NR_rt_sigreturn, %eax
	int	$0x80
	.size	__kernel_rt_sigreturn, . - __kernel_rt_sigreturn

/*
 * name(a, b): the system call nr with ebx = a and, when nargs is 2,
 * ecx = b.  ebx is the caller's (callee-saved in the C convention).
 */
	.macro	VDSO_CALL name, nr, nargs
	.globl	\name
	.type	\name, @function
	.balign	16
\name:
	.cfi_startproc
	pushl	%ebx
	.cfi_adjust_cfa_offset 4
	.cfi_rel_offset %ebx, 0
	movl	8(%esp), %ebx
	.if	\nargs == 2
	movl	12(%esp), %ecx
	.endif
	movl	$\nr, %eax
	int	$0x80
	popl	%ebx
	.cfi_adjust_cfa_offset -4
	.cfi_restore %ebx
	ret
	.cfi_endproc
	.size	\name, . - \name
	.endm

	VDSO_CALL __vdso_clock_gettime, NR_clock_gettime, 2
	VDSO_CALL __vdso_clock_gettime64, NR_clock_gettime64, 2
	VDSO_CALL __vdso_clock_getres, NR_clock_getres, 2
	VDSO_CALL __vdso_gettimeofday, NR_gettimeofday, 2
	VDSO_CALL __vdso_time, NR_time, 1

	.section .note.GNU-stack, "", @progbits
