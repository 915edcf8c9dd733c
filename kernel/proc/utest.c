/*
 * utest.c: the first user process, and the boot-time test runner.
 *
 * proc_start_init() (from kmain's thread once boot is done): with the
 * "utest" switch, run every line of /test/programs.txt ("NAME ARG...")
 * as a process, one after another, each in a session of its own, with
 * exactly the environment that the Linux oracle's /init gives its runs
 * (tests/user/oracle-init.c: TEST_ENV=1 PATH=/test, cwd /, stdin
 * /dev/null, stdout and stderr on /dev/console), and power off.
 * Each run is framed on the console by
 *	utest: begin NN-NAME
 *	...the program's output...
 *	exit N
 *	utest: end NN-NAME
 * as that /init frames it on Linux, where tools/linux-oracle.py keeps the
 * lines between the markers in build/oracle/expected/user/NN-NAME.out
 * (N: the exit code, or 128 + the signal, as a shell says).
 * A run that has not ended after 30 s gets "utest: timeout NN-NAME" and
 * SIGKILL, for it and its process group, so that one hanging program does
 * not stall the others.
 * Otherwise, when init= was given or the init program exists, start it
 * as the first process, init (pid 1), and wait for it.
 *
 * Interface: proc_start_init (kernel/proc/utest.h).
 */
#include "kernel/proc/utest.h"
#include "fs/vfs.h"
#include "kernel/boot.h"
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/wait.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

#define UTEST_LIST	"/test/programs.txt"
#define UTEST_LIST_MAX	16384
#define UTEST_MAX_ARGS	32
#define UTEST_TIMEOUT_NS (30ull * 1000000000ull)	/* per run */

static bool utest_mode;
extern char kernel_init_path[];

static int utest_param(const char *value)
{
	utest_mode = true;
	return 0;
}
KERNEL_PARAM(utest, utest_param);

static const char *const utest_envp[] = { "TEST_ENV=1", "PATH=/test", NULL };

/* The shell's view of a wait status: the code, or 128 + the signal. */
static int status_code(int status)
{
	return status & 0x7f ? 128 + (status & 0x7f) : (status >> 8) & 0xff;
}

static void console_print(struct file *con, const char *line)
{
	vfs_write(con, line, strlen(line));
}

static int kill_group(struct proc *p, void *arg)
{
	if (p->pgid != *(int *)arg)
		return 0;
	signal_send(p, SIGKILL, NULL);
	return 1;
}

/* Wait for p; a run (run != NULL) that takes more than UTEST_TIMEOUT_NS
 * is reported on files[1] and killed with its process group. */
static int run_wait(struct proc *p, const char *run, struct file *out)
{
	char line[96];
	int pgid = p->pgid;

	if (run && !wait_event_timeout(&p->exited, p->zombie,
				       UTEST_TIMEOUT_NS)) {
		snprintf(line, sizeof(line), "utest: timeout %s\n", run);
		console_print(out, line);
		pr_warn("%s", line);
		proc_for_each(kill_group, &pgid);
	}
	return proc_wait_kernel(p);
}

/* Run path with argv (as init, pid 1, if init); its fds 0-2 on files.
 * Returns the wait status. */
static int run_program(const char *path, const char *const *argv,
		       const char *const *envp, struct file *const files[3],
		       const char *run, bool init)
{
	struct proc *p = init ? proc_spawn_init(path, argv, envp, files)
			      : proc_spawn(path, argv, envp, files);

	if (IS_ERR(p)) {
		pr_err("proc: cannot start %s (error %ld)\n", path, PTR_ERR(p));
		return W_EXITCODE(127, 0);
	}
	return run_wait(p, run, files[1]);
}

/* Split line into argv (words separated by blanks): the word count. */
static unsigned int split_words(char *line, char **argv, unsigned int max)
{
	unsigned int n = 0;

	for (char *s = line; *s && n < max;) {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (!*s)
			break;
		argv[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
	return n;
}

/* One line of programs.txt; *n counts the runs. */
static void utest_run_line(char *line, int *n, struct file *const files[3])
{
	char *words[UTEST_MAX_ARGS + 1];
	const char *argv[UTEST_MAX_ARGS + 1];
	char path[128], mark[192], run[64];
	unsigned int argc = split_words(line, words, UTEST_MAX_ARGS);
	int status;

	if (!argc || words[0][0] == '#')
		return;
	++*n;
	snprintf(path, sizeof(path), "/test/%s", words[0]);
	argv[0] = path;
	for (unsigned int i = 1; i < argc; i++)
		argv[i] = words[i];
	argv[argc] = NULL;
	snprintf(run, sizeof(run), "%02d-%s", *n, words[0]);
	snprintf(mark, sizeof(mark), "utest: begin %s\n", run);
	console_print(files[1], mark);
	status = run_program(path, argv, utest_envp, files, run, false);
	snprintf(mark, sizeof(mark), "exit %d\nutest: end %02d-%s\n",
		 status_code(status), *n, words[0]);
	console_print(files[1], mark);
}

static int utest_read_list(char *buf)
{
	struct file *f = vfs_open(UTEST_LIST, O_RDONLY, 0);
	ssize_t len;

	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	len = vfs_read(f, buf, UTEST_LIST_MAX - 1);
	vfs_close(f);
	if (len < 0)
		return (int)len;
	buf[len] = '\0';
	return 0;
}

/* Open stdin (in) and stdout/stderr (out) for a first process. */
static int open_std(const char *in, struct file *files[3])
{
	files[0] = vfs_open(in, O_RDONLY, 0);
	files[1] = vfs_open("/dev/console", O_RDWR, 0);
	if (IS_ERR(files[0]) || IS_ERR(files[1])) {
		pr_err("proc: cannot open %s or /dev/console\n", in);
		if (!IS_ERR(files[0]))
			vfs_close(files[0]);
		if (!IS_ERR(files[1]))
			vfs_close(files[1]);
		return -ENODEV;
	}
	files[2] = files[1];
	return 0;
}

static void utest_run_all(void)
{
	char *buf = kmalloc(UTEST_LIST_MAX), *line, *next;
	struct file *files[3];
	int n = 0, err = buf ? utest_read_list(buf) : -ENOMEM;

	if (err) {
		pr_err("utest: cannot read %s (error %d)\n", UTEST_LIST, err);
	} else if (!open_std("/dev/null", files)) {
		for (line = buf; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			utest_run_line(line, &n, files);
		}
		vfs_close(files[0]);
		vfs_close(files[1]);
	}
	pr_info("utest: %d runs done\n", n);
	kfree(buf);
}

static const char *const init_envp[] = { "HOME=/", "TERM=linux", NULL };

/* The first process: init= (or /sbin/init when it exists). */
static void init_run(void)
{
	const char *argv[] = { kernel_init_path, NULL };
	char given[8];
	struct kstat st;
	struct file *files[3];
	int status;

	if (!cmdline_get(boot_info.cmdline, "init", given, sizeof(given)) &&
	    vfs_stat(kernel_init_path, true, &st))
		return;
	if (open_std("/dev/console", files))
		return;
	pr_info("proc: starting %s\n", kernel_init_path);
	status = run_program(kernel_init_path, argv, init_envp, files, NULL,
			     true);
	vfs_close(files[0]);
	vfs_close(files[1]);
	pr_warn("proc: %s ended with status %d\n", kernel_init_path,
		status_code(status));
}

void proc_start_init(void)
{
	if (utest_mode) {
		utest_run_all();
		kernel_poweroff();
	}
	init_run();
}
