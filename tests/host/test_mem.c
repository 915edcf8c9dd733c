/*
 * test_mem.c: memcpy, memmove, memset, memcmp and memzero_explicit from
 * lib/, at every alignment of source and destination, over every small
 * length and overlapping in both directions, checking the bytes around the
 * destination are left alone.
 */
#include "lib/string.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

#define MAX_ALIGN	8
#define MAX_LEN		300
#define AREA		(MAX_ALIGN + MAX_LEN + 64)

static unsigned char src_buf[AREA] __attribute__((aligned(64)));
static unsigned char dst_buf[AREA] __attribute__((aligned(64)));
static unsigned char want[AREA];

static void naive_move(unsigned char *d, const unsigned char *s, size_t n)
{
	unsigned char tmp[AREA];

	for (size_t i = 0; i < n; i++)
		tmp[i] = s[i];
	for (size_t i = 0; i < n; i++)
		d[i] = tmp[i];
}

static int naive_cmp(const unsigned char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

TEST(memcpy_every_alignment_and_length)
{
	for (size_t sa = 0; sa < MAX_ALIGN; sa++)
		for (size_t da = 0; da < MAX_ALIGN; da++)
			for (size_t n = 0; n <= MAX_LEN; n++) {
				fill_nonzero(src_buf, AREA);
				fill_nonzero(dst_buf, AREA);
				naive_move(want, dst_buf, AREA);
				naive_move(want + da, src_buf + sa, n);
				CHECK(memcpy(dst_buf + da, src_buf + sa, n) ==
				      dst_buf + da);
				CHECK_MSG(!naive_cmp(dst_buf, want, AREA),
					  "src %zu dst %zu n %zu", sa, da, n);
			}
}

/* Move n bytes inside one buffer from offset s to offset d. */
static void check_move(size_t s, size_t d, size_t n)
{
	fill_nonzero(dst_buf, AREA);
	naive_move(want, dst_buf, AREA);
	naive_move(want + d, want + s, n);
	CHECK(memmove(dst_buf + d, dst_buf + s, n) == dst_buf + d);
	CHECK_MSG(!naive_cmp(dst_buf, want, AREA), "from %zu to %zu n %zu",
		  s, d, n);
}

TEST(memmove_overlap_both_directions)
{
	for (size_t s = 0; s < 24; s++)
		for (size_t d = 0; d < 24; d++)
			for (size_t n = 0; n <= 80; n++)
				check_move(s, d, n);
	for (size_t n = 100; n <= MAX_LEN; n += 7)
		for (size_t k = 0; k < 20; k++) {
			check_move(k, 20, n);
			check_move(20, k, n);
		}
}

TEST(memset_every_alignment_and_length)
{
	static const int values[] = { 0, 0xff, 0x5a, 0x80, 0x1a5, -2 };

	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t n = 0; n <= MAX_LEN; n++)
			for (size_t v = 0; v < sizeof(values) / sizeof(int);
			     v++) {
				fill_nonzero(dst_buf, AREA);
				naive_move(want, dst_buf, AREA);
				for (size_t i = 0; i < n; i++)
					want[a + i] = (unsigned char)values[v];
				CHECK(memset(dst_buf + a, values[v], n) ==
				      dst_buf + a);
				CHECK_MSG(!naive_cmp(dst_buf, want, AREA),
					  "align %zu n %zu c %#x", a, n,
					  values[v]);
			}
}

TEST(memzero_explicit_clears_exactly_n_bytes)
{
	for (size_t a = 0; a < MAX_ALIGN; a++)
		for (size_t n = 0; n <= MAX_LEN; n++) {
			fill_nonzero(dst_buf, AREA);
			naive_move(want, dst_buf, AREA);
			for (size_t i = 0; i < n; i++)
				want[a + i] = 0;
			memzero_explicit(dst_buf + a, n);
			CHECK_MSG(!naive_cmp(dst_buf, want, AREA),
				  "align %zu n %zu", a, n);
		}
}

TEST(memcmp_sign_and_position)
{
	for (size_t aa = 0; aa < MAX_ALIGN; aa++)
		for (size_t ba = 0; ba < MAX_ALIGN; ba++)
			for (size_t n = 0; n <= 70; n++) {
				unsigned char *a = src_buf + aa;
				unsigned char *b = dst_buf + ba;

				fill_nonzero(a, n + 1);
				naive_move(b, a, n);
				b[n] = (unsigned char)(a[n] + 1);
				CHECK(memcmp(a, b, n) == 0);
				for (size_t i = 0; i < n; i += 1 + i / 8) {
					b[i] = (unsigned char)(a[i] ^ 0x80);
					CHECK_MSG(sign(memcmp(a, b, n)) ==
						  naive_cmp(a, b, n),
						  "n %zu diff at %zu", n, i);
					CHECK(sign(memcmp(b, a, n)) ==
					      naive_cmp(b, a, n));
					b[i] = a[i];
				}
			}
	CHECK(memcmp("\x80", "\x7f", 1) > 0);
	CHECK(memcmp("\x01", "\xff", 1) < 0);
	CHECK(memcmp("abcdefgh1", "abcdefgh2", 9) < 0);
	CHECK(memcmp("abc", "abd", 2) == 0);
}
