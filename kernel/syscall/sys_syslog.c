/*
 * sys_syslog.c: syslog(2) (glibc and musl call it klogctl), which
 * busybox dmesg uses: the kernel log's actions of kernel/syslog.h, with
 * buf a user pointer.
 */
#include "kernel/syscall/syscall.h"
#include "kernel/syslog.h"

static long sys_syslog(int type, char *ubuf, int len)
{
	return syslog_do(type, ubuf, len, SYSLOG_FROM_READER);
}
SYSCALL(NR_syslog, sys_syslog);
