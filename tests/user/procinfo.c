/*
 * procinfo.c: what a process can learn about itself and the system, and
 * the settings that show in /proc: CPU time and counts (times,
 * getrusage for itself, its children and its thread, wait4's rusage),
 * sysinfo, /proc/self/{stat,statm,status,maps,fd/,exe,cwd,root,comm,
 * cmdline,environ}, /proc/stat and /proc/uptime, prctl (name, parent
 * death signal, child subreaper, dumpable, no_new_privs), priorities and
 * the sched_* calls.  Everything printed holds on any Linux: relations
 * ("utime+stime > 0"), field counts and errno names, never pids, times
 * or addresses.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include "check.h"

static char buf[16384];

/* The whole file into buf (NUL added): its length, or -1. */
static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY), len = 0, n;

	if (fd < 0)
		return -1;
	while (len < (int)sizeof(buf) - 1 &&
	       (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	return len;
}

static double cpu_seconds(int who)
{
	struct rusage ru;

	getrusage(who, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* Spin until this process has used at least secs of CPU time. */
static void burn(double secs)
{
	volatile unsigned long x = 0;

	for (int i = 0; i < 2000 && cpu_seconds(RUSAGE_SELF) < secs; i++)
		for (int j = 0; j < 200000; j++)
			x += (unsigned long)j;
}

/* /proc/self/stat's fields after the comm, from field 3 on: f[3]... */
static int stat_fields(const char *path, char *comm, long long *f)
{
	char *open_paren, *close_paren, *p;
	int n = 2;

	if (slurp(path) < 0)
		return 0;
	open_paren = strchr(buf, '(');
	close_paren = strrchr(buf, ')');
	if (!open_paren || !close_paren)
		return 0;
	snprintf(comm, 32, "%.*s", (int)(close_paren - open_paren - 1),
		 open_paren + 1);
	f[1] = atoll(buf);
	for (p = close_paren + 2; *p && n < 60; ) {
		f[++n] = *p == 'R' || *p == 'S' || *p == 'Z' || *p == 'T' ?
			 0 : atoll(p);
		while (*p && *p != ' ' && *p != '\n')
			p++;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	return n;
}

static void usage(void)
{
	struct rusage ru, child;
	struct tms t;
	clock_t start = times(&t);
	long minflt;
	char *mem;
	pid_t pid;
	int st;

	burn(0.05);
	yes("utime+stime > 0 after a busy loop", cpu_seconds(RUSAGE_SELF) > 0);
	yes("times: tms_utime + tms_stime > 0", times(&t) >= start &&
	    t.tms_utime + t.tms_stime > 0);
	yes("RUSAGE_THREAD counts too", cpu_seconds(RUSAGE_THREAD) > 0);
	yes("no children's time yet", cpu_seconds(RUSAGE_CHILDREN) == 0 &&
	    t.tms_cutime == 0);
	getrusage(RUSAGE_SELF, &ru);
	minflt = ru.ru_minflt;
	mem = mmap(NULL, 64 * 4096, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (int i = 0; i < 64; i++)
		mem[i * 4096] = 1;
	getrusage(RUSAGE_SELF, &ru);
	yes("64 new pages: at least 64 more minor faults",
	    ru.ru_minflt - minflt >= 64);
	yes("maxrss > 0", ru.ru_maxrss > 0);
	munmap(mem, 64 * 4096);
	usleep(20000);
	getrusage(RUSAGE_SELF, &ru);
	yes("a sleep made a voluntary switch", ru.ru_nvcsw > 0);
	expect_err("getrusage(5)", getrusage(5, &ru), EINVAL);
	pid = fork();
	if (pid == 0) {
		burn(0.05);
		_exit(0);
	}
	yes("wait4 gives the child's rusage",
	    wait4(pid, &st, 0, &child) == pid &&
	    child.ru_utime.tv_sec * 1000000 + child.ru_utime.tv_usec +
	    child.ru_stime.tv_sec * 1000000 + child.ru_stime.tv_usec > 0);
	yes("RUSAGE_CHILDREN has the waited child",
	    cpu_seconds(RUSAGE_CHILDREN) > 0);
	times(&t);
	yes("times: tms_cutime + tms_cstime > 0", t.tms_cutime + t.tms_cstime > 0);
}

static void system_info(void)
{
	struct sysinfo si;
	double up, idle;

	yes("sysinfo", sysinfo(&si) == 0);
	yes("totalram > 0 and freeram <= totalram", si.totalram > 0 &&
	    si.freeram <= si.totalram && si.mem_unit >= 1);
	yes("uptime > 0 and procs >= 1", si.uptime > 0 && si.procs >= 1);
	yes("/proc/uptime has two numbers", slurp("/proc/uptime") > 0 &&
	    sscanf(buf, "%lf %lf", &up, &idle) == 2 && up > 0 &&
	    up <= si.uptime + 1);
	yes("/proc/stat", slurp("/proc/stat") > 0);
	yes("/proc/stat: cpu line", strncmp(buf, "cpu  ", 5) == 0);
	yes("/proc/stat: cpu0 line", strstr(buf, "\ncpu0 ") != NULL);
	yes("/proc/stat: intr, ctxt, btime, processes",
	    strstr(buf, "\nintr ") && strstr(buf, "\nctxt ") &&
	    strstr(buf, "\nbtime ") && strstr(buf, "\nprocesses "));
	yes("/proc/stat: procs_running >= 1",
	    strstr(buf, "\nprocs_running ") &&
	    atoi(strstr(buf, "\nprocs_running ") + 15) >= 1);
	yes("btime is before now", strstr(buf, "\nbtime ") &&
	    atoll(strstr(buf, "\nbtime ") + 7) <= (long long)time(NULL));
}

static void self_stat(const char *argv0)
{
	long long f[64] = { 0 }, vsize;
	char comm[32];
	int n = stat_fields("/proc/self/stat", comm, f);
	struct sysinfo si;

	sysinfo(&si);
	printf("/proc/self/stat fields: %d\n", n);
	printf("comm: %s\n", comm);
	yes("pid and ppid", f[1] == getpid() && f[4] == getppid());
	yes("utime+stime in ticks > 0", f[14] + f[15] > 0);
	yes("cutime+cstime in ticks > 0", f[16] + f[17] > 0);
	yes("priority 20, nice 0", f[18] == 20 && f[19] == 0);
	yes("num_threads 1", f[20] == 1);
	yes("starttime within the uptime", f[22] <= (si.uptime + 1) * 100);
	/* rss is not checked for > 0: Linux folds per-thread RSS counters
	 * in lazily, and a small program can read 0. */
	yes("vsize > 0, rss >= 0", f[23] > 0 && f[24] >= 0);
	vsize = f[23];
	yes("statm", slurp("/proc/self/statm") > 0 &&
	    sscanf(buf, "%lld %lld", &f[0], &f[1]) == 2);
	yes("statm: size * 4096 = vsize, resident <= size",
	    f[0] * 4096 == vsize && f[1] <= f[0]);
	yes("status", slurp("/proc/self/status") > 0);
	yes("status: Name, Pid, VmRSS, Threads",
	    strstr(buf, "Name:\tprocinfo\n") && strstr(buf, "\nPid:\t") &&
	    strstr(buf, "\nVmRSS:") && strstr(buf, "\nThreads:\t1\n"));
	printf("comm file: %s", slurp("/proc/self/comm") > 0 ? buf : "?\n");
	n = slurp("/proc/self/cmdline");
	yes("cmdline is argv", n == (int)strlen(argv0) + 1 + 4 + 1 &&
	    strcmp(buf, argv0) == 0 && strcmp(buf + strlen(argv0) + 1, "self") == 0);
	n = slurp("/proc/self/environ");
	for (int i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = '|';
	printf("environ: %s\n", buf);
}

static int main_marker;

static void maps(void)
{
	int local = 0, lines = 0, stack = 0, heap = 0, text = 0;
	char *brk_area = (char *)syscall(SYS_brk, 0), *line;
	uintptr_t lo, hi;
	char perms[5];

	CHECK(syscall(SYS_brk, brk_area + 8192) == (long)(brk_area + 8192));
	brk_area[0] = 1;
	yes("maps", slurp("/proc/self/maps") > 0);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, "%lx-%lx %4s", (unsigned long *)&lo,
			   (unsigned long *)&hi, perms) != 3)
			continue;
		lines++;
		if ((uintptr_t)&local >= lo && (uintptr_t)&local < hi)
			stack = strstr(line, "[stack]") && perms[1] == 'w';
		if ((uintptr_t)brk_area >= lo && (uintptr_t)brk_area < hi)
			heap = strstr(line, "[heap]") != NULL;
		if ((uintptr_t)maps >= lo && (uintptr_t)maps < hi)
			text = perms[0] == 'r' && perms[2] == 'x' && perms[3] == 'p';
	}
	yes("maps: several lines", lines >= 3);
	yes("maps: the stack variable is in [stack], writable", stack);
	yes("maps: the brk area is [heap]", heap);
	yes("maps: the code is r-xp", text);
	(void)main_marker;
}

static void fds(void)
{
	char path[256], want[256];
	int fd = open(tmp("f"), O_CREAT | O_RDWR, 0644), p[2];
	static char listed[1024];
	struct dirent *e;
	int same = 1;
	DIR *d;
	ssize_t n;

	CHECK(fd == 3 && pipe(p) == 0);
	d = opendir("/proc/self/fd");
	memset(listed, 0, sizeof(listed));
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) < 1024)
			listed[atoi(e->d_name)] = e->d_type == DT_LNK ? 1 : 2;
	for (int i = 0; i < 1024; i++)
		same &= listed[i] == (fcntl(i, F_GETFD) != -1);
	closedir(d);
	yes("fd/ lists exactly the open fds, as links", d && same);
	n = readlink("/proc/self/fd/3", path, sizeof(path) - 1);
	path[n > 0 ? n : 0] = 0;
	yes("fd/3 names the file", strcmp(path, tmp("f")) == 0);
	n = readlink("/proc/self/fd/4", path, sizeof(path) - 1);
	path[n > 0 ? n : 0] = 0;
	yes("fd/4 is a pipe:[N]", strncmp(path, "pipe:[", 6) == 0);
	expect_err("fd/99 does not exist", readlink("/proc/self/fd/99", path, 10),
		   ENOENT);
	n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	path[n > 0 ? n : 0] = 0;
	yes("exe ends with /procinfo", n > 9 && strcmp(path + n - 9, "/procinfo") == 0);
	CHECK(chdir(tmp_dir) == 0);
	n = readlink("/proc/self/cwd", path, sizeof(path) - 1);
	path[n > 0 ? n : 0] = 0;
	yes("cwd is the directory chdir went to",
	    getcwd(want, sizeof(want)) && strcmp(path, want) == 0);
	CHECK(chdir("/") == 0);
	n = readlink("/proc/self/root", path, sizeof(path) - 1);
	yes("root is /", n == 1 && path[0] == '/');
	unlink(tmp("f"));
	n = readlink("/proc/self/fd/3", path, sizeof(path) - 1);
	path[n > 0 ? n : 0] = 0;
	yes("an unlinked file shows (deleted)",
	    n > 10 && strcmp(path + n - 10, " (deleted)") == 0);
	close(fd);
	close(p[0]);
	close(p[1]);
	expect_err("fd/3 after close", readlink("/proc/self/fd/3", path, 10),
		   ENOENT);
}

static void on_usr1(int sig)
{
	(void)sig;
}

/* B: the grandchild, which wants SIGUSR1 when its parent A dies. */
static void grandchild(int ready)
{
	sigset_t usr1, old;
	int sig = 0;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	signal(SIGUSR1, on_usr1);
	CHECK(prctl(PR_SET_PDEATHSIG, SIGUSR1) == 0);
	CHECK(prctl(PR_GET_PDEATHSIG, &sig) == 0 && sig == SIGUSR1);
	CHECK(write(ready, "r", 1) == 1);
	sigwait(&usr1, &sig);
	printf("grandchild: got %s when its parent died\n", sig_name(sig));
	_exit(getppid() == getpgrp() ? 0 : 3);	/* the subreaper leads the group */
}

static void pdeath(void)
{
	int p[2], reaper = -1, st = 0;
	pid_t a, b;
	char c;

	CHECK(setpgid(0, 0) == 0 || getpgrp() == getpid());
	CHECK(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
	CHECK(prctl(PR_GET_CHILD_SUBREAPER, &reaper) == 0);
	yes("child subreaper set", reaper == 1);
	CHECK(pipe(p) == 0);
	a = fork();
	if (a == 0) {
		b = fork();
		if (b == 0)
			grandchild(p[1]);
		CHECK(read(p[0], &c, 1) == 1);
		_exit(0);	/* B gets SIGUSR1 and a new parent */
	}
	/* Both waits before printing: the grandchild prints when its
	 * signal comes, which races with this process's wake-up. */
	CHECK(waitpid(a, &st, 0) == a);
	b = wait(NULL);
	printf("middle child: %s\n", status_str(st));
	yes("the orphaned grandchild was adopted and reaped", b > 0);
	expect_err("no more children", wait(NULL), ECHILD);
	close(p[0]);
	close(p[1]);
	prctl(PR_SET_CHILD_SUBREAPER, 0);
}

static void prctls(void)
{
	char name[16] = { 0 };
	long long f[64];
	char comm[32];
	pid_t pid;

	yes("PR_SET_NAME", prctl(PR_SET_NAME, "renamed-process-long") == 0);
	yes("PR_GET_NAME is cut at 15", prctl(PR_GET_NAME, name) == 0 &&
	    strcmp(name, "renamed-process") == 0);
	stat_fields("/proc/self/stat", comm, f);
	printf("stat comm after PR_SET_NAME: %s\n", comm);
	printf("comm file: %s", slurp("/proc/self/comm") > 0 ? buf : "?\n");
	prctl(PR_SET_NAME, "procinfo");
	expect_err("PR_SET_PDEATHSIG 65", prctl(PR_SET_PDEATHSIG, 65), EINVAL);
	yes("dumpable", prctl(PR_GET_DUMPABLE) == 1);
	expect_err("PR_SET_DUMPABLE 2", prctl(PR_SET_DUMPABLE, 2), EINVAL);
	yes("not dumpable", prctl(PR_SET_DUMPABLE, 0) == 0 &&
	    prctl(PR_GET_DUMPABLE) == 0);
	prctl(PR_SET_DUMPABLE, 1);
	expect_err("unknown option", prctl(12345, 0, 0, 0, 0), EINVAL);
	pid = fork();
	if (pid == 0) {
		yes("no_new_privs starts 0", prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 0);
		expect_err("PR_SET_NO_NEW_PRIVS 0",
			   prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0), EINVAL);
		yes("PR_SET_NO_NEW_PRIVS 1",
		    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
		    prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1);
		yes("status shows NoNewPrivs", slurp("/proc/self/status") > 0 &&
		    strstr(buf, "NoNewPrivs:\t1") != NULL);
		_exit(failures);
	}
	printf("no_new_privs child: %s\n", wait_str(pid));
}

static void priorities(void)
{
	long long f[64];
	char comm[32];
	cpu_set_t set;
	struct sched_param sp;
	pid_t pid;

	memset(&sp, 0, sizeof(sp));
	pid = fork();
	if (pid == 0) {
		yes("getpriority is 0", getpriority(PRIO_PROCESS, 0) == 0);
		yes("setpriority 5", setpriority(PRIO_PROCESS, 0, 5) == 0 &&
		    getpriority(PRIO_PROCESS, getpid()) == 5);
		stat_fields("/proc/self/stat", comm, f);
		yes("stat: priority 25, nice 5", f[18] == 25 && f[19] == 5);
		yes("nice(2) gives 7", nice(2) == 7);
		yes("setpriority 100 clamps to 19",
		    setpriority(PRIO_PROCESS, 0, 100) == 0 &&
		    getpriority(PRIO_PROCESS, 0) == 19);
		yes("root lowers it", setpriority(PRIO_PROCESS, 0, -5) == 0);
		yes("PRIO_PGRP and PRIO_USER find it",
		    getpriority(PRIO_PGRP, 0) != -1 &&
		    getpriority(PRIO_USER, 0) != -1);
		CHECK(setuid(1000) == 0);
		yes("a user raises it", setpriority(PRIO_PROCESS, 0, 10) == 0);
		expect_err("a user lowers it", setpriority(PRIO_PROCESS, 0, 0),
			   EACCES);
		expect_err("a user renices its parent",
			   setpriority(PRIO_PROCESS, getppid(), 10), EPERM);
		_exit(failures);
	}
	printf("priority child: %s\n", wait_str(pid));
	expect_err("setpriority of no such pid",
		   setpriority(PRIO_PROCESS, 999999, 0), ESRCH);
	expect_err("getpriority which=7", getpriority(7, 0), EINVAL);
	yes("sched_getaffinity: at least one CPU",
	    sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) >= 1);
	yes("SCHED_OTHER", syscall(SYS_sched_getscheduler, 0) == SCHED_OTHER);
	yes("sched_getparam: priority 0",
	    syscall(SYS_sched_getparam, 0, &sp) == 0 && sp.sched_priority == 0);
	printf("priority range FIFO %d..%d, OTHER %d..%d\n",
	       sched_get_priority_min(SCHED_FIFO), sched_get_priority_max(SCHED_FIFO),
	       sched_get_priority_min(SCHED_OTHER),
	       sched_get_priority_max(SCHED_OTHER));
	expect_err("priority max of policy 42", sched_get_priority_max(42), EINVAL);
	expect_err("sched_getscheduler(-1)",
		   syscall(SYS_sched_getscheduler, -1), EINVAL);
	expect_err("sched_getscheduler of no such pid",
		   syscall(SYS_sched_getscheduler, 999999), ESRCH);
	sp.sched_priority = 0;
	yes("sched_setscheduler SCHED_OTHER 0",
	    syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &sp) == 0);
	sp.sched_priority = 5;
	expect_err("SCHED_OTHER with priority 5",
		   syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &sp), EINVAL);
}

int main(int argc, char **argv)
{
	if (argc < 2) {		/* run with an argument for the cmdline check */
		execl(argv[0], argv[0], "self", (char *)NULL);
		return 1;
	}
	tmp_init("procinfo");
	usage();
	system_info();
	self_stat(argv[0]);
	maps();
	fds();
	pdeath();
	prctls();
	priorities();
	rmdir(tmp_dir);
	return finish();
}
