/*
 * vsnprintf.c: the printf family, formatting into a bounded buffer.
 *
 * Interface: lib/printf.h (vsnprintf, snprintf, vscnprintf, scnprintf).
 *
 * The format is read left to right.  Literal text is copied in runs; each
 * conversion is parsed into a struct fmt_spec (flags, width, precision,
 * length modifier, conversion character), its argument is fetched with the
 * type the length modifier names, and it is written through a struct
 * fmt_out, which stores what fits in the buffer and counts everything, so
 * that the C99 return value comes out of the same pass.  Integers never
 * need 64-bit division from libgcc: see lib/div64.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include "lib/div64.h"
#include "lib/printf.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

/* <limits.h> is not usable with -nostdinc; gcc predefines the value. */
#define FMT_INT_MAX	__INT_MAX__

/* The output: buf holds size bytes; len counts every character produced. */
struct fmt_out {
	char *buf;
	size_t size;
	size_t len;
};

#define FL_LEFT		0x01	/* '-': pad on the right */
#define FL_PLUS		0x02	/* '+': sign on non-negative numbers */
#define FL_SPACE	0x04	/* ' ': space on non-negative numbers */
#define FL_ALT		0x08	/* '#': 0 before octal, 0x before hex */
#define FL_ZERO		0x10	/* '0': pad numbers with zeros */

enum fmt_length {
	LEN_INT, LEN_CHAR, LEN_SHORT, LEN_LONG, LEN_LLONG,
	LEN_SIZE, LEN_PTRDIFF, LEN_INTMAX,
};

struct fmt_spec {
	unsigned int flags;
	int width;		/* 0 when absent */
	int prec;		/* -1 when absent */
	enum fmt_length length;
	char conv;
};

/* Room left in the buffer for characters (one byte is kept for the NUL). */
static size_t out_room(const struct fmt_out *o)
{
	return o->len + 1 < o->size ? o->size - 1 - o->len : 0;
}

static void out_mem(struct fmt_out *o, const char *s, size_t n)
{
	size_t fit = MIN(n, out_room(o));

	if (fit)
		memcpy(o->buf + o->len, s, fit);
	o->len += n;
}

static void out_repeat(struct fmt_out *o, char c, size_t n)
{
	size_t fit = MIN(n, out_room(o));

	if (fit)
		memset(o->buf + o->len, c, fit);
	o->len += n;
}

static void out_char(struct fmt_out *o, char c)
{
	out_mem(o, &c, 1);
}

/* Write s (len bytes), padded with spaces to the field width. */
static void put_field(struct fmt_out *o, const struct fmt_spec *sp,
		      const char *s, size_t len)
{
	size_t pad = (size_t)sp->width > len ? (size_t)sp->width - len : 0;

	if (!(sp->flags & FL_LEFT))
		out_repeat(o, ' ', pad);
	out_mem(o, s, len);
	if (sp->flags & FL_LEFT)
		out_repeat(o, ' ', pad);
}

/*
 * Write the digits of v so that they end just before end; returns where
 * they start.  Decimal uses 32-bit division once v fits in 32 bits.
 */
static char *put_digits(char *end, unsigned long long v, unsigned int base,
			bool upper)
{
	const char *xd = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	unsigned int shift = base == 16 ? 4 : 3;
	uint32_t r, v32;

	if (base != 10) {
		do {
			*--end = xd[v & (base - 1)];
			v >>= shift;
		} while (v);
		return end;
	}
	while (v > UINT32_MAX) {
		v = div_u64_rem(v, 10, &r);
		*--end = (char)('0' + r);
	}
	v32 = (uint32_t)v;
	do {
		*--end = (char)('0' + v32 % 10);
		v32 /= 10;
	} while (v32);
	return end;
}

static unsigned int conv_base(char conv)
{
	switch (conv) {
	case 'o':
		return 8;
	case 'x':
	case 'X':
	case 'p':
		return 16;
	default:
		return 10;
	}
}

/* The sign or base prefix of a number, into pfx; returns its length. */
static int number_prefix(char *pfx, const struct fmt_spec *sp,
			 unsigned long long v, bool neg)
{
	switch (sp->conv) {
	case 'd':
	case 'i':
		if (neg || sp->flags & (FL_PLUS | FL_SPACE)) {
			pfx[0] = neg ? '-' : sp->flags & FL_PLUS ? '+' : ' ';
			return 1;
		}
		return 0;
	case 'x':
	case 'X':
	case 'p':
		if (sp->conv == 'p' || (sp->flags & FL_ALT && v)) {
			pfx[0] = '0';
			pfx[1] = sp->conv == 'X' ? 'X' : 'x';
			return 2;
		}
		return 0;
	}
	return 0;
}

