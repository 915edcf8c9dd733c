/*
 * sys_ipc.c: the System V IPC calls of Linux i386 (kernel/ipc/ has the
 * objects): the ipc() multiplexer (117), which musl and old programs use,
 * and the direct calls added in Linux 5.1 (semget 393 ... msgctl 402,
 * semtimedop_time64 420).
 *
 * ipc(call, first, second, third, ptr, fifth): the low 16 bits of call
 * choose the operation, the high ones its version: version 0 of MSGRCV
 * passes {msgp, msgtyp} through ptr, version 0 of SHMAT stores the
 * address at third and returns 0 (version 1, iBCS2's, is -EINVAL);
 * SEMCTL's fourth argument is the word at ptr.  The *ctl commands of the
 * multiplexer carry IPC_64 for the 64-bit layouts; without it the old
 * layouts are meant, which maestro does not have: the commands that copy
 * a structure (IPC_STAT, IPC_SET, *_STAT) then give -EINVAL.  The direct
 * calls always use the 64-bit layouts and, as Linux 6.1's, take no IPC_64
 * in cmd (-EINVAL).
 *
 * Interface: the SYSCALL registrations.
 */
#include "kernel/syscall/syscall.h"
#include "lib/errno.h"
#include "kernel/ipc/ipc.h"
#include "kernel/clock.h"
#include "kernel/syscall/timeout.h"
#include "kernel/wait.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define NR_ipc		117
#define NR_semget	393
#define NR_semctl	394
#define NR_shmget	395
#define NR_shmctl	396
#define NR_shmat	397
#define NR_shmdt	398
#define NR_msgget	399
#define NR_msgsnd	400
#define NR_msgrcv	401
#define NR_msgctl	402
#define NR_semtimedop_time64 420

#define IPCOP_semop	1
#define IPCOP_semget	2
#define IPCOP_semctl	3
#define IPCOP_semtimedop 4
#define IPCOP_msgsnd	11
#define IPCOP_msgrcv	12
#define IPCOP_msgget	13
#define IPCOP_msgctl	14
#define IPCOP_shmat	21
#define IPCOP_shmdt	22
#define IPCOP_shmget	23
#define IPCOP_shmctl	24

#define SEMOPM		500
#define SEMOPS_ON_STACK	16

/* Whether a *ctl command copies a structure in or out. */
static bool ipc_cmd_has_layout(int cmd)
{
	return cmd == IPC_STAT || cmd == IPC_SET || cmd == MSG_STAT ||
	       cmd == MSG_STAT_ANY || cmd == SEM_STAT || cmd == SEM_STAT_ANY ||
	       cmd == SHM_STAT || cmd == SHM_STAT_ANY;
}

/* The multiplexer's cmd without IPC_64, or -EINVAL for an old layout. */
static int ipc_old_cmd(int cmd)
{
	if (cmd & IPC_64)
		return cmd & ~IPC_64;
	return ipc_cmd_has_layout(cmd) ? -EINVAL : cmd;
}

static long sys_semget(int32_t key, int nsems, int flag)
{
	return ipc_semget(key, nsems, flag);
}
SYSCALL(NR_semget, sys_semget);

static long sys_semctl(int id, int num, int cmd, uint32_t arg)
{
	return ipc_semctl(id, num, cmd, arg);
}
SYSCALL(NR_semctl, sys_semctl);

/* semop and semtimedop: utime (0: none) is read as type. */
static long semtimedop_common(int id, uint32_t usops, uint32_t nsops,
			      uint32_t utime, enum utime_type type)
{
	struct sembuf stack_sops[SEMOPS_ON_STACK], *sops = stack_sops;
	uint64_t deadline = WAIT_FOREVER, ns;
	long err;

	if (nsops < 1 || id < 0)
		return -EINVAL;
	if (nsops > SEMOPM)
		return -E2BIG;
	if (nsops > SEMOPS_ON_STACK)
		sops = kmalloc(nsops * sizeof(*sops));
	if (!sops)
		return -ENOMEM;
	err = copy_from_user(sops, (void *)usops, nsops * sizeof(*sops));
	if (!err && utime) {
		err = utime_get_ns((const void *)utime, type, &ns);
		deadline = timeout_deadline(clock_ns(), ns);
	}
	if (!err)
		err = ipc_semtimedop(id, sops, nsops, deadline);
	if (sops != stack_sops)
		kfree(sops);
	return err;
}

static long sys_semtimedop_time64(int id, uint32_t usops, uint32_t nsops,
				  uint32_t utime)
{
	return semtimedop_common(id, usops, nsops, utime, UTIME_TIMESPEC64);
}
SYSCALL(NR_semtimedop_time64, sys_semtimedop_time64);

static long sys_shmget(int32_t key, uint32_t size, int flag)
{
	return ipc_shmget(key, size, flag);
}
SYSCALL(NR_shmget, sys_shmget);

