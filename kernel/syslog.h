/*
 * syslog.h: Linux's syslog(2) actions on the kernel log (kernel/syslog.c),
 * shared by the system call (kernel/syscall/sys_syslog.c) and /proc/kmsg
 * (fs/procfs/kmsg.c).
 *
 * syslog_do(type, buf, len, source) does what Linux's do_syslog does:
 * buf is a user pointer when source is SYSLOG_FROM_READER (the system
 * call) and a kernel buffer for SYSLOG_FROM_PROC (/proc/kmsg, whose
 * opener was checked once at open).  Returns a count (bytes read, a size,
 * 0) or -EPERM, -EINVAL, -EFAULT, -ERESTARTSYS (a signal while READ
 * waits), -ENOMEM.
 *
 * Interface: syslog_do, SYSLOG_ACTION_*, SYSLOG_FROM_*.
 */
#ifndef KERNEL_SYSLOG_H
#define KERNEL_SYSLOG_H

#define SYSLOG_ACTION_CLOSE		0
#define SYSLOG_ACTION_OPEN		1
#define SYSLOG_ACTION_READ		2	/* consume; waits */
#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_READ_CLEAR	4
#define SYSLOG_ACTION_CLEAR		5
#define SYSLOG_ACTION_CONSOLE_OFF	6
#define SYSLOG_ACTION_CONSOLE_ON	7
#define SYSLOG_ACTION_CONSOLE_LEVEL	8
#define SYSLOG_ACTION_SIZE_UNREAD	9
#define SYSLOG_ACTION_SIZE_BUFFER	10

#define SYSLOG_FROM_READER	0
#define SYSLOG_FROM_PROC	1

long syslog_do(int type, char *buf, int len, int source);

#endif
