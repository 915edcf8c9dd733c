/*
 * lapicreg.h: the local APIC's registers (Intel SDM vol. 3, chapter 10),
 * as offsets into its 4 KiB memory-mapped page.
 */
#ifndef KERNEL_X86_LAPICREG_H
#define KERNEL_X86_LAPICREG_H

#define MSR_APIC_BASE		0x1b
#define APIC_BASE_ENABLE	(1u << 11)
#define APIC_BASE_ADDR_MASK	0xfffff000u

#define LAPIC_ID		0x020
#define LAPIC_VERSION		0x030
#define LAPIC_TPR		0x080
#define LAPIC_EOI		0x0b0
#define LAPIC_SVR		0x0f0
#define LAPIC_SVR_ENABLE	(1u << 8)
#define LAPIC_LVT_TIMER		0x320
#define LAPIC_LVT_LINT0		0x350
#define LAPIC_LVT_LINT1		0x360
#define LAPIC_LVT_ERROR		0x370
#define LAPIC_TIMER_INIT	0x380
#define LAPIC_TIMER_COUNT	0x390
#define LAPIC_TIMER_DIVIDE	0x3e0

#define LAPIC_LVT_MASKED	(1u << 16)
#define LAPIC_LVT_PERIODIC	(1u << 17)
#define LAPIC_DELIVER_NMI	(4u << 8)
#define LAPIC_DELIVER_EXTINT	(7u << 8)
#define LAPIC_DIVIDE_16		0x3

#endif
