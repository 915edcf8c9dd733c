/*
 * pic.h: the two cascaded 8259A interrupt controllers' ports and commands.
 */
#ifndef KERNEL_X86_PIC_H
#define KERNEL_X86_PIC_H

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xA0
#define PIC2_DATA	0xA1

#define PIC_ICW1_INIT	0x11	/* edge triggered, cascade, ICW4 follows */
#define PIC_ICW4_8086	0x01
#define PIC_EOI		0x20
#define PIC_READ_ISR	0x0B
#define PIC_CASCADE_IRQ	2

#endif
