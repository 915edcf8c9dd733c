/*
 * profile.c: the `profile` command: record a command (or the whole
 * system) with /dev/profile and print what it did, as folded stacks
 * (flamegraph.pl's input), strace -c's table or the kernel memory it
 * leaked.  See profile.h for the usage, the decoding is pd.h's.
 *
 * The recording: open /dev/profile, START (kernel/prof/uapi.h), fork;
 * the child marks itself traced (PROF_IOC_TRACE, so that only it and
 * its descendants are sampled; -a samples everything) and execs
 * COMMAND; the parent waits for it, STOPs and reads the log back from
 * offset 0 until read returns 0.  --boot skips all that and reads the
 * log the boot left.
 *
 * Output: folded stacks (or the raw log, or leak stacks) to -o FILE or
 * stdout; strace -c's table to stderr, or to FILE when it is the only
 * output; the summary to stderr.  Exit status: the command's (128 + N
 * for signal N), as time(1) gives it, else 0; 1 for an error, 2 for bad
 * usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kernel/prof/uapi.h"
#include "userland/profile/pd.h"
#include "userland/profile/profile.h"

#define PROF_DEV	"/dev/profile"
#define PROF_KALLSYMS	"/proc/kallsyms"
#define PROF_SYSSTATS	"/proc/syscall_stats"
#define PROF_TOP_LEAKS	5

static volatile sig_atomic_t prof_interrupted;

static void prof_on_signal(int sig)
{
	(void)sig;
	prof_interrupted = 1;
}

/* Prints "profile: what: error" and returns 1 (the exit status). */
static int prof_error(const char *what, int err)
{
	fprintf(stderr, "profile: %s: %s\n", what, strerror(err));
	return 1;
}

static double prof_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* While recording, ^C and ^\ are the command's (or end -a's wait). */
static void prof_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = prof_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
}

static int prof_start(int fd, const struct prof_opts *o)
{
	struct prof_config cfg = {
		.hz = o->hz, .log_kib = o->log_mib * 1024,
	};

	if (!o->syscalls && !o->memory)
		cfg.flags |= PROF_F_SAMPLES;
	if (o->syscalls)
		cfg.flags |= PROF_F_SYSCALLS;
	if (o->memory)
		cfg.flags |= PROF_F_MEMORY;
	if (o->all)
		cfg.flags |= PROF_F_ALL;
	if (ioctl(fd, PROF_IOC_START, &cfg) < 0)
		return prof_error(errno == EBUSY ? "start: a recording runs"
					: "start", errno);
	return 0;
}

/* The child: traced, default signals, then the command.  Never returns. */
static void prof_child(int fd, const struct prof_opts *o)
{
	if (!o->all && ioctl(fd, PROF_IOC_TRACE, 0) < 0) {
		prof_error("trace", errno);
		_exit(127);
	}
	close(fd);
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	execvp(o->cmd[0], o->cmd);
	prof_error(o->cmd[0], errno);
	_exit(errno == ENOENT ? 127 : 126);
}

/* Runs the command to its end; its exit status as a shell gives it. */
static int prof_run(int fd, const struct prof_opts *o)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return prof_error("fork", errno);
	if (pid == 0)
		prof_child(fd, o);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return prof_error("wait", errno);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* -a without a command: -d SECONDS, or until ^C. */
static void prof_wait(const struct prof_opts *o)
{
	double end = prof_now_ms() + o->seconds * 1e3;

	while (!prof_interrupted) {
		if (!o->seconds) {
			pause();
			continue;
		}
		if (prof_now_ms() >= end)
			break;
		usleep(100000);
	}
}

static void prof_summary(int fd, double ms)
{
	struct prof_stats st;
	unsigned long long cycles = 0, ns = 0;

	if (ioctl(fd, PROF_IOC_STATS, &st) < 0) {
		prof_error("stats", errno);
		return;
	}
	if (st.handler_calls)
		cycles = st.handler_cycles / st.handler_calls;
	if (st.tsc_khz)
		ns = cycles * 1000000u / st.tsc_khz;
	fprintf(stderr, "profile: %llu samples (%llu lost), %u Hz, %.0f ms "
		"recorded, handler %llu cycles/sample (%llu ns)\n",
		(unsigned long long)st.samples, (unsigned long long)st.lost,
		st.hz, ms, cycles, ns);
}

