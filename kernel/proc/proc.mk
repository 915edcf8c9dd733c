# Processes: struct proc, file descriptors, exec, the boot-time runner.
KERNEL_SRCS += kernel/proc/proc.c kernel/proc/fd.c kernel/proc/exec.c \
	kernel/proc/utest.c kernel/proc/fork.c \
	kernel/proc/signal.c kernel/proc/sigframe.c kernel/random.c
