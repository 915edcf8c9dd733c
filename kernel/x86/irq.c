/*
 * irq.c: the 16 legacy hardware interrupts through the 8259A PICs.
 *
 * pic_init() remaps IRQ 0-15 to vectors 32-47 and masks them all;
 * irq_register() installs a handler and unmasks its line.  irq_dispatch()
 * filters the spurious IRQ 7 and 15, feeds the entropy pool's fast mix
 * (the cycle counter and the interrupted address, a few cycles), sends
 * the end-of-interrupt, then runs the handler with interrupts still off.
 */
#include "kernel/x86/interrupt.h"
#include "kernel/x86/pic.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/spinlock.h"

static irq_handler_t irq_handlers[IRQ_COUNT];
uint64_t irq_counts[IRQ_COUNT];		/* /proc/stat's intr line */
volatile unsigned int irq_active;	/* in a device's handler */
static struct spinlock pic_lock = SPINLOCK_INIT;
static uint32_t irq_spurious;

void pic_init(void)
{
	outb(PIC1_CMD, PIC_ICW1_INIT);
	io_wait();
	outb(PIC2_CMD, PIC_ICW1_INIT);
	io_wait();
	outb(PIC1_DATA, IRQ_BASE);
	io_wait();
	outb(PIC2_DATA, IRQ_BASE + 8);
	io_wait();
	outb(PIC1_DATA, 1 << PIC_CASCADE_IRQ);	/* slave on IRQ 2 */
	io_wait();
	outb(PIC2_DATA, PIC_CASCADE_IRQ);	/* slave identity */
	io_wait();
	outb(PIC1_DATA, PIC_ICW4_8086);
	outb(PIC2_DATA, PIC_ICW4_8086);
	outb(PIC1_DATA, 0xff & ~(1 << PIC_CASCADE_IRQ));
	outb(PIC2_DATA, 0xff);
}

static void pic_set_mask(unsigned int irq, bool masked)
{
	uint16_t port = irq < 8 ? PIC1_DATA : PIC2_DATA;
	uint8_t bit = 1 << (irq & 7);
	uint32_t flags = spin_lock_irqsave(&pic_lock);
	uint8_t mask = inb(port);

	outb(port, masked ? (mask | bit) : (mask & ~bit));
	spin_unlock_irqrestore(&pic_lock, flags);
}

void pic_mask(unsigned int irq) { pic_set_mask(irq, true); }
void pic_unmask(unsigned int irq) { pic_set_mask(irq, false); }

int irq_register(unsigned int irq, irq_handler_t handler)
{
	if (irq >= IRQ_COUNT || irq == PIC_CASCADE_IRQ || !handler)
		return -EINVAL;
	if (irq_handlers[irq])
		return -EBUSY;
	irq_handlers[irq] = handler;
	pic_unmask(irq);
	return 0;
}

/* A spurious IRQ 7 or 15 is not in service: it gets no EOI (but IRQ 15
 * still needs one for the master, where the cascade line did fire). */
static bool irq_is_spurious(unsigned int irq)
{
	uint16_t cmd = irq == 7 ? PIC1_CMD : PIC2_CMD;

	if (irq != 7 && irq != 15)
		return false;
	outb(cmd, PIC_READ_ISR);
	if (inb(cmd) & 0x80)
		return false;
	if (irq == 15)
		outb(PIC1_CMD, PIC_EOI);
	irq_spurious++;
	return true;
}

void irq_dispatch(struct trap_frame *f)
{
	unsigned int irq = f->vector - IRQ_BASE;

	if (irq >= IRQ_COUNT || irq_is_spurious(irq))
		return;
	irq_counts[irq]++;
	add_interrupt_randomness(irq, f->eip);
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
	irq_active++;
	if (irq_handlers[irq])
		irq_handlers[irq](f);
	irq_active--;
}
