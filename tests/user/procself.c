/*
 * procself.c: maestro only (pids differ from the Linux oracle's, so it is
 * not in programs.txt).  Checks /proc/self and /proc/<pid>/ against what
 * the process knows about itself, printing one "<check>: yes|no" line each;
 * tests/system/run.py boots it as init and wants every line to say yes.
 * Run with "child" as argv[1] it is the re-executed child whose cmdline
 * ("procself child two words") the parent checks.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failed;

static void say(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "yes" : "no");
	if (!ok)
		failed = 1;
}

/* The whole file into buf (NUL added): its length, or -1. */
static int slurp(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), len = 0, n;

	if (fd < 0)
		return -1;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	return len;
}

static int proc_lists(int pid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (atoi(e->d_name) == pid && e->d_type == DT_DIR)
			found = 1;
	closedir(d);
	return found;
}

static int child(void)
{
	pause();		/* the parent reads our cmdline, then kills us */
	return 0;
}

int main(int argc, char **argv)
{
	char buf[4096], path[64], comm[64], state;
	const char *base = strrchr(argv[0], '/');
	int pid = getpid(), spid = -1, sppid = -1, n, ok;
	pid_t c;

	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return child();
	setvbuf(stdout, NULL, _IONBF, 0);
	base = base ? base + 1 : argv[0];

	n = readlink("/proc/self", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = 0;
	say("readlink /proc/self equals getpid", n > 0 && atoi(buf) == pid);

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	n = slurp(path, buf, sizeof(buf));
	ok = n > 0 && sscanf(buf, "%d (%63[^)]) %c %d", &spid, comm, &state,
			     &sppid) == 4;
	say("/proc/<pid>/stat field 1 equals pid", ok && spid == pid);
	say("comm matches argv[0] basename", ok && strncmp(comm, base, 15) == 0);
	say("stat state is R", ok && state == 'R');
	say("stat ppid equals getppid", ok && sppid == getppid());
	n = 0;
	for (char *s = buf; (s = strchr(s, ' ')); s++)
		n++;
	say("stat has 52 fields", n == 51);

	n = slurp("/proc/self/status", buf, sizeof(buf));
	snprintf(path, sizeof(path), "\nPid:\t%d\n", pid);
	say("status Pid line equals pid", n > 0 && strstr(buf, path));
	snprintf(path, sizeof(path), "Name:\t%.15s\n", base);
	say("status Name line matches comm", n > 0 && strncmp(buf, path,
							     strlen(path)) == 0);
	snprintf(path, sizeof(path), "\nUid:\t%d\t%d\t%d\t%d\n", getuid(),
		 geteuid(), geteuid(), geteuid());
	say("status Uid line matches getuid", n > 0 && strstr(buf, path));

	n = slurp("/proc/self/cmdline", buf, sizeof(buf));
	say("cmdline matches argv", n == (int)strlen(argv[0]) + 1 &&
	    strcmp(buf, argv[0]) == 0);
	say("/proc lists own pid", proc_lists(pid));

	/* A child re-executed with more arguments. */
	c = fork();
	if (c == 0) {
		execl("/test/procself", "procself", "child", "two words",
		      (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 200; i++) {	/* until it has exec'd */
		snprintf(path, sizeof(path), "/proc/%d/cmdline", c);
		n = slurp(path, buf, sizeof(buf));
		if (n > 0 && strcmp(buf, "procself") == 0)
			break;
		usleep(10000);
	}
	say("child cmdline is its argv, NUL-separated",
	    n == 25 && memcmp(buf, "procself\0child\0two words\0", 25) == 0);
	snprintf(path, sizeof(path), "/proc/%d/stat", c);
	n = slurp(path, buf, sizeof(buf));
	ok = n > 0 && sscanf(buf, "%d (%63[^)]) %c %d", &spid, comm, &state,
			     &sppid) == 4;
	say("child stat ppid equals our pid", ok && spid == c && sppid == pid &&
	    state == 'S');
	say("/proc lists the child", proc_lists(c));
	kill(c, SIGKILL);
	waitpid(c, NULL, 0);
	snprintf(path, sizeof(path), "/proc/%d", c);
	say("reaped child's /proc/<pid> is gone",
	    access(path, F_OK) < 0 && errno == ENOENT && !proc_lists(c));
	say("/proc/0 does not exist", access("/proc/0", F_OK) < 0);
	printf("procself: %s\n", failed ? "FAILED" : "all yes");
	return failed;
}
