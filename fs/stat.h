/*
 * stat.h: file types and modes, open flags, directory entry types and
 * struct kstat, with Linux's values.
 */
#ifndef FS_STAT_H
#define FS_STAT_H

#include <stdint.h>

#define S_IFMT		0170000
#define S_IFSOCK	0140000
#define S_IFLNK		0120000
#define S_IFREG		0100000
#define S_IFBLK		0060000
#define S_IFDIR		0040000
#define S_IFCHR		0020000
#define S_IFIFO		0010000
#define S_ISUID		0004000
#define S_ISGID		0002000
#define S_ISVTX		0001000
#define S_IXGRP		0000010	/* group may execute (search) */

#define S_ISLNK(m)	(((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m)	(((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m)	(((m) & S_IFMT) == S_IFBLK)
#define S_ISFIFO(m)	(((m) & S_IFMT) == S_IFIFO)
#define S_ISSOCK(m)	(((m) & S_IFMT) == S_IFSOCK)

/* Directory entry types (d_type), as ext2's file type byte maps them. */
#define DT_UNKNOWN	0
#define DT_FIFO		1
#define DT_CHR		2
#define DT_DIR		4
#define DT_BLK		6
#define DT_REG		8
#define DT_LNK		10
#define DT_SOCK		12
#define IFTODT(mode)	(((mode) & S_IFMT) >> 12)

/* Open flags (Linux i386). */
#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200
#define O_NOCTTY	00000400
#define O_TRUNC		00001000
#define O_APPEND	00002000
#define O_NONBLOCK	00004000
#define O_DIRECTORY	00200000
#define O_NOFOLLOW	00400000
#define O_NOATIME	01000000
#define O_CLOEXEC	02000000
#define O_PATH		010000000
#define O_LARGEFILE	00100000
#define __O_TMPFILE	020000000
#define O_TMPFILE	(__O_TMPFILE | O_DIRECTORY)

#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2
#define SEEK_DATA	3
#define SEEK_HOLE	4

/* Device numbers as Linux's old 8:8 encoding (fits ext2's i_block[0]). */
#define MKDEV(ma, mi)	((uint32_t)(ma) << 8 | (mi))
#define MAJOR(dev)	(((dev) >> 8) & 0xfff)
#define MINOR(dev)	((dev) & 0xff)

struct kstat {
	uint32_t dev;
	uint32_t ino;
	uint16_t mode;
	uint32_t nlink;
	uint32_t uid, gid;
	uint32_t rdev;
	uint64_t size;
	uint32_t blksize;
	uint64_t blocks;
	int64_t atime_sec, mtime_sec, ctime_sec;
	uint32_t atime_nsec, mtime_nsec, ctime_nsec;
};

#endif
