/*
 * pd_timeline.c: the boot timeline, a SPAN record per TSV line:
 *	start_us<TAB>duration_us<TAB>kind<TAB>name
 * times in microseconds with three decimals (TSC ticks converted with
 * the INFO record's tsc_khz), the start counted from its boot_tsc.
 *
 * Interface (pd.h): pd_timeline_span(span, boot_tsc, tsc_khz, out),
 * pd_tsc_us(ticks, tsc_khz, buf, size).
 */
#include <inttypes.h>
#include "userland/profile/pd.h"

static const char *const pd_span_kinds[] = {
	[PROF_SPAN_STAGE] = "stage",
	[PROF_SPAN_INITCALL] = "initcall",
	[PROF_SPAN_EXEC] = "exec",
	[PROF_SPAN_SYSCALL] = "syscall",
	[PROF_SPAN_PROMPT] = "prompt",
};

/* Integer arithmetic only: ticks * 10^6 / khz would overflow 64 bits
 * after a few hours at GHz rates, so milliseconds are taken first. */
void pd_tsc_us(uint64_t ticks, uint32_t tsc_khz, char *buf, size_t size)
{
	uint64_t ms = ticks / tsc_khz, rest = ticks % tsc_khz;
	uint64_t ns = rest * 1000000u / tsc_khz;	/* < 10^6 */

	snprintf(buf, size, "%" PRIu64 ".%03" PRIu64,
		 ms * 1000 + ns / 1000, ns % 1000);
}

void pd_timeline_span(const struct prof_rec_span *s, uint64_t boot_tsc,
		      uint32_t tsc_khz, FILE *out)
{
	uint64_t start = s->h.tsc > boot_tsc ? s->h.tsc - boot_tsc : 0;
	const char *kind = "unknown";
	char from[32], len[32];

	if (s->kind < sizeof(pd_span_kinds) / sizeof(pd_span_kinds[0]))
		kind = pd_span_kinds[s->kind];
	pd_tsc_us(start, tsc_khz, from, sizeof(from));
	pd_tsc_us(s->duration_tsc, tsc_khz, len, sizeof(len));
	fprintf(out, "%s\t%s\t%s\t%s\n", from, len, kind, s->name);
}
