/*
 * sigaltstack.c: the alternate signal stack.
 *
 * None at first (SS_DISABLE); -ENOMEM below MINSIGSTKSZ, -EINVAL for an
 * unknown mode, -EFAULT for a bad pointer; an SA_ONSTACK handler runs on
 * it (sigaltstack then says SS_ONSTACK, a change gives -EPERM), a handler
 * without SA_ONSTACK on the normal stack, and signals that come while on
 * it nest on it; uc_stack in the rt frame reports the stack, and an edit
 * of it takes effect at rt_sigreturn; SS_AUTODISARM disarms it while the
 * handler runs; SS_DISABLE turns it off; a new thread has none, fork
 * keeps it, execve drops it;
 * a stack overflow is handled by a SIGSEGV handler on the alternate
 * stack; signals that nest until the alternate stack is full end in
 * SIGSEGV.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include "check.h"

#define ALT_SIZE	65536

static char *alt;
static volatile uintptr_t where, where_nested, where_plain;
static volatile int cur_flags = -1, perm_errno, uc_flags = -1;
static volatile int uc_size_ok, uc_sp_ok;

static int on_alt(uintptr_t p)
{
	return p > (uintptr_t)alt && p <= (uintptr_t)alt + ALT_SIZE;
}

static const char *flags_str(int flags)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%s%s%s",
		 flags & SS_ONSTACK ? "SS_ONSTACK " : "",
		 flags & SS_DISABLE ? "SS_DISABLE " : "",
		 flags & SS_AUTODISARM ? "SS_AUTODISARM " : "");
	if (!flags)
		snprintf(buf, sizeof(buf), "0");
	return buf;
}

static void show(const char *what)
{
	stack_t ss;

	CHECK(sigaltstack(NULL, &ss) == 0);
	printf("%s: flags %s, size %zu, sp %s\n", what, flags_str(ss.ss_flags),
	       ss.ss_size, !ss.ss_sp ? "NULL" : ss.ss_sp == alt ?
	       "the buffer" : "other");
}

static void on_plain(int sig)
{
	char here;

	(void)sig;
	where_plain = (uintptr_t)&here;
}

static void on_nested(int sig)
{
	char here;

	(void)sig;
	where_nested = (uintptr_t)&here;
}

static void on_onstack(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	stack_t cur, other = { .ss_sp = alt, .ss_size = ALT_SIZE };
	char here;

	(void)sig;
	(void)si;
	where = (uintptr_t)&here;
	CHECK(sigaltstack(NULL, &cur) == 0);
	cur_flags = cur.ss_flags;
	perm_errno = sigaltstack(&other, NULL) == -1 ? errno : 0;
	uc_flags = uc->uc_stack.ss_flags;
	uc_size_ok = uc->uc_stack.ss_size == ALT_SIZE;
	uc_sp_ok = uc->uc_stack.ss_sp == alt;
	raise(SIGUSR2);		/* nests on the alternate stack */
}

static void handle(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa = { .sa_handler = fn, .sa_flags = flags };

	CHECK(sigaction(sig, &sa, NULL) == 0);
}

/* The system call itself: musl's wrapper checks some cases first. */
static long sys_sigaltstack(const stack_t *ss, stack_t *old)
{
	return syscall(SYS_sigaltstack, ss, old);
}

static void setup_errors(void)
{
	stack_t ss = { .ss_sp = alt, .ss_size = MINSIGSTKSZ - 1 }, old;

	show("at start");
	expect_err("size MINSIGSTKSZ - 1", sys_sigaltstack(&ss, NULL), ENOMEM);
	ss.ss_size = ALT_SIZE;
	ss.ss_flags = 5;
	expect_err("unknown flags", sys_sigaltstack(&ss, NULL), EINVAL);
	expect_err("bad pointer", sys_sigaltstack(bad_ptr, NULL), EFAULT);
	expect_err("bad old pointer", sys_sigaltstack(NULL, bad_ptr), EFAULT);
	ss.ss_flags = 0;
	ss.ss_size = MINSIGSTKSZ;
	printf("size MINSIGSTKSZ: %ld\n", sys_sigaltstack(&ss, NULL));
	ss.ss_size = ALT_SIZE;
	ss.ss_flags = SS_ONSTACK;	/* accepted by the kernel as 0 */
	printf("SS_ONSTACK: %ld\n", sys_sigaltstack(&ss, &old));
	printf("old size: %zu\n", old.ss_size);
	show("set");
}

static void onstack(void)
{
	struct sigaction sa = { .sa_sigaction = on_onstack,
				.sa_flags = SA_SIGINFO | SA_ONSTACK };
	char here;

	CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
	handle(SIGUSR2, on_nested, 0);
	handle(SIGHUP, on_plain, 0);
	raise(SIGUSR1);
	yes("SA_ONSTACK handler on the alternate stack", on_alt(where));
	printf("sigaltstack inside: flags %s\n", flags_str(cur_flags));
	printf("change inside: %s\n", perm_errno ? strerror(perm_errno) : "ok");
	printf("uc_stack: flags %s, size right %d, sp right %d\n",
	       flags_str(uc_flags), uc_size_ok, uc_sp_ok);
	yes("nested handler on it too, below", on_alt(where_nested) &&
	    where_nested < where);
	raise(SIGHUP);
	yes("handler without SA_ONSTACK on the normal stack",
	    !on_alt(where_plain) && where_plain < (uintptr_t)&here);
	show("after");
}

