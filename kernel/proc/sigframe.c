/*
 * sigframe.c: building the Linux i386 signal frames on the user stack,
 * and sigreturn/rt_sigreturn taking them down (layouts in sigframe.h).
 *
 * sigframe_setup() saves the interrupted registers of trap frame f and
 * the mask to restore in a frame below the user stack pointer, aligned as
 * Linux aligns it ((sp + 4) % 16 == 0 at the handler's first
 * instruction, as after a call), and points f at the handler: eip = the
 * handler, esp = the frame, eax = sig (and edx = &info, ecx = &uc for
 * SA_SIGINFO, as Linux's regparm convention).  The handler returns to
 * pretcode: the sa_restorer musl always supplies, or else the retcode
 * bytes in the frame (popl %eax; movl $119, %eax; int $0x80, or movl $173,
 * %eax; int $0x80).
 *
 * sigframe_return() checks the saved segments (user code and data, or a
 * TLS slot that holds a descriptor), keeps IF and the other system flags
 * of eflags, and restores the registers and the mask; the result is the
 * saved eax.  A bad frame ends the process with SIGSEGV.
 *
 * Interface (signal.h): sigframe_setup, sigframe_return.
 */
#include "kernel/proc/sigframe.h"
#include "kernel/errno.h"
#include "kernel/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/uaccess.h"

#define NR_sigreturn_	119
#define NR_rt_sigreturn_ 173
/* The eflags bits user space may change (Linux's FIX_EFLAGS). */
#define FIX_EFLAGS	0x00050dd5u

static void sc_save(struct sigcontext32 *sc, const struct trap_frame *f,
		    uint64_t mask, uint32_t cr2)
{
	*sc = (struct sigcontext32){
		.gs = (uint16_t)f->gs, .fs = (uint16_t)f->fs,
		.es = (uint16_t)f->es, .ds = (uint16_t)f->ds,
		.edi = f->edi, .esi = f->esi, .ebp = f->ebp,
		.esp = f->user_esp, .ebx = f->ebx, .edx = f->edx,
		.ecx = f->ecx, .eax = f->eax,
		.trapno = f->vector, .err = f->error, .eip = f->eip,
		.cs = (uint16_t)f->cs, .eflags = f->eflags,
		.esp_at_signal = f->user_esp, .ss = (uint16_t)f->user_ss,
		.fpstate = 0, .oldmask = (uint32_t)mask, .cr2 = cr2,
	};
}

static void info_fill(struct siginfo32 *si, const struct ksiginfo *k)
{
	memset(si, 0, sizeof(*si));
	si->signo = k->signo;
	si->code = k->code;
	if (k->signo == SIGCHLD) {
		si->chld.pid = k->pid;
		si->chld.uid = k->uid;
		si->chld.status = k->status;
	} else if (k->code > 0 && k->code < SI_KERNEL) {
		si->fault.addr = k->addr;	/* a fault's si_code */
	} else {
		si->kill.pid = k->pid;
		si->kill.uid = k->uid;
	}
}

/* Where a frame of size bytes goes below the user stack pointer. */
static uint32_t frame_addr(const struct trap_frame *f, size_t size)
{
	return ((f->user_esp - size + 4) & ~15u) - 4;
}

static int setup_rt(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		    const struct ksiginfo *info, uint64_t oldmask)
{
	struct rt_sigframe32 fr;
	uint32_t at = frame_addr(f, sizeof(fr));
	static const uint8_t code[8] = { 0xb8, NR_rt_sigreturn_, 0, 0, 0,
					 0xcd, 0x80, 0 };

	memset(&fr, 0, sizeof(fr));
	fr.sig = sig;
	fr.pinfo = at + offsetof(struct rt_sigframe32, info);
	fr.puc = at + offsetof(struct rt_sigframe32, uc);
	info_fill(&fr.info, info);
	fr.uc.stack.flags = SS_DISABLE;
	sc_save(&fr.uc.mcontext, f, oldmask, info->addr);
	fr.uc.sigmask = oldmask;
	memcpy(fr.retcode, code, sizeof(code));
	fr.pretcode = ka->flags & SA_RESTORER ? ka->restorer :
		at + offsetof(struct rt_sigframe32, retcode);
	if (copy_to_user((void *)at, &fr, sizeof(fr)))
		return -EFAULT;
	f->user_esp = at;
	f->edx = fr.pinfo;
	f->ecx = fr.puc;
	return 0;
}

static int setup_plain(struct trap_frame *f, int sig,
		       const struct k_sigaction *ka, uint64_t oldmask,
		       uint32_t cr2)
{
	struct sigframe32 *fr = kzalloc(sizeof(*fr));
	uint32_t at = frame_addr(f, sizeof(*fr));
	static const uint8_t code[8] = { 0x58, 0xb8, NR_sigreturn_, 0, 0, 0,
					 0xcd, 0x80 };
	int err;

	if (!fr)
		return -ENOMEM;
	fr->sig = sig;
	sc_save(&fr->sc, f, oldmask, cr2);
	fr->extramask = (uint32_t)(oldmask >> 32);
	memcpy(fr->retcode, code, sizeof(code));
	fr->pretcode = ka->flags & SA_RESTORER ? ka->restorer :
		at + offsetof(struct sigframe32, retcode);
	err = copy_to_user((void *)at, fr, sizeof(*fr));
	kfree(fr);
	if (!err)
		f->user_esp = at;
	return err;
}

/* Make f enter ka's handler for sig; the frame saves f and oldmask.
 * Returns 0 or -EFAULT (no room on the user stack). */
int sigframe_setup(struct trap_frame *f, int sig, const struct k_sigaction *ka,
		   const struct ksiginfo *info, uint64_t oldmask)
{
	int err = ka->flags & SA_SIGINFO ?
		setup_rt(f, sig, ka, info, oldmask) :
		setup_plain(f, sig, ka, oldmask, info->addr);

	if (err)
		return err;
	f->eip = ka->handler;
	f->eax = (uint32_t)sig;
	f->cs = SEL_UCODE;
	f->user_ss = f->ds = f->es = SEL_UDATA;
	f->eflags &= ~0x00040500u;	/* AC, DF, TF: clear for the handler */
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

/*
 * sigreturn (rt false: the frame starts 8 bytes below esp, pretcode and
 * sig popped) or rt_sigreturn (4 bytes: pretcode popped).  Returns the
 * restored eax; a bad frame forces SIGSEGV.
 */
long sigframe_return(struct trap_frame *f, bool rt)
{
	struct rt_sigframe32 rf;
	struct sigframe32 *pf = rt ? NULL : kmalloc(sizeof(*pf));
	const struct sigcontext32 *sc = NULL;
	uint64_t mask = 0;

	if (rt && !copy_from_user(&rf, (void *)(f->user_esp - 4), sizeof(rf))) {
		sc = &rf.uc.mcontext;
		mask = rf.uc.sigmask;
	} else if (pf && !copy_from_user(pf, (void *)(f->user_esp - 8),
					 sizeof(*pf))) {
		sc = &pf->sc;
		mask = pf->sc.oldmask | (uint64_t)pf->extramask << 32;
	}
	if (!sc || sc_restore(f, sc)) {
		kfree(pf);
		signal_force_fault(SIGSEGV, SI_KERNEL, 0);
		return (long)f->eax;
	}
	kfree(pf);
	signal_set_mask(current->thread, mask);
	return (long)f->eax;
}
