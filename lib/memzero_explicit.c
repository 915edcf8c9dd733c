/*
 * memzero_explicit.c: clear memory that held a secret, in a way the
 * compiler may not optimise away.
 *
 * Interface (lib/string.h):
 *   memzero_explicit(s, n)	set the n bytes at s to zero.
 *
 * A plain memset of a buffer that is never read again is a dead store, and
 * gcc removes it (it knows what memset does, and so does link-time
 * optimisation).  The empty asm statement after the memset takes the
 * buffer's address as an input and claims to read and write any memory
 * ("memory" clobber), so the compiler has to assume the zeros are looked
 * at and must store them, even when memzero_explicit is inlined or the
 * buffer is a local about to go out of scope.  Keys, cipher states and
 * hash states are wiped with it once they are no longer needed.
 */
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}
