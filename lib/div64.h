/*
 * div64.h: divide a 64-bit number by a 32-bit one without libgcc.
 *
 * On i386, gcc turns a 64-bit `/` or `%` into a call to __udivdi3 or
 * __umoddi3, which the kernel does not link.  This helper does the division
 * with two 32-bit `divl` instructions instead (plain C elsewhere).
 *
 * Interface:
 *   div_u64_rem(n, d, &rem)	returns n / d and stores n % d in rem;
 *				d must not be 0.
 */
#ifndef LIB_DIV64_H
#define LIB_DIV64_H

#include <stdint.h>

#if defined(__i386__)
static inline uint64_t div_u64_rem(uint64_t n, uint32_t d, uint32_t *rem)
{
	uint32_t hi = (uint32_t)(n >> 32), lo = (uint32_t)n;
	uint32_t qhi = hi / d, r = hi % d, qlo;

	/* r < d, so the quotient of r:lo by d fits in 32 bits. */
	__asm__("divl %[d]"
		: "=a"(qlo), "=d"(r)
		: "0"(lo), "1"(r), [d] "rm"(d));
	*rem = r;
	return (uint64_t)qhi << 32 | qlo;
}
#else
static inline uint64_t div_u64_rem(uint64_t n, uint32_t d, uint32_t *rem)
{
	*rem = (uint32_t)(n % d);
	return n / d;
}
#endif

#endif
