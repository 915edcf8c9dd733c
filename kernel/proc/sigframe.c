/*
 * sigframe.c: building the Linux i386 signal frames on the user stack,
 * and sigreturn/rt_sigreturn taking them down (layouts in sigframe.h).
 *
 * sigframe_setup() chooses the stack (the alternate one for an SA_ONSTACK
 * handler, kernel/proc/sigstack.c), places the x87/SSE state below its
 * top as Linux does (the FXSAVE image 64-byte aligned, the FSAVE part
 * right below it), then the frame below that, aligned as Linux aligns it
 * ((sp + 4) % 16 == 0 at the handler's first instruction, as after a
 * call).  The frame saves the interrupted registers of trap frame f and
 * the mask to restore; f is pointed at the handler: eip = the handler,
 * esp = the frame, eax = sig (and edx = &info, ecx = &uc for SA_SIGINFO,
 * as Linux's regparm convention), and the handler starts with a clean
 * FPU (the state FNINIT gives).  The handler returns to pretcode: the
 * sa_restorer musl always supplies, or else, as Linux, the vDSO's
 * __kernel_sigreturn or __kernel_rt_sigreturn (vdso/vdso.h), wherever the
 * process maps it now.  The frame still carries Linux's legacy retcode
 * bytes (popl %eax; movl $119, %eax; int $0x80, or movl $173, %eax;
 * int $0x80), which some debuggers look at; the handler returns there
 * only in a process without a vDSO (it unmapped it), as on Linux without
 * one, and on a CPU with NX that faults (the stack is not executable).
 * A frame that would leave the alternate stack it is on, or
 * that cannot be written, is refused (-EFAULT).
 *
 * sigframe_return() clears the thread's restart block (as Linux: a call
 * a handler interrupted does not go on through restart_syscall), restores
 * the mask, then checks the saved
 * segments (user code and data, or a TLS slot that holds a descriptor),
 * keeps IF and the other system flags of eflags, restores the registers
 * and the x87/SSE state (a NULL fpstate: a clean FPU), and for
 * rt_sigreturn the alternate stack from uc_stack (a refused change is
 * ignored, as Linux); the result is the saved eax.  A bad frame or FPU
 * image raises SIGSEGV.
 *
 * Interface (signal.h): sigframe_setup, sigframe_return.
 */
#include "kernel/proc/sigframe.h"
#include "lib/errno.h"
#include "kernel/x86/fpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/uaccess.h"
#include "vdso/vdso.h"

#define NR_sigreturn_	119
#define NR_rt_sigreturn_ 173
/* The eflags bits user space may change (Linux's FIX_EFLAGS). */
#define FIX_EFLAGS	0x00050dd5u
#define FXSAVE_ALIGN	64u

/* Where a frame and its x87/SSE state go. */
struct frame_place {
	uint32_t frame, fpstate;
};

/* cr2 is the fault address of SIGSEGV and SIGBUS from page faults. */
static void sc_save(struct sigcontext32 *sc, const struct trap_frame *f,
		    uint64_t mask, uint32_t fpstate, uint32_t cr2)
{
	bool trap = f->vector < 32;

	*sc = (struct sigcontext32){
		.gs = (uint16_t)f->gs, .fs = (uint16_t)f->fs,
		.es = (uint16_t)f->es, .ds = (uint16_t)f->ds,
		.edi = f->edi, .esi = f->esi, .ebp = f->ebp,
		.esp = f->user_esp, .ebx = f->ebx, .edx = f->edx,
		.ecx = f->ecx, .eax = f->eax,
		.trapno = trap ? f->vector : 0, .err = trap ? f->error : 0,
		.eip = f->eip, .cs = (uint16_t)f->cs, .eflags = f->eflags,
		.esp_at_signal = f->user_esp, .ss = (uint16_t)f->user_ss,
		.fpstate = fpstate, .oldmask = (uint32_t)mask, .cr2 = cr2,
	};
}

static uint32_t fault_cr2(const struct ksiginfo *k)
{
	bool fault = k->code > SI_USER && k->code < SI_KERNEL &&
		     (k->signo == SIGSEGV || k->signo == SIGBUS);

	return fault ? k->fault.addr : 0;
}

/* Lay out a frame of size bytes, for ka's handler of the code interrupted
 * at f.  0, or -EFAULT when it would overflow the alternate stack. */
