/*
 * internal.h: what the files of fs/procfs/ tell each other.
 *
 * /proc/<pid>/ holds the files of the PROCFS_PID_* kinds below (text
 * files printed from the process, symbolic links, and the fd/ directory
 * of one link per open descriptor).  Inode numbers say what an inode is:
 *   PID_INO(pid, kind)   /proc/<pid>/ (kind PROCFS_PID_DIR) and its files
 *   FD_INO(pid, fd)      /proc/<pid>/fd/<fd> (descriptors below 65536)
 *
 * pid.c (text files):
 *   procfs_pid_show(id, kind, task, b)   print /proc/<id>/<kind> (task:
 *                                   /proc/<pid>/task/<id>/<kind>): 0 or -ESRCH
 *   procfs_find(id)                 the process of pid or tid id (preemption
 *                                   off), or NULL
 *   procfs_task_next(pid, from)     pid's lowest tid >= from, or -1
 *   procfs_task_tgid(tid)           the process of a live thread, or -1
 *   procfs_pid_exists(pid)          is there a process pid (zombies too)?
 *   procfs_pid_next(from)           the lowest live pid >= from, or -1
 *   procfs_pid_owner(pid, &uid, &gid)   its effective ids (root's when it
 *                                   is not dumpable): 0 or -ENOENT
 * cmdline.c: procfs_show_cmdline_pid(pid, kind, b)   cmdline, environ
 *   from the process's memory (0 or -ESRCH)
 * procfs.c: procfs_put_bytes(b, data, len)   append bytes, NULs too
 * maps.c: procfs_show_maps_pid (0 or -ESRCH), procfs_show_statm,
 *   procfs_vm_sizes (the address space)
 * links.c (symbolic links and fd/):
 *   procfs_pid_readlink(pid, kind, buf, len)   cwd, root, exe
 *   procfs_fd_readlink(pid, fd, buf, len)      fd/<fd>
 *   procfs_pid_target(pid, kind, &inode, &file)   what cwd, root, exe
 *   procfs_fd_target(pid, fd, &inode, &file)      and fd/<fd> hold (the
 *                                   magic links' get_target: 0, -ENOENT)
 *   procfs_fd_next(pid, from)       the lowest open fd >= from, or -1
 *   procfs_fd_mode(pid, fd)         the link's mode (by the open flags),
 *                                   0: not open
 * piddir.c: the inode ops of /proc/<pid>/ and fd/ (procfs_read_pid_inode,
 *   procfs_pid_entries)
 * pagemap.c: procfs_pagemap_fops, the binary pagemap file
 */
#ifndef FS_PROCFS_INTERNAL_H
#define FS_PROCFS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "fs/procfs/procfs.h"
#include "fs/vfs.h"
#include "lib/list.h"
#include "lib/string.h"

enum {
	PROCFS_PID_DIR,
	PROCFS_PID_STAT,
	PROCFS_PID_STATUS,
	PROCFS_PID_CMDLINE,
	PROCFS_PID_STATM,
	PROCFS_PID_MAPS,
	PROCFS_PID_ENVIRON,
	PROCFS_PID_COMM,
	PROCFS_PID_CWD,
	PROCFS_PID_ROOT,
	PROCFS_PID_EXE,
	PROCFS_PID_FD,
	PROCFS_PID_TASK,
	PROCFS_PID_PAGEMAP,
	PROCFS_PID_NFILES
};

#define PROC_ROOT_INO	1
#define PROC_PID_INO	0x10000u
#define PID_INO(pid, kind)	(PROC_PID_INO + (uint32_t)(pid) * 16 + (kind))
/* /proc/<pid>/task/<tid>/ and its files: PID_INO(tid, kind) with this
 * bit (fd inodes, with bit 31, are told apart first). */
#define PROC_TASK_BIT	0x40000000u
#define TASK_INO(tid, kind)	(PID_INO(tid, kind) | PROC_TASK_BIT)
#define INO_IS_TASK(ino)	(((ino) & PROC_TASK_BIT) != 0)
#define INO_PID(ino)	((int)((((ino) & ~PROC_TASK_BIT) - PROC_PID_INO) / 16))
#define INO_KIND(ino)	((int)((((ino) & ~PROC_TASK_BIT) - PROC_PID_INO) % 16))
#define PROC_FD_INO	0x80000000u
#define PROC_FD_MAX	0x10000		/* fds shown in fd/ are below it */
#define FD_INO(pid, fd)	(PROC_FD_INO | (uint32_t)(pid) << 16 | (uint32_t)(fd))
#define FD_INO_PID(ino)	((int)(((ino) & ~PROC_FD_INO) >> 16))
#define FD_INO_FD(ino)	((int)((ino) & 0xffff))

struct inode;
struct proc;

struct procfs_pid_entry {
	const char *name;
	uint16_t mode;		/* S_IF* and permissions */
};
extern const struct procfs_pid_entry procfs_pid_entries[PROCFS_PID_NFILES];

int procfs_pid_show(int pid, int kind, bool task, struct procfs_buf *b);
struct proc *procfs_find(int id);
int procfs_task_next(int pid, int from);
int procfs_task_tgid(int tid);
bool procfs_pid_exists(int pid);
int procfs_pid_next(int from);
int procfs_pid_owner(int pid, uint32_t *uid, uint32_t *gid);

int procfs_show_maps_pid(int pid, struct procfs_buf *b);
int procfs_show_cmdline_pid(int pid, int kind, struct procfs_buf *b);
void procfs_put_bytes(struct procfs_buf *b, const void *data, size_t len);
void procfs_show_statm(struct proc *p, struct procfs_buf *b);
/* Sizes in pages for stat and status: all VMAs, code, data and stack. */
struct procfs_vm_sizes {
	uint32_t total, text, data, stack, locked;	/* pages */
	uint32_t start_code, end_code, start_stack;
};
void procfs_vm_sizes(struct proc *p, struct procfs_vm_sizes *s);

long procfs_pid_readlink(int pid, int kind, char *buf, size_t len);
long procfs_fd_readlink(int pid, int fd, char *buf, size_t len);
struct file;
int procfs_pid_target(int pid, int kind, struct inode **inode,
		      struct file **file);
int procfs_fd_target(int pid, int fd, struct inode **inode,
		     struct file **file);
int procfs_fd_next(int pid, int from);
uint16_t procfs_fd_mode(int pid, int fd);

int procfs_read_pid_inode(struct inode *inode);

/* procfs.c: the ops of generated text files (printed at a read from 0). */
struct file_ops;
extern const struct file_ops procfs_file_fops;
/* pagemap.c: /proc/<pid>/pagemap's. */
extern const struct file_ops procfs_pagemap_fops;

/* tree.c: the registered entries.  A directory has is_dir and neither
 * show nor store. */
struct procfs_entry {
	struct list_head link;
	char name[32];
	uint32_t ino, parent;		/* parent: PROC_ROOT_INO at the top */
	bool is_dir;
	procfs_show_t show;
	procfs_store_t store;		/* NULL: read-only */
	const struct file_ops *fops;	/* procfs_register_file's, or NULL */
	uint16_t mode;			/* with fops: the permissions */
	bool sysctl;			/* under sys/: sysctl's permissions */
};
struct procfs_entry *procfs_tree_find(uint32_t parent, const char *name,
				      size_t len);
struct procfs_entry *procfs_tree_entry(uint32_t ino);
uint64_t procfs_tree_readdir(uint32_t dir, uint64_t pos, dir_emit_t emit,
			     void *ctx, bool *done);

#endif
