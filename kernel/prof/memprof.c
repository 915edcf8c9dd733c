/*
 * memprof.c: the kernel's allocations as records (see prof.h).
 *
 * While a recording has PROF_F_MEMORY, each kmalloc/kzalloc and each
 * page_alloc by a profiled task (not by a device's interrupt handler that
 * interrupted it, unless the whole system is recorded) writes an ALLOC
 * record with the address,
 * the size and the caller's kernel call chain (from the allocator
 * inwards: the first address is in kmalloc or page_alloc); each kfree and
 * page_free, by any task, writes a FREE record with the address.  A
 * reader pairs them: the allocations still live at the end of a command
 * are its leaks, weighed in bytes by call stack.  Page blocks are named by
 * their physical address; kmalloc's large objects are whole page blocks
 * and so appear under both kinds.
 *
 * Interface (prof.h): prof_mem_alloc, prof_mem_free.
 */
#include "kernel/prof/prof.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

#define MEM_DEPTH	24

void prof_mem_alloc(uint8_t kind, const void *addr, uint32_t bytes)
{
	uint32_t ips[MEM_DEPTH], lo, hi, flags;
	const uint32_t *fp = __builtin_frame_address(0);
	unsigned int n;
	struct prof_rec_alloc *a;
	uint32_t tid = current ? (uint32_t)current->pid : 0;
	uint32_t pid = current && current->proc ? (uint32_t)current->proc->pid : tid;

	if (!prof_task_wanted(current) ||
	    (irq_active && !(prof_flags & PROF_F_ALL)))
		return;
	prof_stack_bounds(&lo, &hi);
	n = prof_unwind_kernel((uint32_t)__builtin_return_address(0), fp[0],
			       lo, hi, ips, MEM_DEPTH);
	flags = irq_save();
	a = (struct prof_rec_alloc *)prof_log_reserve(PROF_REC_ALLOC,
			sizeof(*a) + 4 * n, pid, tid, 0);
	if (a) {
		a->addr = (uint32_t)addr;
		a->bytes = bytes;
		a->kind = kind;
		a->pad = 0;
		a->nkernel = (uint16_t)n;
		memcpy(a->ips, ips, 4 * n);
	}
	irq_restore(flags);
}

void prof_mem_free(uint8_t kind, const void *addr)
{
	struct prof_rec_free r = {
		.h = { .type = PROF_REC_FREE, .size = sizeof(r) },
		.addr = (uint32_t)addr,
		.kind = kind,
	};

	r.h.tid = current ? (uint32_t)current->pid : 0;
	r.h.pid = current && current->proc ? (uint32_t)current->proc->pid : r.h.tid;
	prof_log_write(&r.h);
}