static long sys_shmctl(int id, int cmd, uint32_t ubuf)
{
	return ipc_shmctl(id, cmd, ubuf);
}
SYSCALL(NR_shmctl, sys_shmctl);

static long sys_shmat(int id, uint32_t uaddr, int flag)
{
	uintptr_t addr;
	long err = ipc_shmat(id, uaddr, flag, &addr);

	return err ? err : (long)addr;
}
SYSCALL(NR_shmat, sys_shmat);

static long sys_shmdt(uint32_t uaddr)
{
	return ipc_shmdt(uaddr);
}
SYSCALL(NR_shmdt, sys_shmdt);

static long sys_msgget(int32_t key, int flag)
{
	return ipc_msgget(key, flag);
}
SYSCALL(NR_msgget, sys_msgget);

static long sys_msgsnd(int id, uint32_t umsg, int32_t size, int flag)
{
	return ipc_msgsnd(id, umsg, size, flag);
}
SYSCALL(NR_msgsnd, sys_msgsnd);

static long sys_msgrcv(int id, uint32_t umsg, int32_t size, int32_t type,
		       int flag)
{
	return ipc_msgrcv(id, umsg, size, type, flag);
}
SYSCALL(NR_msgrcv, sys_msgrcv);

static long sys_msgctl(int id, int cmd, uint32_t ubuf)
{
	return ipc_msgctl(id, cmd, ubuf);
}
SYSCALL(NR_msgctl, sys_msgctl);

/* ipc(SEMCTL): the argument is the word at ptr. */
static long ipc_old_semctl(int id, int num, int cmd, uint32_t ptr)
{
	uint32_t arg;

	if (!ptr)
		return -EINVAL;
	if (get_user(arg, (uint32_t *)ptr))
		return -EFAULT;
	cmd = ipc_old_cmd(cmd);
	return cmd < 0 ? cmd : ipc_semctl(id, num, cmd, arg);
}

/* ipc(MSGRCV): version 0 passes {msgp, msgtyp} at ptr. */
static long ipc_old_msgrcv(uint32_t version, int id, int32_t size, int flag,
			   uint32_t ptr, int32_t type)
{
	int32_t kludge[2];

	if (version)
		return ipc_msgrcv(id, ptr, size, type, flag);
	if (!ptr)
		return -EINVAL;
	if (copy_from_user(kludge, (void *)ptr, sizeof(kludge)))
		return -EFAULT;
	return ipc_msgrcv(id, (uint32_t)kludge[0], size, kludge[1], flag);
}

/* ipc(SHMAT): version 0 stores the address at third. */
static long ipc_old_shmat(uint32_t version, int id, int flag, uint32_t third,
			  uint32_t ptr)
{
	uintptr_t addr;
	long err;

	if (version == 1)
		return -EINVAL;
	err = ipc_shmat(id, ptr, flag, &addr);
	if (!err && put_user((uint32_t)addr, (uint32_t *)third))
		err = -EFAULT;
	return err;
}

static long sys_ipc(uint32_t call, int first, uint32_t second, uint32_t third,
		    uint32_t ptr, uint32_t fifth)
{
	uint32_t version = call >> 16;
	int cmd;

	switch (call & 0xffff) {
	case IPCOP_semop:
		return semtimedop_common(first, ptr, second, 0, UTIME_TIMESPEC32);
	case IPCOP_semtimedop:
		return semtimedop_common(first, ptr, second, fifth,
					 UTIME_TIMESPEC32);
	case IPCOP_semget:
		return ipc_semget(first, (int)second, (int)third);
	case IPCOP_semctl:
		return ipc_old_semctl(first, (int)second, (int)third, ptr);
	case IPCOP_msgsnd:
		return ipc_msgsnd(first, ptr, (int32_t)second, (int)third);
	case IPCOP_msgrcv:
		return ipc_old_msgrcv(version, first, (int32_t)second,
				      (int)third, ptr, (int32_t)fifth);
	case IPCOP_msgget:
		return ipc_msgget(first, (int)second);
	case IPCOP_msgctl:
		cmd = ipc_old_cmd((int)second);
		return cmd < 0 ? cmd : ipc_msgctl(first, cmd, ptr);
	case IPCOP_shmat:
		return ipc_old_shmat(version, first, (int)second, third, ptr);
	case IPCOP_shmdt:
		return ipc_shmdt(ptr);
	case IPCOP_shmget:
		return ipc_shmget(first, second, (int)third);
	case IPCOP_shmctl:
		cmd = ipc_old_cmd((int)second);
		return cmd < 0 ? cmd : ipc_shmctl(first, cmd, ptr);
	default:
		return -ENOSYS;
	}
}
SYSCALL(NR_ipc, sys_ipc);
