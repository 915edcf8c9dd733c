/*
 * pd_decode.c: the decoder: a whole log in, one output out.
 *
 * Interface (pd.h): pd_decoder_init, pd_decoder_free, pd_decoder_kallsyms,
 * pd_decode.
 *
 * One pass over the records in log order.  Every mode keeps the INFO
 * record; then
 *   PD_FOLD	 process maps follow EXEC/MMAP/FORK/EXIT, each SAMPLE is
 *		 folded into the stack table, printed sorted at the end;
 *   PD_MEMORY	 ALLOC/FREE update the live set; at the end the leaks are
 *		 folded (bytes as weight) and printed sorted;
 *   PD_TIMELINE each SPAN is printed as it comes.
 * A bad log (pd_log.c) stops the pass with a warning, and the output of
 * what came before is still written: most of a log is better than none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

int pd_decoder_init(struct pd_decoder *d, const char *prog, FILE *warn,
		    const char *root)
{
	int err;

	memset(&d->info, 0, sizeof(d->info));
	d->prog = prog;
	d->warn = warn;
	d->have_info = 0;
	d->samples = d->lost = 0;
	pd_symtab_init(&d->ksyms);
	pd_maps_init(&d->maps);
	pd_mem_init(&d->mem);
	err = pd_stacks_init(&d->stacks);
	if (err)
		return err;
	err = pd_elfcache_init(&d->elfs, root);
	if (err)
		pd_stacks_free(&d->stacks);
	return err;
}

void pd_decoder_free(struct pd_decoder *d)
{
	pd_symtab_free(&d->ksyms);
	pd_maps_free(&d->maps);
	pd_mem_free(&d->mem);
	pd_stacks_free(&d->stacks);
	pd_elfcache_free(&d->elfs);
}

int pd_decoder_kallsyms(struct pd_decoder *d, const char *path)
{
	unsigned char *text;
	size_t len;
	int n = pd_read_path(path, &text, &len);

	if (n) {
		fprintf(d->warn, "%s: warning: %s: %s: kernel frames unnamed\n",
			d->prog, path, strerror(-n));
		return 0;
	}
	n = pd_ksyms_parse(&d->ksyms, (const char *)text, len);
	free(text);
	pd_symtab_finish(&d->ksyms);
	if (n == 0)
		fprintf(d->warn, "%s: warning: %s: no function symbols\n",
			d->prog, path);
	return n < 0 ? n : 0;
}

/* Handles one record for mode. */
static int pd_decode_rec(struct pd_decoder *d, struct pd_fold *f,
			 const struct prof_rec *rec, enum pd_mode mode,
			 FILE *out)
{
	if (rec->type == PROF_REC_INFO) {
		memcpy(&d->info, rec, sizeof(d->info));
		d->have_info = 1;
	} else if (rec->type == PROF_REC_LOST) {
		d->lost += ((const struct prof_rec_lost *)(const void *)rec)->count;
	}
	if (mode == PD_MEMORY)
		return pd_mem_apply(&d->mem, rec);
	if (mode == PD_TIMELINE) {
		if (rec->type == PROF_REC_SPAN && d->info.tsc_khz)
			pd_timeline_span((const void *)rec, d->info.boot_tsc,
					 d->info.tsc_khz, out);
		return 0;
	}
	if (rec->type == PROF_REC_SAMPLE) {
		d->samples++;
		return pd_fold_sample(f, (const void *)rec);
	}
	return pd_maps_apply(&d->maps, rec);
}

/* Runs every record through pd_decode_rec; -EINVAL for a bad log. */
static int pd_decode_pass(struct pd_decoder *d, enum pd_mode mode, FILE *out)
{
	struct pd_fold f = {
		.ksyms = &d->ksyms, .maps = &d->maps, .elfs = &d->elfs,
		.out = &d->stacks,
	};
	const struct prof_rec *rec;
	int got, err = 0;

	pd_str_init(&f.buf);
	while (!err && (got = pd_log_next(&d->log, &rec)) > 0)
		err = pd_decode_rec(d, &f, rec, mode, out);
	pd_str_free(&f.buf);
	if (err)
		return err;
	if (got < 0)
		fprintf(d->warn, "%s: warning: %s; decoding stopped there\n",
			d->prog, d->log.err);
	if (mode == PD_TIMELINE && d->have_info && !d->info.tsc_khz)
		fprintf(d->warn, "%s: warning: the log gives no TSC rate\n",
			d->prog);
	return got < 0 ? -EINVAL : 0;
}

int pd_decode(struct pd_decoder *d, const void *log, size_t len,
	      enum pd_mode mode, FILE *out)
{
	int bad, err;

	if (!len)
		fprintf(d->warn, "%s: warning: the log is empty\n", d->prog);
	pd_log_init(&d->log, log, len);
	bad = pd_decode_pass(d, mode, out);
	if (bad && bad != -EINVAL)
		return bad;
	if (mode == PD_MEMORY) {
		err = pd_mem_fold(&d->mem, &d->ksyms, &d->stacks);
		if (err)
			return err;
	}
	if (mode != PD_TIMELINE) {
		err = pd_stacks_print(&d->stacks, out);
		if (err)
			return err;
	}
	if (fflush(out) || ferror(out))
		return -EIO;
	return bad;
}
