/*
 * word.h: helpers for lib's word-at-a-time string and memory routines.
 * Private to lib/; kernel code includes lib/string.h instead.
 *
 * A "word" is an unsigned long: 32 bits in the kernel, 64 bits when lib is
 * built for the x86_64 host by the unit tests, so both sizes get exercised.
 *
 * Interface:
 *   word_t, uword_t	 aligned and unaligned word types that may alias any
 *			 object (reads through them are not strict-aliasing UB);
 *   WORD_SIZE		 bytes per word;
 *   word_aligned(p)	 true when p is word-aligned;
 *   word_repeat(c)	 the byte c copied into every byte of a word;
 *   word_zero_bytes(w)	 non-zero iff w has a zero byte; its lowest set bit
 *			 is the top bit of the first (lowest-address) zero
 *			 byte;
 *   word_first_byte(m)	 index of that byte, from a non-zero word_zero_bytes();
 *   __word_overread	 marks a function that reads whole aligned words which
 *			 may extend past the end of the object (see below).
 *
 * Reading past the end: an aligned word never straddles a page boundary, so
 * once a function has seen one valid byte of an aligned word it may read
 * the whole word without risking a fault.  Such reads can still touch bytes
 * beyond the object, which AddressSanitizer would report; __word_overread
 * turns its checks off for these few functions, as libc does for its own.
 */
#ifndef LIB_WORD_H
#define LIB_WORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "lib/word.h assumes a little-endian machine"
#endif

typedef unsigned long __attribute__((may_alias)) word_t;
typedef unsigned long __attribute__((may_alias, aligned(1))) uword_t;

#define WORD_SIZE	sizeof(unsigned long)
#define WORD_ONES	(~0UL / 0xff)		/* 0x01 in every byte */
#define WORD_HIGHS	(WORD_ONES << 7)	/* 0x80 in every byte */

#define __word_overread	__attribute__((no_sanitize_address))

static inline bool word_aligned(const void *p)
{
	return ((uintptr_t)p & (WORD_SIZE - 1)) == 0;
}

static inline unsigned long word_repeat(unsigned char c)
{
	return WORD_ONES * c;
}

/*
 * (w - 0x01..01) borrows out of every zero byte and sets its top bit;
 * "& ~w" drops bytes whose top bit was already set.  Bytes above the first
 * zero byte can be flagged falsely by the borrow, bytes below it never are,
 * so the lowest flagged byte is exactly the first zero byte.
 */
static inline unsigned long word_zero_bytes(unsigned long w)
{
	return (w - WORD_ONES) & ~w & WORD_HIGHS;
}

static inline unsigned int word_first_byte(unsigned long mask)
{
	return (unsigned int)__builtin_ctzl(mask) / 8;
}

#endif
