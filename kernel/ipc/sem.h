/*
 * sem.h: what the two halves of System V semaphores share: semop and
 * the undo lists in kernel/ipc/sem.c, semctl and /proc/sysvipc/sem in
 * kernel/ipc/semctl.c (see sem.c for how the sets work).  Everything
 * here is used with sem_ids.lock held.
 *
 *   sem_find(id)               the set with that id, or NULL
 *   sem_update(s)              the values of s changed: perform what its
 *                              sleepers can do now and wake them
 *   sem_undo_clear(id, num, drop)
 *                              forget every process's adjustment of
 *                              semaphore num of set id (num < 0: of all
 *                              of them), or drop the adjustments (drop)
 *   sem_ids, sem_total         the sets, and their semaphores' count
 */
#ifndef KERNEL_IPC_SEM_H
#define KERNEL_IPC_SEM_H

#include "kernel/ipc/util.h"

#define SEMMSL	32000
#define SEMMNI	32000
#define SEMOPM	500
#define SEMVMX	32767
#define SEMMNS	(SEMMNI * SEMMSL)

struct sem {
	int32_t val;
	int pid;			/* the last to change it */
};

struct sem_set {
	struct ipc_obj obj;
	struct list_head sleepers;	/* struct ipc_waiter */
	uint32_t otime, ctime;
	uint32_t nsems;
	struct sem sems[];
};

extern struct ipc_ids sem_ids;
extern uint32_t sem_total;

struct sem_set *sem_find(int id);
void sem_update(struct sem_set *s);
void sem_undo_clear(int id, int num, bool drop);

#endif
