/*
 * idt.c: the interrupt descriptor table.
 *
 * Vectors 0-47 point at the stubs of kernel/x86/isr.asm as ring-0 interrupt
 * gates (interrupts stay off in handlers until they choose otherwise);
 * trap_dispatch() sends exceptions to kernel/x86/trap.c and IRQs to
 * kernel/x86/irq.c, the local APIC's timer (the profiler's) to kernel/x86/lapic.c,
 * and int 0x80 (a gate ring 3 may use) to the system call
 * dispatcher; on the way back to user mode, pending signals are acted
 * on (signal_deliver).  Other vectors are left not-present, so stray ones
 * raise a general protection fault that is reported.
 */
#include "kernel/x86/interrupt.h"
#include "kernel/x86/sysenter.h"
#include "lib/compiler.h"
#include "kernel/x86/lapic.h"
#include "kernel/proc/signal.h"
#include "kernel/sched/task.h"

struct idt_entry {
	uint16_t offset_low;
	uint16_t selector;
	uint8_t zero;
	uint8_t type_attr;
	uint16_t offset_high;
} __packed;
_Static_assert(sizeof(struct idt_entry) == 8, "IDT entries are 8 bytes");

#define IDT_VECTORS		256

static struct idt_entry idt[IDT_VECTORS] __aligned(8);
extern const uint32_t isr_stub_table[IRQ_BASE + IRQ_COUNT];
extern char isr_syscall[], isr_lapic_timer[], isr_lapic_spurious[];

void idt_set_gate(unsigned int vector, uint32_t handler, uint8_t type_attr)
{
	idt[vector].offset_low = handler & 0xffff;
	idt[vector].selector = SEL_KCODE;
	idt[vector].zero = 0;
	idt[vector].type_attr = type_attr;
	idt[vector].offset_high = handler >> 16;
}

void idt_init(void)
{
	struct {
		uint16_t limit;
		uint32_t base;
	} __packed ptr = { sizeof(idt) - 1, (uint32_t)idt };

	for (unsigned int v = 0; v < ARRAY_SIZE(isr_stub_table); v++)
		idt_set_gate(v, isr_stub_table[v], IDT_INTERRUPT_GATE);
	/* int3 and into may be used by user mode (SIGTRAP, SIGSEGV), as on
	 * Linux; other vectors raised by int from ring 3 give #GP. */
	idt_set_gate(3, isr_stub_table[3], IDT_USER_INTERRUPT_GATE);
	idt_set_gate(4, isr_stub_table[4], IDT_USER_INTERRUPT_GATE);
	idt_set_gate(SYSCALL_VECTOR, (uint32_t)isr_syscall,
		     IDT_USER_INTERRUPT_GATE);
	idt_set_gate(LAPIC_TIMER_VECTOR, (uint32_t)isr_lapic_timer,
		     IDT_INTERRUPT_GATE);
	idt_set_gate(LAPIC_SPURIOUS_VECTOR, (uint32_t)isr_lapic_spurious,
		     IDT_INTERRUPT_GATE);
	__asm__ __volatile__("lidt %0" : : "m"(ptr));
}

void trap_dispatch(struct trap_frame *f)
{
	if (f->vector == SYSENTER_VECTOR) {
		if (sysenter_frame(f))	/* now a SYSCALL_VECTOR frame */
			syscall_dispatch(f);
	} else if (f->vector == SYSCALL_VECTOR) {
		syscall_dispatch(f);
	} else if (f->vector < IRQ_BASE) {
		exception_dispatch(f);
	} else if (f->vector >= LAPIC_TIMER_VECTOR) {
		lapic_dispatch(f);
	} else {
		sched_irq_enter();
		irq_dispatch(f);
		sched_irq_exit();
	}
	/* May switch to another task; this one resumes here later. */
	sched_trap_return(trap_from_user(f), f->eflags);
	/* Signals are acted on when returning to user mode. */
	if (trap_from_user(f))
		signal_deliver(f);
}
