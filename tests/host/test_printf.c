/*
 * test_printf.c: lib's vsnprintf family.
 *
 * Most checks compare lib's output with the host C library's (glibc in the
 * ASan build, musl in the i386 build) on the same format and arguments, at
 * several buffer sizes from 0 up, comparing the return value and the bytes
 * stored; the buffers are allocated to their exact size so AddressSanitizer
 * catches a write past the end.  Large tables are generated from every
 * combination of flags, width, precision, conversion and length modifier
 * over edge values.  What the C standard leaves open, and the two libraries
 * do differently (%p, %s with NULL, unknown conversions), is checked
 * against fixed strings instead.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <limits.h>
#include "lib/printf.h"
#include "lib/string.h"
#include "tests/host/libc_ref.h"
#include "tests/host/test.h"

#define REF_SIZE	1024

static const size_t sizes[] = { 0, 1, 2, 3, 5, 8, 13, 64, REF_SIZE };

/* lib's vsnprintf into an exactly sized buffer versus the reference. */
static void compare_at_size(int line, const char *fmt, size_t size,
			    const char *ref, int ref_n, va_list ap)
{
	char *out = size ? malloc(size) : NULL;
	size_t stored;
	int n;

	n = vsnprintf(out, size, fmt, ap);
	CHECK_MSG(n == ref_n, "line %d: \"%s\" size %zu returned %d, want %d",
		  line, fmt, size, n, ref_n);
	if (size && n >= 0) {
		stored = (size_t)ref_n < size ? (size_t)ref_n : size - 1;
		CHECK_MSG(memcmp(out, ref, stored) == 0 && out[stored] == 0,
			  "line %d: \"%s\" size %zu gave \"%.*s\", want \"%s\"",
			  line, fmt, size, (int)stored, out, ref);
	}
	free(out);
}

static void compare_v(int line, const char *fmt, va_list ap)
{
	char ref[REF_SIZE];
	va_list aq;
	int ref_n;

	va_copy(aq, ap);
	ref_n = libc_vsnprintf(ref, sizeof(ref), fmt, aq);
	va_end(aq);
	if (ref_n < 0 || ref_n >= REF_SIZE) {
		CHECK_MSG(0, "line %d: bad reference for \"%s\"", line, fmt);
		return;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		va_copy(aq, ap);
		compare_at_size(line, fmt, sizes[i], ref, ref_n, aq);
		va_end(aq);
	}
}

__attribute__((format(printf, 2, 3)))
static void compare(int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	compare_v(line, fmt, ap);
	va_end(ap);
}

/* For generated formats: gcc cannot check them, so no format attribute. */
static void compare_gen(int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	compare_v(line, fmt, ap);
	va_end(ap);
}

#define SAME(...)	compare(__LINE__, __VA_ARGS__)

/* lib's output must be exactly want (for what the libraries disagree on). */
__attribute__((format(printf, 2, 3)))
static void expect(const char *want, const char *fmt, ...)
{
	char out[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, sizeof(out), fmt, ap);
	va_end(ap);
	CHECK_MSG(n == (int)strlen(want) && strcmp(out, want) == 0,
		  "\"%s\" gave \"%s\" (%d), want \"%s\"", fmt, out, n, want);
}

static const char *const flag_sets[] = {
	"", "-", "+", " ", "#", "0", "-+", "+0", " 0", "#0", "-#", "- ",
	"+ ", "-0", "#-+ 0",
};
static const char *const widths[] = { "", "1", "2", "6", "13", "25" };
static const char *const precisions[] = { "", ".", ".0", ".1", ".3", ".12",
					  ".22" };

static const long long int_values[] = {
	0, 1, -1, 7, 8, 9, 10, 15, 16, 42, -42, 100, 127, 128, 255, 256,
	1000, -32768, 32767, 65535, 65536, 123456789, -987654321,
	INT_MAX, INT_MIN, (long long)UINT_MAX, 0x80000000LL,
};

static const long long wide_values[] = {
	0, 1, -1, 127, -128, 128, 255, 256, 300, -129, 32767, -32768, 65535,
	65536, INT_MAX, INT_MIN, UINT_MAX, 0x100000000LL, 999999999999LL,
	-1000000000000LL, 0x123456789abcdefLL, LLONG_MAX, LLONG_MIN,
	(long long)ULLONG_MAX - 5,
};

static bool is_signed_conv(char conv)
{
	return conv == 'd' || conv == 'i';
}

/* Build "%<flags><width><precision><length><conv>"; false if undefined. */
static bool build_format(char *fmt, size_t size, const char *flags,
			 const char *width, const char *prec,
			 const char *length, char conv)
{
	if (strchr(flags, '#') && (is_signed_conv(conv) || conv == 'u'))
		return false;
	snprintf(fmt, size, "%%%s%s%s%s%c", flags, width, prec, length, conv);
	return true;
}

