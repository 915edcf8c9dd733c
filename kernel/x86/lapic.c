/*
 * lapic.c: the local APIC timer (see lapic.h).
 *
 * The APIC's page is mapped uncached in the KMAP area.  The timer counts
 * down from an initial count at the bus clock divided by 16; the first
 * lapic_timer_start measures that rate over about 10 ms (not the
 * boot: most boots never profile), so a period of 1/hz second is a count
 * of timer_rate / hz.  In periodic mode the count reloads by
 * itself: the interval between samples does not depend on how long a
 * handler takes.
 */
#include "kernel/x86/lapic.h"
#include "kernel/x86/lapicreg.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/div64.h"
#include "mm/mm.h"

#define CALIBRATE_US	10000

static volatile uint32_t *lapic_regs;
static uint32_t timer_rate;		/* ticks per second, divided by 16 */
static uint32_t timer_period;		/* ticks between interrupts, 0: off */
static lapic_timer_fn timer_handler;
static uint32_t spurious_count;

static uint32_t lapic_read(uint32_t reg)
{
	return lapic_regs[reg / 4];
}

static void lapic_write(uint32_t reg, uint32_t v)
{
	lapic_regs[reg / 4] = v;
}

bool lapic_present(void)
{
	return lapic_regs != NULL;
}

static bool cpu_has_apic(void)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return d & (1u << 9);
}

/* Map the APIC's registers and switch it on: 0 or -ENODEV/-ENOMEM. */
static int lapic_enable(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);
	uintptr_t va = kmap_va_alloc(1);

	if (!va)
		return -ENOMEM;
	wrmsr(MSR_APIC_BASE, base | APIC_BASE_ENABLE);
	if (paging_map(kernel_pgdir, va, (uint32_t)base & APIC_BASE_ADDR_MASK,
		       PTE_WRITE | PTE_PCD | PTE_PWT | PTE_NX) < 0) {
		kmap_va_free(va, 1);
		return -ENOMEM;
	}
	lapic_regs = (volatile uint32_t *)va;
	lapic_write(LAPIC_TPR, 0);
	lapic_write(LAPIC_LVT_LINT0, LAPIC_DELIVER_EXTINT);
	lapic_write(LAPIC_LVT_LINT1, LAPIC_DELIVER_NMI);
	lapic_write(LAPIC_LVT_ERROR, LAPIC_LVT_MASKED);
	lapic_write(LAPIC_LVT_TIMER, LAPIC_LVT_MASKED | LAPIC_TIMER_VECTOR);
	lapic_write(LAPIC_SVR, LAPIC_SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	return 0;
}

/* Count the timer's ticks (masked) over about CALIBRATE_US, against the
 * TSC time that really went by between the two readings, each taken
 * with interrupts off right beside its TSC reading: being preempted
 * in between changes nothing. */
static void lapic_calibrate(void)
{
	uint64_t t0, t1, us;
	uint32_t left, flags, rem;

	lapic_write(LAPIC_TIMER_DIVIDE, LAPIC_DIVIDE_16);
	lapic_write(LAPIC_LVT_TIMER, LAPIC_LVT_MASKED | LAPIC_TIMER_VECTOR);
	flags = irq_save();
	lapic_write(LAPIC_TIMER_INIT, 0xffffffffu);
	t0 = rdtsc();
	irq_restore(flags);
	clock_delay_us(CALIBRATE_US);
	flags = irq_save();
	left = lapic_read(LAPIC_TIMER_COUNT);
	t1 = rdtsc();
	irq_restore(flags);
	lapic_write(LAPIC_TIMER_INIT, 0);
	us = div_u64_rem(tsc_to_ns(t1 - t0), 1000, &rem);
	timer_rate = us ? (uint32_t)div_u64_rem((uint64_t)(0xffffffffu - left) *
						 1000000, (uint32_t)us, &rem) : 0;
}

int lapic_init(void)
{
	int err;

	if (!cpu_has_apic()) {
		pr_info("lapic: none; the profiler cannot sample\n");
		return -ENODEV;
	}
	err = lapic_enable();
	if (!err)
		pr_info("lapic: id %u, version 0x%x\n",
			lapic_read(LAPIC_ID) >> 24,
			lapic_read(LAPIC_VERSION) & 0xff);
	return err;
}

int lapic_timer_start(uint32_t hz, lapic_timer_fn handler)
{
	if (!lapic_regs)
		return -ENODEV;
	if (!timer_rate) {
		lapic_calibrate();
		pr_info("lapic: timer %u kHz\n", timer_rate / 1000);
	}
	if (!timer_rate)
		return -ENODEV;
	if (!hz || !handler || timer_rate / hz < 16)
		return -EINVAL;
	timer_handler = handler;
	timer_period = timer_rate / hz;
	lapic_write(LAPIC_TIMER_DIVIDE, LAPIC_DIVIDE_16);
	lapic_write(LAPIC_LVT_TIMER, LAPIC_LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	lapic_write(LAPIC_TIMER_INIT, timer_period);
	return 0;
}

void lapic_timer_stop(void)
{
	if (!lapic_regs)
		return;
	lapic_write(LAPIC_LVT_TIMER, LAPIC_LVT_MASKED | LAPIC_TIMER_VECTOR);
	lapic_write(LAPIC_TIMER_INIT, 0);
	timer_period = 0;
}

uint32_t lapic_timer_hz(void)
{
	return timer_period ? timer_rate / timer_period : 0;
}

/* A spurious interrupt gets no EOI (the SDM says so). */
void lapic_dispatch(struct trap_frame *f)
{
	if (f->vector == LAPIC_SPURIOUS_VECTOR) {
		spurious_count++;
		return;
	}
	lapic_write(LAPIC_EOI, 0);
	if (timer_period && timer_handler)
		timer_handler(f);
}
