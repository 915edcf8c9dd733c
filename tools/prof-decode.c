/*
 * prof-decode.c: decode a profile log (kernel/prof/uapi.h) on the host.
 *
 * prof-decode [--kallsyms FILE] [--root DIR] [--memory | --timeline] LOG
 *
 * LOG is the raw log: `profile --raw` in the guest, or the dump the
 * kernel writes to the second serial port at shutdown ("-" reads
 * standard input).  Prints folded stacks (flamegraph.pl's input), or
 * with --memory the leaked kernel allocations folded with bytes as
 * weight (the totals on stderr), or with --timeline the boot timeline
 * as TSV, to standard output.  Kernel frames are named from FILE (the
 * kernel's `nm -n` output, or a copy of /proc/kallsyms); user frames
 * from the ELF files the records name, looked up under DIR (the staged
 * root filesystem, build/rootfs) when given.
 *
 * Exit status: 0 (a damaged log is a warning: what came before it is
 * printed), 1 on an error, 2 on bad usage.  The decoding is
 * userland/profile/'s library, the same code the guest's command runs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "userland/profile/pd.h"

static const char usage[] =
	"usage: prof-decode [--kallsyms FILE] [--root DIR] "
	"[--memory | --timeline] LOG\n";

struct decode_args {
	const char *kallsyms, *root, *log;
	enum pd_mode mode;
};

/* 0, or -EINVAL for bad usage. */
static int decode_parse(struct decode_args *a, int argc, char **argv)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->mode = PD_FOLD;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--memory") && a->mode == PD_FOLD)
			a->mode = PD_MEMORY;
		else if (!strcmp(argv[i], "--timeline") && a->mode == PD_FOLD)
			a->mode = PD_TIMELINE;
		else if (!strcmp(argv[i], "--kallsyms") && i + 1 < argc)
			a->kallsyms = argv[++i];
		else if (!strcmp(argv[i], "--root") && i + 1 < argc)
			a->root = argv[++i];
		else
			return -EINVAL;
	}
	if (i != argc - 1)
		return -EINVAL;
	a->log = argv[i];
	return 0;
}

static int decode_read(const char *path, unsigned char **buf, size_t *len)
{
	int err = strcmp(path, "-") ? pd_read_path(path, buf, len)
				    : pd_read_fd(STDIN_FILENO, buf, len);

	if (err)
		fprintf(stderr, "prof-decode: %s: %s\n", path, strerror(-err));
	return err;
}

static int decode_run(const struct decode_args *a, const unsigned char *log,
		      size_t len)
{
	struct pd_decoder *d = malloc(sizeof(*d));
	int err;

	if (!d || pd_decoder_init(d, "prof-decode", stderr, a->root)) {
		free(d);
		fprintf(stderr, "prof-decode: out of memory\n");
		return 1;
	}
	err = a->kallsyms ? pd_decoder_kallsyms(d, a->kallsyms) : 0;
	if (!err)
		err = pd_decode(d, log, len, a->mode, stdout);
	if ((!err || err == -EINVAL) && a->mode == PD_MEMORY)
		pd_mem_summary(&d->mem, &d->stacks, 10, "prof-decode", stderr);
	pd_decoder_free(d);
	free(d);
	if (err && err != -EINVAL) {
		fprintf(stderr, "prof-decode: %s\n", strerror(-err));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct decode_args a;
	unsigned char *log;
	size_t len;
	int status;

	if (decode_parse(&a, argc, argv)) {
		fputs(usage, stderr);
		return 2;
	}
	if (decode_read(a.log, &log, &len))
		return 1;
	status = decode_run(&a, log, len);
	free(log);
	return status;
}
