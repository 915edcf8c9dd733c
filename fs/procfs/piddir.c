/*
 * piddir.c: the directories /proc/<pid>/ and /proc/<pid>/fd/, their
 * files' inodes and the symbolic links' ops (readlink and the magic
 * links' get_target, links.c).
 *
 * /proc/<pid>/ lists procfs_pid_entries; fd/ lists one link per open
 * descriptor, named by its number; task/ one directory per thread, named
 * by its tid, holding the same files but task/ (pid.c prints them for
 * the thread alone).  Inodes are made from their numbers
 * (internal.h) when looked up and belong to the process's effective
 * user (root, for a process that is not dumpable, as Linux; fd/ stays
 * open to the process itself); procfs drops them when unused, so each lookup sees the process
 * as it is now.
 *
 * Interface (internal.h): procfs_pid_entries, procfs_read_pid_inode.
 */
#include "fs/procfs/internal.h"
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "lib/printf.h"

const struct procfs_pid_entry procfs_pid_entries[PROCFS_PID_NFILES] = {
	[PROCFS_PID_DIR] = { NULL, S_IFDIR | 0555 },
	[PROCFS_PID_STAT] = { "stat", S_IFREG | 0444 },
	[PROCFS_PID_STATUS] = { "status", S_IFREG | 0444 },
	[PROCFS_PID_CMDLINE] = { "cmdline", S_IFREG | 0444 },
	[PROCFS_PID_STATM] = { "statm", S_IFREG | 0444 },
	[PROCFS_PID_MAPS] = { "maps", S_IFREG | 0444 },
	[PROCFS_PID_ENVIRON] = { "environ", S_IFREG | 0400 },
	[PROCFS_PID_COMM] = { "comm", S_IFREG | 0444 },
	[PROCFS_PID_CWD] = { "cwd", S_IFLNK | 0777 },
	[PROCFS_PID_ROOT] = { "root", S_IFLNK | 0777 },
	[PROCFS_PID_EXE] = { "exe", S_IFLNK | 0777 },
	[PROCFS_PID_FD] = { "fd", S_IFDIR | 0500 },
	[PROCFS_PID_TASK] = { "task", S_IFDIR | 0555 },
	[PROCFS_PID_PAGEMAP] = { "pagemap", S_IFREG | 0400 },
};

/* The parent of /proc/<id>/ (the root) or of task/<tid>/ (task/). */
static uint32_t pid_dir_parent(uint32_t ino)
{
	int tgid;

	if (!INO_IS_TASK(ino))
		return PROC_ROOT_INO;
	tgid = procfs_task_tgid(INO_PID(ino));
	return PID_INO(tgid < 0 ? INO_PID(ino) : tgid, PROCFS_PID_TASK);
}

/* Whether /proc/<pid>/<dir> has entry kind k (task/<tid>/ has no task/). */
static bool pid_dir_has(uint32_t dir_ino, int k)
{
	return !(INO_IS_TASK(dir_ino) && k == PROCFS_PID_TASK);
}

static int pid_dir_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	if (strcmp(name, "..") == 0) {
		*ino = pid_dir_parent(dir->ino);
		return 0;
	}
	for (int k = 1; k < PROCFS_PID_NFILES; k++) {
		if (pid_dir_has(dir->ino, k) &&
		    strcmp(name, procfs_pid_entries[k].name) == 0) {
			*ino = dir->ino + (uint32_t)k;
			return 0;
		}
	}
	return -ENOENT;
}

static int pid_dir_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct inode *dir = f->inode;

	if (f->pos == 0 && emit(ctx, ".", 1, dir->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, pid_dir_parent(dir->ino), DT_DIR))
		f->pos = 2;
	while (f->pos >= 2 && f->pos < PROCFS_PID_NFILES + 1) {
		int k = (int)f->pos - 1;
		const char *name = procfs_pid_entries[k].name;

		if (!pid_dir_has(dir->ino, k)) {
			f->pos++;
			continue;
		}
		if (!emit(ctx, name, strlen(name), dir->ino + (uint32_t)k,
			  IFTODT(procfs_pid_entries[k].mode)))
			break;
		f->pos++;
	}
	return 0;
}

