/*
 * logbuf.h: helpers for the profiler's host tests (tests/host/prof/):
 * build a synthetic profile log record by record, and run the decoder
 * (userland/profile/pd.h) over it into strings.
 *
 * Records get increasing TSC times (1000 ticks apart) unless a test
 * gives one.  Every lb_ function appends one record; lb_raw appends
 * arbitrary bytes (for damaged logs).  Memory runs out only as a test
 * failure.
 */
#ifndef TESTS_HOST_PROF_LOGBUF_H
#define TESTS_HOST_PROF_LOGBUF_H

#include <stddef.h>
#include <stdint.h>
#include "userland/profile/pd.h"

struct lb {
	unsigned char *buf;
	size_t len, cap;
	uint64_t tsc;		/* the next record's time */
};

void lb_init(struct lb *l);
void lb_free(struct lb *l);
void lb_raw(struct lb *l, const void *p, size_t n);
void lb_info(struct lb *l, uint32_t tsc_khz, uint64_t boot_tsc);
void lb_exec(struct lb *l, uint32_t pid, const char *comm, const char *path);
void lb_mmap(struct lb *l, uint32_t pid, uint32_t start, uint32_t end,
	     uint32_t offset, const char *path);
void lb_fork(struct lb *l, uint32_t pid, uint32_t tid, uint32_t ppid,
	     uint32_t ptid);
void lb_exit(struct lb *l, uint32_t pid, uint32_t tid);
void lb_sample(struct lb *l, uint32_t pid, uint32_t tid, int mode,
	       int irqs_off, int nk, const uint32_t *kips, int nu,
	       const uint32_t *uips);
/* As lb_sample, for a task in the system call served by syscall_fn. */
void lb_sample_sys(struct lb *l, uint32_t pid, uint32_t tid, int mode,
		   int irqs_off, uint32_t syscall_fn, int nk,
		   const uint32_t *kips, int nu, const uint32_t *uips);
void lb_alloc(struct lb *l, int kind, uint32_t addr, uint32_t bytes, int nk,
	      const uint32_t *ips);
void lb_freerec(struct lb *l, int kind, uint32_t addr);
void lb_span(struct lb *l, uint64_t tsc, uint64_t duration, uint32_t kind,
	     const char *name);

/* Decodes len bytes of log for mode, with kernel symbols from ktext (nm
 * format, may be NULL) and ELF files under root (may be NULL).  Returns
 * the output (malloc'd); *warn gets the warnings (malloc'd), *ret
 * pd_decode's result. */
char *lb_decode(const void *log, size_t len, enum pd_mode mode,
		const char *ktext, const char *root, char **warn, int *ret);

/* A memory stream for output under test: lb_stream_open, write to the
 * FILE, lb_stream_close returns the text (malloc'd). */
struct lb_stream {
	FILE *f;
	char *text;
	size_t len;
};
FILE *lb_stream_open(struct lb_stream *s);
char *lb_stream_close(struct lb_stream *s);

#endif
