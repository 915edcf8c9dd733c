/*
 * uapi.h: the profiler's interface to user space and to the host tools.
 *
 * This header is shared, unchanged, by the kernel (kernel/prof/), the
 * `profile` command (userland/profile/) and the host decoder built from
 * the same sources (tools/): it uses only <stdint.h>, and every structure
 * has a fixed layout (little-endian, checked sizes).
 *
 * The device.  /dev/profile is the character device (PROF_MAJOR,
 * PROF_MINOR), numbers from Linux's range for local use, so that no
 * Linux device is meant.  One recording at a time:
 *	ioctl(fd, PROF_IOC_START, &struct prof_config)	start recording
 *	ioctl(fd, PROF_IOC_TRACE, pid)	mark process pid (0: the caller) and
 *					every process it forks later as
 *					profiled (what -a is not)
 *	ioctl(fd, PROF_IOC_STOP, 0)	stop; the log stays readable
 *	ioctl(fd, PROF_IOC_STATS, &struct prof_stats)
 *	read(fd, buf, len)		the log, from the file offset: the
 *					records of the last recording (the
 *					boot's, until another starts), as a
 *					byte stream; reading does not consume
 * 0 or -1 with errno: EBUSY (a recording runs), EINVAL (bad config),
 * ENOMEM (no memory for the log), ENODEV (no sampling timer), EPERM
 * (not root), EFAULT.
 *
 * The log.  A sequence of records, each starting with struct prof_rec
 * (type, size of the whole record, a multiple of 4, and the TSC time),
 * followed by the type's body.  The first record is PROF_REC_INFO.  A
 * reader skips types it does not know by their size.
 *
 * Samples.  PROF_REC_SAMPLE: the interrupted pid and tid (0 for kernel
 * threads' processes: their pid is still given), the mode, then nkernel
 * kernel return addresses, innermost first (the first is the
 * interrupted EIP), then nuser user ones, innermost first (the first is
 * the user EIP where the task left user mode).  irqs_off counts the
 * sampling periods that passed while interrupts were off just before
 * this sample: that time was spent with interrupts disabled, ending at
 * this sample's stack.  When the task was in a system call, syscall_fn
 * is the address of the kernel function that serves it (sys_read...),
 * which a reader names as a frame between the user and kernel ones: the
 * call's whole time shows under its name, its entry and exit paths too.
 *
 * Naming user frames.  PROF_REC_EXEC (a process replaced its program),
 * PROF_REC_MMAP (an executable file mapping: the program's own segments
 * after an exec, and later mmaps with PROT_EXEC), PROF_REC_FORK (a new
 * process, or a new thread when pid == parent_pid), PROF_REC_EXIT (a
 * thread ended; the process with its last thread) let a reader keep each
 * process's map of executable files, so that a sample is named even
 * after its process ended.  When a recording starts, the processes
 * already running are described by synthetic EXEC and MMAP records.
 *
 * Memory.  With PROF_F_MEMORY, every kernel heap allocation and free
 * (kmalloc/kfree) and page block allocation and free is a record:
 * PROF_REC_ALLOC with the kernel call stack, PROF_REC_FREE with the
 * address alone.
 *
 * Boot timeline.  PROF_REC_SPAN records (a boot stage, an initcall,
 * the first exec or first system call of an early process, the first
 * prompt) give a start time and a duration (0 for an instant).
 *
 * System calls.  With PROF_F_SYSCALLS the kernel counts, per system
 * call of the profiled tasks (all with PROF_F_ALL): calls, errors, total
 * and maximum time, shown in /proc/syscall_stats (one line per call
 * made: "nr name calls errors total_ns max_ns"); START clears them.
 */
#ifndef KERNEL_PROF_UAPI_H
#define KERNEL_PROF_UAPI_H

#include <stdint.h>

#define PROF_MAJOR		240
#define PROF_MINOR		0

#define PROF_HZ_DEFAULT		1000
#define PROF_HZ_MAX		10000
#define PROF_LOG_KIB_DEFAULT	8192
#define PROF_LOG_KIB_MAX	65536
#define PROF_KERNEL_DEPTH	32	/* kernel frames kept per sample */
#define PROF_USER_DEPTH		64	/* user frames kept per sample */

/* struct prof_config.flags */
#define PROF_F_SAMPLES		0x1	/* sample at hz */
#define PROF_F_ALL		0x2	/* every task, the kernel's and idle */
#define PROF_F_SYSCALLS		0x4	/* per-call statistics */
#define PROF_F_MEMORY		0x8	/* allocation records */
#define PROF_F_KNOWN		0xf

struct prof_config {
	uint32_t flags;
	uint32_t hz;		/* 0: PROF_HZ_DEFAULT */
	uint32_t log_kib;	/* 0: PROF_LOG_KIB_DEFAULT */
	uint32_t reserved;	/* 0 */
};
_Static_assert(sizeof(struct prof_config) == 16, "prof_config layout");

struct prof_stats {
	uint64_t samples;	/* sample records written */
	uint64_t lost;		/* records dropped: the log was full */
	uint64_t irqs_off;	/* periods found late: interrupts were off */
	uint64_t handler_cycles; /* TSC cycles spent in the sample handler */
	uint64_t handler_calls;	/* timer interrupts handled */
	uint32_t hz;		/* rate of the last recording */
	uint32_t tsc_khz;
	uint32_t log_bytes;	/* bytes of records in the log */
	uint32_t log_size;	/* the log's capacity */
	uint32_t flags;		/* of the last recording */
	uint32_t active;	/* 1 while recording */
};
_Static_assert(sizeof(struct prof_stats) == 64, "prof_stats layout");

