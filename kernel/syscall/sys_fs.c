/*
 * sys_fs.c: file descriptor system calls: read, write, readv, writev,
 * pread64, pwrite64, lseek, _llseek (SEEK_DATA, SEEK_HOLE), fallocate,
 * open, openat, creat, close, close_range, dup, dup2, dup3, fcntl,
 * fcntl64, ioctl, ftruncate, ftruncate64, pipe, pipe2.
 *
 * These check and copy the arguments and call fs/: the transfers to and
 * from user memory are fs/rw.c's (vfs_read_user and kin), an *at call's
 * dirfd becomes the base directory the fs/ *_at functions take (at_dir).
 * Every descriptor is checked (-EBADF); paths are copied with user_path().
 *
 * Interface: the SYSCALL registrations; user_path, user_paths, at_dir,
 * path_call, path2_call (kernel/syscall/fs.h) for the path calls of
 * sys_stat.c, sys_link.c, sys_attr.c and sys_xattr.c.
 */
#include "kernel/syscall/fs.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define IOV_MAX		1024

/* Copy a user path into a new PATH_MAX buffer: the buffer or ERR_PTR
 * (-EFAULT, -ENAMETOOLONG, -ENOENT for "", -ENOMEM). */
char *user_path(const char *upath)
{
	char *path = kmalloc(PATH_MAX);
	long len;

	if (!path)
		return ERR_PTR(-ENOMEM);
	len = strcpy_from_user(path, upath, PATH_MAX);
	if (len <= 0) {
		kfree(path);
		return ERR_PTR(len ? len : -ENOENT);
	}
	return path;
}

/* Copies of two user paths (kfree both): 0, or -Exxx with none left. */
int user_paths(const char *u1, const char *u2, char **p1, char **p2)
{
	*p1 = user_path(u1);
	if (IS_ERR(*p1))
		return PTR_ERR(*p1);
	*p2 = user_path(u2);
	if (IS_ERR(*p2)) {
		kfree(*p1);
		return PTR_ERR(*p2);
	}
	return 0;
}

/*
 * The directory a relative path of an *at call starts at, for the VFS's
 * _at functions: NULL for AT_FDCWD or an absolute path, else dirfd's
 * inode (no reference: the descriptor stays open during the call).
 * 0, -EBADF or -ENOTDIR.
 */
int at_dir(int dirfd, const char *path, struct inode **base)
{
	struct file *f;

	*base = NULL;
	if (dirfd == AT_FDCWD || path[0] == '/')
		return 0;
	f = fd_get_raw(dirfd);
	if (!f)
		return -EBADF;
	if (!S_ISDIR(f->inode->mode))
		return -ENOTDIR;
	*base = f->inode;
	return 0;
}

/* Run op(base, path, arg) on a copy of upath, base dirfd's directory
 * (at_dir). */
long path_call(int dirfd, const char *upath, uint32_t arg, path_op_t op)
{
	char *path = user_path(upath);
	struct inode *base;
	long err;

	if (IS_ERR(path))
		return PTR_ERR(path);
	err = at_dir(dirfd, path, &base);
	if (!err)
		err = op(base, path, arg);
	kfree(path);
	return err;
}

long path2_call(int olddirfd, const char *uold, int newdirfd,
		const char *unew, uint32_t arg, path2_op_t op)
{
	struct inode *obase, *nbase;
	char *oldp, *newp;
	long err = user_paths(uold, unew, &oldp, &newp);

	if (err)
		return err;
	err = at_dir(olddirfd, oldp, &obase);
	if (!err)
		err = at_dir(newdirfd, newp, &nbase);
	if (!err)
		err = op(obase, oldp, nbase, newp, arg);
	kfree(oldp);
	kfree(newp);
	return err;
}

static long sys_read(int fd, uint8_t *ubuf, size_t len)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	if (len > 0x7ffff000)
		len = 0x7ffff000;
	return vfs_read_user(f, ubuf, len, NULL);
}
SYSCALL(NR_read, sys_read);

