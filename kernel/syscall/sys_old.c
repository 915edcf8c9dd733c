/*
 * sys_old.c: the older i386 forms of calls that have newer ones, which
 * static programs built against old headers still make: stat, lstat,
 * fstat (106-108) with the 64-byte struct stat, getdents (141) with
 * struct linux_dirent, and chown, lchown, fchown with 16-bit ids (182,
 * 16, 95).
 *
 * As Linux's cp_new_stat: a size past 2^31 - 1 or a link count past
 * 65535 gives -EOVERFLOW (the program must use stat64); ids above 65535
 * show as the overflow id 65534.  As Linux's filldir: an entry's type is
 * the last byte of its record, after the name's NUL.  A 16-bit id of
 * 0xffff means "unchanged", as (uid_t)-1 does for chown32.
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/fs.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/uaccess.h"

#define NR_lchown16	16
#define NR_fchown16	95
#define NR_stat		106
#define NR_lstat	107
#define NR_fstat	108
#define NR_getdents	141
#define NR_chown16	182

#define OVERFLOW_ID	65534		/* Linux's overflowuid/overflowgid */
#define MAX_NON_LFS	0x7fffffffu

/* Linux i386's struct stat (asm/stat.h). */
struct old_stat {
	uint32_t st_dev, st_ino;
	uint16_t st_mode, st_nlink, st_uid, st_gid;
	uint32_t st_rdev, st_size, st_blksize, st_blocks;
	uint32_t st_atime, st_atime_nsec, st_mtime, st_mtime_nsec;
	uint32_t st_ctime, st_ctime_nsec;
	uint32_t unused4, unused5;
};
_Static_assert(sizeof(struct old_stat) == 64, "Linux i386 stat is 64 bytes");

static uint16_t low_id(uint32_t id)
{
	return id > 0xffff ? OVERFLOW_ID : (uint16_t)id;
}

static long put_old_stat(const struct kstat *k, struct old_stat *ust)
{
	struct old_stat st = {
		.st_dev = k->dev, .st_ino = k->ino, .st_mode = k->mode,
		.st_nlink = (uint16_t)k->nlink, .st_uid = low_id(k->uid),
		.st_gid = low_id(k->gid), .st_rdev = k->rdev,
		.st_size = (uint32_t)k->size, .st_blksize = k->blksize,
		.st_blocks = (uint32_t)k->blocks,
		.st_atime = (uint32_t)k->atime_sec, .st_atime_nsec = k->atime_nsec,
		.st_mtime = (uint32_t)k->mtime_sec, .st_mtime_nsec = k->mtime_nsec,
		.st_ctime = (uint32_t)k->ctime_sec, .st_ctime_nsec = k->ctime_nsec,
	};

	if (k->size > MAX_NON_LFS || k->nlink > 0xffff)
		return -EOVERFLOW;
	return copy_to_user(ust, &st, sizeof(st));
}

static long sys_stat(const char *upath, struct old_stat *ust)
{
	struct kstat k;
	long err = stat_at(AT_FDCWD, upath, 0, &k);

	return err ? err : put_old_stat(&k, ust);
}
SYSCALL(NR_stat, sys_stat);

static long sys_lstat(const char *upath, struct old_stat *ust)
{
	struct kstat k;
	long err = stat_at(AT_FDCWD, upath, AT_SYMLINK_NOFOLLOW, &k);

	return err ? err : put_old_stat(&k, ust);
}
SYSCALL(NR_lstat, sys_lstat);

static long sys_fstat(int fd, struct old_stat *ust)
{
	struct kstat k;
	long err = stat_fd(fd, &k);

	return err ? err : put_old_stat(&k, ust);
}
SYSCALL(NR_fstat, sys_fstat);

/* struct linux_dirent: d_ino, d_off (4 bytes each), d_reclen, d_name,
 * its NUL, padding to 4 bytes, and d_type in the record's last byte. */
static bool dirent_emit(void *arg, const char *name, size_t len,
			uint32_t ino, unsigned int dtype)
{
	struct dirent_ctx *c = arg;
	size_t reclen = ALIGN_UP(10 + len + 2, 4);
	uint8_t *d = c->buf + c->used;
	uint32_t off = 0;
	uint16_t rl = (uint16_t)reclen;

	if (c->used + reclen > c->size) {
		c->refused = true;
		return false;
	}
	memset(d, 0, reclen);
	memcpy(d, &ino, 4);
	memcpy(d + 4, &off, 4);
	memcpy(d + 8, &rl, 2);
	memcpy(d + 10, name, len);
	d[reclen - 1] = (uint8_t)dtype;
	c->used += reclen;
	return true;
}

static long sys_getdents(int fd, void *ubuf, uint32_t count)
{
	return getdents_common(fd, ubuf, count, dirent_emit);
}
SYSCALL(NR_getdents, sys_getdents);

/* A 16-bit id as a 32-bit one: 0xffff (unchanged) stays "unchanged". */
static uint32_t high_id(uint32_t id16)
{
	return (uint16_t)id16 == 0xffff ? (uint32_t)-1 : (uint16_t)id16;
}

static long sys_chown16(const char *upath, uint32_t uid, uint32_t gid)
{
	return chown_at(AT_FDCWD, upath, false, high_id(uid), high_id(gid), 0);
}
SYSCALL(NR_chown16, sys_chown16);

static long sys_lchown16(const char *upath, uint32_t uid, uint32_t gid)
{
	return chown_at(AT_FDCWD, upath, false, high_id(uid), high_id(gid),
			AT_SYMLINK_NOFOLLOW);
}
SYSCALL(NR_lchown16, sys_lchown16);

static long sys_fchown16(int fd, uint32_t uid, uint32_t gid)
{
	return chown_at(fd, NULL, true, high_id(uid), high_id(gid), 0);
}
SYSCALL(NR_fchown16, sys_fchown16);
