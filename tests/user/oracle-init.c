/*
 * oracle-init.c: /init of the Linux oracle (tools/linux-oracle.py).
 *
 * Debian's i386 Linux boots in QEMU with an initramfs that holds maestro's
 * root image (the same /test programs, bash, busybox and /etc on ext2) and
 * this program as /init, pid 1.  It does, in one boot, what maestro does
 * in two:
 *
 *  1. what maestro's "utest" runner does (kernel/proc/utest.c): run every
 *     line "NAME ARG..." of /test/programs.txt as /test/NAME, one after
 *     another, each in a session of its own (pid = pgid = sid, no
 *     controlling terminal), from /, with exactly TEST_ENV=1 PATH=/test,
 *     stdin /dev/null, stdout and stderr on /dev/console, framed as
 *	utest: begin NN-NAME
 *	...output...
 *	exit N
 *	utest: end NN-NAME
 *     (N: the exit code, or 128 + the signal), then "utest: N runs done".
 *     A run still going after ORACLE_TIMEOUT seconds gets "utest: timeout
 *     NN-NAME" and SIGKILL, with its process group.  Orphans that Linux
 *     gives pid 1 are reaped on the way.
 *  2. what maestro does with init=/test/shell/run.sh: exec that script as
 *     pid 1, in a session of its own, with HOME=/ TERM=linux and
 *     /dev/console as stdin, stdout and stderr.  When it ends Linux panics
 *     ("Attempted to kill init"), and with panic=-1 and QEMU's -no-reboot
 *     the machine stops.
 *
 * Each step has the same root as maestro's: a copy of maestro's root image
 * (/.oracle/rootfs.ext2 in the initramfs, the same bytes maestro boots),
 * fresh for each step as maestro boots afresh for each, mounted through a
 * loop device (the modules of /.oracle/order: ext4, which provides ext2,
 * and loop) and entered with chroot, with proc on /proc, devtmpfs on
 * /dev and a tmpfs (mode 1777) on /dev/shm, as maestro's kernel mounts
 * them before its first process, and the
 * links every Linux system's /dev has (udev makes them), /dev/fd and
 * /dev/std{in,out,err}, which maestro's devfs has too.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ORACLE_DIR	"/.oracle"
#define ROOT_IMAGE	ORACLE_DIR "/rootfs.ext2"
#define SHELL_IMAGE	ORACLE_DIR "/rootfs-shell.ext2"
#define PROGRAMS	"/test/programs.txt"
#define SHELL_RUNNER	"/test/shell/run.sh"
#define ORACLE_TIMEOUT	120	/* seconds per run, under TCG */
#define MAX_ARGS	32

static char *const test_envp[] = { "TEST_ENV=1", "PATH=/test", NULL };
static char *const init_envp[] = { "HOME=/", "TERM=linux", NULL };

/* printf to the console, unbuffered (the runs write there too). */
static void say(const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(line) - 1)
		len = sizeof(line) - 1;
	if (write(1, line, len) < 0)
		_exit(1);
}

/* The shell's view of a wait status: the code, or 128 + the signal. */
static int status_code(int status)
{
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

static void child(char **argv)
{
	int in = open("/dev/null", O_RDONLY);

	setsid();
	if (in < 0 || dup2(in, 0) < 0 || chdir("/") < 0)
		_exit(126);
	close(in);
	execve(argv[0], argv, test_envp);
	_exit(127);
}

/* Wait for pid, reaping any orphan on the way; kill its group after the
 * timeout.  Returns its wait status. */
static int wait_run(pid_t pid, const char *run)
{
	time_t deadline = time(NULL) + ORACLE_TIMEOUT;
	int status, killed = 0;

	for (;;) {
		pid_t got = waitpid(-1, &status, WNOHANG);

		if (got == pid)
			return status;
		if (got > 0)
			continue;
		if (got < 0 && errno != EINTR)
			return 127 << 8;
		if (!killed && time(NULL) >= deadline) {
			say("utest: timeout %s\n", run);
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			killed = 1;
		}
		usleep(2000);
	}
}

/* Split line into argv[1..] after "/test/NAME" in path; the word count. */
static int split(char *line, char **argv, char *path, size_t size)
{
	int n = 0;

	for (char *w = strtok(line, " \t"); w && n < MAX_ARGS;
	     w = strtok(NULL, " \t"))
		argv[n++] = w;
	argv[n] = NULL;
	if (n && argv[0][0] == '#')
		return 0;
	if (n) {
		snprintf(path, size, "/test/%s", argv[0]);
		argv[0] = path;
	}
	return n;
}

static void run_programs(void)
{
	FILE *list = fopen(PROGRAMS, "re");
	char line[512], path[128], run[160], *argv[MAX_ARGS + 1];
	int n = 0;

	if (!list) {
		say("utest: cannot open %s\n", PROGRAMS);
		return;
	}
	while (fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		if (!split(line, argv, path, sizeof(path)))
			continue;
		snprintf(run, sizeof(run), "%02d-%s", ++n, path + 6);
		say("utest: begin %s\n", run);
		pid_t pid = fork();
		if (pid == 0)
			child(argv);
		int status = pid < 0 ? 127 << 8 : wait_run(pid, run);
		say("exit %d\nutest: end %s\n", status_code(status), run);
	}
	fclose(list);
	say("utest: %d runs done\n", n);
}

/* Load ORACLE_DIR/order's modules, dependencies first. */
static void load_modules(void)
{
	FILE *order = fopen(ORACLE_DIR "/order", "re");
	char name[128], path[192];

	while (order && fgets(name, sizeof(name), order)) {
		name[strcspn(name, "\n")] = '\0';
		snprintf(path, sizeof(path), ORACLE_DIR "/%s", name);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) &&
			       errno != EEXIST))
			say("oracle-init: cannot load %s\n", path);
		close(fd);
	}
	if (order)
		fclose(order);
}

