/*
 * trap.c: CPU exceptions (vectors 0-31).
 *
 * A page fault at a user address, from user mode or from a user-copy
 * instruction (one listed in the exception table), goes to vm_fault() of
 * the current address space first (with interrupts on again if the
 * faulting code had them on: a file page may need a disk read); when it
 * maps the page, the access is retried, and when it refuses a file page
 * (-EIO) the signal is SIGBUS; out of memory, the OOM killer steps in
 * first, and SIGKILL ends a process whose page still cannot be had.  Any other exception in user mode (a refused page fault, #UD,
 * #DE, #GP, int3...) sends the current process the signal Linux would
 * send, with its si_code and si_addr; it is acted on (handler or default
 * action) on the way back to user mode.  An exception at an instruction listed
 * in the exception table is
 * recovered through its fixup.  Debug and breakpoint traps are logged and
 * execution goes on.  Anything else in the kernel is fatal: the exception,
 * the registers, the symbolized faulting instruction and a backtrace are
 * printed, then the CPU halts (it never reboots silently).
 */
#include "kernel/x86/interrupt.h"
#include "kernel/x86/sysenter.h"
#include "kernel/extable.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/fpu.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/printf.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define VEC_DEBUG	1
#define VEC_NMI		2
#define VEC_BREAKPOINT	3
#define VEC_PAGE_FAULT	14

#define PF_PRESENT	0x1
#define PF_WRITE	0x2
#define PF_USER		0x4
#define PF_INSTR	0x10	/* instruction fetch, from an NX page */

static const char *const exception_names[32] = {
	"divide error", "debug", "non-maskable interrupt", "breakpoint",
	"overflow", "bound range exceeded", "invalid opcode",
	"device not available", "double fault", "coprocessor segment overrun",
	"invalid TSS", "segment not present", "stack-segment fault",
	"general protection fault", "page fault", "reserved 15",
	"x87 floating-point error", "alignment check", "machine check",
	"SIMD floating-point error", "virtualization exception",
	"control protection exception", "reserved 22", "reserved 23",
	"reserved 24", "reserved 25", "reserved 26", "reserved 27",
	"hypervisor injection", "VMM communication", "security exception",
	"reserved 31",
};

void trap_frame_print(const struct trap_frame *f)
{
	char where[96];

	ksym_snprint(where, sizeof(where), f->eip);
	pr_emerg("EIP: %04x:%08x %s EFLAGS: %08x error: %08x\n",
		 f->cs, f->eip, where, f->eflags, f->error);
	pr_emerg("EAX: %08x EBX: %08x ECX: %08x EDX: %08x\n",
		 f->eax, f->ebx, f->ecx, f->edx);
	pr_emerg("ESI: %08x EDI: %08x EBP: %08x ESP: %08x\n",
		 f->esi, f->edi, f->ebp,
		 trap_from_user(f) ? f->user_esp : (uint32_t)&f->user_esp);
	pr_emerg("DS: %04x ES: %04x FS: %04x GS: %04x CR0: %08x CR3: %08x\n",
		 f->ds, f->es, f->fs, f->gs, read_cr0(), read_cr3());
}

static __noreturn void exception_fatal(struct trap_frame *f)
{
	char where[96];

	cpu_cli();
	ksym_snprint(where, sizeof(where), f->eip);
	if (f->vector == VEC_PAGE_FAULT) {
		uint32_t cr2 = read_cr2();

		pr_emerg("panic: page fault at 0x%08x in %s (%s, %s, %s mode)\n",
			 cr2, where, f->error & PF_WRITE ? "write" :
			 f->error & PF_INSTR ? "instruction fetch" : "read",
			 f->error & PF_PRESENT ? "protection violation" : "page not present",
			 f->error & PF_USER ? "user" : "kernel");
	} else {
		pr_emerg("panic: %s in %s\n", exception_names[f->vector], where);
	}
	trap_frame_print(f);
	pr_emerg("Call trace:\n");
	pr_emerg("  [<%08x>] %s\n", f->eip, where);
	backtrace_print(f->ebp, 16);
	halt_forever();
}

/*
 * vm_fault's verdict on a page fault at user address cr2: 0 when it
 * mapped the page, else -Exxx (-EIO: a file page it cannot give, SIGBUS;
 * -ENOMEM: no memory even after the OOM killer had its go, SIGKILL).
 * Interrupts are back on meanwhile when the faulting code had them on:
 * a file page may need a disk read, and out of memory the OOM killer
 * may have to wait for its victim (kernel/proc/oom.c), up to
 * OOM_RETRIES times.
 */
#define OOM_RETRIES	100

