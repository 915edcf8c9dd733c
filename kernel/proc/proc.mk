# Processes: struct proc and its threads, the structures clone shares,
# file descriptors, exec, signals, futexes, the boot-time runner.
KERNEL_SRCS += kernel/proc/proc.c kernel/proc/oom.c kernel/proc/coredump.c kernel/proc/reap.c kernel/proc/thread.c kernel/proc/share.c \
	kernel/proc/fd.c kernel/proc/exec.c kernel/proc/utest.c \
	kernel/proc/fork.c kernel/proc/tls.c kernel/proc/futex.c \
	kernel/proc/futex_pi.c kernel/proc/futex_robust.c kernel/proc/posixtimer.c \
	kernel/proc/signal.c kernel/proc/sigframe.c \
	kernel/proc/sigqueue.c kernel/proc/sigstack.c \
	kernel/proc/acct.c kernel/proc/rlimit.c kernel/proc/cred.c \
	kernel/proc/orphan.c kernel/proc/pidfd.c
KTEST_SRCS += tests/kernel/test_thread_exit.c tests/kernel/test_sigqueue.c \
	tests/kernel/test_fdtable.c