static void on_edit(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	(void)sig;
	(void)si;
	uc->uc_stack.ss_size = ALT_SIZE / 2;
}

static void autodisarm(void)
{
	struct sigaction sa = { .sa_sigaction = on_onstack,
				.sa_flags = SA_SIGINFO | SA_ONSTACK };
	struct sigaction edit = { .sa_sigaction = on_edit,
				  .sa_flags = SA_SIGINFO };
	stack_t ss = { .ss_sp = alt, .ss_size = ALT_SIZE,
		       .ss_flags = SS_AUTODISARM };

	CHECK(sigaltstack(&ss, NULL) == 0);
	show("SS_AUTODISARM");
	CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
	raise(SIGUSR1);
	yes("SS_AUTODISARM: handler on the alternate stack", on_alt(where));
	printf("SS_AUTODISARM: inside %s, change inside %s\n",
	       flags_str(cur_flags), perm_errno ? strerror(perm_errno) : "ok");
	printf("SS_AUTODISARM: uc_stack flags %s\n", flags_str(uc_flags));
	show("SS_AUTODISARM after");
	ss.ss_flags = 0;
	CHECK(sigaltstack(&ss, NULL) == 0);
	CHECK(sigaction(SIGUSR1, &edit, NULL) == 0);
	raise(SIGUSR1);
	show("after uc_stack edited");
	ss.ss_size = ALT_SIZE;
	CHECK(sigaltstack(&ss, NULL) == 0);
}

static void disable_fork_exec(const char *self)
{
	stack_t ss = { .ss_flags = SS_DISABLE };
	pid_t pid = fork();

	if (pid == 0) {
		show("child after fork");
		execl(self, self, "after-exec", (char *)NULL);
		_exit(127);
	}
	printf("child: %s\n", wait_str(pid));
	CHECK(sigaltstack(&ss, NULL) == 0);
	show("SS_DISABLE");
	handle(SIGHUP, on_plain, SA_ONSTACK);
	raise(SIGHUP);
	yes("SA_ONSTACK without a stack: normal stack", !on_alt(where_plain));
}

/* The alternate stack is per thread: a new thread has none. */
static void *thread_view(void *arg)
{
	(void)arg;
	show("new thread");
	return NULL;
}

static void per_thread(void)
{
	pthread_t th;

	show("main thread");
	CHECK(pthread_create(&th, NULL, thread_view, NULL) == 0);
	CHECK(pthread_join(th, NULL) == 0);
}

/* A stack overflow, caught on the alternate stack. */
static volatile int segv_code;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	char here;

	(void)sig;
	(void)uc;
	segv_code = si->si_code;
	printf("SIGSEGV handler on the alternate stack: %s\n",
	       on_alt((uintptr_t)&here) ? "yes" : "no");
	_exit(segv_code == SEGV_MAPERR || segv_code == SEGV_ACCERR ? 3 : 4);
}

static volatile int zero;

static int recurse(volatile char *p)
{
	volatile char buf[1024];

	buf[0] = p ? p[0] + 1 : 0;
	if (zero)
		return 0;
	return recurse(buf) + buf[1];
}

static void overflow(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct sigaction sa = { .sa_sigaction = on_segv,
					.sa_flags = SA_SIGINFO | SA_ONSTACK };
		stack_t ss = { .ss_sp = alt, .ss_size = ALT_SIZE };

		CHECK(sigaltstack(&ss, NULL) == 0);
		CHECK(sigaction(SIGSEGV, &sa, NULL) == 0);
		recurse(NULL);
		_exit(0);
	}
	printf("stack overflow: %s (3: SEGV_MAPERR or SEGV_ACCERR)\n",
	       wait_str(pid));
}

/* Signals nesting on the alternate stack until it is full. */
static volatile int depth;

static void on_deeper(int sig)
{
	(void)sig;
	depth++;
	raise(SIGUSR1);
}

static void altstack_full(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		stack_t ss = { .ss_sp = alt, .ss_size = 16384 };

		CHECK(sigaltstack(&ss, NULL) == 0);
		handle(SIGUSR1, on_deeper, SA_ONSTACK | SA_NODEFER);
		raise(SIGUSR1);
		_exit(0);
	}
	printf("nested until the alternate stack is full: %s\n",
	       wait_str(pid));
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "after-exec")) {
		show("after execve");
		return 0;
	}
	alt = malloc(ALT_SIZE);
	CHECK(alt != NULL);
	setup_errors();
	onstack();
	autodisarm();
	per_thread();
	disable_fork_exec(argv[0]);
	overflow();
	altstack_full();
	return finish();
}
