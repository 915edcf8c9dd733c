# The scheduler, kernel threads and sleep timers.
KERNEL_SRCS += kernel/sched/sched.c kernel/sched/kthread.c \
	kernel/sched/sleep.c kernel/sched/switch.asm kernel/sched/loadavg.c \
	kernel/sched/acct.c
KTEST_SRCS += tests/kernel/test_sched.c
