/*
 * syscall.c: the int 0x80 dispatcher (see syscall.h).
 *
 * syscall_table is filled at INIT_CORE from the .syscalls section; a
 * number registered twice is a bug and is reported.  The gate enters
 * with interrupts off (the registers are saved by then); the calls run
 * with them on, preemptible like any kernel code.  The call number stays
 * in the frame's error slot (Linux's orig_eax), for the restart of a call
 * a signal interrupted (kernel/proc/signal.c).  When the call returns, the
 * files fd_get() kept alive for it are released (kernel/proc/fd.c).
 *
 * While the profiler counts system calls (or watches the boot), each call
 * is timed and reported to it (kernel/prof/sysstat.c); otherwise that
 * costs one predictable branch.
 *
 * Interface: syscall_dispatch, syscall_user_frame, syscall_name,
 * syscall_handler.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/prof/prof.h"
#include "kernel/lockdep.h"
#include "kernel/sched/task.h"

extern const struct syscall_entry __syscalls_start[], __syscalls_end[];

static syscall_fn_t syscall_table[SYSCALL_MAX];
static uint32_t syscall_logged[SYSCALL_MAX / 32 + 1];	/* unknown, seen */
static bool syscall_big_logged;

static int syscall_table_init(void)
{
	unsigned int n = 0;

	for (const struct syscall_entry *e = __syscalls_start;
	     e < __syscalls_end; e++, n++) {
		if (e->nr >= SYSCALL_MAX || syscall_table[e->nr])
			pr_err("syscall: %s: number %u out of range or taken\n",
			       e->name, e->nr);
		else
			syscall_table[e->nr] = e->fn;
	}
	pr_info("syscall: %u Linux i386 system calls\n", n);
	return 0;
}
INITCALL(INIT_CORE, syscall_table_init);

static void syscall_log_unknown(uint32_t nr)
{
	if (nr >= SYSCALL_MAX) {
		if (!syscall_big_logged)
			pr_debug("syscall: unknown number %u (logged once)\n", nr);
		syscall_big_logged = true;
		return;
	}
	if (!(syscall_logged[nr / 32] & (1u << (nr % 32))))
		pr_debug("syscall: %u not implemented (logged once)\n", nr);
	syscall_logged[nr / 32] |= 1u << (nr % 32);
}

struct trap_frame *syscall_user_frame(void)
{
	return (struct trap_frame *)(current->stack_top -
				     sizeof(struct trap_frame));
}

uintptr_t syscall_handler(uint32_t nr)
{
	return nr < SYSCALL_MAX ? (uintptr_t)syscall_table[nr] : 0;
}

const char *syscall_name(uint32_t nr)
{
	for (const struct syscall_entry *e = __syscalls_start;
	     e < __syscalls_end; e++)
		if (e->nr == nr)
			return e->name;
	return NULL;
}

static long syscall_call(uint32_t nr, const struct trap_frame *f)
{
	syscall_fn_t fn = nr < SYSCALL_MAX ? syscall_table[nr] : NULL;

	if (!fn) {
		syscall_log_unknown(nr);
		return -ENOSYS;
	}
	return fn(f->ebx, f->ecx, f->edx, f->esi, f->edi, f->ebp);
}

/* The call, timed for the profiler's statistics (kernel/prof/). */
static long syscall_call_watched(uint32_t nr, const struct trap_frame *f)
{
	uint64_t t0 = rdtsc();
	long ret;

	prof_syscall_enter(nr);
	ret = syscall_call(nr, f);
	prof_syscall_exit(nr, ret, rdtsc() - t0);
	return ret;
}

void syscall_dispatch(struct trap_frame *f)
{
	uint32_t nr = f->eax;

	f->error = nr;		/* orig_eax: restarts put it back in eax */
	cpu_sti();
	if (prof_on(PROF_F_SYSCALLS | PROF_F_BOOT))
		f->eax = (uint32_t)syscall_call_watched(nr, f);
	else
		f->eax = (uint32_t)syscall_call(nr, f);
	if (current->thread && current->thread->nborrowed)
		fd_put_borrowed();	/* fd_get's references (fd.c) */
	lockdep_user_return();
}
