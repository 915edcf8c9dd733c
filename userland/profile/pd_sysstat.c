/*
 * pd_sysstat.c: /proc/syscall_stats as the table strace -c prints.
 *
 * Interface (pd.h): pd_sysstat_print(text, len, out).
 *
 * Input: one line per system call made, "nr name calls errors total_ns
 * max_ns"; a "sys_" before the name is dropped.  Output, as strace -c:
 *   % time     seconds  usecs/call     calls    errors syscall
 *   ------ ----------- ----------- --------- --------- ----------------
 *    75.00    0.000300         100         3         1 read
 *   ...
 *   ------ ----------- ----------- --------- --------- ----------------
 *   100.00    0.000400          80         5         1 total
 * rows by time, the longest first (then by number); an error count of
 * 0 is left blank; usecs/call is truncated.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

#define PD_SYS_NAME_MAX	64

struct pd_sysline {
	unsigned int nr;
	char name[PD_SYS_NAME_MAX];
	unsigned long long calls, errors, ns;
};

static const char pd_dashes[] = "----------------";

/* Parses text into a malloc'd array; -EINVAL names no line number. */
static int pd_sys_parse(const char *text, size_t len, struct pd_sysline **out,
			size_t *n)
{
	struct pd_sysline *v = NULL, l, *grown;
	const char *p = text, *end = text + len;
	char line[256];
	unsigned long long max;
	size_t cnt = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = (size_t)((nl ? nl : end) - p);

		if (ll >= sizeof(line))
			goto bad;
		memcpy(line, p, ll);
		line[ll] = '\0';
		p = nl ? nl + 1 : end;
		if (strspn(line, " \t\r") == ll)
			continue;
		if (sscanf(line, "%u %63s %llu %llu %llu %llu", &l.nr, l.name,
			   &l.calls, &l.errors, &l.ns, &max) != 6)
			goto bad;
		grown = realloc(v, (cnt + 1) * sizeof(*v));
		if (!grown) {
			free(v);
			return -ENOMEM;
		}
		v = grown;
		v[cnt++] = l;
	}
	*out = v;
	*n = cnt;
	return 0;
bad:
	free(v);
	return -EINVAL;
}

static int pd_sys_cmp(const void *a, const void *b)
{
	const struct pd_sysline *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

static void pd_sys_row(FILE *out, double pct, unsigned long long ns,
		       unsigned long long calls, unsigned long long errors,
		       const char *name)
{
	char secs[32], errs[24] = "";

	snprintf(secs, sizeof(secs), "%llu.%06llu", ns / 1000000000u,
		 ns / 1000 % 1000000u);
	if (errors)
		snprintf(errs, sizeof(errs), "%llu", errors);
	if (!strncmp(name, "sys_", 4))
		name += 4;
	fprintf(out, "%6.2f %11s %11llu %9llu %9s %s\n", pct, secs,
		calls ? ns / 1000 / calls : 0, calls, errs, name);
}

static void pd_sys_dashes(FILE *out)
{
	fprintf(out, "%6.6s %11.11s %11.11s %9.9s %9.9s %s\n", pd_dashes,
		pd_dashes, pd_dashes, pd_dashes, pd_dashes, pd_dashes);
}

int pd_sysstat_print(const char *text, size_t len, FILE *out)
{
	unsigned long long ns = 0, calls = 0, errors = 0;
	struct pd_sysline *v;
	size_t n;
	int err = pd_sys_parse(text, len, &v, &n);

	if (err)
		return err;
	if (n)
		qsort(v, n, sizeof(*v), pd_sys_cmp);
	for (size_t i = 0; i < n; i++) {
		ns += v[i].ns;
		calls += v[i].calls;
		errors += v[i].errors;
	}
	fprintf(out, "%6.6s %11.11s %11.11s %9.9s %9.9s %s\n", "% time",
		"seconds", "usecs/call", "calls", "errors", "syscall");
	pd_sys_dashes(out);
	for (size_t i = 0; i < n; i++)
		pd_sys_row(out, ns ? 100.0 * (double)v[i].ns / (double)ns : 0,
			   v[i].ns, v[i].calls, v[i].errors, v[i].name);
	pd_sys_dashes(out);
	pd_sys_row(out, 100.0, ns, calls, errors, "total");
	free(v);
	return ferror(out) ? -EIO : 0;
}
