/*
 * strspn.c: measure spans of characters from a set.
 *
 * Interface (lib/string.h):
 *   strspn(s, accept)	length of the initial part of s made only of bytes
 *			in accept;
 *   strcspn(s, reject)	length of the initial part of s made only of bytes
 *			not in reject.
 *
 * The set is turned into a 256-bit table first, so each byte of s costs one
 * lookup whatever the size of the set.  The terminator is put in the
 * strcspn table, which stops the scan at the end of s without a second test.
 */
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

#define SET_WORD_BITS	(8 * sizeof(unsigned long))
#define SET_WORDS	(256 / SET_WORD_BITS)

struct byteset {
	unsigned long bits[SET_WORDS];
};

static void byteset_init(struct byteset *set, const char *chars)
{
	const unsigned char *p = (const unsigned char *)chars;

	memset(set, 0, sizeof(*set));
	for (; *p; p++)
		set->bits[*p / SET_WORD_BITS] |= 1UL << (*p % SET_WORD_BITS);
}

static inline int byteset_has(const struct byteset *set, unsigned char c)
{
	return (set->bits[c / SET_WORD_BITS] >> (c % SET_WORD_BITS)) & 1;
}

size_t strspn(const char *s, const char *accept)
{
	const unsigned char *p = (const unsigned char *)s;
	struct byteset set;

	byteset_init(&set, accept);
	while (byteset_has(&set, *p))
		p++;
	return (size_t)(p - (const unsigned char *)s);
}

size_t strcspn(const char *s, const char *reject)
{
	const unsigned char *p = (const unsigned char *)s;
	struct byteset set;

	byteset_init(&set, reject);
	set.bits[0] |= 1;
	while (!byteset_has(&set, *p))
		p++;
	return (size_t)(p - (const unsigned char *)s);
}
