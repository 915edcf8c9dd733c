/*
 * pd_fold.c: a SAMPLE record as a folded stack line.
 *
 * Interface (pd.h): pd_fold_sample(f, sample).
 *
 * The stack is "ROOT;user frames outer..inner;kernel frames outer..inner":
 * ROOT is "idle" for the idle task, else the process's comm (its EXEC
 * record's), or "pid-N" for a process no record named.  The record
 * lists each part innermost first, the first of each being the
 * interrupted address and the others return addresses (pd_name.c).
 * A sample taken in a system call has the call's handler between the
 * two parts, in brackets ("[sys_read]_[k]").
 * A sample with irqs_off > 0 also adds irqs_off to "STACK;[irqs-off]_[k]":
 * those periods went by with interrupts off, ending at this stack.
 */
#include <errno.h>
#include "userland/profile/pd.h"

static void pd_fold_root(struct pd_fold *f, const struct prof_rec_sample *s,
			 const struct pd_proc *p)
{
	char name[32];

	if (s->mode == PROF_MODE_IDLE) {
		pd_str_frame(&f->buf, "idle", "");
		return;
	}
	if (p && p->comm[0]) {
		pd_str_frame(&f->buf, p->comm, "");
		return;
	}
	snprintf(name, sizeof(name), "pid-%u", s->h.pid);
	pd_str_frame(&f->buf, name, "");
}

/* "[sys_read]_[k]": the system call the task was in. */
static void pd_fold_syscall(struct pd_fold *f, uint32_t fn)
{
	const char *name = pd_symtab_find(f->ksyms, fn);
	char frame[80];

	snprintf(frame, sizeof(frame), "[%s]", name ? name : "syscall");
	pd_str_frame(&f->buf, frame, "_[k]");
}

int pd_fold_sample(struct pd_fold *f, const struct prof_rec_sample *s)
{
	const struct pd_proc *p = pd_maps_proc(f->maps, s->h.pid);
	const uint32_t *kips = s->ips, *uips = s->ips + s->nkernel;
	int err;

	pd_str_reset(&f->buf);
	pd_fold_root(f, s, p);
	for (unsigned int i = s->nuser; i-- > 0;)
		pd_name_user(&f->buf, f->elfs, p, uips[i], i == 0);
	if (s->syscall_fn)
		pd_fold_syscall(f, s->syscall_fn);
	for (unsigned int i = s->nkernel; i-- > 0;)
		pd_name_kernel(&f->buf, f->ksyms, kips[i], i == 0);
	if (f->buf.oom)
		return -ENOMEM;
	err = pd_stacks_add(f->out, f->buf.s, 1);
	if (err || !s->irqs_off)
		return err;
	pd_str_frame(&f->buf, "[irqs-off]", "_[k]");
	if (f->buf.oom)
		return -ENOMEM;
	return pd_stacks_add(f->out, f->buf.s, s->irqs_off);
}
