/*
 * uaccess.c: user-copy functions (see mm/uaccess.h for the contracts).
 *
 * Each access to user memory is one instruction listed in the exception
 * table: rep movsl then rep movsb for copies, rep stosl/stosb for
 * clear_user, single moves for get_user/put_user and strings.  A fault on
 * one of them goes first to vm_fault() (kernel/x86/trap.c); when the page can
 * be had the instruction restarts where it stopped (rep keeps its counts in
 * ecx/esi/edi), otherwise the fixup makes the function return -EFAULT.
 *
 * Interface (mm/uaccess.h): copy_from_user, copy_from_user_nofault,
 * cmpxchg_user_nofault,
 * copy_to_user, clear_user,
 * strncpy_from_user, strcpy_from_user, uaccess_get, uaccess_put.
 */
#include "mm/uaccess.h"
#include "kernel/export.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/extable.h"

/* Copy n bytes; 0 or -EFAULT.  Ranges are checked by the caller. */
static int uaccess_copy(void *to, const void *from, size_t n)
{
	size_t words = n >> 2;
	int err = 0;

	__asm__ __volatile__(
		"1:	rep movsl\n"
		"	movl %[rest], %%ecx\n"
		"2:	rep movsb\n"
		"3:\n"
		".pushsection .fixup, \"ax\"\n"
		"4:	movl %[efault], %[err]\n"
		"	jmp 3b\n"
		".popsection\n"
		EXTABLE_ENTRY(1b, 4b)
		EXTABLE_ENTRY(2b, 4b)
		: [err] "+r"(err), "+c"(words), "+S"(from), "+D"(to)
		: [rest] "r"(n & 3), [efault] "i"(-EFAULT)
		: "memory");
	return err;
}

int copy_from_user(void *dst, const void *usrc, size_t n)
{
	if (!access_ok(usrc, n))
		return -EFAULT;
	return uaccess_copy(dst, usrc, n);
}
EXPORT_SYMBOL(copy_from_user);

int copy_to_user(void *udst, const void *src, size_t n)
{
	if (!access_ok(udst, n))
		return -EFAULT;
	return uaccess_copy(udst, src, n);
}
EXPORT_SYMBOL(copy_to_user);

int clear_user(void *udst, size_t n)
{
	size_t words = n >> 2;
	int err = 0;

	if (!access_ok(udst, n))
		return -EFAULT;
	__asm__ __volatile__(
		"1:	rep stosl\n"
		"	movl %[rest], %%ecx\n"
		"2:	rep stosb\n"
		"3:\n"
		".pushsection .fixup, \"ax\"\n"
		"4:	movl %[efault], %[err]\n"
		"	jmp 3b\n"
		".popsection\n"
		EXTABLE_ENTRY(1b, 4b)
		EXTABLE_ENTRY(2b, 4b)
		: [err] "+r"(err), "+c"(words), "+D"(udst)
		: [rest] "r"(n & 3), "a"(0), [efault] "i"(-EFAULT)
		: "memory");
	return err;
}

/* One access with its fixup: insn uses %[v] and (%[p]); err gets -EFAULT. */
#define UACCESS_FIXUP(insn)						\
		"1:	" insn "\n"					\
		"2:\n"							\
		".pushsection .fixup, \"ax\"\n"			\
		"3:	movl %[efault], %[err]\n"			\
		"	jmp 2b\n"					\
		".popsection\n"					\
		EXTABLE_ENTRY(1b, 3b)

#define UACCESS_GET(insn, err_, val_, ptr_)				\
	__asm__ __volatile__(UACCESS_FIXUP(insn)			\
		: [err] "+r"(err_), [v] "+r"(val_)			\
		: [p] "r"(ptr_), [efault] "i"(-EFAULT) : "memory")

#define UACCESS_PUT(insn, err_, val_, ptr_)				\
	__asm__ __volatile__(UACCESS_FIXUP(insn)			\
		: [err] "+r"(err_)					\
		: [v] "q"(val_), [p] "r"(ptr_), [efault] "i"(-EFAULT)	\
		: "memory")

volatile int uaccess_nofault;

/* Word by word when it can (a few loads, no string instruction: the
 * profiler reads two-word frames from an interrupt handler). */
int copy_from_user_nofault(void *dst, const void *usrc, size_t n)
{
	const uint32_t *src = usrc;
	uint32_t *to = dst;
	int err = 0;

	if (!access_ok(usrc, n))
		return -EFAULT;
	uaccess_nofault++;
	barrier();
	if (!(n & 3) && !((uintptr_t)usrc & 3)) {
		for (size_t i = 0; i < n / 4 && !err; i++)
			UACCESS_GET("movl (%[p]), %[v]", err, to[i], src + i);
	} else {
		err = uaccess_copy(dst, usrc, n);
	}
	barrier();
	uaccess_nofault--;
	return err;
}

