/*
 * profile.h: the `profile` command (profile.c) and its option parser
 * (profile_opts.c), apart so that the host tests can check the parser.
 *
 * profile [-F HZ] [-a] [-d SECONDS] [-m LOG_MIB] [-o FILE] [--raw]
 *         [--syscalls] [--memory] [--boot] [--timeline] [--]
 *         [COMMAND [ARGS...]]
 */
#ifndef USERLAND_PROFILE_PROFILE_H
#define USERLAND_PROFILE_PROFILE_H

#include <stddef.h>

struct prof_opts {
	unsigned int hz;	/* -F, 0: the kernel's default */
	int all;		/* -a: every task */
	unsigned int seconds;	/* -d, 0: until the command ends (or ^C) */
	unsigned int log_mib;	/* -m, 0: the kernel's default */
	const char *out;	/* -o, NULL: standard output */
	int raw;		/* --raw: the log itself */
	int syscalls;		/* --syscalls: strace -c's table */
	int memory;		/* --memory: leak stacks */
	int boot;		/* --boot: the boot's recording, no START */
	int timeline;		/* --timeline: with --boot, the SPANs */
	int help;		/* -h, --help */
	char **cmd;		/* COMMAND ARGS..., NULL-terminated; NULL: none */
};

/* Fills o from argv (argv[0] is the program).  0, or -EINVAL with a
 * message for the user in err. */
int prof_opts_parse(struct prof_opts *o, int argc, char **argv, char *err,
		    size_t errlen);

/* The usage text. */
extern const char prof_usage[];

#endif
