/*
 * test_scan.c: the word-at-a-time scanners of lib/ (strlen, strnlen,
 * memchr, strchr, strrchr) against naive byte loops, at every start
 * alignment 0..7 and every length 0..300, and next to an unmapped page to
 * show that their word reads never fault past the terminator.
 */
#include <stdbool.h>
#include "lib/string.h"
#include "lib/printf.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

#define MAX_ALIGN	8
#define MAX_LEN		300
#define BUF_SIZE	(MAX_ALIGN + MAX_LEN + 64)

static unsigned char buf[BUF_SIZE] __attribute__((aligned(64)));

static size_t naive_strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

/*
 * Put a string of len non-zero bytes at buf + align, then its NUL, then
 * random bytes (some of them zero) up to the end of buf.
 */
static char *make_string(size_t align, size_t len)
{
	fill_nonzero(buf, BUF_SIZE);
	buf[align + len] = 0;
	for (size_t i = align + len + 1; i < BUF_SIZE; i++)
		if (test_rand() % 4 == 0)
			buf[i] = 0;
	return (char *)buf + align;
}

/* Fill buf with non-zero bytes other than c; returns buf + align. */
static unsigned char *make_block_without(size_t align, unsigned char c)
{
	unsigned char other = c == 0xff ? 0x7f : (unsigned char)(c + 1);

	fill_nonzero(buf, BUF_SIZE);
	for (size_t i = 0; i < BUF_SIZE; i++)
		if (buf[i] == c)
			buf[i] = other;
	return buf + align;
}

TEST(strlen_every_alignment_and_length)
{
	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t len = 0; len <= MAX_LEN; len++) {
			char *s = make_string(a, len);

			CHECK_MSG(strlen(s) == len, "align %zu len %zu: %zu",
				  a, len, strlen(s));
			CHECK(naive_strlen(s) == len);
		}
}

/*
 * strlen skips plain ASCII with a cheaper test than the exact one and
 * switches to the exact test at the first byte of 0x81 or more: check
 * ASCII strings, and strings with one high byte at every position.
 */
static char *make_ascii_string(size_t align, size_t len)
{
	char *s = (char *)buf + align;

	for (size_t i = 0; i < BUF_SIZE; i++)
		buf[i] = (unsigned char)(1 + test_rand() % 0x7f);
	s[len] = 0;
	return s;
}

TEST(strlen_ascii_and_one_high_byte)
{
	static const unsigned char high[] = { 0x80, 0x81, 0x82, 0xfe, 0xff };

	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t len = 0; len <= MAX_LEN; len++) {
			char *s = make_ascii_string(a, len);

			CHECK_MSG(strlen(s) == len, "align %zu len %zu", a,
				  len);
			for (size_t i = 0; i < len; i += 1 + len / 40) {
				char saved = s[i];

				s[i] = (char)high[(i + len) % sizeof(high)];
				CHECK_MSG(strlen(s) == len,
					  "align %zu len %zu high at %zu", a,
					  len, i);
				s[i] = saved;
			}
		}
}

TEST(strnlen_every_alignment_and_length)
{
	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t len = 0; len <= MAX_LEN; len++) {
			char *s = make_string(a, len);
			size_t max[] = { 0, 1, len / 2, len ? len - 1 : 0,
					 len, len + 1, len + 9, (size_t)-1 };

			for (size_t i = 0; i < sizeof(max) / sizeof(max[0]);
			     i++) {
				size_t want = len < max[i] ? len : max[i];

				CHECK_MSG(strnlen(s, max[i]) == want,
					  "align %zu len %zu max %zu: %zu",
					  a, len, max[i], strnlen(s, max[i]));
			}
		}
}

static void check_memchr(size_t a, size_t n, unsigned char c, int arg)
{
	unsigned char *p = make_block_without(a, c);
	size_t pos[] = { 0, 1, n / 3, n / 2, n ? n - 1 : 0 };

	CHECK_MSG(memchr(p, arg, n) == NULL, "align %zu n %zu c %#x: found",
		  a, n, c);
	for (size_t i = 0; i < sizeof(pos) / sizeof(pos[0]); i++) {
		if (pos[i] >= n)
			continue;
		p[pos[i]] = c;
		if (pos[i] + 1 < n)
			p[n - 1] = c;	/* a later match must not win */
		CHECK_MSG(memchr(p, arg, n) == p + pos[i],
			  "align %zu n %zu c %#x pos %zu", a, n, c, pos[i]);
		p = make_block_without(a, c);
	}
	p[n] = c;		/* just past the end: not to be found */
	CHECK(memchr(p, arg, n) == NULL);
}

TEST(memchr_every_alignment_and_length)
{
	static const int chars[] = { 0, 'a', 0x01, 0x80, 0xff, 0x141, -1 };

	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t n = 0; n <= MAX_LEN; n++)
			for (size_t i = 0; i < sizeof(chars) / sizeof(int); i++)
				check_memchr(a, n, (unsigned char)chars[i],
					     chars[i]);
}