/*
 * Write a number: padding, prefix, zeros to the precision (or, with the 0
 * flag and no precision, to the width), digits, padding.
 */
static void put_number(struct fmt_out *o, const struct fmt_spec *sp,
		       unsigned long long v, bool neg)
{
	unsigned int base = conv_base(sp->conv);
	char tmp[24], pfx[2], *dig = tmp + sizeof(tmp);
	int ndig, npfx, zeros, total;

	if (v || sp->prec != 0)
		dig = put_digits(tmp + sizeof(tmp), v, base, sp->conv == 'X');
	ndig = (int)(tmp + sizeof(tmp) - dig);
	npfx = number_prefix(pfx, sp, v, neg);
	zeros = sp->prec > ndig ? sp->prec - ndig : 0;
	if (base == 8 && sp->flags & FL_ALT && !zeros && (v || !ndig))
		zeros = 1;
	total = npfx + zeros + ndig;
	if ((sp->flags & (FL_ZERO | FL_LEFT)) == FL_ZERO && sp->prec < 0 &&
	    sp->width > total) {
		zeros += sp->width - total;
		total = sp->width;
	}
	if (!(sp->flags & FL_LEFT) && sp->width > total)
		out_repeat(o, ' ', (size_t)(sp->width - total));
	out_mem(o, pfx, (size_t)npfx);
	out_repeat(o, '0', (size_t)zeros);
	out_mem(o, dig, (size_t)ndig);
	if (sp->flags & FL_LEFT && sp->width > total)
		out_repeat(o, ' ', (size_t)(sp->width - total));
}

static long long fetch_signed(enum fmt_length length, va_list *ap)
{
	switch (length) {
	case LEN_CHAR:		return (signed char)va_arg(*ap, int);
	case LEN_SHORT:		return (short)va_arg(*ap, int);
	case LEN_LONG:		return va_arg(*ap, long);
	case LEN_LLONG:		return va_arg(*ap, long long);
	case LEN_SIZE:		return (ptrdiff_t)va_arg(*ap, size_t);
	case LEN_PTRDIFF:	return va_arg(*ap, ptrdiff_t);
	case LEN_INTMAX:	return va_arg(*ap, intmax_t);
	default:		return va_arg(*ap, int);
	}
}

static unsigned long long fetch_unsigned(enum fmt_length length, va_list *ap)
{
	switch (length) {
	case LEN_CHAR:		return (unsigned char)va_arg(*ap, unsigned);
	case LEN_SHORT:		return (unsigned short)va_arg(*ap, unsigned);
	case LEN_LONG:		return va_arg(*ap, unsigned long);
	case LEN_LLONG:		return va_arg(*ap, unsigned long long);
	case LEN_SIZE:		return va_arg(*ap, size_t);
	case LEN_PTRDIFF:	return (size_t)va_arg(*ap, ptrdiff_t);
	case LEN_INTMAX:	return va_arg(*ap, uintmax_t);
	default:		return va_arg(*ap, unsigned int);
	}
}

static void put_signed(struct fmt_out *o, const struct fmt_spec *sp,
		       va_list *ap)
{
	long long v = fetch_signed(sp->length, ap);
	unsigned long long mag = (unsigned long long)v;

	put_number(o, sp, v < 0 ? -mag : mag, v < 0);
}

static void put_string(struct fmt_out *o, const struct fmt_spec *sp,
		       const char *s)
{
	size_t max = sp->prec < 0 ? SIZE_MAX : (size_t)sp->prec;

	if (!s)
		s = "(null)";
	put_field(o, sp, s, strnlen(s, max));
}

static void put_pointer(struct fmt_out *o, const struct fmt_spec *sp,
			const void *p)
{
	struct fmt_spec hex = *sp;

	if (!p) {
		put_field(o, sp, "(nil)", 5);
		return;
	}
	hex.flags &= ~(unsigned int)(FL_PLUS | FL_SPACE);
	put_number(o, &hex, (uintptr_t)p, false);
}

