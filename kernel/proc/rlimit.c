/*
 * rlimit.c: resource limits (see rlimit.h).
 *
 * The defaults are Linux's (include/asm-generic/resource.h): everything
 * unlimited but a stack of 8 MiB (soft), no core files (soft), 1024 open
 * files (soft, 4096 hard), 8 MiB of locked memory, 800 KiB of message
 * queues, nice and real-time priority 0; RLIMIT_NPROC and
 * RLIMIT_SIGPENDING are half the number of tasks memory can hold, which
 * Linux computes the same way from the memory size and the kernel stack
 * size.
 *
 * Interface: rlimit_init_defaults, rlimit_get, rlimit_set, rlimit_cur,
 * rlimit_fsize_check, rlimit_fsize_grow, rlimit_apply_stack.
 */
#include "kernel/proc/rlimit.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "mm/mm.h"
#include "mm/vm.h"

#define SIGXFSZ		25
#define INF		RLIM64_INFINITY

/* Half the tasks whose kernel stacks would fill an eighth of memory. */
static uint64_t rlimit_task_default(void)
{
	uint64_t threads = mm_total_pages() / (8 * (TASK_STACK_SIZE / PAGE_SIZE));

	return (threads < 20 ? 20 : threads) / 2;
}

void rlimit_init_defaults(struct rlimit64 *rlim)
{
	uint64_t tasks = rlimit_task_default();

	for (unsigned int i = 0; i < RLIM_NLIMITS; i++)
		rlim[i] = (struct rlimit64){ INF, INF };
	rlim[RLIMIT_STACK].cur = 8u << 20;
	rlim[RLIMIT_CORE].cur = 0;
	rlim[RLIMIT_NPROC] = (struct rlimit64){ tasks, tasks };
	rlim[RLIMIT_NOFILE] = (struct rlimit64){ 1024, 4096 };
	rlim[RLIMIT_MEMLOCK] = (struct rlimit64){ 8u << 20, 8u << 20 };
	rlim[RLIMIT_SIGPENDING] = (struct rlimit64){ tasks, tasks };
	rlim[RLIMIT_MSGQUEUE] = (struct rlimit64){ 819200, 819200 };
	rlim[RLIMIT_NICE] = (struct rlimit64){ 0, 0 };
	rlim[RLIMIT_RTPRIO] = (struct rlimit64){ 0, 0 };
}

int rlimit_get(struct proc *p, unsigned int resource, struct rlimit64 *r)
{
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	*r = p->rlim[resource];
	return 0;
}

/* The stack may grow to the soft limit, within the room kept for it. */
void rlimit_apply_stack(struct proc *p)
{
	uint64_t cur = p->rlim[RLIMIT_STACK].cur;
	uint64_t room = VM_STACK_TOP - VM_MMAP_BASE - PAGE_SIZE;

	if (p->mm)
		p->mm->stack_max = (uint32_t)(cur < room ? cur : room);
}

/*
 * Set p's limit as prlimit64 does: -EINVAL for an unknown resource or a
 * soft limit above the hard one, -EPERM to raise the hard limit without
 * being root (or RLIMIT_NOFILE's past RLIMIT_NR_OPEN).
 */
int rlimit_set(struct proc *p, unsigned int resource, const struct rlimit64 *r)
{
	struct proc *me = proc_current();

	if (resource >= RLIM_NLIMITS || r->cur > r->max)
		return -EINVAL;
	if (resource == RLIMIT_NOFILE && r->max > RLIMIT_NR_OPEN)
		return -EPERM;
	if (r->max > p->rlim[resource].max && me->euid != 0)
		return -EPERM;
	p->rlim[resource] = *r;
	if (resource == RLIMIT_STACK)
		rlimit_apply_stack(p);
	return 0;
}

/* To the writing thread, as Linux's send_sig(SIGXFSZ, current, 0). */
static void send_sigxfsz(void)
{
	struct proc *p = proc_current();
	struct ksiginfo info = { .signo = SIGXFSZ, .code = SI_USER };

	if (!p || !current->thread)
		return;
	info.kill.pid = p->pid;
	info.kill.uid = p->uid;
	signal_send_thread(current->thread, SIGXFSZ, &info);
}

uint64_t rlimit_cur(unsigned int resource)
{
	struct proc *p = proc_current();

	return p ? p->rlim[resource].cur : INF;
}

/*
 * A write of *len bytes at pos into a regular file: past RLIMIT_FSIZE it
 * gives SIGXFSZ and -EFBIG; a write that starts below the limit is cut to
 * end at it.
 */
int rlimit_fsize_check(uint64_t pos, size_t *len)
{
	uint64_t limit = rlimit_cur(RLIMIT_FSIZE);

	if (limit == INF || !*len)
		return 0;
	if (pos >= limit) {
		send_sigxfsz();
		return -EFBIG;
	}
	if (*len > limit - pos)
		*len = (size_t)(limit - pos);
	return 0;
}

/* Growing a regular file from old to size past RLIMIT_FSIZE: SIGXFSZ
 * and -EFBIG. */
int rlimit_fsize_grow(uint64_t old, uint64_t size)
{
	if (size <= old || size <= rlimit_cur(RLIMIT_FSIZE))
		return 0;
	send_sigxfsz();
	return -EFBIG;
}
