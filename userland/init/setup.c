/*
 * setup.c: bringing the system up before the shells start (see init.h).
 *
 * setup_mounts() mounts proc on /proc, devtmpfs on /dev, a tmpfs
 * (mode 1777) on /dev/shm and sysfs on /sys unless something is mounted
 * there already (maestro's kernel mounts the first three itself; Linux
 * mounts none): a directory is a mount point when its device differs
 * from its parent's.  setup_hostname() gives sethostname() the first
 * line of /etc/hostname.  setup_run_rc() runs /etc/rc with bash, stdin
 * on /dev/null, and waits for it.
 */
#include "userland/init/init.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Whether dir is on another filesystem than its parent. */
static bool is_mount_point(const char *dir)
{
	struct stat st, up;
	char parent[64];

	snprintf(parent, sizeof(parent), "%s/..", dir);
	return !stat(dir, &st) && !stat(parent, &up) && st.st_dev != up.st_dev;
}

static void mount_if_missing(const char *dir, const char *fstype,
			     const char *options)
{
	if (is_mount_point(dir))
		return;
	if (mkdir(dir, 0755) && errno != EEXIST)
		init_log("mkdir %s: %s", dir, strerror(errno));
	if (mount(fstype, dir, fstype, 0, options))
		init_log("cannot mount %s on %s: %s", fstype, dir,
			 strerror(errno));
	else
		init_log("mounted %s on %s", fstype, dir);
}

void setup_mounts(void)
{
	mount_if_missing("/proc", "proc", NULL);
	mount_if_missing("/dev", "devtmpfs", NULL);
	mount_if_missing("/dev/shm", "tmpfs", "mode=1777");
	mount_if_missing("/sys", "sysfs", NULL);
}

void setup_hostname(void)
{
	char name[65];
	int fd = open("/etc/hostname", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return;
	n = read(fd, name, sizeof(name) - 1);
	close(fd);
	if (n <= 0)
		return;
	name[n] = '\0';
	name[strcspn(name, " \t\r\n")] = '\0';
	if (name[0] && sethostname(name, strlen(name)))
		init_log("sethostname %s: %s", name, strerror(errno));
}

/* In the child: stdin on /dev/null, the signal mask cleared, bash. */
static __attribute__((noreturn)) void run_rc(void)
{
	char *const argv[] = { "bash", "/etc/rc", NULL };
	char *const envp[] = { "HOME=/", "PATH=/bin:/sbin:/usr/bin:/usr/sbin",
			       "TERM=linux", NULL };
	sigset_t none;
	int fd = open("/dev/null", O_RDONLY);

	if (fd > 0) {
		dup2(fd, STDIN_FILENO);
		close(fd);
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execve("/bin/bash", argv, envp);
	init_log("cannot run /bin/bash: %s", strerror(errno));
	_exit(127);
}

void setup_run_rc(void)
{
	int status;
	pid_t pid;

	if (access("/etc/rc", R_OK))
		return;
	init_log("running /etc/rc");
	pid = fork();
	if (pid == 0)
		run_rc();
	if (pid < 0) {
		init_log("fork for /etc/rc: %s", strerror(errno));
		return;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		init_log("/etc/rc failed (status %d)", WIFEXITED(status) ?
			 WEXITSTATUS(status) : 128 + WTERMSIG(status));
}
