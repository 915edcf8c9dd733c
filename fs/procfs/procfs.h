/*
 * procfs.h: the process filesystem mounted on /proc.
 *
 * A /proc file is a function that prints its whole contents when the file
 * is read: procfs_register("meminfo", show) adds /proc/meminfo, whose
 * show() calls procfs_printf() on the buffer it is given.  The text is
 * made at the first read and at every read from offset 0, so a reader
 * sees one consistent snapshot however it splits the reads that follow.  A file may be up to PROCFS_MAX_SIZE bytes.
 *
 *	static void uptime_show(struct procfs_buf *b)
 *	{
 *		procfs_printf(b, "%u.%02u 0.00\n", secs, hundredths);
 *	}
 *
 * Files may sit in subdirectories ("sys/kernel/pid_max"), and may be
 * writable (procfs_register_rw: a store() takes what is written).  A
 * file that is not text printed at once (/proc/kmsg, which waits for the
 * kernel's messages) comes with its own file ops instead:
 * procfs_register_file("kmsg", 0400, &kmsg_fops).
 *
 * Interface: procfs_register, procfs_register_rw, procfs_register_table,
 * procfs_register_file, procfs_printf.
 */
#ifndef FS_PROCFS_PROCFS_H
#define FS_PROCFS_PROCFS_H

#include <stddef.h>
#include <stdint.h>
#include "lib/compiler.h"

#define PROCFS_MAX_SIZE	(256 * 1024)

struct procfs_buf {
	char *buf;
	size_t size;
	size_t len;		/* what the output needs; > size: truncated */
};

typedef void (*procfs_show_t)(struct procfs_buf *b);
/* A write of len bytes (a kernel copy) to a writable file: 0 or -Exxx. */
typedef int (*procfs_store_t)(const char *buf, size_t len);

/* Append to b as snprintf would. */
void procfs_printf(struct procfs_buf *b, const char *fmt, ...) __printf(2, 3);
/* path: names of at most 31 bytes separated by '/' ("sys/kernel/x"), the
 * directories made as needed.  0, -EEXIST or -ENOMEM. */
int procfs_register(const char *path, procfs_show_t show);
/* As procfs_register, for a file root may also write (mode 0644): each
 * write() call is given to store whole, at offset 0 or not. */
int procfs_register_rw(const char *path, procfs_show_t show,
		       procfs_store_t store);
/* A table of such files, registered in order until one fails: 0 or the
 * first -Exxx (store NULL: read-only). */
struct procfs_file {
	const char *path;
	procfs_show_t show;
	procfs_store_t store;
};
int procfs_register_table(const struct procfs_file *files, size_t n);
struct file_ops;
/* The same for a file read through fops; mode: its permissions. */
int procfs_register_file(const char *path, uint16_t mode,
			 const struct file_ops *fops);

#endif
