/*
 * internal.h: what procfs.c needs from pid.c.
 *
 *   procfs_pid_show(pid, kind, b)   print file kind of /proc/<pid>/:
 *                                   0 or -ESRCH (no such process)
 *   procfs_pid_exists(pid)          is there a process pid (zombies too)?
 *   procfs_pid_next(from)           the lowest live pid >= from, or -1
 *   procfs_pid_names[kind]          the file names in /proc/<pid>/
 */
#ifndef FS_PROCFS_INTERNAL_H
#define FS_PROCFS_INTERNAL_H

#include <stdbool.h>
#include "fs/procfs/procfs.h"
#include "lib/string.h"

enum {
	PROCFS_PID_DIR,
	PROCFS_PID_STAT,
	PROCFS_PID_STATUS,
	PROCFS_PID_CMDLINE,
	PROCFS_PID_NFILES
};

extern const char *const procfs_pid_names[PROCFS_PID_NFILES];
int procfs_pid_show(int pid, int kind, struct procfs_buf *b);
bool procfs_pid_exists(int pid);
int procfs_pid_next(int from);

#endif
