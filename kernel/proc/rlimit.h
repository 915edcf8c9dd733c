/*
 * rlimit.h: resource limits, with Linux's numbers and defaults
 * (kernel/proc/rlimit.c).
 *
 * Each process has a soft (cur) and a hard (max) limit per resource,
 * inherited over fork and kept over exec.  Anyone may lower either or
 * move the soft limit up to the hard one; raising a hard limit takes
 * root.  Enforced: RLIMIT_NOFILE (the descriptor table, kernel/proc/fd.c),
 * RLIMIT_STACK (stack growth, mm->stack_max), RLIMIT_FSIZE (file writes
 * and truncation: SIGXFSZ and -EFBIG, fs/file.c).  The others are kept
 * and reported only.
 *
 * Interface:
 *   rlimit_init_defaults(rlim)     Linux's boot values, for a process the
 *                                  kernel starts
 *   rlimit_get(p, resource, &r)    a copy of p's limit (0 or -EINVAL)
 *   rlimit_set(p, resource, &new)  the rules of prlimit64: 0, -EINVAL,
 *                                  -EPERM
 *   rlimit_cur(resource)           the current process's soft limit
 *   rlimit_apply_stack(p)          p->mm's stack growth limit from it
 *   rlimit_fsize_check(pos, &len)  for writes to regular files: 0 (len
 *                                  maybe shortened) or -EFBIG after
 *                                  sending SIGXFSZ
 *   rlimit_fsize_grow(old, size)   the same for truncate: 0 or -EFBIG
 */
#ifndef KERNEL_PROC_RLIMIT_H
#define KERNEL_PROC_RLIMIT_H

#include <stddef.h>
#include <stdint.h>

#define RLIMIT_CPU		0
#define RLIMIT_FSIZE		1
#define RLIMIT_DATA		2
#define RLIMIT_STACK		3
#define RLIMIT_CORE		4
#define RLIMIT_RSS		5
#define RLIMIT_NPROC		6
#define RLIMIT_NOFILE		7
#define RLIMIT_MEMLOCK		8
#define RLIMIT_AS		9
#define RLIMIT_LOCKS		10
#define RLIMIT_SIGPENDING	11
#define RLIMIT_MSGQUEUE		12
#define RLIMIT_NICE		13
#define RLIMIT_RTPRIO		14
#define RLIMIT_RTTIME		15
#define RLIM_NLIMITS		16

#define RLIM64_INFINITY		(~0ull)
/* The largest RLIMIT_NOFILE hard limit (Linux's fs.nr_open default). */
#define RLIMIT_NR_OPEN		1048576u

struct rlimit64 {
	uint64_t cur, max;
};

struct proc;

void rlimit_init_defaults(struct rlimit64 *rlim);
int rlimit_get(struct proc *p, unsigned int resource, struct rlimit64 *r);
int rlimit_set(struct proc *p, unsigned int resource,
	       const struct rlimit64 *r);
uint64_t rlimit_cur(unsigned int resource);
int rlimit_fsize_check(uint64_t pos, size_t *len);
int rlimit_fsize_grow(uint64_t old, uint64_t size);
/* Give p's address space the stack growth limit of its RLIMIT_STACK. */
void rlimit_apply_stack(struct proc *p);

#endif