static void check_strchr(size_t a, size_t len, unsigned char c)
{
	char *s = make_string(a, len);
	char *want = NULL, *want_last = NULL;

	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] == c) {
			want_last = s + i;
			if (!want)
				want = s + i;
		}
	if (c == 0)
		want = want_last = s + len;
	CHECK_MSG(strchr(s, c) == want, "align %zu len %zu c %#x", a, len, c);
	CHECK_MSG(strrchr(s, c) == want_last, "align %zu len %zu c %#x",
		  a, len, c);
}

TEST(memchr_inv_finds_first_other_byte)
{
	unsigned char area[64];

	memset(area, 0x6b, sizeof(area));
	CHECK(memchr_inv(area, 0x6b, sizeof(area)) == NULL);
	CHECK(memchr_inv(area, 0x6b, 0) == NULL);
	for (size_t i = 0; i < sizeof(area); i++) {
		area[i] = 0x6a;
		CHECK_MSG(memchr_inv(area, 0x6b, sizeof(area)) == area + i,
			  "pos %zu", i);
		CHECK(memchr_inv(area, 0x16b, i) == NULL);
		area[i] = 0x6b;
	}
}

TEST(strchr_strrchr_every_alignment_and_length)
{
	static const unsigned char chars[] = { 0, 0x01, 0x80, 0xff, 'q' };

	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t len = 0; len <= MAX_LEN; len++)
			for (size_t i = 0; i < sizeof(chars); i++)
				check_strchr(a, len, chars[i]);
}

TEST(strchr_unsigned_bytes)
{
	static const char s[] = "a\x80z\xff";

	CHECK(strchr(s, 0x80) == s + 1);
	CHECK(strchr(s, (char)0xff) == s + 3);
	CHECK(strrchr(s, 0xff) == s + 3);
	CHECK(strchr(s, 'b') == NULL);
	CHECK(strrchr(s, 0) == s + 4);
	CHECK(strchr(s, 'z' + 256) == s + 2);
}

/*
 * A string whose NUL is the last byte before an inaccessible page: every
 * scanner must find it without touching the next page.  The string is
 * plain ASCII or has bytes of all values.
 */
static void check_guard_string(char *end, size_t len, bool ascii)
{
	char *s = end - 1 - len;

	fill_nonzero((unsigned char *)s, len);
	for (size_t i = 0; i < len; i++) {
		if (ascii)
			s[i] &= 0x7f;
		if (s[i] == 'q' || s[i] == 0)
			s[i] = 'r';
	}
	s[len] = 0;
	CHECK_MSG(strlen(s) == len, "len %zu", len);
	CHECK(strnlen(s, len + 1) == len);
	CHECK(strnlen(s, (size_t)-1) == len);
	CHECK(memchr(s, 0, len + 1) == s + len);
	CHECK(memchr(s, 0, (size_t)-1) == s + len);
	CHECK(memchr(s, 'q', len + 1) == NULL);
	CHECK(strchr(s, 0) == s + len);
	CHECK(strchr(s, 'q') == NULL);
	CHECK(strrchr(s, 'q') == NULL);
}

/* n bytes with no NUL that end exactly at the inaccessible page. */
static void check_guard_block(char *end, size_t n)
{
	char *p = end - n;

	fill_nonzero((unsigned char *)p, n);
	for (size_t i = 0; i < n; i++)
		if (p[i] == 'q')
			p[i] = 'r';
	CHECK_MSG(strnlen(p, n) == n, "n %zu", n);
	CHECK(memchr(p, 0, n) == NULL);
	CHECK(memchr(p, 'q', n) == NULL);
	if (n) {
		p[n - 1] = 'q';
		CHECK(memchr(p, 'q', n) == p + n - 1);
	}
}

TEST(scanners_stop_before_guard_page)
{
	char *page = guard_map();
	char *end = guard_end(page);

	for (size_t len = 0; len <= MAX_LEN; len++) {
		check_guard_string(end, len, false);
		check_guard_string(end, len, true);
		check_guard_block(end, len);
	}
	guard_unmap(page);
}

/* Two strings that both end at a guard page, compared and copied. */
TEST(compare_and_copy_before_guard_page)
{
	char *pa = guard_map(), *pb = guard_map();
	char *ea = guard_end(pa), *eb = guard_end(pb);
	char dst[MAX_LEN + 1], out[MAX_LEN + 1];

	for (size_t len = 0; len <= MAX_LEN; len++) {
		char *a = ea - 1 - len, *b = eb - 1 - len;

		fill_nonzero((unsigned char *)a, len);
		a[len] = 0;
		memcpy(b, a, len + 1);
		CHECK_MSG(strcmp(a, b) == 0, "len %zu", len);
		CHECK(strncmp(a, b, len + 5) == 0);
		CHECK(memcmp(a, b, len + 1) == 0);
		CHECK(strlcpy(dst, a, sizeof(dst)) == len);
		CHECK(memcmp(dst, a, len + 1) == 0);
		CHECK(snprintf(out, sizeof(out), "%s", a) == (int)len);
		CHECK(snprintf(out, sizeof(out), "%.*s", (int)len + 3, a) ==
		      (int)len);
		/* dst is aligned differently from a for most lengths */
		CHECK(strcmp(a, dst) == 0);
		CHECK(strcmp(dst, b) == 0);
	}
	guard_unmap(pa);
	guard_unmap(pb);
}
