/*
 * hash.c: FNV-1a string and memory hashes (interface in lib/hash.h).
 *
 * FNV-1a, 32-bit: start from the offset basis, then for each byte XOR it in
 * and multiply by the FNV prime.  Simple, fast on short keys such as names,
 * and well spread in the low bits.
 */
#include "lib/hash.h"

#define FNV32_BASIS	0x811c9dc5u
#define FNV32_PRIME	0x01000193u

uint32_t hash_fnv1a(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t h = FNV32_BASIS;

	while (len--)
		h = (h ^ *p++) * FNV32_PRIME;
	return h;
}

uint32_t hash_str(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t h = FNV32_BASIS;

	while (*p)
		h = (h ^ *p++) * FNV32_PRIME;
	return h;
}
