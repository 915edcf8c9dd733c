/*
 * chars.c: the character devices in sysfs, as Linux shows the devices no
 * bus holds:
 *   /sys/devices/virtual/<class>/<name>/   dev ("1:3"), uevent (MAJOR,
 *                                          MINOR, DEVNAME)
 *   /sys/class/<class>/<name>              a link to it
 *   /sys/dev/char/<M>:<m>                  a link to it
 * The class is Linux's for the device: "tty" for terminals and the
 * console, "mem" for null, zero, random and their kin, "misc" for the
 * rest.  The devices are devfs's nodes when sysfs is mounted.
 *
 * Interface (fs/sysfs/sysfs.h): sysfs_build_chars.
 */
#include "fs/sysfs/sysfs.h"
#include "fs/devfs/devfs.h"
#include "lib/printf.h"
#include "lib/string.h"

static const char *char_class(const char *name)
{
	static const char *const mem[] = {
		"mem", "kmem", "null", "port", "zero", "full", "random",
		"urandom", "kmsg",
	};

	if (!strncmp(name, "tty", 3) || !strcmp(name, "console") ||
	    !strcmp(name, "ptmx"))
		return "tty";
	for (size_t i = 0; i < ARRAY_SIZE(mem); i++)
		if (!strcmp(name, mem[i]))
			return "mem";
	return "misc";
}

static void char_one(const char *name, uint32_t rdev, void *arg)
{
	struct inode *root = arg, *dir;
	const char *class = char_class(name);
	char path[80], target[96];

	if (strchr(name, '/'))
		return;			/* not a name sysfs can hold */
	scnprintf(path, sizeof(path), "devices/virtual/%s/%s", class, name);
	dir = sysfs_dir(root, path);
	sysfs_file(dir, "dev", "%u:%u\n", MAJOR(rdev), MINOR(rdev));
	sysfs_file(dir, "uevent", "MAJOR=%u\nMINOR=%u\nDEVNAME=%s\n",
		   MAJOR(rdev), MINOR(rdev), name);
	sysfs_dir_put(dir);
	scnprintf(path, sizeof(path), "class/%s", class);
	dir = sysfs_dir(root, path);
	scnprintf(target, sizeof(target), "../../devices/virtual/%s/%s", class,
		  name);
	sysfs_link(dir, name, target);
	sysfs_dir_put(dir);
	dir = sysfs_dir(root, "dev/char");
	scnprintf(path, sizeof(path), "%u:%u", MAJOR(rdev), MINOR(rdev));
	sysfs_link(dir, path, target);
	sysfs_dir_put(dir);
}

void sysfs_build_chars(struct inode *root)
{
	devfs_for_each_char(char_one, root);
}