static int frame_place(const struct trap_frame *f, const struct k_sigaction *ka,
		       size_t size, struct frame_place *at)
{
	const struct sig_altstack *ss = &current->thread->altstack;
	bool on;
	uint32_t sp = sigaltstack_top(ss, f->user_esp, ka->flags, &on);

	if (fpu_has_fxsr())
		at->fpstate = ((sp - FPU_STATE_SIZE) & ~(FXSAVE_ALIGN - 1)) -
			FPSTATE_FSAVE_SIZE;
	else
		at->fpstate = (sp - FPSTATE_FSAVE_SIZE) & ~(FXSAVE_ALIGN - 1);
	at->frame = ((at->fpstate - size + 4) & ~15u) - 4;
	if (on && !sigaltstack_fits(ss, at->frame))
		return -EFAULT;
	return 0;
}

/* Where ka's handler returns: its sa_restorer, or the vDSO's sigreturn
 * (rt_sigreturn for rt), or without a vDSO the frame's retcode. */
static uint32_t frame_restorer(const struct k_sigaction *ka, bool rt,
			       uint32_t retcode)
{
	uintptr_t vdso;

	if (ka->flags & SA_RESTORER)
		return ka->restorer;
	vdso = vdso_base(current->mm);
	if (!vdso)
		return retcode;
	return vdso + (rt ? VDSO_SYM_kernel_rt_sigreturn :
			    VDSO_SYM_kernel_sigreturn);
}

/* The current task's x87/SSE state, written to the user stack at at. */
static int fpstate_write(uint32_t at)
{
	struct fpstate32 *fs = kmalloc(sizeof(*fs));
	int err;

	if (!fs)
		return -ENOMEM;
	fpu_frame_save(current, fs);
	err = copy_to_user((void *)at, fs, fpu_frame_size());
	kfree(fs);
	return err;
}

static int setup_rt(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		    const struct ksiginfo *info, uint64_t oldmask)
{
	const struct sig_altstack *ss = &current->thread->altstack;
	struct rt_sigframe32 fr;
	struct frame_place at;
	static const uint8_t code[8] = { 0xb8, NR_rt_sigreturn_, 0, 0, 0,
					 0xcd, 0x80, 0 };

	if (frame_place(f, ka, sizeof(fr), &at) || fpstate_write(at.fpstate))
		return -EFAULT;
	memset(&fr, 0, sizeof(fr));
	fr.sig = sig;
	fr.pinfo = at.frame + offsetof(struct rt_sigframe32, info);
	fr.puc = at.frame + offsetof(struct rt_sigframe32, uc);
	siginfo_fill(&fr.info, info);
	fr.uc.stack = (struct stack32){ .sp = ss->sp, .flags = ss->flags,
					.size = ss->size };
	sc_save(&fr.uc.mcontext, f, oldmask, at.fpstate, fault_cr2(info));
	fr.uc.sigmask = oldmask;
	memcpy(fr.retcode, code, sizeof(code));
	fr.pretcode = frame_restorer(ka, true, at.frame +
				     offsetof(struct rt_sigframe32, retcode));
	if (copy_to_user((void *)at.frame, &fr, sizeof(fr)))
		return -EFAULT;
	f->user_esp = at.frame;
	f->edx = fr.pinfo;
	f->ecx = fr.puc;
	return 0;
}

static int setup_plain(struct trap_frame *f, int sig,
		       const struct k_sigaction *ka, uint64_t oldmask,
		       uint32_t cr2)
{
	struct sigframe32 *fr;
	struct frame_place at;
	static const uint8_t code[8] = { 0x58, 0xb8, NR_sigreturn_, 0, 0, 0,
					 0xcd, 0x80 };
	int err;

	if (frame_place(f, ka, sizeof(*fr), &at) || fpstate_write(at.fpstate))
		return -EFAULT;
	fr = kzalloc(sizeof(*fr));
	if (!fr)
		return -ENOMEM;
	fr->sig = sig;
	sc_save(&fr->sc, f, oldmask, at.fpstate, cr2);
	fr->extramask = (uint32_t)(oldmask >> 32);
	memcpy(fr->retcode, code, sizeof(code));
	fr->pretcode = frame_restorer(ka, false, at.frame +
				      offsetof(struct sigframe32, retcode));
	err = copy_to_user((void *)at.frame, fr, sizeof(*fr));
	kfree(fr);
	if (!err)
		f->user_esp = at.frame;
	return err;
}

/* Make f enter ka's handler for sig; the frame saves f and oldmask.
 * Returns 0 or -EFAULT (no room on the user stack). */
