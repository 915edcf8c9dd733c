/*
 * sigstack.c: the alternate signal stack (sigaltstack), as Linux keeps
 * it: a base, a size and the flags last set (SS_DISABLE when there is
 * none; SS_AUTODISARM may be or'ed in).  It is per thread in Linux; here
 * it lives in one struct sig_altstack that fork copies and execve resets.
 *
 * A stack pointer is "on" the alternate stack when base < sp <= base +
 * size (never with SS_AUTODISARM, which disarms the stack while a handler
 * runs on it).  It cannot be changed while running on it (-EPERM), a new
 * one must have at least MINSIGSTKSZ bytes (-ENOMEM), and its mode is 0,
 * SS_ONSTACK (taken as 0) or SS_DISABLE (-EINVAL otherwise).
 *
 * Interface (signal.h): sigaltstack_reset, sigaltstack_on,
 * sigaltstack_get, sigaltstack_set, sigaltstack_top.
 */
#include "kernel/proc/signal.h"
#include "lib/errno.h"

#define SS_FLAG_BITS	SS_AUTODISARM

void sigaltstack_reset(struct sig_altstack *ss)
{
	*ss = (struct sig_altstack){ .flags = SS_DISABLE };
}

/* Whether sp is on the alternate stack (Linux's __on_sig_stack). */
static bool within(const struct sig_altstack *ss, uint32_t sp)
{
	return sp > ss->sp && sp - ss->sp <= ss->size;
}

/* Whether code running with stack pointer sp is on the armed stack. */
bool sigaltstack_on(const struct sig_altstack *ss, uint32_t sp)
{
	return !(ss->flags & SS_AUTODISARM) && within(ss, sp);
}

/* What sigaltstack's old-stack argument reports, for a caller at sp. */
void sigaltstack_get(const struct sig_altstack *ss, uint32_t sp,
		     struct stack32 *out)
{
	out->sp = ss->sp;
	out->size = ss->size;
	out->flags = !ss->size ? SS_DISABLE :
		sigaltstack_on(ss, sp) ? SS_ONSTACK : 0;
	out->flags |= ss->flags & SS_FLAG_BITS;
}

/* sigaltstack's change, asked by code running at sp: 0, -EPERM, -EINVAL
 * or -ENOMEM (nothing changed then). */
int sigaltstack_set(struct sig_altstack *ss, const struct stack32 *in,
		    uint32_t sp)
{
	int mode = in->flags & ~SS_FLAG_BITS;

	if (sigaltstack_on(ss, sp))
		return -EPERM;
	if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
		return -EINVAL;
	if (in->sp == ss->sp && in->size == ss->size && in->flags == ss->flags)
		return 0;		/* no change: not checked further */
	if (mode == SS_DISABLE) {
		*ss = (struct sig_altstack){ .flags = in->flags };
		return 0;
	}
	if (in->size < MINSIGSTKSZ)
		return -ENOMEM;
	*ss = (struct sig_altstack){ .sp = in->sp, .size = in->size,
				     .flags = in->flags };
	return 0;
}

/*
 * Where a handler's frame goes down from, for code interrupted at sp:
 * the top of the alternate stack for an SA_ONSTACK handler when the
 * stack is set and not in use, else sp.  *on: the frame is to lie on the
 * alternate stack (entering it, or already there); it must then fit.
 */
uint32_t sigaltstack_top(const struct sig_altstack *ss, uint32_t sp,
			 uint32_t sa_flags, bool *on)
{
	*on = sigaltstack_on(ss, sp);
	if ((sa_flags & SA_ONSTACK) && ss->size && !*on) {
		*on = true;
		return ss->sp + ss->size;
	}
	return sp;
}

/* Whether a frame that starts at addr fits on the alternate stack. */
bool sigaltstack_fits(const struct sig_altstack *ss, uint32_t addr)
{
	return within(ss, addr);
}