static int prof_syscall_table(FILE *out)
{
	unsigned char *text;
	size_t len;
	int err = pd_read_path(PROF_SYSSTATS, &text, &len);

	if (err)
		return prof_error(PROF_SYSSTATS, -err);
	err = pd_sysstat_print((const char *)text, len, out);
	free(text);
	if (err)
		return prof_error(PROF_SYSSTATS, -err);
	return 0;
}

/* Decodes the log into out as o asks. */
static int prof_decode(const struct prof_opts *o, const unsigned char *log,
		       size_t len, FILE *out)
{
	enum pd_mode mode = o->memory ? PD_MEMORY :
			    o->timeline ? PD_TIMELINE : PD_FOLD;
	struct pd_decoder *d = malloc(sizeof(*d));
	int err;

	if (!d || pd_decoder_init(d, "profile", stderr, NULL)) {
		free(d);
		return prof_error("decode", ENOMEM);
	}
	err = mode == PD_TIMELINE ? 0 : pd_decoder_kallsyms(d, PROF_KALLSYMS);
	if (!err)
		err = pd_decode(d, log, len, mode, out);
	if ((!err || err == -EINVAL) && mode == PD_MEMORY)
		pd_mem_summary(&d->mem, &d->stacks, PROF_TOP_LEAKS, "profile",
			       stderr);
	pd_decoder_free(d);
	free(d);
	if (err && err != -EINVAL)
		return prof_error("decode", -err);
	return 0;
}

/* Reads the whole log and writes what o asks for to out. */
static int prof_output(int fd, const struct prof_opts *o, FILE *out)
{
	unsigned char *log;
	size_t len;
	int err;

	if (lseek(fd, 0, SEEK_SET) < 0 && errno != ESPIPE)
		return prof_error("seek", errno);
	err = pd_read_fd(fd, &log, &len);
	if (err)
		return prof_error("read", -err);
	if (o->raw)
		err = fwrite(log, 1, len, out) != len ? 1 : 0;
	else
		err = prof_decode(o, log, len, out);
	free(log);
	if (fflush(out) || ferror(out))
		return prof_error(o->out ? o->out : "stdout", EIO);
	return err;
}

/* Records, then prints; returns the exit status. */
static int prof_record(int fd, const struct prof_opts *o, FILE *out)
{
	double t0 = prof_now_ms(), ms;
	int status = 0, err;

	err = prof_start(fd, o);
	if (err)
		return err;
	prof_catch_signals();
	if (o->cmd)
		status = prof_run(fd, o);
	else
		prof_wait(o);
	ms = prof_now_ms() - t0;
	if (ioctl(fd, PROF_IOC_STOP, 0) < 0)
		return prof_error("stop", errno);
	err = 0;
	if (o->syscalls)
		err = prof_syscall_table(o->out && !o->memory && !o->raw ?
					 out : stderr);
	if (!err && (!o->syscalls || o->memory || o->raw))
		err = prof_output(fd, o, out);
	if (!o->syscalls && !o->memory)
		prof_summary(fd, ms);
	return status ? status : err;
}

int main(int argc, char **argv)
{
	struct prof_opts o;
	char msg[160];
	FILE *out = stdout;
	int fd, status;

	if (prof_opts_parse(&o, argc, argv, msg, sizeof(msg))) {
		fprintf(stderr, "profile: %s\n%s", msg, prof_usage);
		return 2;
	}
	if (o.help) {
		fputs(prof_usage, stdout);
		return 0;
	}
	fd = open(PROF_DEV, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return prof_error(PROF_DEV, errno);
	if (o.out && !(out = fopen(o.out, "w"))) {
		close(fd);
		return prof_error(o.out, errno);
	}
	if (o.boot)
		status = prof_output(fd, &o, out);
	else
		status = prof_record(fd, &o, out);
	if (out != stdout && fclose(out) && !status)
		status = prof_error(o.out, errno);
	close(fd);
	return status;
}
