/*
 * ipc.h: System V IPC (message queues, semaphore sets, shared memory
 * segments) as Linux i386 has it.  kernel/syscall/sys_ipc.c copies the
 * arguments of the calls (the ipc() multiplexer and the direct ones) and
 * calls the functions here; the user structures are the kernel's IPC_64
 * layouts (ipc64_perm, msqid64_ds, semid64_ds, shmid64_ds), which musl
 * and glibc use.
 *
 * Interface:
 *   ipc_msgget, ipc_msgsnd, ipc_msgrcv, ipc_msgctl      (kernel/ipc/msg.c)
 *   ipc_semget, ipc_semtimedop, ipc_semctl, ipc_sem_exit (kernel/ipc/sem.c)
 *   ipc_shmget, ipc_shmat, ipc_shmdt, ipc_shmctl        (kernel/ipc/shm.c)
 * Each returns what the system call returns (-Exxx on failure); user
 * pointers are user addresses.  ipc_sem_exit(p) applies and drops the
 * SEM_UNDO adjustments of process p, which is ending.
 */
#ifndef KERNEL_IPC_IPC_H
#define KERNEL_IPC_IPC_H

#include <stdint.h>

struct proc;

#define IPC_PRIVATE	0
#define IPC_CREAT	01000
#define IPC_EXCL	02000
#define IPC_NOWAIT	04000
#define IPC_64		0x100
#define IPC_RMID	0
#define IPC_SET		1
#define IPC_STAT	2
#define IPC_INFO	3

#define MSG_STAT	11
#define MSG_INFO	12
#define MSG_STAT_ANY	13
#define MSG_NOERROR	010000
#define MSG_EXCEPT	020000
#define MSG_COPY	040000

#define SEM_UNDO	0x1000
#define GETPID		11
#define GETVAL		12
#define GETALL		13
#define GETNCNT		14
#define GETZCNT		15
#define SETVAL		16
#define SETALL		17
#define SEM_STAT	18
#define SEM_INFO	19
#define SEM_STAT_ANY	20

#define SHM_RDONLY	010000
#define SHM_RND		020000
#define SHM_REMAP	040000
#define SHM_EXEC	0100000
#define SHM_LOCK	11
#define SHM_UNLOCK	12
#define SHM_STAT	13
#define SHM_INFO	14
#define SHM_STAT_ANY	15
#define SHM_DEST	01000	/* in shm_perm.mode */
#define SHM_LOCKED	02000

struct ipc64_perm {
	int32_t key;
	uint32_t uid, gid, cuid, cgid;
	uint16_t mode, pad1;
	uint16_t seq, pad2;
	uint32_t unused1, unused2;
};
_Static_assert(sizeof(struct ipc64_perm) == 36, "ipc64_perm");

struct msqid64_ds {
	struct ipc64_perm msg_perm;
	uint32_t msg_stime, msg_stime_high;
	uint32_t msg_rtime, msg_rtime_high;
	uint32_t msg_ctime, msg_ctime_high;
	uint32_t msg_cbytes, msg_qnum, msg_qbytes;
	int32_t msg_lspid, msg_lrpid;
	uint32_t unused4, unused5;
};
_Static_assert(sizeof(struct msqid64_ds) == 88, "msqid64_ds");

struct semid64_ds {
	struct ipc64_perm sem_perm;
	uint32_t sem_otime, sem_otime_high;
	uint32_t sem_ctime, sem_ctime_high;
	uint32_t sem_nsems, unused3, unused4;
};
_Static_assert(sizeof(struct semid64_ds) == 64, "semid64_ds");

struct shmid64_ds {
	struct ipc64_perm shm_perm;
	uint32_t shm_segsz;
	uint32_t shm_atime, shm_atime_high;
	uint32_t shm_dtime, shm_dtime_high;
	uint32_t shm_ctime, shm_ctime_high;
	int32_t shm_cpid, shm_lpid;
	uint32_t shm_nattch, unused4, unused5;
};
_Static_assert(sizeof(struct shmid64_ds) == 84, "shmid64_ds");

struct sembuf {
	uint16_t sem_num;
	int16_t sem_op;
	int16_t sem_flg;
};

/* kernel/ipc/msg.c */
long ipc_msgget(int32_t key, int flag);
long ipc_msgsnd(int id, uintptr_t umsg, long size, int flag);
long ipc_msgrcv(int id, uintptr_t umsg, long size, long type, int flag);
long ipc_msgctl(int id, int cmd, uintptr_t ubuf);

/* kernel/ipc/sem.c: deadline is a clock_ns() time or WAIT_FOREVER;
 * arg is semctl's fourth argument (a value or a user pointer). */
long ipc_semget(int32_t key, int nsems, int flag);
long ipc_semtimedop(int id, const struct sembuf *sops, unsigned int nsops,
		    uint64_t deadline);
long ipc_semctl(int id, int num, int cmd, uintptr_t arg);
void ipc_sem_exit(struct proc *p);

/* kernel/ipc/shm.c: ipc_shmat puts the address in *addr. */
long ipc_shmget(int32_t key, uint32_t size, int flag);
long ipc_shmat(int id, uintptr_t uaddr, int flag, uintptr_t *addr);
long ipc_shmdt(uintptr_t uaddr);
long ipc_shmctl(int id, int cmd, uintptr_t ubuf);

#endif
