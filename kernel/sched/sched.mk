# The scheduler, kernel threads, sleep timers, and the page-cache flusher
# (a kernel thread, so it lives with them).
KERNEL_SRCS += kernel/sched/sched.c kernel/sched/kthread.c \
	kernel/sched/sleep.c kernel/sched/switch.asm mm/flusher.c
KTEST_SRCS += tests/kernel/test_sched.c
