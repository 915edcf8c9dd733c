/*
 * peer_start.h: what a benchmark run as /init of tools/linux-peer.py's
 * initramfs does first on Linux, shared by linux_disk_bench.c and the
 * disk benchmarks that run as init on both kernels (fileio, dirs,
 * vfslock, bash); static functions; each program includes it once.
 *
 *   peer_read_file(path, buf, size)  the file's first size - 1 bytes,
 *				NUL-terminated ("" when unreadable)
 *   peer_load_modules(cmdline)	load the modules of /lib/modules/order in
 *				that order with finit_module, each with its
 *				"module.key=value" words of cmdline, as
 *				modprobe would; 0, or -1 after a line on
 *				standard error
 *   peer_wait_for(path)		wait up to 20 s for a device node; 0 or -1
 *   peer_disk_start(mnt, &disk)	as init: mount /proc and /dev (when
 *				init is true), make mnt, find the disk
 *				(maestro's /dev/hda or Linux's /dev/sda,
 *				after loading the modules): 0 or -1
 *   peer_disk_end(prefix, err, mnt)	print "PREFIX: done" (or "failed"),
 *				unmount mnt and sync
 */
#ifndef TESTS_BENCH_PEER_START_H
#define TESTS_BENCH_PEER_START_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <stdbool.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PEER_CMDLINE_MAX	4096

static void peer_read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	buf[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
}

/* The "MODULE.key=value" words of cmdline for MODULE. */
static void peer_module_params(const char *cmdline, const char *module,
			       char *out, size_t size)
{
	size_t len = strlen(module), used = 0;
	char copy[PEER_CMDLINE_MAX], *save, *word;

	out[0] = 0;
	snprintf(copy, sizeof(copy), "%s", cmdline);
	for (word = strtok_r(copy, " \n", &save); word;
	     word = strtok_r(NULL, " \n", &save)) {
		for (char *p = word; *p && *p != '.'; p++)
			if (*p == '-')
				*p = '_';
		if (strncmp(word, module, len) || word[len] != '.')
			continue;
		used += snprintf(out + used, size - used, "%s%s",
				 used ? " " : "", word + len + 1);
		if (used >= size)
			break;
	}
}

static int peer_load_modules(const char *cmdline)
{
	char order[1024], *save, *name;

	peer_read_file("/lib/modules/order", order, sizeof(order));
	for (name = strtok_r(order, "\n", &save); name;
	     name = strtok_r(NULL, "\n", &save)) {
		char path[256], module[64], params[512];
		int fd;

		snprintf(path, sizeof(path), "/lib/modules/%s", name);
		snprintf(module, sizeof(module), "%.*s",
			 (int)strcspn(name, "."), name);
		peer_module_params(cmdline, module, params, sizeof(params));
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || (syscall(SYS_finit_module, fd, params, 0) &&
			       errno != EEXIST)) {
			fprintf(stderr, "cannot load %s: %s\n", path,
				strerror(errno));
			return -1;
		}
		close(fd);
	}
	return 0;
}

static int peer_wait_for(const char *path)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	struct stat st;

	for (int i = 0; i < 2000; i++) {
		if (stat(path, &st) == 0)
			return 0;
		nanosleep(&tick, NULL);
	}
	fprintf(stderr, "no %s\n", path);
	return -1;
}

static int peer_disk_start(const char *mnt, bool init, const char **disk)
{
	static char cmdline[PEER_CMDLINE_MAX];
	struct stat st;

	if (init) {
		mount("proc", "/proc", "proc", 0, NULL);
		mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	}
	mkdir(mnt, 0755);
	peer_read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	*disk = stat("/dev/hda", &st) == 0 ? "/dev/hda" : "/dev/sda";
	if (stat("/lib/modules/order", &st) == 0 &&
	    (peer_load_modules(cmdline) || peer_wait_for(*disk)))
		return -1;
	return 0;
}

static void peer_disk_end(const char *prefix, int err, const char *mnt)
{
	printf("%s: %s\n", prefix, err ? "failed" : "done");
	fflush(stdout);
	umount(mnt);
	sync();
}

#endif
