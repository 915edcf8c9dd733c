/*
 * options.c: the "tmpfs" filesystem type, and the mount options ramfs
 * and tmpfs take.
 *
 * tmpfs is ramfs under Linux's other name for a memory filesystem (what
 * /dev/shm is, where musl's shm_open and sem_open keep their objects):
 * its root is mode 1777 unless told otherwise, its statfs type is
 * TMPFS_MAGIC, and it takes Linux's tmpfs options: mode=, uid=, gid=
 * for the root, and size=, nr_blocks=, nr_inodes= (a number, with k, m,
 * g or % after size), huge=, mpol= and inode32/inode64, which are checked
 * and accepted but not enforced (memory is the only limit).  Any other
 * option is -EINVAL, as on Linux.  ramfs takes mode= and ignores the
 * rest, as Linux's does.
 *
 * Interface: the "tmpfs" fs type; ramfs_apply_options (ramfs.h).
 */
#include "fs/ramfs/ramfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "lib/string.h"

#define TMPFS_MAGIC	0x01021994u

/* The number at *s in base (8 or 10), moving *s past it; false when
 * there is none or it overflows. */
static bool opt_number(const char **s, unsigned int base, uint32_t *out)
{
	uint64_t v = 0;
	const char *p = *s;

	while (*p >= '0' && *p < (char)('0' + base)) {
		v = v * base + (uint64_t)(*p++ - '0');
		if (v > UINT32_MAX)
			return false;
	}
	if (p == *s)
		return false;
	*s = p;
	*out = (uint32_t)v;
	return true;
}

/* A size= value: a number and an optional k/m/g/% (checked, not kept). */
static bool opt_size(const char *v, bool percent_ok)
{
	uint32_t n;

	if (!opt_number(&v, 10, &n))
		return false;
	if (*v && strchr(percent_ok ? "kKmMgG%" : "kKmMgG", *v))
		v++;
	return *v == '\0';
}

/* One option name=value (value NULL without '='), applied to root. */
static int apply_one(struct inode *root, const char *name, const char *value,
		     bool tmpfs)
{
	uint32_t n;
	const char *v = value;

	if (strcmp(name, "mode") == 0) {
		if (!v || !opt_number(&v, 8, &n) || *v || n > 07777)
			return -EINVAL;
		root->mode = (uint16_t)(S_IFDIR | n);
		return 0;
	}
	if (!tmpfs)
		return 0;
	if (strcmp(name, "uid") == 0 || strcmp(name, "gid") == 0) {
		if (!v || !opt_number(&v, 10, &n) || *v)
			return -EINVAL;
		if (name[0] == 'u')
			root->uid = n;
		else
			root->gid = n;
		return 0;
	}
	if (strcmp(name, "size") == 0 || strcmp(name, "nr_blocks") == 0 ||
	    strcmp(name, "nr_inodes") == 0)
		return v && opt_size(v, name[0] == 's') ? 0 : -EINVAL;
	if (strcmp(name, "huge") == 0 || strcmp(name, "mpol") == 0)
		return v ? 0 : -EINVAL;
	if (strcmp(name, "inode32") == 0 || strcmp(name, "inode64") == 0)
		return v ? -EINVAL : 0;
	return -EINVAL;
}

int ramfs_apply_options(struct inode *root, const char *options, bool tmpfs)
{
	char opt[64];

	while (*options) {
		size_t len = strcspn(options, ",");
		char *eq;
		int err;

		if (len >= sizeof(opt))
			return -EINVAL;
		memcpy(opt, options, len);
		opt[len] = '\0';
		options += len + (options[len] == ',');
		if (!len)
			continue;
		eq = strchr(opt, '=');
		if (eq)
			*eq++ = '\0';
		err = apply_one(root, opt, eq, tmpfs);
		if (err)
			return err;
	}
	return 0;
}

static int tmpfs_mount(struct super_block *sb, const char *options)
{
	int err = ramfs_mount_common(sb, S_IFDIR | 01777);

	if (err)
		return err;
	sb->magic = TMPFS_MAGIC;
	return ramfs_apply_options(sb->root, options, true);
}

static struct fs_type tmpfs_type = {
	.name = "tmpfs",
	.mount = tmpfs_mount,
};

static int tmpfs_init(void)
{
	return vfs_register_fs(&tmpfs_type);
}
INITCALL(INIT_FS, tmpfs_init);