static long sys_write(int fd, const uint8_t *ubuf, size_t len)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	if (len > 0x7ffff000)
		len = 0x7ffff000;
	return vfs_write_user(f, ubuf, len, NULL);
}
SYSCALL(NR_write, sys_write);

/* The offset comes as two halves, low first. */
static long sys_pread64(int fd, uint8_t *ubuf, size_t len, uint32_t lo,
			uint32_t hi)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	return vfs_pread_user(f, ubuf, len, (uint64_t)hi << 32 | lo);
}
SYSCALL(NR_pread64, sys_pread64);

static long sys_pwrite64(int fd, const uint8_t *ubuf, size_t len, uint32_t lo,
			 uint32_t hi)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	return vfs_pwrite_user(f, ubuf, len, (uint64_t)hi << 32 | lo);
}
SYSCALL(NR_pwrite64, sys_pwrite64);

/* readv and writev: the file and the iovec count checked, the rest is
 * fs/rw.c's. */
static long do_iov(int fd, const void *uiov, int cnt, bool write)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	if (cnt < 0 || cnt > IOV_MAX)
		return -EINVAL;
	return write ? vfs_writev_user(f, uiov, cnt)
		     : vfs_readv_user(f, uiov, cnt);
}

static long sys_readv(int fd, const void *uiov, int cnt)
{
	return do_iov(fd, uiov, cnt, false);
}
SYSCALL(NR_readv, sys_readv);

static long sys_writev(int fd, const void *uiov, int cnt)
{
	return do_iov(fd, uiov, cnt, true);
}
SYSCALL(NR_writev, sys_writev);

static long sys_lseek(int fd, int32_t off, int whence)
{
	struct file *f = fd_get(fd);
	int64_t pos;

	if (!f)
		return -EBADF;
	pos = vfs_lseek(f, off, whence);
	if (pos >= 0 && pos > 0x7fffffff)
		return -EOVERFLOW;
	return (long)pos;
}
SYSCALL(NR_lseek, sys_lseek);

static long sys__llseek(int fd, uint32_t hi, uint32_t lo, int64_t *uresult,
			int whence)
{
	struct file *f = fd_get(fd);
	int64_t pos;

	if (!f)
		return -EBADF;
	pos = vfs_lseek(f, (int64_t)((uint64_t)hi << 32 | lo), whence);
	if (pos < 0)
		return (long)pos;
	return copy_to_user(uresult, &pos, sizeof(pos));
}
SYSCALL(NR__llseek, sys__llseek);

static long do_open(int dirfd, const char *upath, uint32_t flags,
		    uint32_t mode)
{
	char *path = user_path(upath);
	struct inode *base;
	struct file *f;
	long err;

	if (IS_ERR(path))
		return PTR_ERR(path);
	err = at_dir(dirfd, path, &base);
	if (!err) {
		f = vfs_open_at(base, path, flags, (uint16_t)(mode & 07777 &
					~proc_current()->fs->umask));
		err = IS_ERR(f) ? PTR_ERR(f) : fd_install(f, flags & O_CLOEXEC);
	}
	kfree(path);
	return err;
}

static long sys_open(const char *upath, uint32_t flags, uint32_t mode)
{
	return do_open(AT_FDCWD, upath, flags, mode);
}
SYSCALL(NR_open, sys_open);

static long sys_openat(int dirfd, const char *upath, uint32_t flags,
		       uint32_t mode)
{
	return do_open(dirfd, upath, flags, mode);
}
SYSCALL(NR_openat, sys_openat);

static long sys_creat(const char *upath, uint32_t mode)
{
	return do_open(AT_FDCWD, upath, O_CREAT | O_WRONLY | O_TRUNC, mode);
}
SYSCALL(NR_creat, sys_creat);

static long sys_close(int fd)
{
	return fd_close(fd);
}
SYSCALL(NR_close, sys_close);

#define NR_fallocate		324

/* The 64-bit offset and length come as two halves each, low first. */
static long sys_fallocate(int fd, uint32_t mode, uint32_t off_lo,
			  uint32_t off_hi, uint32_t len_lo, uint32_t len_hi)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	return vfs_fallocate(f, mode, (int64_t)((uint64_t)off_hi << 32 | off_lo),
			     (int64_t)((uint64_t)len_hi << 32 | len_lo));
}
SYSCALL(NR_fallocate, sys_fallocate);

