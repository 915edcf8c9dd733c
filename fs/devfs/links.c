/*
 * links.c: the symbolic links every Linux /dev has (made there by udev or
 * the init system; devfs has them from the start, for programs run before
 * anything could make them): /dev/fd -> /proc/self/fd and /dev/stdin,
 * /dev/stdout, /dev/stderr -> /proc/self/fd/0, 1, 2.  bash's process
 * substitution opens /dev/fd/N.  They resolve once /proc is mounted and
 * /proc/self/fd exists.
 *
 * Interface: none; the links are registered with devfs at INIT_FS.
 */
#include "fs/devfs/devfs.h"
#include "lib/compiler.h"
#include "kernel/init.h"

static const struct {
	const char *name, *target;
} devfs_links[] = {
	{ "fd", "/proc/self/fd" },
	{ "stdin", "/proc/self/fd/0" },
	{ "stdout", "/proc/self/fd/1" },
	{ "stderr", "/proc/self/fd/2" },
};

static int devfs_links_init(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(devfs_links); i++) {
		int err = devfs_register_link(devfs_links[i].name,
					      devfs_links[i].target);

		if (err)
			return err;
	}
	return 0;
}
INITCALL(INIT_FS, devfs_links_init);
