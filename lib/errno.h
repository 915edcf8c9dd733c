/*
 * errno.h: error numbers, with the values of Linux's i386 ABI.
 *
 * Kernel functions return 0 or -Exxx; pointer returns use ERR_PTR().
 */
#ifndef LIB_ERRNO_H
#define LIB_ERRNO_H

#include <stdbool.h>
#include <stdint.h>

#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define ENOEXEC		8
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define EWOULDBLOCK	EAGAIN
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define ENOTBLK		15
#define EBUSY		16
#define EEXIST		17
#define EXDEV		18
#define ENODEV		19
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOTTY		25
#define ETXTBSY		26
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EMLINK		31
#define EPIPE		32
#define EDOM		33
#define ERANGE		34
#define EDEADLK		35
#define ENAMETOOLONG	36
#define ENOLCK		37
#define ENOSYS		38
#define ENOTEMPTY	39
#define ELOOP		40
#define ENOMSG		42
#define EIDRM		43
#define ENODATA		61
#define ETIME		62
#define EOVERFLOW	75
#define EILSEQ		84
#define ENOTSOCK	88
#define EDESTADDRREQ	89
#define EMSGSIZE	90
#define EPROTOTYPE	91
#define ENOPROTOOPT	92
#define EPROTONOSUPPORT	93
#define ESOCKTNOSUPPORT	94
#define ENOTSUP		95
#define EOPNOTSUPP	95
#define EAFNOSUPPORT	97
#define EADDRINUSE	98
#define ECONNRESET	104
#define ENOBUFS		105
#define EISCONN		106
#define ENOTCONN	107
#define ETIMEDOUT	110
#define ECONNREFUSED	111
#define ESTALE		116
#define EUCLEAN		117

/* Kernel-internal: a system call interrupted by a signal, to be restarted
 * or to fail with -EINTR on the way back to user mode (kernel/proc/signal.c),
 * as Linux.  User space never sees them. */
#define ERESTARTSYS	512	/* restart if SA_RESTART, else EINTR */
#define ERESTARTNOINTR	513	/* always restart */
#define ERESTARTNOHAND	514	/* restart if no handler ran, else EINTR */
/* restart through restart_syscall if no handler ran (the call recorded
 * how to go on in its thread's restart block, kernel/proc/restart.h),
 * else EINTR */
#define ERESTART_RESTARTBLOCK	516
/* fs/metawait.c: a metadata block a read-only VFS operation needs is not
 * cached; the operation runs again once it is read without the VFS lock.
 * Never leaves the VFS. */
#define EMETAWAIT	530

#define MAX_ERRNO	4095

/* Error pointers: the top 4095 addresses encode -errno. */
static inline void *ERR_PTR(long err) { return (void *)err; }
static inline long PTR_ERR(const void *p) { return (long)p; }
static inline bool IS_ERR(const void *p)
{
	return (uintptr_t)p >= (uintptr_t)-MAX_ERRNO;
}
static inline bool IS_ERR_OR_NULL(const void *p) { return !p || IS_ERR(p); }

#endif