#define NR_close_range		436
#define CLOSE_RANGE_UNSHARE	(1u << 1)
#define CLOSE_RANGE_CLOEXEC	(1u << 2)

static long sys_close_range(uint32_t first, uint32_t last, uint32_t flags)
{
	if (flags & ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC))
		return -EINVAL;
	if (first > last)
		return -EINVAL;
	return fd_close_range(first, last, flags & CLOSE_RANGE_CLOEXEC,
			      flags & CLOSE_RANGE_UNSHARE);
}
SYSCALL(NR_close_range, sys_close_range);

static long sys_dup(int fd)
{
	return fd_dup(fd, 0, false);
}
SYSCALL(NR_dup, sys_dup);

static long sys_dup2(int oldfd, int newfd)
{
	return fd_dup2(oldfd, newfd, false);
}
SYSCALL(NR_dup2, sys_dup2);

static long sys_dup3(int oldfd, int newfd, uint32_t flags)
{
	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	if (oldfd == newfd)
		return fd_get_raw(oldfd) ? -EINVAL : -EBADF;
	return fd_dup2(oldfd, newfd, flags & O_CLOEXEC);
}
SYSCALL(NR_dup3, sys_dup3);

#define F_DUPFD		0
#define F_GETFD		1
#define F_SETFD		2
#define F_GETFL		3
#define F_SETFL		4
#define F_GETLK		5
#define F_SETLK		6
#define F_SETLKW	7
#define F_GETLK64	12
#define F_SETLK64	13
#define F_SETLKW64	14
#define F_OFD_GETLK	36
#define F_OFD_SETLK	37
#define F_OFD_SETLKW	38
#define F_SETOWN	8
#define F_GETOWN	9
#define F_SETOWN_EX	15
#define F_GETOWN_EX	16
#define F_SETLEASE	1024
#define F_GETLEASE	1025
#define F_DUPFD_CLOEXEC	1030
#define F_SETPIPE_SZ	1031
#define F_ADD_SEALS	1033
#define F_GET_SEALS	1034
#define F_GETPIPE_SZ	1032
#define SETFL_MASK	(O_APPEND | O_NONBLOCK)
#define FLOCK_SIZE	16	/* struct flock: 32-bit l_start and l_len */
#define FLOCK64_SIZE	24	/* struct flock64: 64-bit l_start and l_len */

/*
 * The size of the struct flock that lock command cmd reads, or 0 when cmd
 * is no lock command of this call.  As Linux i386: fcntl takes the
 * F_GETLK family with struct flock only; fcntl64 (wide) also takes the
 * 64-bit and the open file description (F_OFD_*) ones with struct flock64.
 */
static size_t flock_size(int cmd, bool wide)
{
	switch (cmd) {
	case F_GETLK: case F_SETLK: case F_SETLKW:
		return FLOCK_SIZE;
	case F_GETLK64: case F_SETLK64: case F_SETLKW64:
	case F_OFD_GETLK: case F_OFD_SETLK: case F_OFD_SETLKW:
		return wide ? FLOCK64_SIZE : 0;
	}
	return 0;
}

#define F_RDLCK		0
#define F_WRLCK		1
#define F_UNLCK		2

/* Linux i386's struct flock and struct flock64 (4-byte aligned). */
struct flock32 {
	int16_t l_type, l_whence;
	int32_t l_start, l_len, l_pid;
};
struct flock64 {
	int16_t l_type, l_whence;
	int64_t l_start, l_len;
	int32_t l_pid;
} __attribute__((packed, aligned(4)));
_Static_assert(sizeof(struct flock32) == FLOCK_SIZE, "struct flock");
_Static_assert(sizeof(struct flock64) == FLOCK64_SIZE, "struct flock64");