TEST(printf_int_flags_width_precision_table)
{
	static const char convs[] = "diuxXo";
	char fmt[32];

	for (size_t f = 0; f < sizeof(flag_sets) / sizeof(char *); f++)
	for (size_t w = 0; w < sizeof(widths) / sizeof(char *); w++)
	for (size_t p = 0; p < sizeof(precisions) / sizeof(char *); p++)
	for (const char *c = convs; *c; c++) {
		if (!build_format(fmt, sizeof(fmt), flag_sets[f], widths[w],
				  precisions[p], "", *c))
			continue;
		for (size_t v = 0; v < sizeof(int_values) / sizeof(long long);
		     v++) {
			if (is_signed_conv(*c))
				compare_gen(__LINE__, fmt, (int)int_values[v]);
			else
				compare_gen(__LINE__, fmt,
					    (unsigned int)int_values[v]);
		}
	}
}

/* Pass v as the type that length and conv name. */
static void compare_length(const char *fmt, const char *len, char conv,
			   long long v)
{
	bool s = is_signed_conv(conv);

	switch (len[0] * 256 + len[1]) {
	case 'h' * 256 + 'h':
	case 'h' * 256:
		if (s)
			compare_gen(__LINE__, fmt, (int)v);
		else
			compare_gen(__LINE__, fmt, (unsigned int)v);
		break;
	case 'l' * 256:
		if (s)
			compare_gen(__LINE__, fmt, (long)v);
		else
			compare_gen(__LINE__, fmt, (unsigned long)v);
		break;
	case 'l' * 256 + 'l':
		if (s)
			compare_gen(__LINE__, fmt, v);
		else
			compare_gen(__LINE__, fmt, (unsigned long long)v);
		break;
	case 'z' * 256:
	case 't' * 256:
		if (s)
			compare_gen(__LINE__, fmt, (ptrdiff_t)v);
		else
			compare_gen(__LINE__, fmt, (size_t)v);
		break;
	case 'j' * 256:
		if (s)
			compare_gen(__LINE__, fmt, (intmax_t)v);
		else
			compare_gen(__LINE__, fmt, (uintmax_t)v);
		break;
	}
}

TEST(printf_length_modifiers_table)
{
	static const char *const lengths[] = { "hh", "h", "l", "ll", "z", "t",
					       "j" };
	static const char *const some_flags[] = { "", "-", "+", "#", "0",
						  " 0" };
	static const char *const some_widths[] = { "", "3", "25" };
	static const char *const some_precs[] = { "", ".0", ".5", ".21" };
	static const char convs[] = "diuxXo";
	char fmt[32];

	for (size_t l = 0; l < sizeof(lengths) / sizeof(char *); l++)
	for (size_t f = 0; f < sizeof(some_flags) / sizeof(char *); f++)
	for (size_t w = 0; w < sizeof(some_widths) / sizeof(char *); w++)
	for (size_t p = 0; p < sizeof(some_precs) / sizeof(char *); p++)
	for (const char *c = convs; *c; c++) {
		if (!build_format(fmt, sizeof(fmt), some_flags[f],
				  some_widths[w], some_precs[p], lengths[l],
				  *c))
			continue;
		for (size_t v = 0;
		     v < sizeof(wide_values) / sizeof(long long); v++)
			compare_length(fmt, lengths[l], *c, wide_values[v]);
	}
}

TEST(printf_extreme_values)
{
	SAME("%d %d", INT_MIN, INT_MAX);
	SAME("%i|%u|%x|%o", INT_MIN, UINT_MAX, UINT_MAX, UINT_MAX);
	SAME("%lld %lld", LLONG_MIN, LLONG_MAX);
	SAME("%llu %llx %llX %llo", ULLONG_MAX, ULLONG_MAX, ULLONG_MAX,
	     ULLONG_MAX);
	SAME("%ld %lu %lx", LONG_MIN, ULONG_MAX, ULONG_MAX);
	SAME("%jd %ju", INTMAX_MIN, UINTMAX_MAX);
	SAME("%zu %zx", SIZE_MAX, SIZE_MAX);
	SAME("%td", PTRDIFF_MIN);
	SAME("%hhd %hhu %hd %hu", 300, 300, 70000, 70000);
	SAME("%hhd %hhd %hd", -129, 128, -32769);
	SAME("%+.30lld|%-+40lld|%040lld", LLONG_MIN, LLONG_MIN, LLONG_MIN);
	SAME("%#.30llo|%#40llx|%#-40llX|", ULLONG_MAX, ULLONG_MAX, ULLONG_MAX);
	SAME("%llu %llu %llu", 4294967295ULL, 4294967296ULL,
	     10000000000000000000ULL);
}

TEST(printf_star_width_and_precision)
{
	SAME("[%*d]", 8, 42);
	SAME("[%*d]", -8, 42);
	SAME("[%-*d]", -8, 42);
	SAME("[%.*d]", 5, 42);
	SAME("[%.*d]", -5, 42);
	SAME("[%.*d]", 0, 0);
	SAME("[%*.*d]", 10, 4, -42);
	SAME("[%*.*x]", -10, 6, 0xabcU);
	SAME("[%0*d]", 7, -3);
	SAME("[%.*s]", 3, "abcdef");
	SAME("[%.*s]", -1, "abcdef");
	SAME("[%*s]", 9, "abc");
	SAME("[%-*s]", 9, "abc");
	SAME("[%*c]", 4, 'z');
	SAME("[%*d|%*d]", 3, 1, -3, 2);
}