/* A decimal number with no sign or leading zero, below max: it, or -1. */
static int number_parse(const char *name, int max)
{
	int n = 0;

	if (name[0] == '0' && name[1])
		return -1;
	if (!name[0])
		return -1;
	for (; *name; name++) {
		if (*name < '0' || *name > '9' || n >= max)
			return -1;
		n = n * 10 + (*name - '0');
	}
	return n < max ? n : -1;
}

static int fd_dir_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	int pid = INO_PID(dir->ino), fd;

	if (strcmp(name, "..") == 0) {
		*ino = PID_INO(pid, PROCFS_PID_DIR);
		return 0;
	}
	fd = number_parse(name, PROC_FD_MAX);
	if (fd < 0 || !procfs_fd_mode(pid, fd))
		return -ENOENT;
	*ino = FD_INO(pid, fd);
	return 0;
}

/* ".", "..", then the open fds; f->pos is 2 + the next fd to list. */
static int fd_dir_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct inode *dir = f->inode;
	int pid = INO_PID(dir->ino), fd;

	if (f->pos == 0 && emit(ctx, ".", 1, dir->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, PID_INO(pid, PROCFS_PID_DIR),
				DT_DIR))
		f->pos = 2;
	while (f->pos >= 2 && (fd = procfs_fd_next(pid, (int)f->pos - 2)) >= 0) {
		char num[12];
		size_t n = (size_t)snprintf(num, sizeof(num), "%d", fd);

		if (!emit(ctx, num, n, FD_INO(pid, fd), DT_LNK))
			break;
		f->pos = (uint64_t)fd + 3;
	}
	return 0;
}

/* The process (tgid) that pid or tid id belongs to, or -1. */
static int tgid_of(int id)
{
	int tgid = procfs_task_tgid(id);

	return tgid >= 0 ? tgid : id;
}

/* task/<tid>: a live thread of the directory's process. */
static int task_dir_lookup(struct inode *dir, const char *name, uint32_t *ino)
{
	int id = INO_PID(dir->ino), tid;

	if (strcmp(name, "..") == 0) {
		*ino = PID_INO(id, PROCFS_PID_DIR);
		return 0;
	}
	tid = number_parse(name, PID_MAX + 1);
	if (tid <= 0 || procfs_task_tgid(tid) != tgid_of(id))
		return -ENOENT;
	*ino = TASK_INO(tid, PROCFS_PID_DIR);
	return 0;
}

/* ".", "..", then the threads by tid; f->pos is 2 + the next tid. */
static int task_dir_readdir(struct file *f, dir_emit_t emit, void *ctx)
{
	struct inode *dir = f->inode;
	int id = INO_PID(dir->ino), tid;

	if (f->pos == 0 && emit(ctx, ".", 1, dir->ino, DT_DIR))
		f->pos = 1;
	if (f->pos == 1 && emit(ctx, "..", 2, PID_INO(id, PROCFS_PID_DIR),
				DT_DIR))
		f->pos = 2;
	while (f->pos >= 2 &&
	       (tid = procfs_task_next(id, (int)f->pos - 2)) >= 0) {
		char num[12];
		size_t n = (size_t)snprintf(num, sizeof(num), "%d", tid);

		if (!emit(ctx, num, n, TASK_INO(tid, PROCFS_PID_DIR), DT_DIR))
			break;
		f->pos = (uint64_t)tid + 3;
	}
	return 0;
}

static ssize_t pid_link_readlink(struct inode *inode, char *buf, size_t len)
{
	return procfs_pid_readlink(INO_PID(inode->ino), INO_KIND(inode->ino),
				   buf, len);
}

