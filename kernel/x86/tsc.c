/*
 * tsc.c: the monotonic clock, from the time-stamp counter.
 *
 * Calibration counts TSC ticks against PIT channel 2, which needs no
 * interrupt (its count can be latched and read, its output is readable in
 * port 0x61).  tsc_mark_boot(), the boot's first step, starts channel 2
 * counting down from 0xffff (55 ms) and notes the TSC; tsc_calibrate(),
 * after the console and memory are set up, latches the count and divides:
 * the boot's own first milliseconds are the interval, so calibration
 * waits only if they were shorter than CAL_MIN_MS.  Should the count
 * have run out (a boot slower than 55 ms to that point), the classic way
 * is used: a fresh CAL_MS countdown timed twice, the best kept.
 * clock_ns() then converts TSC ticks since boot to nanoseconds with a
 * 32.32 fixed-point multiplier, so the hot path has no division.
 */
#include "kernel/clock.h"
#include "kernel/export.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"

#define CAL_MS		5
#define CAL_PIT_COUNT	(PIT_HZ * CAL_MS / 1000)
#define CAL_TRIES	2
#define CAL_MIN_MS	5
#define CAL_MIN_COUNT	(PIT_HZ * CAL_MIN_MS / 1000)
#define PIT2_FULL	0xffffu
#define PORT_B		0x61
#define PORT_B_GATE2	0x01
#define PORT_B_SPEAKER	0x02
#define PORT_B_OUT2	0x20
#define PIT_MODE	0x43
#define PIT_CH2		0x42
#define PIT_CH2_MODE0	0xB0		/* ch2, lobyte/hibyte, mode 0 */
#define PIT_CH2_LATCH	0x80

static uint64_t tsc_at_boot;
static uint64_t tsc_at_pit_start;	/* when channel 2 began at 0xffff */
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

/* Start PIT channel 2 counting down from count, gate on, speaker off. */
static void pit2_start(uint16_t count)
{
	outb(PORT_B, (inb(PORT_B) & ~PORT_B_SPEAKER) | PORT_B_GATE2);
	outb(PIT_MODE, PIT_CH2_MODE0);
	outb(PIT_CH2, count & 0xff);
	outb(PIT_CH2, count >> 8);
}

/* Channel 2's count now, *tsc the TSC just before it was latched. */
static uint16_t pit2_read(uint64_t *tsc)
{
	uint8_t lo, hi;

	*tsc = rdtsc();
	outb(PIT_MODE, PIT_CH2_LATCH);
	lo = inb(PIT_CH2);
	hi = inb(PIT_CH2);
	return (uint16_t)(hi << 8 | lo);
}

/* TSC ticks during CAL_MS of PIT channel 2, or 0 if the PIT is stuck. */
static uint64_t tsc_measure_once(void)
{
	uint64_t start, end;
	uint32_t spins = 0;

	pit2_start(CAL_PIT_COUNT);
	start = rdtsc();
	while (!(inb(PORT_B) & PORT_B_OUT2)) {
		if (++spins > 50000000)
			return 0;
	}
	end = rdtsc();
	return end - start;
}

/* kHz from the countdown tsc_mark_boot started, waiting until it has run
 * CAL_MIN_MS; 0 when it ran out or does not count. */
static uint32_t tsc_khz_since_boot(void)
{
	uint64_t now;
	uint32_t elapsed, spins = 0;

	do {
		if (inb(PORT_B) & PORT_B_OUT2)
			return 0;		/* ran out: the interval is lost */
		elapsed = PIT2_FULL - pit2_read(&now);
		if (++spins > 50000000)
			return 0;
	} while (elapsed < CAL_MIN_COUNT);
	return (uint32_t)((now - tsc_at_pit_start) * PIT_HZ / 1000 / elapsed);
}

/* kHz by the classic countdowns, the best of CAL_TRIES; 0 if stuck. */
static uint32_t tsc_khz_measured(void)
{
	uint64_t best = ~0ull;

	for (int i = 0; i < CAL_TRIES; i++) {
		uint64_t t = tsc_measure_once();

		if (t && t < best)
			best = t;
	}
	return best == ~0ull ? 0 : (uint32_t)(best / CAL_MS);
}

/* Channel 2 stopped and the speaker off, as the firmware left them. */
static void pit2_stop(void)
{
	outb(PORT_B, inb(PORT_B) & ~(PORT_B_GATE2 | PORT_B_SPEAKER));
}

uint32_t tsc_khz_remeasure(void)
{
	uint32_t khz = tsc_khz_measured();

	pit2_stop();
	return khz;
}

int tsc_calibrate(void)
{
	uint32_t khz = tsc_khz_since_boot();

	if (!khz)
		khz = tsc_khz_measured();
	pit2_stop();
	if (!khz) {
		pr_err("tsc: calibration failed, PIT channel 2 did not count\n");
		return -ENODEV;
	}
	tsc_khz_value = khz;
	ns_per_tick_fp32 = (1000000ull << 32) / tsc_khz_value;
	pr_info("tsc: %u.%03u MHz\n", tsc_khz_value / 1000,
		tsc_khz_value % 1000);
	return 0;
}

void tsc_mark_boot(void)
{
	tsc_at_boot = rdtsc();
	pit2_start(PIT2_FULL);
	tsc_at_pit_start = rdtsc();
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