TEST(printf_chars_strings_percent)
{
	SAME("%c%c%c", 'a', 'b', 'c');
	SAME("[%5c][%-5c][%1c]", 'x', 'y', 'z');
	SAME("[%c]", 0);
	SAME("[%c]", 0xe9);
	SAME("[%s][%10s][%-10s][%.2s][%10.3s][%-10.0s]", "hello", "hello",
	     "hello", "hello", "hello", "hello");
	SAME("[%s]", "");
	SAME("[%5s]", "");
	SAME("%%");
	SAME("100%% sure: %d%%", 5);
	SAME("no conversions at all");
	compare_gen(__LINE__, "");
	SAME("%s and %s", "this", "that");
	SAME("%.0s|%.1s|%.100s", "abc", "abc", "abc");
	SAME("%s", "a rather long string that is much longer than the small "
	     "buffer sizes tried, so it gets truncated at each of them");
	SAME("%d:%s:%c:%x:%o:%u:%i:%X", -7, "mixed", '!', 255U, 8U, 9U, 10,
	     0xBEEFU);
}

/* These formats are meant to be unusual: no -Wformat about them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-overflow"

TEST(printf_pointer)
{
	expect("(nil)", "%p", (void *)0);
	expect("[     (nil)]", "[%10p]", (void *)0);
	expect("[(nil)     ]", "[%-10p]", (void *)0);
	expect("0x1", "%p", (void *)1);
	expect("0x1234abcd", "%p", (void *)0x1234abcd);
	expect("[    0x1234]", "[%10p]", (void *)0x1234);
	expect("[0x1234    ]", "[%-10p]", (void *)0x1234);
	expect("[0x00001234]", "[%010p]", (void *)0x1234);
	expect(sizeof(void *) == 8 ? "0xffffffffffffffff" : "0xffffffff",
	       "%p", (void *)UINTPTR_MAX);
	expect("0xc0100000 x", "%p %c", (void *)0xc0100000, 'x');
}

TEST(printf_null_string_and_unknown_conversions)
{
	expect("(null)", "%s", (char *)NULL);
	expect("[    (null)]", "[%10s]", (char *)NULL);
	expect("[(nu]", "[%.3s]", (char *)NULL);
	expect("a%yb", "a%yb");
	expect("abc%", "abc%");
	expect("x%5.2yz 7", "x%5.2yz %d", 7);
}

#pragma GCC diagnostic pop

TEST(printf_return_values_and_truncation)
{
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	CHECK(snprintf(buf, sizeof(buf), "%s", "0123456789") == 10);
	CHECK(strcmp(buf, "0123456") == 0);
	CHECK(snprintf(NULL, 0, "%d", 12345) == 5);
	memset(buf, 'x', sizeof(buf));
	CHECK(snprintf(buf, 0, "abc") == 3);
	CHECK(buf[0] == 'x');
	CHECK(snprintf(buf, 1, "abc") == 3);
	CHECK(buf[0] == 0 && buf[1] == 'x');
	CHECK(snprintf(buf, sizeof(buf), "%100d", 1) == 100);
	CHECK(strcmp(buf, "       ") == 0);
	CHECK(snprintf(buf, sizeof(buf), "%.100000d", 1) == 100000);
	CHECK(snprintf(NULL, 0, "%*d", 2000000000, 1) == 2000000000);
	CHECK(snprintf(buf, sizeof(buf), "%s", "") == 0 && buf[0] == 0);
}

static int call_vscnprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int call_vscnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

TEST(scnprintf_counts_what_was_stored)
{
	char buf[8];
	int n;

	CHECK(scnprintf(buf, sizeof(buf), "%s", "0123456789") == 7);
	CHECK(strcmp(buf, "0123456") == 0);
	CHECK(scnprintf(buf, sizeof(buf), "%d", 42) == 2);
	CHECK(scnprintf(buf, 0, "%d", 42) == 0);
	CHECK(scnprintf(buf, 1, "%d", 42) == 0 && buf[0] == 0);
	CHECK(call_vscnprintf(buf, sizeof(buf), "%x", 0xabcdefU) == 6);
	CHECK(call_vscnprintf(buf, 3, "%x", 0xabcdefU) == 2);
	/* Appending piece by piece never runs past the buffer. */
	n = scnprintf(buf, sizeof(buf), "abc");
	n += scnprintf(buf + n, sizeof(buf) - (size_t)n, "defgh");
	n += scnprintf(buf + n, sizeof(buf) - (size_t)n, "ijk");
	CHECK(n == 7 && strcmp(buf, "abcdefg") == 0);
}
