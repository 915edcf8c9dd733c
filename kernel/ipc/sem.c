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
 * /proc/sysvipc/sem lists the sets in Linux's format.
 *
 * Interface (kernel/ipc/ipc.h): ipc_semget, ipc_semtimedop, ipc_semctl,
 * ipc_sem_exit.
 */
#include "kernel/ipc/util.h"
#include "kernel/compiler.h"
#include "kernel/errno.h"
#include "kernel/init.h"
#include "fs/procfs/procfs.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

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

struct seminfo {
	int32_t semmap, semmni, semmns, semmnu, semmsl, semopm, semume,
		semusz, semvmx, semaem;
};

static struct ipc_ids sem_ids = IPC_IDS_INIT(sem_ids);
static struct list_head sem_undos = LIST_HEAD_INIT(sem_undos);
static uint32_t sem_total;		/* semaphores in every set */

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

static struct sem_set *sem_find(int id)
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

/* Lock held: forget every process's adjustment of semaphore num of set
 * id (num < 0: of all its semaphores), or drop them (drop). */
static void sem_undo_clear(int id, int num, bool drop)
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

/* Lock held: the values of s changed; perform what sleepers can do now,
 * oldest first, starting over after each change, and wake them. */
static void sem_update(struct sem_set *s)
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

/* GETNCNT (zero false) or GETZCNT: the sleepers waiting on num. */
static long sem_count_waiters(struct sem_set *s, int num, bool zero)
{
	struct ipc_waiter *w;
	long n = 0;

	list_for_each_entry(w, &s->sleepers, link)
		if (w->blocking && w->blocking->sem_num == num &&
		    (zero ? w->blocking->sem_op == 0 : w->blocking->sem_op < 0))
			n++;
	return n;
}

static long sem_info(int cmd, uintptr_t ubuf)
{
	struct seminfo info = {
		.semmap = SEMMNS, .semmni = SEMMNI, .semmns = SEMMNS,
		.semmnu = SEMMNS, .semmsl = SEMMSL, .semopm = SEMOPM,
		.semume = SEMOPM, .semusz = 20, .semvmx = SEMVMX,
		.semaem = SEMVMX,
	};
	long ret;

	mutex_lock(&sem_ids.lock);
	if (cmd == SEM_INFO) {
		info.semusz = (int32_t)sem_ids.count;
		info.semaem = (int32_t)sem_total;
	}
	ret = ipc_max_index(&sem_ids);
	mutex_unlock(&sem_ids.lock);
	return copy_to_user((void *)ubuf, &info, sizeof(info)) ? -EFAULT : ret;
}

/* IPC_STAT (0), or SEM_STAT and SEM_STAT_ANY (by index: the id). */
static long sem_stat(int id, int cmd, uintptr_t ubuf)
{
	struct semid64_ds ds = { 0 };
	struct ipc_obj *obj;
	struct sem_set *s;
	long ret;

	mutex_lock(&sem_ids.lock);
	ret = ipc_stat_find(&sem_ids, id, cmd, SEM_STAT_ANY, &obj);
	s = (struct sem_set *)obj;
	if (ret >= 0) {
		ipc_perm_out(&s->obj, &ds.sem_perm);
		ds.sem_otime = s->otime;
		ds.sem_ctime = s->ctime;
		ds.sem_nsems = s->nsems;
	}
	mutex_unlock(&sem_ids.lock);
	if (ret >= 0 && copy_to_user((void *)ubuf, &ds, sizeof(ds)))
		ret = -EFAULT;
	return ret;
}

/* Lock held: IPC_SET (ds from the user) or IPC_RMID of set s. */
static long sem_change_locked(struct sem_set *s, int cmd,
			      const struct semid64_ds *ds)
{
	long err = s ? ipc_may_change(&s->obj) : -EINVAL;

	if (err)
		return err;
	if (cmd == IPC_SET) {
		ipc_perm_set(&s->obj, &ds->sem_perm);
		s->ctime = ipc_now();
		return 0;
	}
	sem_undo_clear(s->obj.id, -1, true);
	ipc_wake_all(&s->sleepers, true);
	ipc_del(&sem_ids, &s->obj);
	sem_total -= s->nsems;
	kfree(s);
	return 0;
}

/* Lock held: set semaphore num of s to val (SETVAL), or all of them to
 * vals (SETALL, num < 0): new values forget the adjustments. */
static void sem_set_values(struct sem_set *s, int num, int val,
			   const uint16_t *vals)
{
	for (uint32_t i = 0; i < s->nsems; i++) {
		if (num >= 0 && i != (uint32_t)num)
			continue;
		s->sems[i].val = num >= 0 ? val : vals[i];
		s->sems[i].pid = ipc_caller_pid();
	}
	sem_undo_clear(s->obj.id, num, false);
	s->ctime = ipc_now();
	sem_update(s);
}

