/*
 * timeline.c: the boot timeline (see timeline.h).
 *
 * Spans are appended to a static array with interrupts off (an initcall's
 * span may be added while a sample interrupt reads the array).  Names are
 * copied, so callers may pass names they build on the stack.
 */
#include "kernel/timeline.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/prof/prof.h"
#include "fs/procfs/procfs.h"
#include "lib/div64.h"
#include "lib/string.h"

#define SPAN_NAME	40

struct timeline_span {
	uint64_t start, end;	/* TSC */
	uint8_t kind;		/* PROF_SPAN_* */
	char name[SPAN_NAME];
};

static struct timeline_span spans[TIMELINE_MAX];
static unsigned int span_count;
static uint64_t last_stage_end;

static const char *const kind_names[] = {
	[PROF_SPAN_STAGE] = "stage", [PROF_SPAN_INITCALL] = "initcall",
	[PROF_SPAN_EXEC] = "exec", [PROF_SPAN_SYSCALL] = "syscall",
	[PROF_SPAN_PROMPT] = "prompt",
};

void timeline_span(unsigned int kind, const char *name, uint64_t start_tsc,
		   uint64_t end_tsc)
{
	uint32_t flags;

	flags = irq_save();
	if (span_count < TIMELINE_MAX) {
		struct timeline_span *s = &spans[span_count++];

		s->start = start_tsc;
		s->end = end_tsc;
		s->kind = (uint8_t)kind;
		strlcpy(s->name, name, sizeof(s->name));
	}
	irq_restore(flags);
}

void timeline_mark(const char *stage)
{
	uint64_t now = rdtsc();

	if (!last_stage_end)
		last_stage_end = tsc_boot() ? tsc_boot() : now;
	timeline_span(PROF_SPAN_STAGE, stage, last_stage_end, now);
	last_stage_end = now;
}

uint64_t timeline_total_ns(void)
{
	return tsc_boot() ? tsc_to_ns(last_stage_end - tsc_boot()) : 0;
}

void timeline_print(void)
{
	for (unsigned int i = 0; i < span_count; i++) {
		uint32_t us;

		if (spans[i].kind != PROF_SPAN_STAGE)
			continue;
		us = (uint32_t)(tsc_to_ns(spans[i].end - spans[i].start) / 1000);
		pr_info("boot: %-12s %6u.%03u ms\n", spans[i].name,
			us / 1000, us % 1000);
	}
}

void timeline_emit(void)
{
	for (unsigned int i = 0; i < span_count; i++) {
		struct {
			struct prof_rec_span r;
			char name[SPAN_NAME];
		} e;
		size_t len = strlen(spans[i].name);

		memset(&e, 0, sizeof(e));
		e.r.h.type = PROF_REC_SPAN;
		e.r.h.size = (uint16_t)ALIGN_UP(sizeof(e.r) + len + 1, 4);
		e.r.h.tsc = spans[i].start;
		e.r.duration_tsc = spans[i].end - spans[i].start;
		e.r.kind = spans[i].kind;
		memcpy(e.name, spans[i].name, len);
		prof_log_write(&e.r.h);
	}
}

/* Microseconds from boot as "1234.567". */
static void print_us(struct procfs_buf *b, uint64_t ticks)
{
	uint32_t rem;
	uint64_t us = div_u64_rem(tsc_to_ns(ticks), 1000, &rem);

	procfs_printf(b, "%llu.%03u", (unsigned long long)us, rem);
}

static void timeline_show(struct procfs_buf *b)
{
	for (unsigned int i = 0; i < span_count; i++) {
		const struct timeline_span *s = &spans[i];

		print_us(b, s->start - tsc_boot());
		procfs_printf(b, " ");
		print_us(b, s->end - s->start);
		procfs_printf(b, " %s %s\n", kind_names[s->kind], s->name);
	}
}

static int timeline_init(void)
{
	return procfs_register("timeline", timeline_show);
}
INITCALL(INIT_FS, timeline_init);
