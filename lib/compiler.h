/*
 * compiler.h: small compiler helpers used all over the kernel.
 *
 * Interface: ARRAY_SIZE, container_of, ALIGN_UP/ALIGN_DOWN, likely/unlikely,
 * __section, __noreturn, __packed, __aligned, __used, __unused.
 */
#ifndef LIB_COMPILER_H
#define LIB_COMPILER_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/* Round x up or down to a multiple of a, which must be a power of two. */
#define ALIGN_UP(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)

#define MIN(a, b)		((a) < (b) ? (a) : (b))
#define MAX(a, b)		((a) > (b) ? (a) : (b))

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define __section(s)		__attribute__((section(s)))
#define __noreturn		__attribute__((noreturn))
#define __packed		__attribute__((packed))
#define __aligned(n)		__attribute__((aligned(n)))
#define __used			__attribute__((used))
#define __unused		__attribute__((unused))
#define __printf(f, a)		__attribute__((format(printf, f, a)))

#define barrier()		__asm__ __volatile__("" ::: "memory")
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))

#endif
