/*
 * sysenter.c: system calls through SYSENTER (see sysenter.h).
 *
 * Under QEMU's TCG an int 0x80 and its iret walk the IDT gate, the TSS
 * and the privilege checks in helpers, a dear round trip per system call;
 * SYSENTER only loads CS, SS, ESP and EIP from MSRs.  The way out stays
 * iret (from the frame, which every path of the kernel already handles:
 * signals, sigreturn, exec, fork), so nothing else needs to know how a
 * call came in but the restart of an interrupted one.
 *
 * __kernel_vsyscall (vdso/vdso.S) pushes the caller's ecx, edx and ebp
 * and copies esp to ebp; the entry stub saves that as the user's esp.
 * Here the frame gets ebp (the sixth argument) from the first of those
 * words and the caller's return address from the fourth, and the user's
 * esp is set past them: the call returns to the caller as if
 * __kernel_vsyscall had popped its words and returned.  To restart it,
 * the frame goes back to the vDSO's int $0x80; ret with the stack
 * pointer on that return address again (the words above it are not
 * written meanwhile: a signal's frame goes below).
 */
#include "kernel/x86/sysenter.h"
#include "kernel/cmdline.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/uaccess.h"
#include "vdso/vdso.h"

#define MSR_SYSENTER_CS		0x174
#define MSR_SYSENTER_ESP	0x175
#define MSR_SYSENTER_EIP	0x176
#define CPUID_SEP		(1u << 11)	/* leaf 1, edx */
#define VSYSCALL_WORDS		4	/* ebp, edx, ecx, return address */
#define VSYSCALL_INT80		9	/* int $0x80's offset in it (vdso.S) */

extern char isr_sysenter[], isr_sysenter_tf_clear[];

static bool sysenter_on;
static bool sysenter_refused;		/* "sysenter=off" */

static int sysenter_param(const char *value)
{
	if (!strcmp(value, "off"))
		sysenter_refused = true;
	else if (strcmp(value, "on"))
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(sysenter, sysenter_param);

bool sysenter_supported(void)
{
	uint32_t a, b, c, d, family, model, stepping;

	if (sysenter_refused)
		return false;
	cpuid(0, &a, &b, &c, &d);
	if (a < 1)
		return false;
	cpuid(1, &a, &b, &c, &d);
	family = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	stepping = a & 0xf;
	/* The first Pentium Pro sets SEP without having the instructions. */
	if (family == 6 && model < 3 && stepping < 3)
		return false;
	return d & CPUID_SEP;
}

void sysenter_set_stack(uint32_t esp0)
{
	if (sysenter_on)
		wrmsr(MSR_SYSENTER_ESP, esp0);
}

static int sysenter_init(void)
{
	if (!sysenter_supported()) {
		pr_info("sysenter: off (not on this CPU, or sysenter=off); "
			"system calls by int 0x80\n");
		return 0;
	}
	wrmsr(MSR_SYSENTER_CS, SEL_KCODE);
	wrmsr(MSR_SYSENTER_EIP, (uint32_t)(uintptr_t)isr_sysenter);
	sysenter_on = true;
	return 0;
}
INITCALL(INIT_CORE, sysenter_init);

bool sysenter_frame(struct trap_frame *f)
{
	uint32_t words[VSYSCALL_WORDS];

	f->vector = SYSCALL_VECTOR;
	f->esp_dummy = SYSENTER_FRAME_MARK;
	cpu_sti();
	if (copy_from_user(words, (const void *)f->user_esp, sizeof(words))) {
		f->eax = (uint32_t)-EFAULT;
		f->error = (uint32_t)-1;	/* nothing to restart */
		signal_force_fault(SIGSEGV, SEGV_MAPERR, f->user_esp);
		return false;
	}
	f->ebp = words[0];
	f->eip = words[3];
	f->user_esp += sizeof(words);
	return true;
}

bool sysenter_restart(struct trap_frame *f)
{
	uintptr_t vdso = vdso_base(current->mm);

	if (!vdso)
		return false;
	f->eip = vdso + VDSO_SYM_kernel_vsyscall + VSYSCALL_INT80;
	f->user_esp -= 4;		/* back on the caller's return address */
	return true;
}

bool sysenter_single_step(const struct trap_frame *f)
{
	return f->eip >= (uintptr_t)isr_sysenter &&
	       f->eip <= (uintptr_t)isr_sysenter_tf_clear;
}
