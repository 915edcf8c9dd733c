/*
 * pd_str.c: growable strings for building stack lines.
 *
 * Interface (pd.h): pd_str_init, pd_str_free, pd_str_reset, pd_str_add,
 * pd_str_addf, pd_str_frame.
 *
 * Appending never fails visibly: when memory runs out, b->oom is set and
 * later appends do nothing, so that a caller checks once at the end.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "userland/profile/pd.h"

void pd_str_init(struct pd_str *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

void pd_str_free(struct pd_str *b)
{
	free(b->s);
	pd_str_init(b);
}

/* Empties b, keeping its memory. */
void pd_str_reset(struct pd_str *b)
{
	b->len = 0;
	b->oom = 0;
	if (b->s)
		b->s[0] = '\0';
}

/* 1 when b has room for extra more bytes and a NUL. */
static int pd_str_reserve(struct pd_str *b, size_t extra)
{
	size_t cap = b->cap ? b->cap : 64;
	char *s;

	if (b->oom)
		return 0;
	while (cap < b->len + extra + 1)
		cap *= 2;
	if (cap == b->cap)
		return 1;
	s = realloc(b->s, cap);
	if (!s) {
		b->oom = 1;
		return 0;
	}
	b->s = s;
	b->cap = cap;
	return 1;
}

void pd_str_add(struct pd_str *b, const char *s)
{
	size_t n = strlen(s);

	if (!pd_str_reserve(b, n))
		return;
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

void pd_str_addf(struct pd_str *b, const char *fmt, ...)
{
	char small[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		pd_str_add(b, small);
		return;
	}
	if (!pd_str_reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void pd_str_frame(struct pd_str *b, const char *name, const char *suffix)
{
	size_t start;

	if (b->len)
		pd_str_add(b, ";");
	start = b->len;
	pd_str_add(b, name);
	if (b->oom)
		return;
	for (size_t i = start; i < b->len; i++) {
		unsigned char c = (unsigned char)b->s[i];

		if (c == ';' || c <= ' ' || c == 0x7f)
			b->s[i] = '_';
	}
	pd_str_add(b, suffix);
}
