/*
 * unwind.c: call chains by frame pointers, for the profiler.
 *
 * Every function of the kernel and of our programs keeps the frame
 * pointer: [ebp] holds the caller's ebp and [ebp + 4] the return
 * address.  A walk stops at the first frame that is not plausible: outside
 * the stack it must be on, misaligned, or not above the previous one
 * (frames only go up towards the stack's base), so a broken chain ends
 * the walk, never the kernel, and so does a return address on the wrong
 * side of KERNEL_BASE.
 *
 * Kernel frames are read directly, within the running task's kernel
 * stack.  User frames are read with copy_from_user_nofault: a page that
 * is not present ends the walk rather than being brought in, and a frame
 * pointer into the kernel is refused by the copy's range check.
 *
 * Interface (prof.h): prof_unwind_kernel, prof_unwind_user,
 * prof_stack_bounds.
 */
#include "kernel/prof/prof.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

extern char boot_stack_bottom[], boot_stack_top[];

void prof_stack_bounds(uint32_t *lo, uint32_t *hi)
{
	if (current) {
		*lo = (uint32_t)current->stack;
		*hi = current->stack_top;
	} else {
		*lo = (uint32_t)boot_stack_bottom;	/* before sched_init */
		*hi = (uint32_t)boot_stack_top;
	}
}

/* Take the frame at *ebp ([0]: the caller's frame pointer, [1]: the
 * return address, which must be a user address for a user walk and a
 * kernel one else): store the return address, move *ebp up.  False when
 * the walk ends here. */
static bool take_frame(const uint32_t frame[2], bool user, uint32_t *ebp,
		       uint32_t *ips, unsigned int *n)
{
	if (!frame[1] || (frame[1] < KERNEL_BASE) != user)
		return false;
	ips[(*n)++] = frame[1];
	if (frame[0] <= *ebp)
		return false;
	*ebp = frame[0];
	return true;
}

unsigned int prof_unwind_kernel(uint32_t eip, uint32_t ebp, uint32_t lo,
				uint32_t hi, uint32_t *ips, unsigned int max)
{
	unsigned int n = 0;

	if (max)
		ips[n++] = eip;
	while (n < max && ebp >= lo && ebp <= hi - 8 && !(ebp & 3) &&
	       take_frame((const uint32_t *)ebp, false, &ebp, ips, &n))
		;
	return n;
}

unsigned int prof_unwind_user(uint32_t eip, uint32_t ebp, uint32_t *ips,
			      unsigned int max)
{
	uint32_t frame[2];
	unsigned int n = 0;

	if (max)
		ips[n++] = eip;
	while (n < max && ebp && !(ebp & 3) &&
	       !copy_from_user_nofault(frame, (const void *)ebp,
				       sizeof(frame)) &&
	       take_frame(frame, true, &ebp, ips, &n))
		;
	return n;
}
