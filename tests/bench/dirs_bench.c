/*
 * dirs_bench.c: bench-dirs (tests/bench/dirs.mk, issue 14 section 3):
 * directories and path lookup on ext2, the same static program on maestro
 * (init=/test/dirs_bench, the disk on the primary IDE master, /dev/hda)
 * and on Linux (/init of linux-peer's initramfs, which loads ata_piix,
 * sd_mod and ext4 first: /dev/sda).  The disk is a copy of the image the
 * build makes once (tools/dirs-tree.py: /tree, 20,000 empty files in 200
 * directories, and /src.tar, 4,500 files in 27 MiB), mounted at /mnt:
 *   create-10k   10,000 empty files "f00000" to "f09999" made in a new
 *                directory, open(O_CREAT | O_EXCL) and close each, by
 *                absolute path (/mnt/many/f00000);
 *   stat-10k     stat(2) of each, in the same order;
 *   unlink-10k   unlink(2) of each, in the same order;
 *   find-cold    busybox find /mnt (fork, exec, waitpid; its output to
 *                /dev/null) right after a remount, nothing cached;
 *   find-warm    the same again;
 *   tar-x        busybox tar -x -f /mnt/src.tar into a new directory,
 *                then sync(2).
 * Busybox is /bin/busybox on both (the root image's; linux-peer copies
 * the same binary into the initramfs).  Each row is a line "dirs-bench:
 * NAME SECONDS", and "dirs-bench: done" ends the run.  Then the program
 * powers the machine off.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include "tests/bench/peer_start.h"

#define NFILES		10000
#define PATH_LEN	32
#define MNT		"/mnt"
#define MANY		MNT "/many"
#define TAR_OUT		MNT "/x"
#define BUSYBOX		"/bin/busybox"

static const char *disk;
static char (*names)[PATH_LEN];

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void row(const char *name, double s)
{
	printf("dirs-bench: %s %.6f\n", name, s);
	fflush(stdout);
}

static int fail(const char *what, const char *path)
{
	printf("dirs-bench: %s %s: %s\n", what, path, strerror(errno));
	fflush(stdout);
	return -1;
}

static int remount(void)
{
	if (umount(MNT) && errno != EINVAL)
		return fail("umount", MNT);
	if (mount(disk, MNT, "ext2", 0, NULL))
		return fail("mount", disk);
	return 0;
}

static int create_all(void)
{
	double start = now();

	for (int i = 0; i < NFILES; i++) {
		int fd = open(names[i], O_CREAT | O_EXCL | O_WRONLY, 0644);

		if (fd < 0 || close(fd))
			return fail("create", names[i]);
	}
	row("create-10k", now() - start);
	return 0;
}

static int stat_all(void)
{
	double start = now();
	struct stat st;

	for (int i = 0; i < NFILES; i++) {
		if (stat(names[i], &st))
			return fail("stat", names[i]);
		if (!S_ISREG(st.st_mode) || st.st_size) {
			errno = EINVAL;
			return fail("stat (not an empty file)", names[i]);
		}
	}
	row("stat-10k", now() - start);
	return 0;
}

static int unlink_all(void)
{
	double start = now();

	for (int i = 0; i < NFILES; i++)
		if (unlink(names[i]))
			return fail("unlink", names[i]);
	row("unlink-10k", now() - start);
	return 0;
}

/* Run busybox with argv (argv[0] the applet), its standard output on
 * /dev/null: 0 when it exits with status 0. */
static int busybox(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(126);
		execv(BUSYBOX, argv);
		_exit(127);
	}
	if (pid < 0)
		return fail("fork", BUSYBOX);
	if (waitpid(pid, &status, 0) != pid)
		return fail("waitpid", BUSYBOX);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("dirs-bench: busybox %s: status 0x%x\n", argv[0], status);
		fflush(stdout);
		return -1;
	}
	return 0;
}

static int find(const char *name)
{
	char *argv[] = { "find", MNT, NULL };
	double start = now();

	if (busybox(argv))
		return -1;
	row(name, now() - start);
	return 0;
}

static int tar_x(void)
{
	char *argv[] = { "tar", "-x", "-f", MNT "/src.tar", "-C", TAR_OUT,
			 NULL };
	double start;
	struct stat st;

	if (mkdir(TAR_OUT, 0755))
		return fail("mkdir", TAR_OUT);
	start = now();
	if (busybox(argv))
		return -1;
	sync();
	row("tar-x", now() - start);
	if (stat(TAR_OUT "/src", &st) || !S_ISDIR(st.st_mode))
		return fail("tar left no directory", TAR_OUT "/src");
	return 0;
}

static int bench(void)
{
	names = malloc(sizeof(*names) * NFILES);
	if (!names)
		return -1;
	for (int i = 0; i < NFILES; i++)
		snprintf(names[i], sizeof(names[i]), MANY "/f%05d", i);
	if (remount())
		return -1;
	if (mkdir(MANY, 0755))
		return fail("mkdir", MANY);
	if (create_all() || stat_all() || unlink_all())
		return -1;
	if (rmdir(MANY))
		return fail("rmdir", MANY);
	return remount() || find("find-cold") || find("find-warm") || tar_x();
}

int main(void)
{
	int err = peer_disk_start(MNT, true, &disk) || bench();

	peer_disk_end("dirs-bench", err, MNT);
	reboot(RB_POWER_OFF);
	return 0;
}
