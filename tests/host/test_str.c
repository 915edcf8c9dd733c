/*
 * test_str.c: lib's string comparison, copy and span functions: the sign
 * of strcmp and strncmp (bytes compare as unsigned char), strcpy and
 * strncpy padding, strlcpy and strlcat truncation and return values,
 * strspn and strcspn.
 */
#include "lib/string.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static int naive_strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		if (!*a)
			break;
	}
	return 0;
}

TEST(strcmp_simple_cases)
{
	CHECK(strcmp("", "") == 0);
	CHECK(strcmp("a", "") > 0);
	CHECK(strcmp("", "a") < 0);
	CHECK(strcmp("abc", "abd") < 0);
	CHECK(strcmp("abcd", "abc") > 0);
	CHECK(strcmp("\x80", "\x7f") > 0);
	CHECK(strcmp("a\xff", "a\x01") > 0);
	CHECK(strncmp("abcX", "abcY", 3) == 0);
	CHECK(strncmp("abcX", "abcY", 4) < 0);
	CHECK(strncmp("abc", "abd", 0) == 0);
	CHECK(strncmp("ab", "abc", 5) < 0);
	CHECK(strncmp("\xfe", "\x02", 1) > 0);
}

/* Every alignment pair, every length, a difference at every position. */
TEST(strcmp_strncmp_every_alignment)
{
	static char a_buf[96] __attribute__((aligned(16)));
	static char b_buf[96] __attribute__((aligned(16)));

	for (size_t aa = 0; aa < 8; aa++)
		for (size_t ba = 0; ba < 8; ba++)
			for (size_t len = 0; len < 64; len++) {
				char *a = a_buf + aa, *b = b_buf + ba;

				fill_nonzero((unsigned char *)a, len);
				a[len] = 0;
				for (size_t i = 0; i <= len; i++)
					b[i] = a[i];
				CHECK(strcmp(a, b) == 0);
				CHECK(strncmp(a, b, len + 3) == 0);
				for (size_t i = 0; i <= len; i++) {
					b[i] = (char)(a[i] ^ 0x81);
					CHECK_MSG(sign(strcmp(a, b)) ==
						  naive_strncmp(a, b, 999),
						  "a+%zu b+%zu len %zu at %zu",
						  aa, ba, len, i);
					CHECK(sign(strcmp(b, a)) ==
					      naive_strncmp(b, a, 999));
					CHECK(sign(strncmp(a, b, i)) == 0);
					CHECK(sign(strncmp(a, b, i + 1)) ==
					      naive_strncmp(a, b, i + 1));
					b[i] = a[i];
				}
			}
}

/* A string of b's ending at a page whose next page is inaccessible, against
 * an equal or a longer string a at every alignment: strcmp's unaligned
 * word reads of b must stop short of the page boundary. */
TEST(strcmp_unaligned_at_page_end)
{
	static char a_buf[96] __attribute__((aligned(16)));
	char *page = guard_map(), *end = guard_end(page);

	for (size_t len = 0; len < 40; len++)
		for (size_t aa = 0; aa < 8; aa++) {
			char *b = end - len - 1, *a = a_buf + aa;

			memset(b, 'q', len);
			b[len] = 0;
			memset(a, 'q', len);
			a[len] = 0;
			CHECK(strcmp(a, b) == 0);
			CHECK(strcmp(b, a) == 0);
			a[len] = 'q';
			a[len + 1] = 0;
			CHECK(strcmp(a, b) > 0);
			CHECK(strcmp(b, a) < 0);
		}
	guard_unmap(page);
}

TEST(strcpy_and_strncpy)
{
	char buf[16];

	memset(buf, 'x', sizeof(buf));
	CHECK(strcpy(buf, "hello") == buf);
	CHECK(memcmp(buf, "hello\0xx", 8) == 0);
	memset(buf, 'x', sizeof(buf));
	CHECK(strncpy(buf, "hi", 6) == buf);
	CHECK(memcmp(buf, "hi\0\0\0\0xx", 8) == 0);
	memset(buf, 'x', sizeof(buf));
	strncpy(buf, "abcdef", 4);
	CHECK(memcmp(buf, "abcdxx", 6) == 0);	/* not terminated */
	strncpy(buf, "zz", 0);
	CHECK(buf[0] == 'a');
}

TEST(strlcpy_truncation)
{
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	CHECK(strlcpy(buf, "abc", sizeof(buf)) == 3);
	CHECK(strcmp(buf, "abc") == 0);
	CHECK(strlcpy(buf, "abcdefghijk", sizeof(buf)) == 11);
	CHECK(strcmp(buf, "abcdefg") == 0);
	CHECK(strlcpy(buf, "abcdefgh", 8) == 8);
	CHECK(strcmp(buf, "abcdefg") == 0);
	CHECK(strlcpy(buf, "abcdefg", 8) == 7);
	CHECK(strcmp(buf, "abcdefg") == 0);
	memset(buf, 'x', sizeof(buf));
	CHECK(strlcpy(buf, "abc", 1) == 3);
	CHECK(buf[0] == 0 && buf[1] == 'x');
	CHECK(strlcpy(buf, "abc", 0) == 3);
	CHECK(buf[0] == 0 && buf[1] == 'x');
	CHECK(strlcpy(buf, "", sizeof(buf)) == 0 && buf[0] == 0);
}

TEST(strlcat_truncation)
{
	char buf[8];

	strlcpy(buf, "ab", sizeof(buf));
	CHECK(strlcat(buf, "cd", sizeof(buf)) == 4);
	CHECK(strcmp(buf, "abcd") == 0);
	CHECK(strlcat(buf, "efghij", sizeof(buf)) == 10);
	CHECK(strcmp(buf, "abcdefg") == 0);
	CHECK(strlcat(buf, "x", sizeof(buf)) == 8);
	CHECK(strcmp(buf, "abcdefg") == 0);
	/* No NUL within size: the result is size + strlen(src). */
	memset(buf, 'y', sizeof(buf));
	CHECK(strlcat(buf, "abc", 4) == 7);
	CHECK(buf[3] == 'y' && buf[4] == 'y');
	CHECK(strlcat(buf, "abc", 0) == 3);
}

TEST(strstr_cases)
{
	const char *h = "rootfs.ext2 rootfs";

	CHECK(strstr(h, "") == h);
	CHECK(strstr(h, "rootfs") == h);
	CHECK(strstr(h, " root") == h + 11);
	CHECK(strstr(h, "fs") == h + 4);
	CHECK(strstr(h, "rootfsx") == NULL);
	CHECK(strstr("", "a") == NULL);
	CHECK(strstr("aab", "ab") != NULL && strcmp(strstr("aab", "ab"), "ab") == 0);
}

TEST(strspn_and_strcspn)
{
	CHECK(strspn("", "abc") == 0);
	CHECK(strspn("abcabcx", "abc") == 6);
	CHECK(strspn("abc", "") == 0);
	CHECK(strspn("  \t x", " \t") == 4);
	CHECK(strspn("\xff\x80z", "\x80\xff") == 2);
	CHECK(strcspn("", "abc") == 0);
	CHECK(strcspn("hello, world", ",") == 5);
	CHECK(strcspn("hello", "") == 5);
	CHECK(strcspn("hello", "xyz") == 5);
	CHECK(strcspn("a=b", "=") == 1);
	CHECK(strcspn("\x01\x02\xfe", "\xfe") == 2);
}
