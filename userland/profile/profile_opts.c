/*
 * profile_opts.c: the `profile` command's options.
 *
 * Interface (profile.h): prof_opts_parse(o, argc, argv, err, errlen),
 * prof_usage.
 *
 * Options come before the command: the first word that is not an
 * option (or the one after "--") starts COMMAND, so that the command's
 * own options are left alone.  -F, -d, -m and -o take a value, in the
 * next word or joined ("-F99").  Combinations that mean nothing are
 * refused here, with a message, so that the command itself can trust o.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/prof/uapi.h"
#include "userland/profile/profile.h"

const char prof_usage[] =
	"usage: profile [-F HZ] [-a] [-d SECONDS] [-m LOG_MIB] [-o FILE] [--raw]\n"
	"               [--syscalls] [--memory] [--boot] [--timeline] [--]\n"
	"               [COMMAND [ARGS...]]\n"
	"  -F HZ        sampling rate (default 1000)\n"
	"  -a           every task, the kernel's and idle too\n"
	"  -d SECONDS   with -a and no COMMAND: record for that long\n"
	"  -m LOG_MIB   log size in MiB (default 8)\n"
	"  -o FILE      write the output to FILE\n"
	"  --raw        write the raw log (for prof-decode) instead of stacks\n"
	"  --syscalls   per system call counts and times, as strace -c\n"
	"  --memory     kernel allocations never freed, as folded stacks\n"
	"  --boot       fold the boot's recording (no new recording)\n"
	"  --timeline   with --boot: the boot timeline as TSV\n";

static int prof_opts_bad(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int prof_opts_bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Parses a decimal number in [min, max]: 0 or -EINVAL. */
static int prof_opts_uint(const char *s, unsigned int min, unsigned int max,
			  unsigned int *val)
{
	unsigned long v;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -EINVAL;
	*val = (unsigned int)v;
	return 0;
}

/* A long option (without its "--"); 0, or -EINVAL if unknown. */
static int prof_opts_long(struct prof_opts *o, const char *name)
{
	static const struct { const char *name; size_t off; } flags[] = {
		{ "raw", offsetof(struct prof_opts, raw) },
		{ "syscalls", offsetof(struct prof_opts, syscalls) },
		{ "memory", offsetof(struct prof_opts, memory) },
		{ "boot", offsetof(struct prof_opts, boot) },
		{ "timeline", offsetof(struct prof_opts, timeline) },
		{ "help", offsetof(struct prof_opts, help) },
	};

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		if (!strcmp(name, flags[i].name)) {
			*(int *)(void *)((char *)o + flags[i].off) = 1;
			return 0;
		}
	}
	return -EINVAL;
}

/* Stores the value of option c. */
static int prof_opts_value(struct prof_opts *o, char c, const char *v,
			   char *err, size_t errlen)
{
	int bad = 0;

	switch (c) {
	case 'F':
		bad = prof_opts_uint(v, 1, PROF_HZ_MAX, &o->hz);
		break;
	case 'd':
		bad = prof_opts_uint(v, 1, 1000000, &o->seconds);
		break;
	case 'm':
		bad = prof_opts_uint(v, 1, PROF_LOG_KIB_MAX / 1024, &o->log_mib);
		break;
	case 'o':
		o->out = v;
		bad = !v[0];
		break;
	}
	if (bad)
		return prof_opts_bad(err, errlen, "bad value for -%c: '%s'", c, v);
	return 0;
}

/* The combinations refused. */
static int prof_opts_check(const struct prof_opts *o, char *err,
			   size_t errlen)
{
	if (o->help)
		return 0;
	if (o->boot && (o->cmd || o->all || o->seconds || o->syscalls ||
			o->memory || o->hz || o->log_mib))
		return prof_opts_bad(err, errlen,
				     "--boot reads the boot's recording: "
				     "no COMMAND, -a, -d, -F, -m, --syscalls or --memory");
	if (o->timeline && (!o->boot || o->raw))
		return prof_opts_bad(err, errlen, "--timeline goes with --boot");
	if (o->seconds && (o->cmd || !o->all))
		return prof_opts_bad(err, errlen, "-d goes with -a and no COMMAND");
	if (!o->boot && !o->cmd && !o->all)
		return prof_opts_bad(err, errlen, "no COMMAND to profile");
	return 0;
}

int prof_opts_parse(struct prof_opts *o, int argc, char **argv, char *err,
		    size_t errlen)
{
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[1] == '-') {
			if (prof_opts_long(o, a + 2))
				return prof_opts_bad(err, errlen,
						     "unknown option '%s'", a);
		} else if (!strcmp(a, "-a")) {
			o->all = 1;
		} else if (!strcmp(a, "-h")) {
			o->help = 1;
		} else if (strchr("Fdmo", a[1])) {
			const char *v = a[2] ? a + 2 : argv[++i];

			if (!v)
				return prof_opts_bad(err, errlen,
						     "-%c needs a value", a[1]);
			if (prof_opts_value(o, a[1], v, err, errlen))
				return -EINVAL;
		} else {
			return prof_opts_bad(err, errlen, "unknown option '%s'", a);
		}
	}
	o->cmd = i < argc ? argv + i : NULL;
	return prof_opts_check(o, err, errlen);
}