static ssize_t fd_link_readlink(struct inode *inode, char *buf, size_t len)
{
	return procfs_fd_readlink(FD_INO_PID(inode->ino), FD_INO_FD(inode->ino),
				  buf, len);
}

static int pid_link_target(struct inode *inode, struct inode **target,
			   struct file **file)
{
	return procfs_pid_target(INO_PID(inode->ino), INO_KIND(inode->ino),
				 target, file);
}

static int fd_link_target(struct inode *inode, struct inode **target,
			  struct file **file)
{
	return procfs_fd_target(FD_INO_PID(inode->ino), FD_INO_FD(inode->ino),
				target, file);
}

static const struct inode_ops pid_dir_iops = { .lookup = pid_dir_lookup };
static const struct file_ops pid_dir_fops = { .readdir = pid_dir_readdir };
/* A process may always look at its own fd/, even when it is not
 * dumpable and root owns it (Linux's proc_fd_permission). */
static int fd_dir_permission(struct inode *inode, int mask)
{
	struct proc *me = proc_current();

	return me && me->pid == INO_PID(inode->ino) ? 0 :
	       generic_permission(inode, mask);
}

static const struct inode_ops fd_dir_iops = {
	.lookup = fd_dir_lookup,
	.permission = fd_dir_permission,
};
static const struct inode_ops task_dir_iops = { .lookup = task_dir_lookup };
static const struct file_ops task_dir_fops = { .readdir = task_dir_readdir };
static const struct file_ops fd_dir_fops = { .readdir = fd_dir_readdir };
static const struct inode_ops pid_link_iops = {
	.readlink = pid_link_readlink,
	.get_target = pid_link_target,
};
static const struct inode_ops fd_link_iops = {
	.readlink = fd_link_readlink,
	.get_target = fd_link_target,
};

static int read_fd_inode(struct inode *inode)
{
	int pid = FD_INO_PID(inode->ino);
	uint16_t mode = procfs_fd_mode(pid, FD_INO_FD(inode->ino));

	if (!mode || procfs_pid_owner(pid, &inode->uid, &inode->gid))
		return -ENOENT;
	inode->mode = mode;
	inode->nlink = 1;
	inode->iops = &fd_link_iops;
	return 0;
}

/* /proc/<pid>/..., /proc/<pid>/fd/<n>: 0 or -ENOENT. */
int procfs_read_pid_inode(struct inode *inode)
{
	int kind = INO_KIND(inode->ino);

	if (inode->ino & PROC_FD_INO)
		return read_fd_inode(inode);
	if (inode->ino < PROC_PID_INO || kind >= PROCFS_PID_NFILES ||
	    !pid_dir_has(inode->ino, kind) ||
	    (INO_IS_TASK(inode->ino) && procfs_task_tgid(INO_PID(inode->ino)) < 0) ||
	    procfs_pid_owner(INO_PID(inode->ino), &inode->uid, &inode->gid))
		return -ENOENT;
	inode->mode = procfs_pid_entries[kind].mode;
	inode->nlink = S_ISDIR(inode->mode) ? 2 : 1;
	if (kind == PROCFS_PID_DIR) {
		inode->iops = &pid_dir_iops;
		inode->fops = &pid_dir_fops;
	} else if (kind == PROCFS_PID_FD) {
		inode->iops = &fd_dir_iops;
		inode->fops = &fd_dir_fops;
	} else if (kind == PROCFS_PID_TASK) {
		inode->iops = &task_dir_iops;
		inode->fops = &task_dir_fops;
	} else if (S_ISLNK(inode->mode)) {
		inode->iops = &pid_link_iops;
	} else if (kind == PROCFS_PID_PAGEMAP) {
		inode->fops = &procfs_pagemap_fops;
	} else {
		inode->fops = &procfs_file_fops;
	}
	return 0;
}
