/*
 * bash_bench.c: bench-bash (tests/bench/bash.mk, issue 14 section 4),
 * what bash spends its time on: a set of bash's own test scripts and a
 * synthetic script of the same shape, the same static program on maestro
 * (init=/test/bash_bench, the disk on the primary IDE master, /dev/hda)
 * and on Linux (/init of linux-peer's initramfs, which loads ata_piix,
 * sd_mod and ext4 first: /dev/sda).
 *
 * The disk is a copy of the image the build makes once
 * (tools/bash-tree.sh): the root image's /bin/bash and busybox with its
 * applet links, bash's tests/ as /tests, /bench/shape.sh.  It is mounted
 * at /mnt with proc, devtmpfs and a tmpfs (/tmp) inside it, and each
 * script runs chrooted there, so both kernels run the same files: as
 * bash's tests/run-all does it, `sh run-NAME` in /tests with THIS_SH=
 * /bin/bash, BASH_TSTOUT a file in /tmp and "." first in PATH (for the
 * helpers recho, zecho, printenv), standard input /dev/null, standard
 * output and error to /logs/NAME.log on the disk (a script prints its
 * diff against the expected output there).  /dev/fd and /dev/std* are
 * made when the devtmpfs lacks them (Linux's: its init scripts make them
 * on a full system; maestro's devtmpfs has them).
 *
 * The scripts are the list below, or those named in /bench/scripts on the
 * disk when the image has one (BENCH_BASH_SCRIPTS).  The list: the two
 * issue 14 names (array, posixexp), then arithmetic (arith), "$@" and
 * "$*" in every context (dollars), the long expansion test (new-exp),
 * process substitution (procsub; 2 s of it are a `sleep 2`), expansions
 * checked by exec'ing recho (more-exp) and here-documents (heredoc).
 * Left out: run-func (5 of its 5.5 s are a `sleep 5`), run-read and
 * run-jobs (terminal and timeouts: run-read did not end on Linux within
 * twenty minutes), run-ifs-posix (30 to 100 s alone).
 *
 * Each script is timed from fork to waitpid with CLOCK_MONOTONIC: a line
 * "bash-bench: NAME SECONDS", then "bash-bench: status NAME CODE" (the
 * exit status, 0 when the output was as expected; 128 + N for a signal
 * N).  Then "bash-bench: total SECONDS", the sum, and "bash-bench:
 * done".  Then the program powers the machine off, when it is init; run
 * from a shell (as root, the disk on /dev/hda), it returns instead, so
 * that `profile --syscalls -- /test/bash_bench` can count its system
 * calls.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include "tests/bench/peer_start.h"

#define MNT		"/mnt"
#define BASH		"/bin/bash"
#define TESTS		"/tests"
#define LIST		MNT "/bench/scripts"
#define MAX_SCRIPTS	128

/* Bash's test scripts, tests/run-NAME; the synthetic one comes last. */
static const char *default_scripts[] = {
	"array", "posixexp", "arith", "dollars", "new-exp", "procsub",
	"more-exp", "heredoc",
};
static const char **scripts = default_scripts;
static size_t nscripts = sizeof(default_scripts) / sizeof(default_scripts[0]);

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int fail(const char *what, const char *path)
{
	printf("bash-bench: %s %s: %s\n", what, path, strerror(errno));
	fflush(stdout);
	return -1;
}

/* Mount fstype on MNT/dir unless it fails; 0 or -1. */
static int mount_in(const char *fstype, const char *dir, const char *data)
{
	char path[64];

	snprintf(path, sizeof(path), MNT "/%s", dir);
	if (mount(fstype, path, fstype, 0, data))
		return fail("mount", path);
	return 0;
}

/* The links a full system has in /dev (Linux's udev makes them). */
static void dev_links(void)
{
	static const char *const links[][2] = {
		{ MNT "/dev/fd", "/proc/self/fd" },
		{ MNT "/dev/stdin", "/proc/self/fd/0" },
		{ MNT "/dev/stdout", "/proc/self/fd/1" },
		{ MNT "/dev/stderr", "/proc/self/fd/2" },
	};
	struct stat st;

	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (lstat(links[i][0], &st))
			symlink(links[i][1], links[i][0]);
}

