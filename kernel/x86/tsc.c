/*
 * tsc.c: the monotonic clock, from the time-stamp counter.
 *
 * tsc_calibrate() counts TSC ticks while PIT channel 2 counts down a known
 * interval (its output is readable in port 0x61, so no interrupt is
 * needed), and keeps the best of a few tries.  clock_ns() then converts
 * TSC ticks since boot to nanoseconds with a 32.32 fixed-point multiplier,
 * so the hot path has no division.
 */
#include "kernel/clock.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"

#define CAL_MS		5
#define CAL_PIT_COUNT	(PIT_HZ * CAL_MS / 1000)
#define CAL_TRIES	2

static uint64_t tsc_at_boot;
static uint64_t ns_per_tick_fp32;	/* nanoseconds per tick, 32.32 */
static uint32_t tsc_khz_value;

/* (a * b) >> 32 without overflow, for 64-bit a and b (a * b < 2^96). */
static uint64_t mul_u64_shr32(uint64_t a, uint64_t b)
{
	uint32_t al = (uint32_t)a, ah = (uint32_t)(a >> 32);
	uint32_t bl = (uint32_t)b, bh = (uint32_t)(b >> 32);
	uint64_t lo = (uint64_t)al * bl;
	uint64_t mid = (uint64_t)al * bh + (uint64_t)ah * bl + (lo >> 32);

	return mid + ((uint64_t)ah * bh << 32);
}

/* TSC ticks during CAL_MS of PIT channel 2, or 0 if the PIT is stuck. */
static uint64_t tsc_measure_once(void)
{
	uint8_t gate = inb(0x61);
	uint64_t start, end;
	uint32_t spins = 0;

	outb(0x61, (gate & ~0x02) | 0x01);	/* gate on, speaker off */
	outb(0x43, 0xB0);			/* ch2, lobyte/hibyte, mode 0 */
	outb(0x42, CAL_PIT_COUNT & 0xff);
	outb(0x42, CAL_PIT_COUNT >> 8);
	start = rdtsc();
	while (!(inb(0x61) & 0x20)) {
		if (++spins > 50000000)
			return 0;
	}
	end = rdtsc();
	outb(0x61, gate);
	return end - start;
}

int tsc_calibrate(void)
{
	uint64_t best = ~0ull;

	for (int i = 0; i < CAL_TRIES; i++) {
		uint64_t t = tsc_measure_once();

		if (t && t < best)
			best = t;
	}
	if (best == ~0ull) {
		pr_err("tsc: calibration failed, PIT channel 2 did not count\n");
		return -ENODEV;
	}
	tsc_khz_value = (uint32_t)(best / CAL_MS);
	ns_per_tick_fp32 = (1000000ull << 32) / tsc_khz_value;
	pr_info("tsc: %u.%03u MHz\n", tsc_khz_value / 1000,
		tsc_khz_value % 1000);
	return 0;
}

void tsc_mark_boot(void)
{
	tsc_at_boot = rdtsc();
}

uint64_t tsc_boot(void)
{
	return tsc_at_boot;
}

uint64_t tsc_to_ns(uint64_t ticks)
{
	return mul_u64_shr32(ticks, ns_per_tick_fp32);
}

uint64_t clock_ns(void)
{
	if (!ns_per_tick_fp32)
		return 0;
	return tsc_to_ns(rdtsc() - tsc_at_boot);
}
EXPORT_SYMBOL(clock_ns);

uint32_t tsc_khz(void)
{
	return tsc_khz_value;
}

void clock_delay_us(uint32_t us)
{
	uint64_t end = rdtsc() + (uint64_t)tsc_khz_value * us / 1000;

	while (rdtsc() < end)
		cpu_relax();
}
