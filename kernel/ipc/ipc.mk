# System V IPC: message queues, semaphore sets, shared memory segments.
KERNEL_SRCS += kernel/ipc/util.c kernel/ipc/msg.c kernel/ipc/sem.c kernel/ipc/semctl.c kernel/ipc/shm.c
