/*
 * sys_restart.c: restart_syscall (0) and the current thread's restart
 * block (kernel/proc/restart.h).
 *
 * signal_deliver turns a call's -ERESTART_RESTARTBLOCK, when no handler
 * runs, into a new int 0x80 with eax 0: this call then goes on with what
 * the interrupted one recorded.  A program calling it with nothing
 * recorded gets -EINTR, as Linux's do_no_restart_syscall.
 *
 * Interface: restart_current, restart_set, restart_clear and the SYSCALL
 * registration.
 */
#include "kernel/proc/restart.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/syscall.h"

struct restart_block *restart_current(void)
{
	return &thread_current()->restart;
}

long restart_set(restart_fn_t fn)
{
	restart_current()->fn = fn;
	return -ERESTART_RESTARTBLOCK;
}

void restart_clear(void)
{
	restart_current()->fn = NULL;
}

static long sys_restart_syscall(void)
{
	struct restart_block *rb = restart_current();

	return rb->fn ? rb->fn(rb) : -EINTR;
}
SYSCALL(NR_restart_syscall, sys_restart_syscall);