/* Lock held: GETVAL, GETPID, GETNCNT, GETZCNT, SETVAL of semaphore num. */
static long sem_one_locked(struct sem_set *s, int num, int cmd, int val)
{
	if (!s)
		return -EINVAL;
	if (num < 0 || (uint32_t)num >= s->nsems)
		return -EINVAL;
	if (!ipc_allowed(&s->obj, cmd == SETVAL ? 0222 : 0444))
		return -EACCES;
	switch (cmd) {
	case GETVAL:
		return s->sems[num].val;
	case GETPID:
		return s->sems[num].pid;
	case GETNCNT:
		return sem_count_waiters(s, num, false);
	case GETZCNT:
		return sem_count_waiters(s, num, true);
	default:
		sem_set_values(s, num, val, NULL);
		return 0;
	}
}

/* GETALL and SETALL: the values go through a kernel copy. */
static long sem_all(int id, int cmd, uintptr_t ubuf)
{
	uint16_t *vals = NULL;
	struct sem_set *s;
	uint32_t n = 0;
	long err;

	mutex_lock(&sem_ids.lock);
	s = sem_find(id);
	err = s ? 0 : -EINVAL;
	if (!err && !ipc_allowed(&s->obj, cmd == SETALL ? 0222 : 0444))
		err = -EACCES;
	if (!err) {
		n = s->nsems;
		vals = kmalloc(n * sizeof(*vals));
		err = vals ? 0 : -ENOMEM;
	}
	for (uint32_t i = 0; !err && cmd == GETALL && i < n; i++)
		vals[i] = (uint16_t)s->sems[i].val;
	mutex_unlock(&sem_ids.lock);
	if (err)
		goto out;
	if (cmd == GETALL) {
		err = copy_to_user((void *)ubuf, vals, n * sizeof(*vals));
		goto out;
	}
	err = copy_from_user(vals, (void *)ubuf, n * sizeof(*vals));
	for (uint32_t i = 0; !err && i < n; i++)
		if (vals[i] > SEMVMX)
			err = -ERANGE;
	if (err)
		goto out;
	mutex_lock(&sem_ids.lock);
	s = sem_find(id);		/* it may have gone meanwhile */
	if (s && s->nsems == n)
		sem_set_values(s, -1, 0, vals);
	else
		err = -EIDRM;
	mutex_unlock(&sem_ids.lock);
out:
	kfree(vals);
	return err;
}

static long sem_locked_call(int id, int num, int cmd, uintptr_t arg,
			    const struct semid64_ds *ds)
{
	long ret;

	mutex_lock(&sem_ids.lock);
	if (cmd == IPC_SET || cmd == IPC_RMID)
		ret = sem_change_locked(sem_find(id), cmd, ds);
	else
		ret = sem_one_locked(sem_find(id), num, cmd, (int)arg);
	mutex_unlock(&sem_ids.lock);
	return ret;
}

long ipc_semctl(int id, int num, int cmd, uintptr_t arg)
{
	struct semid64_ds ds;

	if (id < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SEM_INFO:
		return sem_info(cmd, arg);
	case IPC_STAT:
	case SEM_STAT:
	case SEM_STAT_ANY:
		return sem_stat(id, cmd, arg);
	case GETALL:
	case SETALL:
		return sem_all(id, cmd, arg);
	case SETVAL:
		if ((int)arg > SEMVMX || (int)arg < 0)
			return -ERANGE;
		return sem_locked_call(id, num, cmd, arg, NULL);
	case GETVAL:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
	case IPC_RMID:
		return sem_locked_call(id, num, cmd, arg, NULL);
	case IPC_SET:
		if (copy_from_user(&ds, (void *)arg, sizeof(ds)))
			return -EFAULT;
		return sem_locked_call(id, num, cmd, arg, &ds);
	default:
		return -EINVAL;
	}
}

static void sem_proc_row(struct ipc_obj *obj, struct procfs_buf *b)
{
	struct sem_set *s = (struct sem_set *)obj;

	procfs_printf(b, "%10d %10d  %4o %10u %5u %5u %5u %5u %10u %10u\n",
		      obj->key, obj->id, obj->mode, s->nsems, obj->uid,
		      obj->gid, obj->cuid, obj->cgid, s->otime, s->ctime);
}

static void sem_proc_show(struct procfs_buf *b)
{
	ipc_proc_show(&sem_ids, b, "       key      semid perms      nsems"
		      "   uid   gid  cuid  cgid      otime      ctime",
		      sem_proc_row);
}

static int sem_proc_init(void)
{
	return procfs_register("sysvipc/sem", sem_proc_show);
}
INITCALL(INIT_FS, sem_proc_init);
