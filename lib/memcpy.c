/*
 * memcpy.c: memcpy and memmove.
 *
 * Interface (lib/string.h):
 *   memcpy(dst, src, n)	copy n bytes; the areas must not overlap;
 *   memmove(dst, src, n)	the same, but the areas may overlap.
 *   Both return dst.
 *
 * On i386 the bulk is copied with `rep movsl` and the last 0..3 bytes with
 * one movsw and one movsb.  A forward copy is also right for an overlapping
 * move to a lower address (every source byte is read before the copy
 * overwrites it, and the CPU only uses its fast-string mode when that
 * holds), so memmove uses it whenever dst <= src or the areas are apart.
 * The backward copy is a C loop rather than `std; rep movsl; cld`, so that
 * an interrupt arriving mid-copy never runs with the direction flag set.
 * Other machines (the unit tests on the x86_64 host) use portable C.
 */
#include "lib/word.h"
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

#if defined(__i386__)
static inline void copy_forward(void *dst, const void *src, size_t n)
{
	unsigned long ecx, edi, esi;

	__asm__ __volatile__("rep movsl\n\t"
			     "testb $2, %b6\n\t"
			     "je 1f\n\t"
			     "movsw\n"
			     "1:\ttestb $1, %b6\n\t"
			     "je 2f\n\t"
			     "movsb\n"
			     "2:"
			     : "=&c"(ecx), "=&D"(edi), "=&S"(esi)
			     : "0"(n / 4), "1"(dst), "2"(src), "q"(n)
			     : "memory", "cc");
}
#else
static inline void copy_forward(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		*(uword_t *)d = *(const uword_t *)s;
		d += WORD_SIZE;
		s += WORD_SIZE;
	}
	while (n--)
		*d++ = *s++;
}
#endif

/* Copy from the top down, for a move to a higher, overlapping address. */
static void copy_backward(void *dst, const void *src, size_t n)
{
	unsigned char *d = (unsigned char *)dst + n;
	const unsigned char *s = (const unsigned char *)src + n;

	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		d -= WORD_SIZE;
		s -= WORD_SIZE;
		*(uword_t *)d = *(const uword_t *)s;
	}
	while (n--)
		*--d = *--s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	copy_forward(dst, src, n);
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;

	if (d - s >= n)
		copy_forward(dst, src, n);
	else
		copy_backward(dst, src, n);
	return dst;
}
