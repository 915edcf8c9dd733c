/*
 * prof.h: the built-in sampling profiler, inside the kernel.
 *
 * One recording at a time (kernel/prof/control.c) writes records
 * (kernel/prof/uapi.h) into one log (log.c), a buffer allocated before
 * the recording starts: nothing is allocated while recording, and the
 * writers take no lock but the interrupt flag, so a sample may interrupt
 * any code.  When the log is full, records are counted as lost.
 *
 *   sample.c   the local APIC timer's handler: the interrupted kernel
 *              and user call chains (unwind.c) as a SAMPLE record
 *   events.c   exec, executable mmaps, fork, thread start and exit, and
 *              at the start the processes and kernel threads already
 *              there, so that user frames can be named afterwards
 *   sysstat.c  per-system-call counts and times, /proc/syscall_stats
 *   memprof.c  ALLOC and FREE records of kmalloc and the page allocator
 *   dev.c      /dev/profile (the ioctls of uapi.h) and /proc/kallsyms
 *   boot.c     profile=boot: recording from the first milliseconds to
 *              the first prompt, the dump to the second serial port
 *
 * The hooks below cost one predictable branch on prof_flags when no
 * recording runs.  A task is profiled when the recording has PROF_F_ALL
 * or its process was marked (PROF_IOC_TRACE, inherited by fork).
 */
#ifndef KERNEL_PROF_PROF_H
#define KERNEL_PROF_PROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/compiler.h"
#include "kernel/prof/uapi.h"

struct trap_frame;
struct task;
struct proc;
struct file;

/* The boot recording (boot.c) also notes each early process's first
 * exec and system call: a flag of the kernel's own, beside PROF_F_*. */
#define PROF_F_BOOT	0x100

/* PROF_F_* of the running recording; 0 when none runs. */
extern volatile uint32_t prof_flags;

static inline bool prof_on(uint32_t flag)
{
	return unlikely(prof_flags & flag);
}

/* control.c */
int prof_start(const struct prof_config *cfg);
void prof_stop(void);
void prof_get_stats(struct prof_stats *st);
/* Copy log bytes from pos on (for /dev/profile): the count copied. */
size_t prof_read(void *buf, size_t len, uint64_t pos);
bool prof_task_wanted(const struct task *t);
int prof_trace(int pid);

/* log.c: the log.  prof_log_reserve (interrupts off) returns room for
 * bytes (a multiple of 4) with the header filled in (the time: tsc, or
 * now when 0), or NULL (counted as lost). */
int prof_log_alloc(uint32_t kib);
void prof_log_reset(void);
struct prof_rec *prof_log_reserve(uint16_t type, uint32_t bytes,
				  uint32_t pid, uint32_t tid, uint64_t tsc);
/* Write a whole record from process or interrupt context (its time:
 * rec->tsc, or now when 0). */
void prof_log_write(const struct prof_rec *rec);
/* Append the final LOST record (the log keeps room for it). */
void prof_log_close(void);
/* Copy log bytes [pos, pos + len) into buf: the count copied. */
size_t prof_log_read(void *buf, size_t len, uint64_t pos);
uint32_t prof_log_used(void);
uint32_t prof_log_size(void);
uint64_t prof_log_lost(void);
/* The log's bytes, for the dump at shutdown. */
const void *prof_log_data(void);

/* unwind.c: call chains.  Each returns the number of addresses stored. */
unsigned int prof_unwind_kernel(uint32_t eip, uint32_t ebp, uint32_t lo,
				uint32_t hi, uint32_t *ips, unsigned int max);
unsigned int prof_unwind_user(uint32_t eip, uint32_t ebp, uint32_t *ips,
			      unsigned int max);
/* The running task's kernel stack bounds. */
void prof_stack_bounds(uint32_t *lo, uint32_t *hi);

/* sample.c */
void prof_sample(struct trap_frame *f);
void prof_sample_reset(uint32_t hz);
extern uint64_t prof_samples, prof_irqs_off_periods;
extern uint64_t prof_handler_cycles, prof_handler_calls;

/* events.c */
void prof_event_exec(struct proc *p);
void prof_event_mmap(struct file *f, uint32_t start, uint32_t len,
		     uint32_t offset);
void prof_event_fork(int pid, int tid, int parent_pid, int parent_tid);
void prof_event_exit(void);
void prof_event_kthread(struct task *t);
void prof_event_spawn(struct proc *p);
void prof_events_synthesize(void);

/* sysstat.c: around each system call while PROF_F_SYSCALLS or
 * PROF_F_BOOT is on (kernel/syscall/syscall.c). */
void prof_sysstat_reset(void);
void prof_syscall_enter(uint32_t nr);
void prof_syscall_exit(uint32_t nr, long ret, uint64_t cycles);

/* memprof.c */
void prof_mem_alloc(uint8_t kind, const void *addr, uint32_t bytes);
void prof_mem_free(uint8_t kind, const void *addr);

/* boot.c */
void prof_boot_start(void);
void prof_boot_tick(uint64_t now);
void prof_boot_first_exec(struct proc *p);
void prof_boot_first_syscall(uint32_t nr);
void prof_first_prompt(void);
void prof_dump_at_shutdown(void);

/* The hooks, with their one branch. */
static inline void prof_exec(struct proc *p)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_exec(p);
}

static inline void prof_mmap(struct file *f, uint32_t start, uint32_t len,
			     uint32_t offset)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_mmap(f, start, len, offset);
}

static inline void prof_fork(int pid, int tid, int parent_pid, int parent_tid)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_fork(pid, tid, parent_pid, parent_tid);
}

static inline void prof_exit(void)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_exit();
}

static inline void prof_kthread(struct task *t)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_kthread(t);
}

/* A process the kernel starts (init): named until its exec. */
static inline void prof_spawn(struct proc *p)
{
	if (prof_on(PROF_F_SAMPLES))
		prof_event_spawn(p);
}

static inline void prof_alloc(uint8_t kind, const void *addr, uint32_t bytes)
{
	if (prof_on(PROF_F_MEMORY) && addr)
		prof_mem_alloc(kind, addr, bytes);
}

static inline void prof_free(uint8_t kind, const void *addr)
{
	if (prof_on(PROF_F_MEMORY) && addr)
		prof_mem_free(kind, addr);
}

#endif