/* Either struct, widened (size says which). */
static void flock_read(const void *buf, size_t size, struct flock64 *fl)
{
	const struct flock32 *f32 = buf;

	if (size == FLOCK64_SIZE) {
		memcpy(fl, buf, sizeof(*fl));
		return;
	}
	*fl = (struct flock64){ .l_type = f32->l_type,
		.l_whence = f32->l_whence, .l_start = f32->l_start,
		.l_len = f32->l_len, .l_pid = f32->l_pid };
}

static long flock_write(void *ubuf, size_t size, const struct flock64 *fl)
{
	struct flock32 f32 = { .l_type = fl->l_type, .l_whence = fl->l_whence,
		.l_start = (int32_t)fl->l_start, .l_len = (int32_t)fl->l_len,
		.l_pid = fl->l_pid };

	if (size == FLOCK_SIZE &&
	    (fl->l_start > INT32_MAX || fl->l_len > INT32_MAX))
		return -EOVERFLOW;
	return copy_to_user(ubuf, size == FLOCK64_SIZE ? (const void *)fl :
			    (const void *)&f32, size);
}

/* The byte range of fl as Linux's flock_to_posix_lock: 0, -EINVAL
 * (whence, or a start before 0), -EOVERFLOW. */
static long flock_range(struct file *f, const struct flock64 *fl,
			struct vfs_plock *lk)
{
	int64_t base, start;

	if (fl->l_whence == 0)
		base = 0;
	else if (fl->l_whence == 1)
		base = (int64_t)f->pos;
	else if (fl->l_whence == 2)
		base = (int64_t)f->inode->size;
	else
		return -EINVAL;
	if (__builtin_add_overflow(base, fl->l_start, &start) || start < 0)
		return -EINVAL;
	lk->end = PLOCK_EOF;
	if (fl->l_len > 0) {
		if (fl->l_len - 1 > INT64_MAX - start)
			return -EOVERFLOW;
		lk->end = (uint64_t)(start + fl->l_len - 1);
	} else if (fl->l_len < 0) {
		lk->end = (uint64_t)(start - 1);
		start += fl->l_len;
		if (start < 0)
			return -EINVAL;
	}
	lk->start = (uint64_t)start;
	return 0;
}

/* F_GETLK: the conflicting lock, or l_type F_UNLCK and the rest as given. */
static long fcntl_getlk(struct file *f, const void *owner, void *ubuf,
			size_t size, struct flock64 *fl, struct vfs_plock *lk)
{
	int pid = 0;

	if (fl->l_type != F_RDLCK && fl->l_type != F_WRLCK)
		return -EINVAL;
	vfs_plock_get(f, owner, lk, &pid);
	if (lk->type == PLOCK_UNLOCK) {
		fl->l_type = F_UNLCK;
	} else {
		fl->l_type = lk->type == PLOCK_WRITE ? F_WRLCK : F_RDLCK;
		fl->l_whence = 0;
		fl->l_start = (int64_t)lk->start;
		fl->l_len = lk->end == PLOCK_EOF ? 0 :
			    (int64_t)(lk->end - lk->start + 1);
		fl->l_pid = pid;
	}
	return flock_write(ubuf, size, fl);
}

/* F_SETLK, F_SETLKW: the descriptor must be open for reading to take a
 * read lock, for writing to take a write lock (else -EBADF). */
static long fcntl_setlk(struct file *f, const void *owner, int pid,
			const struct flock64 *fl, struct vfs_plock *lk,
			bool wait)
{
	unsigned int mode = f->flags & O_ACCMODE;

	if (fl->l_type == F_RDLCK && mode == O_WRONLY)
		return -EBADF;
	if (fl->l_type == F_WRLCK && mode == O_RDONLY)
		return -EBADF;
	if (fl->l_type != F_RDLCK && fl->l_type != F_WRLCK &&
	    fl->l_type != F_UNLCK)
		return -EINVAL;
	lk->type = fl->l_type == F_RDLCK ? PLOCK_READ :
		   fl->l_type == F_WRLCK ? PLOCK_WRITE : PLOCK_UNLOCK;
	return vfs_plock_set(f, owner, pid, lk, wait);
}

