/*
 * sem.c: System V semaphore sets (semget, semop/semtimedop, semctl), as
 * Linux's with its default limits (SEMMSL semaphores a set, SEMOPM
 * operations a call, values up to SEMVMX).
 *
 * A semop applies all its operations at once or none: they are tried in
 * order on the values and undone when one would block (a decrement below
 * zero, a wait-for-zero on a non-zero value); the caller then fails with
 * EAGAIN (IPC_NOWAIT on that operation) or sleeps on the set's list of
 * sleepers, noting the operation it waits on (GETNCNT and GETZCNT count
 * those).  As on Linux, whoever changes the values (semop, SETVAL,
 * SETALL, the undo at exit) performs the sleepers' operations that can
 * go now, oldest first, and wakes them with the result, so that nothing
 * can take the values away between the wake-up and the sleeper's run.
 * A sleeper also ends at a signal (EINTR), its deadline (EAGAIN) or
 * IPC_RMID (EIDRM).
 *
 * SEM_UNDO: a process's adjustments for one set are a struct sem_undo
 * on one global list, made by its first such operation on the set, kept
 * across exec, not inherited by fork, dropped by SETVAL/SETALL (for the
 * values set) and IPC_RMID, and applied by ipc_sem_exit when the process
 * ends (values clamped to [0, SEMVMX], as Linux).
 *
 * semctl and /proc/sysvipc/sem are kernel/ipc/semctl.c's.
 *
 * Interface (kernel/ipc/ipc.h): ipc_semget, ipc_semtimedop,
 * ipc_sem_exit; (kernel/ipc/sem.h) sem_find, sem_update, sem_undo_clear.
 */
#include "kernel/ipc/sem.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

struct sem_undo {
	struct list_head link;		/* in sem_undos */
	struct proc *proc;
	int semid;
	int16_t adj[];			/* one per semaphore of the set */
};


/* A sleeping semop: what it waits to do. */
struct sem_waiter {
	struct ipc_waiter w;
	const struct sembuf *sops;
	unsigned int nsops;
	struct sem_undo *undo;		/* its adjustments, when SEM_UNDO */
	int pid;
	int result;			/* set by whoever performs it */
};


struct ipc_ids sem_ids = IPC_IDS_INIT(sem_ids);
uint32_t sem_total;
static struct list_head sem_undos = LIST_HEAD_INIT(sem_undos);

static struct ipc_obj *sem_create(const void *arg)
{
	int nsems = *(const int *)arg;
	struct sem_set *s;

	if (nsems <= 0 || nsems > SEMMSL)
		return ERR_PTR(-EINVAL);
	s = kzalloc(sizeof(*s) + (size_t)nsems * sizeof(s->sems[0]));
	if (!s)
		return ERR_PTR(-ENOMEM);
	list_init(&s->sleepers);
	s->nsems = (uint32_t)nsems;
	s->ctime = ipc_now();
	sem_total += s->nsems;
	return &s->obj;
}

static int sem_check(struct ipc_obj *obj, const void *arg)
{
	int nsems = *(const int *)arg;

	return (uint32_t)nsems > ((struct sem_set *)obj)->nsems ? -EINVAL : 0;
}

static const struct ipc_get_ops sem_get_ops = {
	.create = sem_create,
	.check = sem_check,
};

long ipc_semget(int32_t key, int nsems, int flag)
{
	if (nsems < 0 || nsems > SEMMSL)
		return -EINVAL;
	return ipc_get(&sem_ids, key, flag, &sem_get_ops, &nsems);
}

struct sem_set *sem_find(int id)
{
	return (struct sem_set *)ipc_find(&sem_ids, id);
}

/* Lock held: the caller's adjustments for set s, made if make (NULL when
 * none, or out of memory). */
static struct sem_undo *sem_undo_of(struct sem_set *s, bool make)
{
	struct proc *p = proc_current();
	struct sem_undo *u;

	list_for_each_entry(u, &sem_undos, link)
		if (u->proc == p && u->semid == s->obj.id)
			return u;
	if (!make)
		return NULL;
	u = kzalloc(sizeof(*u) + s->nsems * sizeof(u->adj[0]));
	if (u) {
		u->proc = p;
		u->semid = s->obj.id;
		list_add_tail(&u->link, &sem_undos);
	}
	return u;
}

void sem_undo_clear(int id, int num, bool drop)
{
	struct sem_undo *u, *tmp;

	list_for_each_entry_safe(u, tmp, &sem_undos, link) {
		if (u->semid != id)
			continue;
		if (drop) {
			list_del(&u->link);
			kfree(u);
		} else if (num >= 0) {
			u->adj[num] = 0;
		} else {
			struct sem_set *s = sem_find(id);

			for (uint32_t i = 0; s && i < s->nsems; i++)
				u->adj[i] = 0;
		}
	}
}

/* Undo the first n operations of sops, applied to s. */
static void sem_revert(struct sem_set *s, const struct sembuf *sops, int n)
{
	while (n-- > 0)
		s->sems[sops[n].sem_num].val -= sops[n].sem_op;
}

/*
 * Lock held: apply all of sops to s, or none.  0; -EAGAIN with *blocking
 * the operation that cannot go on yet; -ERANGE for a value or an
 * adjustment (u, when SEM_UNDO) out of range.
 */
