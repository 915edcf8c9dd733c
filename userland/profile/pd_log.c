/*
 * pd_log.c: iterate the records of a profile log (kernel/prof/uapi.h).
 *
 * Interface (pd.h): pd_log_init(lg, buf, len), pd_log_next(lg, &rec).
 *
 * Every record is checked before it is handed out: a whole header, a
 * size that is a multiple of 4, at least the header, inside the buffer,
 * and, for the types known here, large enough for the type's body and
 * its counted arrays.  The first record must be an INFO one, of
 * PROF_VERSION.  A bad
 * record stops the iteration for good with a message in lg->err saying
 * what and where: the rest of such a log cannot be trusted.  Unknown
 * types are skipped by their size.
 *
 * The log is a byte stream: a record may start at any multiple of 4, so
 * each is copied into lg->rec (8-aligned) before it is given out, and a
 * NUL is put after it so that a path or name always ends.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include "userland/profile/pd.h"

/* The smallest size of each known record type (0: unknown type). */
static size_t pd_log_min_size(unsigned int type)
{
	switch (type) {
	case PROF_REC_INFO:	return sizeof(struct prof_rec_info);
	case PROF_REC_SAMPLE:	return sizeof(struct prof_rec_sample);
	case PROF_REC_EXEC:	return sizeof(struct prof_rec_exec);
	case PROF_REC_MMAP:	return sizeof(struct prof_rec_mmap);
	case PROF_REC_FORK:	return sizeof(struct prof_rec_fork);
	case PROF_REC_EXIT:	return sizeof(struct prof_rec);
	case PROF_REC_ALLOC:	return sizeof(struct prof_rec_alloc);
	case PROF_REC_FREE:	return sizeof(struct prof_rec_free);
	case PROF_REC_SPAN:	return sizeof(struct prof_rec_span);
	case PROF_REC_LOST:	return sizeof(struct prof_rec_lost);
	default:		return 0;
	}
}

/* The size the record's counted arrays need (rec is a known type whose
 * fixed part is there). */
static size_t pd_log_need(const struct prof_rec *rec)
{
	const struct prof_rec_sample *s = (const void *)rec;
	const struct prof_rec_alloc *a = (const void *)rec;

	if (rec->type == PROF_REC_SAMPLE)
		return sizeof(*s) + 4 * ((size_t)s->nkernel + s->nuser);
	if (rec->type == PROF_REC_ALLOC)
		return sizeof(*a) + 4 * (size_t)a->nkernel;
	return pd_log_min_size(rec->type);
}

static int pd_log_bad(struct pd_log *lg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Records why the log stopped at the current offset; returns -EINVAL. */
static int pd_log_bad(struct pd_log *lg, const char *fmt, ...)
{
	char what[80];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(lg->err, sizeof(lg->err), "bad log at byte %zu: %s",
		 lg->off, what);
	lg->len = lg->off;	/* nothing more is read */
	return -EINVAL;
}

void pd_log_init(struct pd_log *lg, const void *buf, size_t len)
{
	lg->buf = buf;
	lg->len = len;
	lg->off = 0;
	lg->err[0] = '\0';
}

/* Checks the header at lg->off; 0 with *size set, or -EINVAL. */
static int pd_log_check_header(struct pd_log *lg, size_t *size)
{
	struct prof_rec h;
	size_t left = lg->len - lg->off;

	if (left < sizeof(h))
		return pd_log_bad(lg, "truncated header (%zu bytes left)", left);
	memcpy(&h, lg->buf + lg->off, sizeof(h));
	if (h.size < sizeof(h) || h.size % 4)
		return pd_log_bad(lg, "record size %u", h.size);
	if (h.size > left)
		return pd_log_bad(lg, "truncated record (size %u, %zu left)",
				  h.size, left);
	if (lg->off == 0 && h.type != PROF_REC_INFO)
		return pd_log_bad(lg, "the first record is not INFO");
	*size = h.size;
	return 0;
}

/* Checks the body of the record copied to lg->rec: 0 or -EINVAL. */
static int pd_log_check_body(struct pd_log *lg, size_t size)
{
	const struct prof_rec *r = (const void *)lg->rec;
	const struct prof_rec_info *info = (const void *)lg->rec;
	size_t min = pd_log_min_size(r->type);

	if (!min)
		return 0;
	if (size < min)
		return pd_log_bad(lg, "type %u record of %zu bytes", r->type,
				  size);
	if (size < pd_log_need(r))
		return pd_log_bad(lg, "type %u record of %zu bytes, %zu needed",
				  r->type, size, pd_log_need(r));
	if (r->type == PROF_REC_INFO && info->version != PROF_VERSION)
		return pd_log_bad(lg, "log version %u, not %u", info->version,
				  PROF_VERSION);
	return 0;
}

int pd_log_next(struct pd_log *lg, const struct prof_rec **rec)
{
	size_t size = 0;
	int err;

	if (lg->off >= lg->len)
		return 0;
	err = pd_log_check_header(lg, &size);
	if (err)
		return err;
	memcpy(lg->rec, lg->buf + lg->off, size);
	memset(lg->rec + size, 0, 4);
	err = pd_log_check_body(lg, size);
	if (err)
		return err;
	lg->off += size;
	*rec = (const void *)lg->rec;
	return 1;
}