#define PROF_IOC_START		0x50524f01u	/* 'PRO' 1: struct prof_config */
#define PROF_IOC_STOP		0x50524f02u
#define PROF_IOC_TRACE		0x50524f03u	/* arg: pid, 0 = caller */
#define PROF_IOC_STATS		0x50524f04u	/* struct prof_stats */

enum prof_rec_type {
	PROF_REC_INFO = 1,
	PROF_REC_SAMPLE = 2,
	PROF_REC_EXEC = 3,
	PROF_REC_MMAP = 4,
	PROF_REC_FORK = 5,
	PROF_REC_EXIT = 6,
	PROF_REC_ALLOC = 7,
	PROF_REC_FREE = 8,
	PROF_REC_SPAN = 9,
	PROF_REC_LOST = 10,
};

/*
 * The record header's 64-bit field is 4-aligned, as i386 aligns it, so
 * that every record has one layout and one size on the 64-bit host too
 * (struct prof_rec_alloc would be 40 bytes there with an 8-aligned
 * header).  A typedef may lower the alignment; a member attribute may not.
 */
typedef uint64_t prof_u64_a4 __attribute__((aligned(4)));

struct prof_rec {
	uint16_t type;		/* enum prof_rec_type */
	uint16_t size;		/* bytes, this header included; multiple of 4 */
	uint32_t pid;		/* the process (thread group id) */
	uint32_t tid;		/* the thread */
	uint32_t pad;
	prof_u64_a4 tsc;	/* when */
};
_Static_assert(sizeof(struct prof_rec) == 24, "prof_rec layout");

struct prof_rec_info {
	struct prof_rec h;
	uint32_t version;	/* PROF_VERSION */
	uint32_t tsc_khz;	/* TSC ticks per millisecond */
	uint64_t boot_tsc;	/* TSC at the kernel's first instruction */
	uint32_t hz;		/* sampling rate, 0: not sampling */
	uint32_t flags;		/* PROF_F_* */
	uint32_t kernel_base;	/* addresses >= this are kernel ones */
	uint32_t pad;
};
#define PROF_VERSION		1
_Static_assert(sizeof(struct prof_rec_info) == 56, "prof_rec_info layout");

#define PROF_MODE_USER		0	/* interrupted in user mode */
#define PROF_MODE_KERNEL	1	/* in the kernel, for a task */
#define PROF_MODE_IDLE		2	/* the idle task */

struct prof_rec_sample {
	struct prof_rec h;
	uint8_t mode;		/* PROF_MODE_* */
	uint8_t pad;
	uint16_t irqs_off;	/* periods lost to interrupts off before it */
	uint16_t nkernel;
	uint16_t nuser;
	uint32_t syscall_fn;	/* in a system call: its handler, else 0 */
	uint32_t ips[];		/* nkernel kernel, then nuser user addresses */
};
_Static_assert(sizeof(struct prof_rec_sample) == 36, "prof_rec_sample");

/* EXEC and MMAP end with a NUL-terminated path, padded to 4 bytes. */
struct prof_rec_exec {
	struct prof_rec h;
	char comm[16];		/* the process's name, NUL-terminated */
	char path[];		/* the program's path, as exec resolved it */
};
_Static_assert(sizeof(struct prof_rec_exec) == 40, "prof_rec_exec layout");

struct prof_rec_mmap {
	struct prof_rec h;
	uint32_t start;		/* first byte mapped */
	uint32_t end;		/* past the last byte */
	uint32_t offset;	/* file offset mapped at start */
	uint32_t pad;
	char path[];
};
_Static_assert(sizeof(struct prof_rec_mmap) == 40, "prof_rec_mmap layout");

struct prof_rec_fork {
	struct prof_rec h;	/* pid, tid: the new process or thread */
	uint32_t parent_pid;
	uint32_t parent_tid;
};
_Static_assert(sizeof(struct prof_rec_fork) == 32, "prof_rec_fork layout");

/* PROF_REC_EXIT is a bare struct prof_rec. */

#define PROF_ALLOC_KMALLOC	0
#define PROF_ALLOC_PAGES	1

struct prof_rec_alloc {
	struct prof_rec h;
	uint32_t addr;
	uint32_t bytes;		/* asked for (kmalloc) or the block's size */
	uint8_t kind;		/* PROF_ALLOC_* */
	uint8_t pad;
	uint16_t nkernel;
	uint32_t ips[];		/* the caller's kernel stack, innermost first */
};
_Static_assert(sizeof(struct prof_rec_alloc) == 36, "prof_rec_alloc layout");

struct prof_rec_free {
	struct prof_rec h;
	uint32_t addr;
	uint8_t kind;
	uint8_t pad[3];
};
_Static_assert(sizeof(struct prof_rec_free) == 32, "prof_rec_free layout");

#define PROF_SPAN_STAGE		0	/* a boot stage (timeline_mark) */
#define PROF_SPAN_INITCALL	1	/* a subsystem or driver init */
#define PROF_SPAN_EXEC		2	/* a process's first exec (instant) */
#define PROF_SPAN_SYSCALL	3	/* a process's first system call */
#define PROF_SPAN_PROMPT	4	/* the first read from a terminal */

/* h.tsc is the start; name NUL-terminated, padded to 4 bytes. */
struct prof_rec_span {
	struct prof_rec h;
	uint64_t duration_tsc;
	uint32_t kind;		/* PROF_SPAN_* */
	uint32_t pad;
	char name[];
};
_Static_assert(sizeof(struct prof_rec_span) == 40, "prof_rec_span layout");

struct prof_rec_lost {
	struct prof_rec h;
	uint64_t count;		/* records dropped before this point */
};
_Static_assert(sizeof(struct prof_rec_lost) == 32, "prof_rec_lost layout");

#endif
