/*
 * logfmt.c: the kernel log's records as text, in Linux's formats (see
 * logbuf.h: logfmt_syslog, logfmt_kmsg).
 *
 * syslog(2) and /proc/kmsg: every line of a record gets the prefix
 * "<P>[    S.UUUUUU] ", P being facility * 8 + level, as Linux's
 * record_print_text makes it.  /dev/kmsg: "P,SEQ,USEC,-;" then the text
 * with every byte below ' ', from 127 up, and '\' written as \xNN, then a
 * newline (Linux's info_print_ext_header and msg_add_ext_text).
 */
#include "kernel/logbuf.h"
#include "lib/compiler.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Output that counts everything and keeps what fits. */
struct logfmt_out {
	char *buf;
	size_t size;
	size_t len;
};

static void out_put(struct logfmt_out *o, const char *s, size_t n)
{
	if (o->len < o->size)
		memcpy(o->buf + o->len, s, MIN(n, o->size - o->len));
	o->len += n;
}

static void syslog_prefix(struct logfmt_out *o, const struct log_record *r)
{
	char p[48];
	uint64_t us = r->ts_ns / 1000;
	int n;

	n = snprintf(p, sizeof(p), "<%u>[%5lu.%06lu] ",
		     (unsigned int)(r->facility << 3 | r->level),
		     (unsigned long)(us / 1000000), (unsigned long)(us % 1000000));
	out_put(o, p, (size_t)n);
}

size_t logfmt_syslog(const struct log_record *r, char *buf, size_t size)
{
	struct logfmt_out o = { .buf = buf, .size = size };
	const char *line = r->text, *end = r->text + r->len;

	for (;;) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);

		syslog_prefix(&o, r);
		out_put(&o, line, n);
		out_put(&o, "\n", 1);
		if (!nl)
			break;
		line = nl + 1;
	}
	return o.len;
}

size_t logfmt_kmsg(const struct log_record *r, char *buf, size_t size)
{
	struct logfmt_out o = { .buf = buf, .size = size };
	char p[64];
	int n;

	n = snprintf(p, sizeof(p), "%u,%llu,%llu,-;",
		     (unsigned int)(r->facility << 3 | r->level),
		     (unsigned long long)r->seq,
		     (unsigned long long)(r->ts_ns / 1000));
	out_put(&o, p, (size_t)n);
	for (size_t i = 0; i < r->len; i++) {
		unsigned char c = (unsigned char)r->text[i];

		if (c < ' ' || c >= 127 || c == '\\') {
			n = snprintf(p, sizeof(p), "\\x%02x", c);
			out_put(&o, p, (size_t)n);
		} else {
			out_put(&o, (const char *)&c, 1);
		}
	}
	out_put(&o, "\n", 1);
	return o.len;
}