/* Attach image to a free loop device, whose path goes to dev: 0, or -1
 * with errno set. */
static int attach_loop(const char *image, char *dev, size_t size)
{
	int ctl, n, img, loop, err = -1;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	n = ctl < 0 ? -1 : ioctl(ctl, LOOP_CTL_GET_FREE);
	snprintf(dev, size, "/dev/loop%d", n);
	img = open(image, O_RDWR | O_CLOEXEC);
	loop = n < 0 ? -1 : open(dev, O_RDWR | O_CLOEXEC);
	if (img >= 0 && loop >= 0)
		err = ioctl(loop, LOOP_SET_FD, img);
	close(ctl);
	close(img);
	close(loop);
	return err;
}

/* Copy file from to a new file to: 0, or -1 with errno set. */
static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC);
	int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	ssize_t n = in < 0 || out < 0 ? -1 : 0;

	while (n >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		n = write(out, buf, n) == n ? n : -1;
	close(in);
	close(out);
	return n < 0 ? -1 : 0;
}

static void make_dev_links(void)
{
	symlink("/proc/self/fd", "/dev/fd");
	symlink("/proc/self/fd/0", "/dev/stdin");
	symlink("/proc/self/fd/1", "/dev/stdout");
	symlink("/proc/self/fd/2", "/dev/stderr");
}

/* Mount image (ext2) on dir through a loop device and make it the root
 * of this process and its children, with /proc and /dev mounted in it:
 * 0, or -1 with a message. */
static int enter_root(const char *image, const char *dir)
{
	char dev[32] = "no loop device";
	const char *step = "loop";

	if (attach_loop(image, dev, sizeof(dev)))
		goto fail;
	step = "mount";
	if (mkdir(dir, 0755) || mount(dev, dir, "ext2", 0, NULL))
		goto fail;
	step = "chroot";
	if (chroot(dir) || chdir("/"))
		goto fail;
	step = "/proc and /dev";
	if (mount("proc", "/proc", "proc", 0, NULL) ||
	    mount("devtmpfs", "/dev", "devtmpfs", 0, NULL))
		goto fail;
	step = "/dev/shm";
	if ((mkdir("/dev/shm", 01777) && errno != EEXIST) ||
	    mount("tmpfs", "/dev/shm", "tmpfs", 0, "mode=1777"))
		goto fail;
	make_dev_links();
	return 0;
fail:
	say("oracle-init: cannot make %s the root (%s, %s): %s\n", image, step,
	    dev, strerror(errno));
	return -1;
}

int main(void)
{
	char *const shell_argv[] = { SHELL_RUNNER, NULL };
	int initramfs;

	load_modules();
	initramfs = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (initramfs < 0 || mount("devtmpfs", "/dev", "devtmpfs", 0, NULL) ||
	    copy_file(ROOT_IMAGE, SHELL_IMAGE)) {
		say("oracle-init: cannot set up: %s\n", strerror(errno));
		return 1;
	}
	if (enter_root(ROOT_IMAGE, "/root-utest"))
		return 1;
	run_programs();
	/* Back to the initramfs (pid 1 keeps a descriptor of it), then a
	 * fresh copy of the image for the shell cases, as maestro boots
	 * again for them. */
	if (fchdir(initramfs) || chroot(".") ||
	    enter_root(SHELL_IMAGE, "/root-shell"))
		return 1;
	close(initramfs);
	setsid();
	execve(SHELL_RUNNER, shell_argv, init_envp);
	say("oracle-init: cannot run %s\n", SHELL_RUNNER);
	return 1;
}
