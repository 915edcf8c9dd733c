/*
 * memset.c: fill a block of memory with a byte.
 *
 * Interface (lib/string.h):
 *   memset(s, c, n)	set the n bytes at s to (unsigned char)c; returns s.
 *
 * On i386 the bulk is stored with `rep stosl` and the last 0..3 bytes with
 * one stosw and one stosb.  Other machines use portable C.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

#if defined(__i386__)
static inline void fill(void *s, unsigned long pattern, size_t n)
{
	unsigned long ecx, edi;

	__asm__ __volatile__("rep stosl\n\t"
			     "testb $2, %b5\n\t"
			     "je 1f\n\t"
			     "stosw\n"
			     "1:\ttestb $1, %b5\n\t"
			     "je 2f\n\t"
			     "stosb\n"
			     "2:"
			     : "=&c"(ecx), "=&D"(edi)
			     : "0"(n / 4), "1"(s), "a"(pattern), "q"(n)
			     : "memory", "cc");
}
#else
static inline void fill(void *s, unsigned long pattern, size_t n)
{
	unsigned char *p = s;

	for (; n >= WORD_SIZE; n -= WORD_SIZE, p += WORD_SIZE)
		*(uword_t *)p = pattern;
	while (n--)
		*p++ = (unsigned char)pattern;
}
#endif

void *memset(void *s, int c, size_t n)
{
	fill(s, word_repeat((unsigned char)c), n);
	return s;
}
