/*
 * timeline.c: boot stage timings (see timeline.h).
 */
#include "kernel/timeline.h"
#include "kernel/clock.h"
#include "kernel/cpu.h"
#include "kernel/printk.h"

#define TIMELINE_MAX	32

struct timeline_mark {
	const char *stage;
	uint64_t tsc;
};

static struct timeline_mark marks[TIMELINE_MAX];
static unsigned int mark_count;
static uint64_t tsc_start;

void timeline_mark(const char *stage)
{
	if (!tsc_start)
		tsc_start = rdtsc();
	if (mark_count < TIMELINE_MAX)
		marks[mark_count++] = (struct timeline_mark){ stage, rdtsc() };
}

uint64_t timeline_total_ns(void)
{
	return mark_count ? tsc_to_ns(marks[mark_count - 1].tsc - tsc_start) : 0;
}

void timeline_print(void)
{
	uint64_t prev = tsc_start;

	for (unsigned int i = 0; i < mark_count; i++) {
		uint32_t us = (uint32_t)(tsc_to_ns(marks[i].tsc - prev) / 1000);

		pr_info("boot: %-12s %6u.%03u ms\n", marks[i].stage,
			us / 1000, us % 1000);
		prev = marks[i].tsc;
	}
}