static int sem_try(struct sem_set *s, const struct sembuf *sops,
		   unsigned int nsops, struct sem_undo *u,
		   const struct sembuf **blocking)
{
	for (unsigned int i = 0; i < nsops; i++) {
		const struct sembuf *op = &sops[i];
		int32_t val = s->sems[op->sem_num].val;
		int32_t res = val + op->sem_op;
		int err = 0;

		if ((op->sem_op == 0 && val != 0) || res < 0) {
			*blocking = op;
			err = -EAGAIN;
		} else if (res > SEMVMX) {
			err = -ERANGE;
		} else if ((op->sem_flg & SEM_UNDO) && u &&
			   (u->adj[op->sem_num] - op->sem_op < -SEMVMX - 1 ||
			    u->adj[op->sem_num] - op->sem_op > SEMVMX)) {
			err = -ERANGE;
		}
		if (err) {
			sem_revert(s, sops, (int)i);
			return err;
		}
		s->sems[op->sem_num].val = res;
	}
	return 0;
}

/* Lock held: after sem_try applied sops for process pid, note the
 * adjustments, the pid and the time. */
static void sem_applied(struct sem_set *s, const struct sembuf *sops,
			unsigned int nsops, struct sem_undo *u, int pid)
{
	for (unsigned int i = 0; i < nsops; i++) {
		if ((sops[i].sem_flg & SEM_UNDO) && u)
			u->adj[sops[i].sem_num] -= sops[i].sem_op;
		s->sems[sops[i].sem_num].pid = pid;
	}
	s->otime = ipc_now();
}

void sem_update(struct sem_set *s)
{
	const struct sembuf *blocking;
	struct ipc_waiter *w, *tmp;
	bool again = true;

	while (again) {
		again = false;
		list_for_each_entry_safe(w, tmp, &s->sleepers, link) {
			struct sem_waiter *sw = (struct sem_waiter *)w;
			int err = sem_try(s, sw->sops, sw->nsops, sw->undo,
					  &blocking);

			if (err == -EAGAIN) {
				w->blocking = blocking;
				continue;
			}
			if (!err)
				sem_applied(s, sw->sops, sw->nsops, sw->undo,
					    sw->pid);
			sw->result = err;
			ipc_wake(w);
			if (!err) {
				again = true;
				break;
			}
		}
	}
}

/* Lock held: the semop of set id, sleeping while it would block. */
static long sem_op_locked(int id, const struct sembuf *sops,
			  unsigned int nsops, uint16_t max, bool undo,
			  bool alter, uint64_t deadline)
{
	const struct sembuf *blocking = NULL;
	struct sem_waiter sw;
	struct sem_set *s;
	struct sem_undo *u;
	long err;

	s = sem_find(id);
	if (!s)
		return -EINVAL;
	if (max >= s->nsems)
		return -EFBIG;
	if (!ipc_allowed(&s->obj, alter ? 0222 : 0444))
		return -EACCES;
	u = undo ? sem_undo_of(s, true) : NULL;
	if (undo && !u)
		return -ENOMEM;
	err = sem_try(s, sops, nsops, u, &blocking);
	if (!err) {
		sem_applied(s, sops, nsops, u, ipc_caller_pid());
		sem_update(s);
	}
	if (err != -EAGAIN)
		return err;
	if (blocking->sem_flg & IPC_NOWAIT)
		return -EAGAIN;
	sw = (struct sem_waiter){ .sops = sops, .nsops = nsops, .undo = u,
				  .pid = ipc_caller_pid() };
	ipc_waiter_init(&sw.w, &s->sleepers);
	sw.w.blocking = blocking;
	err = ipc_sleep(&sem_ids, &sw.w, deadline);
	return err ? err : sw.result;
}

long ipc_semtimedop(int id, const struct sembuf *sops, unsigned int nsops,
		    uint64_t deadline)
{
	bool undo = false, alter = false;
	uint16_t max = 0;
	long err;

	if (id < 0)
		return -EINVAL;
	for (unsigned int i = 0; i < nsops; i++) {
		if (sops[i].sem_num > max)
			max = sops[i].sem_num;
		undo |= (sops[i].sem_flg & SEM_UNDO) != 0;
		alter |= sops[i].sem_op != 0;
	}
	mutex_lock(&sem_ids.lock);
	err = sem_op_locked(id, sops, nsops, max, undo, alter, deadline);
	mutex_unlock(&sem_ids.lock);
	return err;
}

void ipc_sem_exit(struct proc *p)
{
	struct sem_undo *u, *tmp;

	mutex_lock(&sem_ids.lock);
	list_for_each_entry_safe(u, tmp, &sem_undos, link) {
		struct sem_set *s = u->proc == p ? sem_find(u->semid) : NULL;

		if (u->proc != p)
			continue;
		for (uint32_t i = 0; s && i < s->nsems; i++) {
			int32_t val = s->sems[i].val + u->adj[i];

			if (!u->adj[i])
				continue;
			s->sems[i].val = val < 0 ? 0 : val > SEMVMX ? SEMVMX : val;
			s->sems[i].pid = p->pid;
		}
		list_del(&u->link);
		if (s)
			sem_update(s);
		kfree(u);
	}
	mutex_unlock(&sem_ids.lock);
}