/*
 * A record lock command on f whose struct flock (size bytes) is at user
 * address arg.  As Linux, the struct is copied in before anything else
 * (a bad pointer: -EFAULT).  POSIX locks belong to the descriptor table,
 * open file description (F_OFD_*) locks to f, whose l_pid must be 0.
 */
static long fcntl_lock(int fd, struct file *f, int cmd, uint32_t arg,
		       size_t size)
{
	bool ofd = cmd >= F_OFD_GETLK && cmd <= F_OFD_SETLKW;
	const void *owner = ofd ? (const void *)f :
			    (const void *)proc_current()->files;
	uint8_t buf[FLOCK64_SIZE];
	struct flock64 fl;
	struct vfs_plock lk;
	long err;

	if (copy_from_user(buf, (const void *)arg, size))
		return -EFAULT;
	flock_read(buf, size, &fl);
	if (ofd && fl.l_pid != 0)
		return -EINVAL;
	err = flock_range(f, &fl, &lk);
	if (err)
		return err;
	lk.type = fl.l_type == F_WRLCK ? PLOCK_WRITE : PLOCK_READ;
	if (cmd == F_GETLK || cmd == F_GETLK64 || cmd == F_OFD_GETLK)
		return fcntl_getlk(f, owner, (void *)arg, size, &fl, &lk);
	err = fcntl_setlk(f, owner, ofd ? -1 : proc_current()->pid, &fl, &lk,
			  cmd == F_SETLKW || cmd == F_SETLKW64 ||
			  cmd == F_OFD_SETLKW);
	/* Closed meanwhile by another thread (which dropped the table's
	 * locks on the file then): the new lock goes too, as Linux. */
	if (!err && !ofd && lk.type != PLOCK_UNLOCK && fd_get(fd) != f) {
		lk.type = PLOCK_UNLOCK;
		vfs_plock_set(f, owner, 0, &lk, false);
	}
	return err;
}

/* The commands an O_PATH descriptor answers, as Linux's check_fcntl_cmd:
 * those about the descriptor, not the file. */
static bool fcntl_names_only(int cmd)
{
	return cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC || cmd == F_GETFD ||
	       cmd == F_SETFD || cmd == F_GETFL;
}

/* A member of process group pgid (arg)? */
static int in_group(struct proc *p, void *arg)
{
	return p->pgid == *(int *)arg || p->sid == *(int *)arg;
}

/* Whether id names a task, or a process group or session, as Linux's
 * find_vpid: 0 or -ESRCH (0 itself names nobody and is fine). */
static int owner_exists(int id)
{
	bool found;

	if (!id)
		return 0;
	preempt_disable();
	found = proc_find(id) || thread_find(id);
	preempt_enable();
	if (!found)
		found = proc_for_each(in_group, &id) > 0;
	return found ? 0 : -ESRCH;
}

struct f_owner_ex {
	int32_t type, pid;
};

/* F_SETOWN, F_GETOWN, F_SETOWN_EX, F_GETOWN_EX: who would get SIGIO
 * (kept; nothing here sends SIGIO but leases); -EINVAL for other cmds. */
