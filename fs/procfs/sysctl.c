/*
 * sysctl.c: /proc/sys/kernel/, the basics of Linux's (the values
 * programs and test suites read first): ostype, osrelease and version (as
 * uname's sysname, release and version), hostname and domainname (root
 * may write them, as sethostname and setdomainname: a write stops at its
 * first newline and keeps at most 64 bytes, as Linux's proc_dostring),
 * pid_max and threads-max (maestro's limits on pids and on tasks).
 *
 * Interface: none; the files are registered with procfs at INIT_FS.
 */
#include "fs/procfs/procfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/uts.h"
#include "lib/string.h"

/* One of uname's names, at offset off in struct utsname, and a newline. */
static void uts_show(struct procfs_buf *b, size_t off)
{
	struct utsname u;

	uts_get(&u);
	procfs_printf(b, "%s\n", (const char *)&u + off);
}

static void ostype_show(struct procfs_buf *b)
{
	uts_show(b, offsetof(struct utsname, sysname));
}

static void osrelease_show(struct procfs_buf *b)
{
	uts_show(b, offsetof(struct utsname, release));
}

static void version_show(struct procfs_buf *b)
{
	uts_show(b, offsetof(struct utsname, version));
}

static void hostname_show(struct procfs_buf *b)
{
	uts_show(b, offsetof(struct utsname, nodename));
}

static void domainname_show(struct procfs_buf *b)
{
	uts_show(b, offsetof(struct utsname, domainname));
}

/* A name written: up to its first newline, at most UTS_LEN bytes. */
static int name_store(enum uts_name which, const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	if (proc_current() && proc_current()->euid != 0)
		return -EPERM;
	if (nl)
		len = (size_t)(nl - buf);
	return uts_set(which, buf, len < UTS_LEN ? len : UTS_LEN);
}

static int hostname_store(const char *buf, size_t len)
{
	return name_store(UTS_HOSTNAME, buf, len);
}

static int domainname_store(const char *buf, size_t len)
{
	return name_store(UTS_DOMAINNAME, buf, len);
}

static void pid_max_show(struct procfs_buf *b)
{
	procfs_printf(b, "%d\n", PID_MAX);
}

/* Every task takes a pid; pid 0 is the idle task's. */
static void threads_max_show(struct procfs_buf *b)
{
	procfs_printf(b, "%d\n", PID_MAX - 1);
}

static int sysctl_init(void)
{
	static const struct procfs_file files[] = {
		{ "sys/kernel/ostype", ostype_show, NULL },
		{ "sys/kernel/osrelease", osrelease_show, NULL },
		{ "sys/kernel/version", version_show, NULL },
		{ "sys/kernel/hostname", hostname_show, hostname_store },
		{ "sys/kernel/domainname", domainname_show, domainname_store },
		{ "sys/kernel/pid_max", pid_max_show, NULL },
		{ "sys/kernel/threads-max", threads_max_show, NULL },
	};
	return procfs_register_table(files, ARRAY_SIZE(files));
}
INITCALL(INIT_FS, sysctl_init);
