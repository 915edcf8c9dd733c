/*
 * logbuf.c: synthetic profile logs and a decoder run into strings, for
 * the host tests.  See logbuf.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/host/prof/logbuf.h"

void lb_init(struct lb *l)
{
	memset(l, 0, sizeof(*l));
	l->tsc = 1000;
}

void lb_free(struct lb *l)
{
	free(l->buf);
	lb_init(l);
}

void lb_raw(struct lb *l, const void *p, size_t n)
{
	if (!n)
		return;
	if (l->len + n > l->cap) {
		l->cap = (l->len + n) * 2 + 256;
		l->buf = realloc(l->buf, l->cap);
		if (!l->buf)
			abort();
	}
	memcpy(l->buf + l->len, p, n);
	l->len += n;
}

/* Fills the header of a record of type and size. */
static void lb_head(struct lb *l, struct prof_rec *h, int type, size_t size,
		    uint32_t pid, uint32_t tid)
{
	memset(h, 0, sizeof(*h));
	h->type = (uint16_t)type;
	h->size = (uint16_t)size;
	h->pid = pid;
	h->tid = tid;
	h->tsc = l->tsc;
	l->tsc += 1000;
}

/* Appends fixed (its header filled from the arguments), then tail. */
static void lb_rec(struct lb *l, void *fixed, size_t fsize, const void *tail,
		   size_t tsize, int type, uint32_t pid, uint32_t tid)
{
	static const unsigned char zeros[4];
	size_t size = (fsize + tsize + 3) & ~(size_t)3;

	lb_head(l, fixed, type, size, pid, tid);
	lb_raw(l, fixed, fsize);
	lb_raw(l, tail, tsize);
	lb_raw(l, zeros, size - fsize - tsize);
}

void lb_info(struct lb *l, uint32_t tsc_khz, uint64_t boot_tsc)
{
	struct prof_rec_info r = {
		.version = PROF_VERSION, .tsc_khz = tsc_khz,
		.boot_tsc = boot_tsc, .hz = 1000, .flags = PROF_F_SAMPLES,
		.kernel_base = 0xc0000000u,
	};

	lb_rec(l, &r, sizeof(r), NULL, 0, PROF_REC_INFO, 0, 0);
}

void lb_exec(struct lb *l, uint32_t pid, const char *comm, const char *path)
{
	struct prof_rec_exec r;

	memset(&r, 0, sizeof(r));
	strncpy(r.comm, comm, sizeof(r.comm) - 1);
	lb_rec(l, &r, sizeof(r), path, strlen(path) + 1, PROF_REC_EXEC, pid,
	       pid);
}

void lb_mmap(struct lb *l, uint32_t pid, uint32_t start, uint32_t end,
	     uint32_t offset, const char *path)
{
	struct prof_rec_mmap r = { .start = start, .end = end,
				   .offset = offset };

	lb_rec(l, &r, sizeof(r), path, strlen(path) + 1, PROF_REC_MMAP, pid,
	       pid);
}

void lb_fork(struct lb *l, uint32_t pid, uint32_t tid, uint32_t ppid,
	     uint32_t ptid)
{
	struct prof_rec_fork r = { .parent_pid = ppid, .parent_tid = ptid };

	lb_rec(l, &r, sizeof(r), NULL, 0, PROF_REC_FORK, pid, tid);
}

void lb_exit(struct lb *l, uint32_t pid, uint32_t tid)
{
	struct prof_rec r;

	lb_rec(l, &r, sizeof(r), NULL, 0, PROF_REC_EXIT, pid, tid);
}

void lb_sample(struct lb *l, uint32_t pid, uint32_t tid, int mode,
	       int irqs_off, int nk, const uint32_t *kips, int nu,
	       const uint32_t *uips)
{
	lb_sample_sys(l, pid, tid, mode, irqs_off, 0, nk, kips, nu, uips);
}

void lb_sample_sys(struct lb *l, uint32_t pid, uint32_t tid, int mode,
		   int irqs_off, uint32_t syscall_fn, int nk,
		   const uint32_t *kips, int nu, const uint32_t *uips)
{
	struct prof_rec_sample r = {
		.mode = (uint8_t)mode, .irqs_off = (uint16_t)irqs_off,
		.nkernel = (uint16_t)nk, .nuser = (uint16_t)nu,
		.syscall_fn = syscall_fn,
	};
	uint32_t ips[PROF_KERNEL_DEPTH + PROF_USER_DEPTH];

	if (nk)
		memcpy(ips, kips, nk * sizeof(*ips));
	if (nu)
		memcpy(ips + nk, uips, nu * sizeof(*ips));
	lb_rec(l, &r, sizeof(r), ips, (nk + nu) * sizeof(*ips),
	       PROF_REC_SAMPLE, pid, tid);
}

void lb_alloc(struct lb *l, int kind, uint32_t addr, uint32_t bytes, int nk,
	      const uint32_t *ips)
{
	struct prof_rec_alloc r = {
		.addr = addr, .bytes = bytes, .kind = (uint8_t)kind,
		.nkernel = (uint16_t)nk,
	};

	lb_rec(l, &r, sizeof(r), ips, nk * sizeof(*ips), PROF_REC_ALLOC, 1, 1);
}

void lb_freerec(struct lb *l, int kind, uint32_t addr)
{
	struct prof_rec_free r = { .addr = addr, .kind = (uint8_t)kind };

	lb_rec(l, &r, sizeof(r), NULL, 0, PROF_REC_FREE, 1, 1);
}

void lb_span(struct lb *l, uint64_t tsc, uint64_t duration, uint32_t kind,
	     const char *name)
{
	struct prof_rec_span r = { .duration_tsc = duration, .kind = kind };
	uint64_t keep = l->tsc;

	l->tsc = tsc;
	lb_rec(l, &r, sizeof(r), name, strlen(name) + 1, PROF_REC_SPAN, 1, 1);
	l->tsc = keep;
}

FILE *lb_stream_open(struct lb_stream *s)
{
	s->text = NULL;
	s->len = 0;
	s->f = open_memstream(&s->text, &s->len);
	if (!s->f)
		abort();
	return s->f;
}

char *lb_stream_close(struct lb_stream *s)
{
	fclose(s->f);
	return s->text;
}

char *lb_decode(const void *log, size_t len, enum pd_mode mode,
		const char *ktext, const char *root, char **warn, int *ret)
{
	struct pd_decoder *d = malloc(sizeof(*d));
	struct lb_stream out, w;

	if (!d)
		abort();
	lb_stream_open(&out);
	lb_stream_open(&w);
	if (pd_decoder_init(d, "test", w.f, root))
		abort();
	if (ktext) {
		pd_ksyms_parse(&d->ksyms, ktext, strlen(ktext));
		pd_symtab_finish(&d->ksyms);
	}
	*ret = pd_decode(d, log, len, mode, out.f);
	pd_decoder_free(d);
	free(d);
	*warn = lb_stream_close(&w);
	return lb_stream_close(&out);
}