static long fcntl_owner(struct file *f, int cmd, uint32_t arg)
{
	struct f_owner_ex ex;
	int who = (int)arg, err;

	switch (cmd) {
	case F_GETOWN:
		return f->owner_type == F_OWNER_PGRP ? -f->owner_pid :
						       f->owner_pid;
	case F_SETOWN:
		if (who == INT32_MIN)
			return -EINVAL;
		ex = (struct f_owner_ex){ who < 0 ? F_OWNER_PGRP : F_OWNER_PID,
					  who < 0 ? -who : who };
		break;
	case F_GETOWN_EX:
		ex = (struct f_owner_ex){ f->owner_type, f->owner_pid };
		return copy_to_user((void *)arg, &ex, sizeof(ex)) ? -EFAULT : 0;
	case F_SETOWN_EX:
		if (copy_from_user(&ex, (const void *)arg, sizeof(ex)))
			return -EFAULT;
		if (ex.type != F_OWNER_TID && ex.type != F_OWNER_PID &&
		    ex.type != F_OWNER_PGRP)
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	err = owner_exists(ex.pid);
	if (!err) {
		f->owner_type = ex.type;
		f->owner_pid = ex.pid;
	}
	return err;
}

/* fcntl (wide false) and fcntl64 (wide true): the result or -Exxx. */
static long fcntl_common(int fd, int cmd, uint32_t arg, bool wide)
{
	struct file *f = fd_get_raw(fd);
	size_t lock_size = flock_size(cmd, wide);

	if (!f)
		return -EBADF;
	if ((f->flags & O_PATH) && !fcntl_names_only(cmd))
		return -EBADF;
	if (lock_size)
		return fcntl_lock(fd, f, cmd, arg, lock_size);
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		return fd_dup(fd, (int)arg, cmd == F_DUPFD_CLOEXEC);
	case F_GETFD:
		return fd_cloexec(fd, -1);
	case F_SETFD:
		return fd_cloexec(fd, arg & FD_CLOEXEC);
	case F_GETFL:
		return (long)f->flags;
	case F_SETFL:
		f->flags = (f->flags & ~SETFL_MASK) | (arg & SETFL_MASK);
		return 0;
	case F_GETPIPE_SZ:
	case F_SETPIPE_SZ:
		return pipe_size_ctl(f, cmd == F_SETPIPE_SZ, arg);
	case F_ADD_SEALS:
	case F_GET_SEALS:
		return memfd_seals(f, cmd == F_ADD_SEALS, arg);
	case F_SETLEASE:
		return vfs_setlease(f, (int)arg);
	case F_GETLEASE:
		return vfs_getlease(f);
	}
	return fcntl_owner(f, cmd, arg);
}

static long sys_fcntl64(int fd, int cmd, uint32_t arg)
{
	return fcntl_common(fd, cmd, arg, true);
}
SYSCALL(NR_fcntl64, sys_fcntl64);

static long sys_fcntl(int fd, int cmd, uint32_t arg)
{
	return fcntl_common(fd, cmd, arg, false);
}
SYSCALL(NR_fcntl, sys_fcntl);

/* arg goes to the driver as it is (a user address for most commands). */
static long sys_ioctl(int fd, uint32_t cmd, uint32_t arg)
{
	struct file *f = fd_get(fd);

	if (!f)
		return -EBADF;
	return vfs_ioctl(f, cmd, arg);
}
SYSCALL(NR_ioctl, sys_ioctl);

static long sys_ftruncate64(int fd, uint32_t lo, uint32_t hi)
{
	struct file *f = fd_get(fd);
	int64_t size = (int64_t)((uint64_t)hi << 32 | lo);

	if (!f)
		return -EBADF;
	if (size < 0)
		return -EINVAL;
	return vfs_ftruncate(f, (uint64_t)size);
}
SYSCALL(NR_ftruncate64, sys_ftruncate64);

static long sys_ftruncate(int fd, uint32_t len)
{
	return sys_ftruncate64(fd, len, 0);
}
SYSCALL(NR_ftruncate, sys_ftruncate);

static long sys_pipe2(int *ufds, uint32_t flags)
{
	struct file *files[2];
	int fds[2];
	long err;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	err = vfs_pipe(files, flags & O_NONBLOCK);
	if (err)
		return err;
	fds[0] = fd_install(files[0], flags & O_CLOEXEC);
	fds[1] = fds[0] < 0 ? -EMFILE : fd_install(files[1], flags & O_CLOEXEC);
	if (fds[0] < 0 || fds[1] < 0) {
		if (fds[0] >= 0)
			fd_close(fds[0]);
		else
			vfs_close(files[1]);
		return -EMFILE;
	}
	if (copy_to_user(ufds, fds, sizeof(fds))) {
		fd_close(fds[0]);
		fd_close(fds[1]);
		return -EFAULT;
	}
	return 0;
}
SYSCALL(NR_pipe2, sys_pipe2);

static long sys_pipe(int *ufds)
{
	return sys_pipe2(ufds, 0);
}
SYSCALL(NR_pipe, sys_pipe);