static int user_fault(struct trap_frame *f, uint32_t cr2)
{
	struct mm *mm;
	int err, tries = 0;

	if (cr2 >= KERNEL_BASE || !vm_current)
		return -EFAULT;
	if (!trap_from_user(f) && !extable_search(f->eip))
		return -EFAULT;		/* kernel bug: reported as fatal */
	if (!trap_from_user(f) && uaccess_nofault)
		return -EFAULT;		/* copy_from_user_nofault: no paging */
	irq_restore(f->eflags);
	mm = vm_current;
	do {
		mm_lock(mm);		/* threads share it */
		err = vm_fault(mm, cr2, f->error);
		mm_unlock(mm);
	} while (err == -ENOMEM && (f->eflags & EFLAGS_IF) &&
		 ++tries <= OOM_RETRIES && oom_handle());
	if (!err)
		current->acct.minflt++;		/* getrusage's ru_minflt */
	cpu_cli();
	return err;
}

/* The signal Linux sends for an exception in user mode (0: none). */
static const uint8_t exception_signals[32] = {
	[0] = SIGFPE, [4] = SIGSEGV, [5] = SIGSEGV, [6] = SIGILL,
	[7] = SIGSEGV, [10] = SIGSEGV, [11] = SIGBUS, [12] = SIGBUS,
	[13] = SIGSEGV, [VEC_PAGE_FAULT] = SIGSEGV, [16] = SIGFPE,
	[17] = SIGBUS, [19] = SIGFPE,
};

/* si_code and si_addr of a user-mode exception, as Linux gives them
 * (cr2: the page fault's address). */
static int exception_code(const struct trap_frame *f, uint32_t cr2,
			  uint32_t *addr)
{
	*addr = f->eip;
	switch (f->vector) {
	case VEC_PAGE_FAULT:
		*addr = cr2;
		if (f->error & PF_PRESENT)
			return SEGV_ACCERR;
		return vm_current && vma_find(vm_current, cr2) ?
			SEGV_ACCERR : SEGV_MAPERR;
	case 0:
		return FPE_INTDIV;
	case 6:
		return ILL_ILLOPN;
	case 16:
	case 19:
		return fpu_exception_code(current, f->vector);
	}
	*addr = 0;
	return SI_KERNEL;
}

/* No memory for the current process's fault, the OOM killer
 * notwithstanding: it ends with SIGKILL, never a misleading SIGSEGV. */
static void out_of_memory_exit(void)
{
	struct proc *p = proc_current();

	if (!p->oom_victim) {
		p->oom_victim = true;
		pr_err("oom: no memory for process %d (%s): killed\n", p->pid,
		       p->name);
	}
	signal_send(p, SIGKILL, NULL);
}

/* A user-mode exception becomes a signal for the current process: its
 * handler runs, or its default action ends the process, on the way back
 * to user mode (kernel/proc/signal.c).  A page fault vm_fault answered
 * with -EIO (a file page past the end of its file) is a SIGBUS.  Logged
 * at debug level. */
static void user_exception(struct trap_frame *f, uint32_t cr2, int fault_err)
{
	int sig = exception_signals[f->vector];
	uint32_t addr;
	int code = exception_code(f, cr2, &addr);

	if (f->vector == VEC_BREAKPOINT || f->vector == VEC_DEBUG)
		sig = SIGTRAP;
	if (f->vector == VEC_PAGE_FAULT && fault_err == -EIO) {
		sig = SIGBUS;
		code = BUS_ADRERR;
	}
	if (f->vector == VEC_PAGE_FAULT && fault_err == -ENOMEM) {
		out_of_memory_exit();
		return;
	}
	if ((f->vector == 16 || f->vector == 19) && !code)
		return;		/* spurious: nothing flagged, as Linux */
	pr_debug("proc: %s at eip 0x%08x (addr 0x%08x): signal %d\n",
		 exception_names[f->vector], f->eip, addr, sig ? sig : SIGKILL);
	signal_force_fault(sig ? sig : SIGKILL, code, addr);
}

void exception_dispatch(struct trap_frame *f)
{
	uint32_t cr2 = f->vector == VEC_PAGE_FAULT ? read_cr2() : 0;
	int fault_err = 0;

	if (f->vector == VEC_PAGE_FAULT) {
		fault_err = user_fault(f, cr2);
		if (!fault_err)
			return;
	}
	if (trap_from_user(f) && proc_current() && f->vector != VEC_NMI) {
		user_exception(f, cr2, fault_err);
		return;
	}
	if (!trap_from_user(f) && extable_fixup(f))
		return;
	if (f->vector == VEC_DEBUG && sysenter_single_step(f))
		return;
	switch (f->vector) {
	case VEC_DEBUG:
	case VEC_BREAKPOINT:
	case VEC_NMI:
		pr_warn("%s at %08x, continuing\n",
			exception_names[f->vector], f->eip);
		return;
	}
	exception_fatal(f);
}
