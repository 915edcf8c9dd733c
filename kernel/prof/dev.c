/*
 * dev.c: the profiler's files (see uapi.h for the interface).
 *
 * /dev/profile (PROF_MAJOR, PROF_MINOR; root only): the ioctls start and
 * stop a recording, mark processes, and give the statistics; read()
 * copies the log from the file offset on, without consuming it.
 * /proc/kallsyms: the kernel's symbol table in Linux's format
 * ("c0100000 T kmain"), sorted by address, for the profile command to
 * name kernel frames.
 *
 * Interface: none; the files are registered at INIT_FS.
 */
#include "kernel/prof/prof.h"
#include "fs/devfs/devfs.h"
#include "fs/procfs/procfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/ksyms.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "mm/uaccess.h"

static int profile_start_ioctl(unsigned long arg)
{
	struct prof_config cfg;

	if (copy_from_user(&cfg, (const void *)arg, sizeof(cfg)))
		return -EFAULT;
	return prof_start(&cfg);
}

static int profile_stats_ioctl(unsigned long arg)
{
	struct prof_stats st;

	prof_get_stats(&st);
	return copy_to_user((void *)arg, &st, sizeof(st)) ? -EFAULT : 0;
}

static int profile_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	if (current->proc && current->proc->euid != 0)
		return -EPERM;
	switch (cmd) {
	case PROF_IOC_START:
		return profile_start_ioctl(arg);
	case PROF_IOC_STOP:
		prof_stop();
		return 0;
	case PROF_IOC_TRACE:
		return prof_trace((int)arg);
	case PROF_IOC_STATS:
		return profile_stats_ioctl(arg);
	}
	return -ENOTTY;
}

static ssize_t profile_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	size_t n = prof_read(buf, len, *pos);

	*pos += n;
	return (ssize_t)n;
}

static const struct file_ops profile_fops = {
	.read = profile_read,
	.ioctl = profile_ioctl,
};

static void kallsyms_show(struct procfs_buf *b)
{
	for (uint32_t i = 0; i < ksyms_num_addrs; i++)
		procfs_printf(b, "%08x T %s\n", ksyms_addrs[i],
			      ksyms_strings + ksyms_addr_names[i]);
}

static int profile_files_init(void)
{
	int err = devfs_register_char("profile", 0600,
				      MKDEV(PROF_MAJOR, PROF_MINOR),
				      &profile_fops);

	return err ? err : procfs_register("kallsyms", kallsyms_show);
}
INITCALL(INIT_FS, profile_files_init);
