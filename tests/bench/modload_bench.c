/*
 * modload_bench.c: the time to load and link a module (issue 13), run as
 * init on maestro by bench-modload (tests/bench/modload.mk).  The largest
 * real module, brd.ko, is loaded and unloaded ROUNDS times from memory
 * (init_module) and from its file (finit_module); each load's timing line
 * in the kernel log ("module: brd: N us to load, M us of it linking K
 * symbols", debug level) says how much of it was symbol resolution and
 * relocation.  The file's read into memory is timed too, for scale.
 * Prints "modload-bench: NAME VALUE" lines, then "done".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		50
#define LOG_SIZE	(256 * 1024)
#define ARGS		"rd_nr=1 rd_size=64"

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	char *buf = malloc(1 << 20);
	ssize_t n = fd >= 0 && buf ? read(fd, buf, 1 << 20) : -1;

	if (fd >= 0)
		close(fd);
	if (n <= 0) {
		printf("modload-bench: cannot read %s\n", path);
		exit(1);
	}
	*len = (size_t)n;
	return buf;
}

/* The averages of the kernel's timing lines for brd. */
static void kernel_times(void)
{
	static char log[LOG_SIZE];
	int n = klogctl(3, log, sizeof(log) - 1);
	double load = 0, link = 0;
	unsigned int loads = 0, syms = 0, a, b, c;

	for (char *p = log; n > 0 && (p = strstr(p, "module: brd: ")); p++)
		if (sscanf(p, "module: brd: %u us to load, %u us of it linking "
			   "%u symbols", &a, &b, &c) == 3) {
			load += a;
			link += b;
			syms = c;
			loads++;
		}
	if (!loads)
		return;
	printf("modload-bench: kernel-load-us %.1f\n", load / loads);
	printf("modload-bench: kernel-link-us %.1f\n", link / loads);
	printf("modload-bench: symbols-linked %u\n", syms);
}

int main(void)
{
	struct utsname u;
	char path[256];
	size_t len;
	char *image;
	double t, mem = 0, file = 0, rd = 0;

	uname(&u);
	snprintf(path, sizeof(path),
		 "/lib/modules/%s/kernel/drivers/block/brd.ko", u.release);
	for (int i = 0; i < ROUNDS; i++) {
		t = now_us();
		image = read_file(path, &len);
		rd += now_us() - t;
		free(image);
	}
	image = read_file(path, &len);
	for (int i = 0; i < ROUNDS; i++) {
		int fd = open(path, O_RDONLY);

		t = now_us();
		if (syscall(SYS_init_module, image, len, ARGS))
			perror("init_module");
		mem += now_us() - t;
		syscall(SYS_delete_module, "brd", O_NONBLOCK);
		t = now_us();
		if (syscall(SYS_finit_module, fd, ARGS, 0))
			perror("finit_module");
		file += now_us() - t;
		syscall(SYS_delete_module, "brd", O_NONBLOCK);
		close(fd);
	}
	printf("modload-bench: module-bytes %zu\n", len);
	printf("modload-bench: read-file-us %.1f\n", rd / ROUNDS);
	printf("modload-bench: init_module-us %.1f\n", mem / ROUNDS);
	printf("modload-bench: finit_module-us %.1f\n", file / ROUNDS);
	kernel_times();
	printf("modload-bench: done\n");
	return 0;
}
