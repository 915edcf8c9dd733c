/*
 * clock.h: time.
 *
 * - The PIT (kernel/x86/pit.c) interrupts CONFIG_HZ times a second and counts
 *   jiffies; pit_init() installs it on IRQ 0.
 * - The TSC (kernel/x86/tsc.c), calibrated against PIT channel 2 at boot, gives
 *   clock_ns(): nanoseconds since boot, monotonic, 0 until calibrated.
 * - The CMOS RTC (kernel/x86/rtc.c) gives the wall clock at boot;
 *   clock_realtime_ns() adds the monotonic time to it.
 */
#ifndef KERNEL_CLOCK_H
#define KERNEL_CLOCK_H

#include <stdint.h>
#include <stdbool.h>

/* Linux's clock ids (clock_gettime, timer_create, timerfd_create). */
#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID	3
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7
#define CLOCK_REALTIME_ALARM	8
#define CLOCK_BOOTTIME_ALARM	9

#define HZ		CONFIG_HZ
#define PIT_HZ		1193182u	/* the PIT's input clock */
#define NSEC_PER_SEC	1000000000ull

extern volatile uint64_t jiffies;

void pit_init(void);
void tsc_mark_boot(void);		/* first thing at boot: time zero */
uint64_t tsc_boot(void);		/* the TSC at that time zero */
int tsc_calibrate(void);		/* 0, or -ENODEV without a usable TSC */
uint32_t tsc_khz_remeasure(void);	/* a fresh 10 ms measurement (tests) */
uint64_t clock_ns(void);
uint32_t tsc_khz(void);
uint64_t tsc_to_ns(uint64_t tsc_ticks);	/* after calibration */

struct rtc_time {
	int year, month, day, hour, minute, second;
};
int rtc_read(struct rtc_time *t);	/* 0, or -EIO if the RTC never settles */
int64_t rtc_to_unix(const struct rtc_time *t);
void clock_init_realtime(void);
uint64_t clock_realtime_ns(void);

/* Busy-wait: only for drivers' bounded waits and tests. */
void clock_delay_us(uint32_t us);

#endif
