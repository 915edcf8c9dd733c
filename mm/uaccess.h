/*
 * uaccess.h: copying between kernel and user memory.
 *
 * Every pointer that comes from user space is read and written through
 * these functions.  A range that reaches KERNEL_BASE is refused with
 * -EFAULT before any access.  Otherwise the copy runs on the current page
 * directory; a page fault inside it goes to vm_fault() (kernel/x86/trap.c),
 * which maps the page when a VMA allows the access, and the copy goes on;
 * when it does not, the exception table moves the copy to its fixup and
 * the function returns -EFAULT.  The destination may then be partly
 * written.
 *
 *   copy_from_user, copy_to_user, clear_user   0 or -EFAULT
 *   strncpy_from_user   as Linux: the length of the string (bytes before
 *                       its NUL, which is copied too) when it is shorter
 *                       than count; count when no NUL is in the first
 *                       count bytes (dst is then not terminated); -EFAULT
 *   strcpy_from_user    always terminated: the length, -ENAMETOOLONG when
 *                       the string and its NUL do not fit in size, -EFAULT
 *   get_user(x, ptr), put_user(x, ptr)   1, 2 or 4 bytes: 0 or -EFAULT
 *                                        (get_user sets x to 0 on error)
 */
#ifndef MM_UACCESS_H
#define MM_UACCESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "mm/mm.h"

/* Whether [addr, addr + n) lies below KERNEL_BASE. */
static inline bool access_ok(const void *addr, size_t n)
{
	return n <= KERNEL_BASE && (uintptr_t)addr <= KERNEL_BASE - n;
}

int copy_from_user(void *dst, const void *usrc, size_t n);
/*
 * As copy_from_user, for interrupt handlers (the profiler's user stack
 * walk): a page fault inside it is not served (no page is brought in, no
 * lock taken), the copy just fails with -EFAULT.  uaccess_nofault is
 * non-zero meanwhile; kernel/x86/trap.c checks it.
 */
int copy_from_user_nofault(void *dst, const void *usrc, size_t n);
extern volatile int uaccess_nofault;
/* Compare *uptr with old and store new if equal, atomically; *cur gets
 * the value found.  As copy_from_user_nofault: -EFAULT when the page is
 * not there (or read-only) rather than bringing it in; uptr aligned. */
int cmpxchg_user_nofault(uint32_t *uptr, uint32_t old, uint32_t new,
			 uint32_t *cur);
int copy_to_user(void *udst, const void *src, size_t n);
int clear_user(void *udst, size_t n);
/* 0 when all of [udst, udst + n) can be written (its pages faulted in,
 * contents unchanged), else -EFAULT: checked before a read that would
 * consume data (a pipe's) the copy out could then lose. */
int user_writable(void *udst, size_t n);
long strncpy_from_user(char *dst, const char *usrc, long count);
long strcpy_from_user(char *dst, const char *usrc, size_t size);

int uaccess_get(uint32_t *val, const void *uptr, size_t size);
int uaccess_put(uint32_t val, void *uptr, size_t size);

#define get_user(x, ptr) ({						\
	uint32_t v_;							\
	int e_;								\
	_Static_assert(sizeof(*(ptr)) == 1 || sizeof(*(ptr)) == 2 ||	\
		       sizeof(*(ptr)) == 4, "get_user: 1, 2 or 4 bytes"); \
	e_ = uaccess_get(&v_, (ptr), sizeof(*(ptr)));			\
	(x) = (__typeof__(*(ptr)))(uintptr_t)v_;			\
	e_;								\
})

#define put_user(x, ptr) ({						\
	__typeof__(*(ptr)) x_ = (x);					\
	uint32_t v_ = 0;						\
	_Static_assert(sizeof(*(ptr)) == 1 || sizeof(*(ptr)) == 2 ||	\
		       sizeof(*(ptr)) == 4, "put_user: 1, 2 or 4 bytes"); \
	__builtin_memcpy(&v_, &x_, sizeof(x_));				\
	uaccess_put(v_, (ptr), sizeof(*(ptr)));				\
})

#endif