int sigframe_setup(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		   const struct ksiginfo *info, uint64_t oldmask)
{
	int err = ka->flags & SA_SIGINFO ?
		setup_rt(f, sig, ka, info, oldmask) :
		setup_plain(f, sig, ka, oldmask, fault_cr2(info));

	if (err)
		return err;
	f->eip = ka->handler;
	f->eax = (uint32_t)sig;
	f->cs = SEL_UCODE;
	f->user_ss = f->ds = f->es = SEL_UDATA;
	f->eflags &= ~0x00040500u;	/* AC, DF, TF: clear for the handler */
	fpu_reset(current);		/* the handler starts clean */
	return 0;
}

/* Whether sel may be loaded in a data segment register for user mode. */
static bool user_data_selector(uint32_t sel)
{
	unsigned int idx = sel >> 3;

	if (sel == 0 || sel == SEL_UDATA)
		return true;
	if ((sel & 7) != 3 || idx < GDT_TLS_FIRST ||
	    idx >= GDT_TLS_FIRST + GDT_TLS_COUNT)
		return false;
	return current->tls[idx - GDT_TLS_FIRST] & (1ull << 47);  /* present */
}

static int sc_restore(struct trap_frame *f, const struct sigcontext32 *sc)
{
	if (sc->cs != SEL_UCODE || sc->ss != SEL_UDATA ||
	    !user_data_selector(sc->ds) || !user_data_selector(sc->es) ||
	    !user_data_selector(sc->fs) || !user_data_selector(sc->gs))
		return -EFAULT;
	f->gs = sc->gs;
	f->fs = sc->fs;
	f->es = sc->es;
	f->ds = sc->ds;
	f->edi = sc->edi;
	f->esi = sc->esi;
	f->ebp = sc->ebp;
	f->ebx = sc->ebx;
	f->edx = sc->edx;
	f->ecx = sc->ecx;
	f->eax = sc->eax;
	f->eip = sc->eip;
	f->user_esp = sc->esp;
	f->eflags = (f->eflags & ~FIX_EFLAGS) | (sc->eflags & FIX_EFLAGS);
	f->error = (uint32_t)-1;	/* not a system call: no restart */
	return 0;
}

/* The x87/SSE state saved at user address at (0: none, a clean FPU).
 * 0, or -EFAULT for an image that cannot be read or loaded. */
static int fpstate_read(uint32_t at)
{
	struct fpstate32 *fs;
	int err;

	if (!at) {
		fpu_reset(current);
		return 0;
	}
	fs = kmalloc(sizeof(*fs));
	if (!fs)
		return -ENOMEM;
	err = copy_from_user(fs, (void *)at, fpu_frame_size());
	if (!err)
		fpu_frame_restore(current, fs);
	kfree(fs);
	if (err)
		fpu_reset(current);
	return err;
}

static int restore_plain(struct trap_frame *f)
{
	struct sigframe32 *fr = kmalloc(sizeof(*fr));
	int err = -ENOMEM;

	if (fr && !copy_from_user(fr, (void *)(f->user_esp - 8), sizeof(*fr))) {
		signal_set_mask(current->thread, fr->sc.oldmask |
				(uint64_t)fr->extramask << 32);
		err = sc_restore(f, &fr->sc);
		if (!err)
			err = fpstate_read(fr->sc.fpstate);
	}
	kfree(fr);
	return err ? -EFAULT : 0;
}

static int restore_rt(struct trap_frame *f)
{
	struct thread *t = current->thread;
	struct rt_sigframe32 fr;

	if (copy_from_user(&fr, (void *)(f->user_esp - 4), sizeof(fr)))
		return -EFAULT;
	signal_set_mask(t, fr.uc.sigmask);
	if (sc_restore(f, &fr.uc.mcontext) ||
	    fpstate_read(fr.uc.mcontext.fpstate))
		return -EFAULT;
	(void)sigaltstack_set(&t->altstack, &fr.uc.stack, f->user_esp);
	return 0;
}

/*
 * sigreturn (rt false: the frame starts 8 bytes below esp, pretcode and
 * sig popped) or rt_sigreturn (4 bytes: pretcode popped).  Returns the
 * restored eax; a bad frame forces SIGSEGV (and returns 0, as Linux).
 */
long sigframe_return(struct trap_frame *f, bool rt)
{
	restart_clear();	/* the interrupted call is over (EINTR) */
	if (rt ? restore_rt(f) : restore_plain(f)) {
		signal_force_fault(SIGSEGV, SI_KERNEL, 0);
		return 0;
	}
	return (long)f->eax;
}