/* A locked compare-and-exchange of an aligned user word, with no page
 * brought in (a futex's, under its bucket's lock). */
int cmpxchg_user_nofault(uint32_t *uptr, uint32_t old, uint32_t new,
			 uint32_t *cur)
{
	uint32_t v = old;
	int err = 0;

	if (!access_ok(uptr, 4) || ((uintptr_t)uptr & 3))
		return -EFAULT;
	uaccess_nofault++;
	barrier();
	__asm__ __volatile__(
		"1:	lock cmpxchgl %[new], (%[p])\n"
		"2:\n"
		".pushsection .fixup, \"ax\"\n"
		"3:	movl %[efault], %[err]\n"
		"	jmp 2b\n"
		".popsection\n"
		EXTABLE_ENTRY(1b, 3b)
		: [err] "+r"(err), "+a"(v)
		: [new] "r"(new), [p] "r"(uptr), [efault] "i"(-EFAULT)
		: "memory");
	barrier();
	uaccess_nofault--;
	*cur = v;
	return err;
}

int uaccess_get(uint32_t *val, const void *uptr, size_t size)
{
	uint32_t v = 0;
	int err = 0;

	if (!access_ok(uptr, size))
		err = -EFAULT;
	else if (size == 1)
		UACCESS_GET("movzbl (%[p]), %[v]", err, v, uptr);
	else if (size == 2)
		UACCESS_GET("movzwl (%[p]), %[v]", err, v, uptr);
	else
		UACCESS_GET("movl (%[p]), %[v]", err, v, uptr);
	*val = err ? 0 : v;
	return err;
}

int uaccess_put(uint32_t val, void *uptr, size_t size)
{
	int err = 0;

	if (!access_ok(uptr, size))
		return -EFAULT;
	if (size == 1)
		UACCESS_PUT("movb %b[v], (%[p])", err, val, uptr);
	else if (size == 2)
		UACCESS_PUT("movw %w[v], (%[p])", err, val, uptr);
	else
		UACCESS_PUT("movl %[v], (%[p])", err, val, uptr);
	return err;
}

/*
 * Copy bytes of the string at usrc until its NUL (copied) or max bytes.
 * Returns the bytes before the NUL, max when there was none, -EFAULT.
 */
static long uaccess_strcpy(char *dst, const char *usrc, size_t max)
{
	size_t i;
	uint32_t c;

	for (i = 0; i < max; i++) {
		if (uaccess_get(&c, usrc + i, 1))
			return -EFAULT;
		dst[i] = (char)c;
		if (!c)
			return (long)i;
	}
	return (long)max;
}

long strncpy_from_user(char *dst, const char *usrc, long count)
{
	size_t room, max;
	long len;

	if (count <= 0)
		return 0;
	if ((uintptr_t)usrc >= KERNEL_BASE)
		return -EFAULT;
	room = KERNEL_BASE - (uintptr_t)usrc;
	max = (size_t)count < room ? (size_t)count : room;
	len = uaccess_strcpy(dst, usrc, max);
	/* No NUL before the kernel half: the string runs into it. */
	if (len == (long)max && max < (size_t)count)
		return -EFAULT;
	return len;
}

long strcpy_from_user(char *dst, const char *usrc, size_t size)
{
	long len;

	if (size == 0)
		return -ENAMETOOLONG;
	len = strncpy_from_user(dst, usrc, (long)size);
	if (len == (long)size) {
		dst[size - 1] = '\0';
		return -ENAMETOOLONG;
	}
	return len;
}

int user_writable(void *udst, size_t n)
{
	uint8_t *p = udst, *end = p + n;
	uint32_t byte;

	if (!n)
		return 0;
	if (!access_ok(udst, n))
		return -EFAULT;
	/* One byte per page, read and written back unchanged: faults the
	 * page in and proves it writable without changing what it holds. */
	for (; p < end; p = (uint8_t *)(((uintptr_t)p & PAGE_MASK) + PAGE_SIZE)) {
		if (uaccess_get(&byte, p, 1) || uaccess_put(byte, p, 1))
			return -EFAULT;
	}
	if (uaccess_get(&byte, end - 1, 1) || uaccess_put(byte, end - 1, 1))
		return -EFAULT;
	return 0;
}
