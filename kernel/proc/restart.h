/*
 * restart.h: going on with an interrupted system call with the time it
 * had left: Linux's restart block and restart_syscall (number 0).
 *
 * A call that sleeps until a relative timeout cannot simply be run again
 * after a signal: it would wait its whole time again.  Such a call, when
 * a signal interrupts it, writes into its thread's restart block what it
 * needs to go on (an absolute deadline, its user pointers) and the
 * function that goes on, and returns -ERESTART_RESTARTBLOCK.  On the way
 * back to user mode (kernel/proc/signal.c) that becomes -EINTR when a
 * handler runs; otherwise (the signal stopped the process, or was ignored
 * by the time it was taken) the thread re-enters the kernel as
 * restart_syscall, which calls the recorded function
 * (kernel/syscall/sys_restart.c).  With nothing recorded, restart_syscall
 * returns -EINTR.  sigreturn and every new nanosleep clear the block, as
 * Linux does; a restarted futex wait clears it before waiting again.
 *
 * Users, as Linux: nanosleep and clock_nanosleep without TIMER_ABSTIME
 * (kernel/syscall/sys_time.c: the deadline, and where to write the time
 * left when a handler interrupts the restarted sleep too), poll
 * (kernel/syscall/sys_poll.c: its array and deadline), futex waits with
 * a timeout (kernel/syscall/sys_futex.c: the word, value, bitset and
 * absolute deadline).  TIMER_ABSTIME sleeps, ppoll and the select calls
 * need no block: they restart with their own arguments (-ERESTARTNOHAND),
 * which are absolute or were updated with the time left.
 *
 * Interface:
 *   restart_set(fn)     the current thread's block, whose arguments the
 *                       caller has filled in, now goes on with fn:
 *                       returns -ERESTART_RESTARTBLOCK
 *   restart_clear()     the current thread has nothing to restart
 *   restart_current()   the current thread's block
 */
#ifndef KERNEL_PROC_RESTART_H
#define KERNEL_PROC_RESTART_H

#include <stdbool.h>
#include <stdint.h>

struct restart_block;
typedef long (*restart_fn_t)(struct restart_block *rb);

/* Where an interrupted nanosleep writes the time left. */
enum restart_rem {
	RESTART_REM_NONE,	/* nowhere (no pointer, or TIMER_ABSTIME) */
	RESTART_REM_TS32,	/* a struct timespec with 32-bit fields */
	RESTART_REM_TS64,	/* clock_nanosleep_time64's */
};

struct restart_block {
	restart_fn_t fn;			/* NULL: nothing (-EINTR) */
	union {
		struct {
			uint64_t deadline;	/* clock_ns() */
			uint32_t urem;
			enum restart_rem rem;
		} nanosleep;
		struct {
			uint32_t uaddr, val, bitset;
			bool private;
			uint64_t deadline;	/* clock_ns() */
		} futex;
		struct {
			uint32_t ufds, nfds;
			uint64_t deadline;	/* clock_ns(), WAIT_FOREVER */
		} poll;
	};
};

struct restart_block *restart_current(void);
long restart_set(restart_fn_t fn);
void restart_clear(void);

#endif