/* The child: chrooted in MNT, in /tests, output to log, then argv. */
static void child(int log, const char *name, char *const argv[])
{
	char tstout[64], *envp[] = {
		"PATH=.:/bin:/usr/bin:/sbin:/usr/sbin", "THIS_SH=" BASH,
		"TMPDIR=/tmp", "HOME=/tmp", "BUILD_DIR=/tests", tstout, NULL,
	};
	int null = open(MNT "/dev/null", O_RDONLY);

	snprintf(tstout, sizeof(tstout), "BASH_TSTOUT=/tmp/bashtst-%s", name);
	if (null < 0 || dup2(null, 0) < 0 || dup2(log, 1) < 0 ||
	    dup2(log, 2) < 0 || chroot(MNT) || chdir(TESTS))
		_exit(126);
	close(null);
	close(log);
	execve(BASH, argv, envp);
	_exit(127);
}

/* Run argv as the script name; its time, or -1. */
static double run(const char *name, char *const argv[])
{
	char path[128];
	double start;
	int log, status;
	pid_t pid, reaped;

	snprintf(path, sizeof(path), MNT "/logs/%s.log", name);
	log = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (log < 0)
		return fail("open", path);
	start = now();
	pid = fork();
	if (pid == 0)
		child(log, name, argv);
	close(log);
	if (pid < 0)
		return fail("fork", name);
	/* As init, wait for any child: the orphans a script leaves behind
	 * (run-read's loop leaves 2,000) are ours to reap, as a real init's
	 * are, else they fill the process table and fork fails. */
	do
		reaped = waitpid(-1, &status, 0);
	while (reaped != pid && (reaped > 0 || errno == EINTR));
	if (reaped != pid)
		return fail("waitpid", name);
	printf("bash-bench: %s %.6f\n", name, now() - start);
	printf("bash-bench: status %s %d\n", name, WIFEXITED(status) ?
	       WEXITSTATUS(status) : 128 + WTERMSIG(status));
	fflush(stdout);
	/* Whatever a script left running in the background, reaped. */
	while (waitpid(-1, &status, WNOHANG) > 0)
		;
	return now() - start;
}

/* The scripts named in LIST on the disk, if it is there. */
static void scripts_from_list(void)
{
	static const char *list[MAX_SCRIPTS];
	static char names[4096];
	char *save, *name;
	size_t n = 0;

	peer_read_file(LIST, names, sizeof(names));
	for (name = strtok_r(names, " \t\n", &save); name && n < MAX_SCRIPTS;
	     name = strtok_r(NULL, " \t\n", &save))
		list[n++] = name;
	if (n) {
		scripts = list;
		nscripts = n;
	}
}

static int bench(const char *disk)
{
	char script[64], *argv[] = { "sh", script, NULL };
	char *shape[] = { "bash", "/bench/shape.sh", NULL };
	double total = 0, t;

	if (mount(disk, MNT, "ext2", 0, NULL))
		return fail("mount", disk);
	if (mount_in("proc", "proc", NULL) || mount_in("devtmpfs", "dev", NULL) ||
	    mount_in("tmpfs", "tmp", "mode=1777"))
		return -1;
	dev_links();
	scripts_from_list();
	for (size_t i = 0; i < nscripts; i++) {
		snprintf(script, sizeof(script), "run-%s", scripts[i]);
		t = run(scripts[i], argv);
		if (t < 0)
			return -1;
		total += t;
	}
	t = run("shape", shape);
	if (t < 0)
		return -1;
	printf("bash-bench: total %.6f\n", total + t);
	return 0;
}

int main(void)
{
	const char *disk;
	bool init = getpid() == 1;
	int err = peer_disk_start(MNT, init, &disk) || bench(disk);

	umount(MNT "/tmp");
	umount(MNT "/dev");
	umount(MNT "/proc");
	peer_disk_end("bash-bench", err, MNT);
	if (init)
		reboot(RB_POWER_OFF);
	return err;
}