/* Parse a decimal number, saturating at FMT_INT_MAX. */
static int parse_int(const char **fmt)
{
	const char *f = *fmt;
	int n = 0;

	for (; *f >= '0' && *f <= '9'; f++) {
		if (n > (FMT_INT_MAX - (*f - '0')) / 10)
			n = FMT_INT_MAX;
		else
			n = n * 10 + (*f - '0');
	}
	*fmt = f;
	return n;
}

static unsigned int parse_flags(const char **fmt)
{
	unsigned int flags = 0;

	for (;; (*fmt)++) {
		switch (**fmt) {
		case '-': flags |= FL_LEFT; break;
		case '+': flags |= FL_PLUS; break;
		case ' ': flags |= FL_SPACE; break;
		case '#': flags |= FL_ALT; break;
		case '0': flags |= FL_ZERO; break;
		default: return flags;
		}
	}
}

/* A negative `*` width means the - flag and the absolute value. */
static void parse_width(const char **fmt, struct fmt_spec *sp, va_list *ap)
{
	int w;

	if (**fmt != '*') {
		sp->width = parse_int(fmt);
		return;
	}
	(*fmt)++;
	w = va_arg(*ap, int);
	if (w < 0) {
		sp->flags |= FL_LEFT;
		w = w < -FMT_INT_MAX ? FMT_INT_MAX : -w;
	}
	sp->width = w;
}

/* A negative `*` precision counts as no precision at all. */
static void parse_precision(const char **fmt, struct fmt_spec *sp, va_list *ap)
{
	int p;

	sp->prec = -1;
	if (**fmt != '.')
		return;
	(*fmt)++;
	if (**fmt != '*') {
		sp->prec = parse_int(fmt);
		return;
	}
	(*fmt)++;
	p = va_arg(*ap, int);
	sp->prec = p < 0 ? -1 : p;
}

static enum fmt_length parse_length(const char **fmt)
{
	const char *f = *fmt;
	enum fmt_length len = LEN_INT;

	switch (*f) {
	case 'h':
		len = f[1] == 'h' ? LEN_CHAR : LEN_SHORT;
		break;
	case 'l':
		len = f[1] == 'l' ? LEN_LLONG : LEN_LONG;
		break;
	case 'z': len = LEN_SIZE; break;
	case 't': len = LEN_PTRDIFF; break;
	case 'j': len = LEN_INTMAX; break;
	default: return LEN_INT;
	}
	*fmt = f + (len == LEN_CHAR || len == LEN_LLONG ? 2 : 1);
	return len;
}

/*
 * Parse one conversion; fmt points just past its '%'.  Returns a pointer
 * past the conversion character, or to the NUL if the format ends early.
 */
static const char *parse_spec(const char *fmt, struct fmt_spec *sp,
			      va_list *ap)
{
	sp->flags = parse_flags(&fmt);
	parse_width(&fmt, sp, ap);
	parse_precision(&fmt, sp, ap);
	sp->length = parse_length(&fmt);
	sp->conv = *fmt;
	return *fmt ? fmt + 1 : fmt;
}

/* Format one conversion starting at the '%' in fmt; returns what follows. */
static const char *format_one(struct fmt_out *o, const char *fmt, va_list *ap)
{
	const char *start = fmt;
	struct fmt_spec sp;
	char c;

	fmt = parse_spec(fmt + 1, &sp, ap);
	switch (sp.conv) {
	case 'd':
	case 'i':
		put_signed(o, &sp, ap);
		break;
	case 'u':
	case 'o':
	case 'x':
	case 'X':
		put_number(o, &sp, fetch_unsigned(sp.length, ap), false);
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		put_field(o, &sp, &c, 1);
		break;
	case 's':
		put_string(o, &sp, va_arg(*ap, const char *));
		break;
	case 'p':
		put_pointer(o, &sp, va_arg(*ap, const void *));
		break;
	case '%':
		out_char(o, '%');
		break;
	default:
		out_mem(o, start, (size_t)(fmt - start));
		break;
	}
	return fmt;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct fmt_out o = { .buf = buf, .size = size, .len = 0 };
	const char *lit;
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		for (lit = fmt; *fmt && *fmt != '%'; fmt++)
			;
		out_mem(&o, lit, (size_t)(fmt - lit));
		if (*fmt == '%')
			fmt = format_one(&o, fmt, &args);
	}
	va_end(args);
	if (size)
		buf[MIN(o.len, size - 1)] = '\0';
	return o.len > FMT_INT_MAX ? FMT_INT_MAX : (int)o.len;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	int n = vsnprintf(buf, size, fmt, ap);

	if (size == 0)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
