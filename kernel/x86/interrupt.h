/*
 * interrupt.h: segments, the IDT, exceptions and hardware interrupts.
 *
 * Every interrupt vector enters through a stub in kernel/x86/isr.asm that saves
 * the registers as a struct trap_frame and calls trap_dispatch():
 * vectors 0-31 are CPU exceptions (kernel/x86/trap.c), 32-47 the 16 legacy
 * IRQs from the remapped 8259 PICs (kernel/x86/irq.c).
 *
 * Interface: gdt_init, tss_set_kernel_stack, idt_init, irq_register,
 * pic_mask/pic_unmask, trap_frame_print.
 */
#ifndef KERNEL_X86_INTERRUPT_H
#define KERNEL_X86_INTERRUPT_H

#include <stdint.h>
#include <stdbool.h>

/* Segment selectors (GDT layout: null, kcode, kdata, ucode, udata, TSS,
 * three TLS slots for set_thread_area as in Linux, the LDT's). */
#define SEL_KCODE	0x08
#define SEL_KDATA	0x10
#define SEL_UCODE	0x1B
#define SEL_UDATA	0x23
#define SEL_TSS		0x28
#define GDT_TLS_FIRST	6
#define GDT_LDT		9
#define SEL_LDT		(GDT_LDT << 3)
#define GDT_ENTRIES	10
#define GDT_TLS_COUNT	3
#define SYSCALL_VECTOR	0x80

#define IRQ_BASE	32
#define IRQ_COUNT	16
#define IRQ_TIMER	0
#define IRQ_KEYBOARD	1
#define IRQ_COM1	4

/* Saved by isr.asm; the layout must match it. */
struct trap_frame {
	uint32_t gs, fs, es, ds;
	uint32_t edi, esi, ebp, esp_dummy, ebx, edx, ecx, eax;	/* pusha */
	uint32_t vector, error;
	uint32_t eip, cs, eflags;
	uint32_t user_esp, user_ss;	/* only when coming from ring 3 */
};

static inline bool trap_from_user(const struct trap_frame *f)
{
	return (f->cs & 3) == 3;
}

void gdt_init(void);
void tss_set_kernel_stack(uint32_t esp0);
/* Copy a task's three TLS descriptors into GDT entries 6-8. */
void gdt_load_tls(const uint64_t tls[3]);
/* The descriptor Linux's set_thread_area makes of a struct user_desc's
 * base, limit and flags word (bits as in Linux); 0 for an empty one. */
uint64_t gdt_tls_desc(uint32_t base, uint32_t limit, uint32_t flags);
/* The same descriptor without the empty check (modify_ldt's). */
uint64_t gdt_user_desc(uint32_t base, uint32_t limit, uint32_t flags);
/* Make GDT entry GDT_LDT describe an LDT at base (limit: bytes - 1). */
void gdt_set_ldt(uint32_t base, uint32_t limit);
void idt_init(void);
#define IDT_INTERRUPT_GATE	0x8E	/* present, ring 0, 32-bit interrupt */
#define IDT_USER_TRAP_GATE	0xEF	/* present, ring 3 may call, trap */
void idt_set_gate(unsigned int vector, uint32_t handler, uint8_t type_attr);
void trap_dispatch(struct trap_frame *f);
void trap_frame_print(const struct trap_frame *f);
/* kernel/x86/isr.asm: resume on frame f at the top of the kernel stack. */
__attribute__((noreturn)) void user_mode_enter(struct trap_frame *f);
#define IDT_USER_INTERRUPT_GATE	0xEE	/* ring 3 may call, interrupts off */
/* kernel/syscall/syscall.c */
void syscall_dispatch(struct trap_frame *f);

typedef void (*irq_handler_t)(struct trap_frame *f);
int irq_register(unsigned int irq, irq_handler_t handler);
void irq_dispatch(struct trap_frame *f);
/* Interrupts served per line since boot (spurious ones not counted). */
extern uint64_t irq_counts[IRQ_COUNT];
/* Non-zero while a device interrupt's handler runs (it works for no
 * task: the profiler does not charge its allocations to the one it
 * interrupted). */
extern volatile unsigned int irq_active;
void pic_init(void);
void pic_mask(unsigned int irq);
void pic_unmask(unsigned int irq);

/* kernel/x86/trap.c */
void exception_dispatch(struct trap_frame *f);

#endif
