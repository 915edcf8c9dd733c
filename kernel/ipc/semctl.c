/*
 * semctl.c: semctl for System V semaphore sets (kernel/ipc/sem.c has the
 * sets and semop): IPC_INFO/SEM_INFO, IPC_STAT/SEM_STAT/SEM_STAT_ANY,
 * IPC_SET, IPC_RMID, GETVAL, GETPID, GETNCNT, GETZCNT, GETALL, SETVAL,
 * SETALL, with Linux's checks and their order; and /proc/sysvipc/sem.
 * New values forget every process's SEM_UNDO adjustment of them and
 * perform what sleepers can do now.
 *
 * Interface (kernel/ipc/ipc.h): ipc_semctl.
 */
#include "kernel/ipc/sem.h"
#include "fs/procfs/procfs.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

struct seminfo {
	int32_t semmap, semmni, semmns, semmnu, semmsl, semopm, semume,
		semusz, semvmx, semaem;
};

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

/* GETALL and SETALL: the set's size and a buffer for its values (kfree
 * it), read access (GETALL, with the values) or write access (SETALL)
 * checked; 0, -EINVAL, -EACCES or -ENOMEM. */
static long sem_all_buffer(int id, int cmd, uint16_t **vals, uint32_t *n)
{
	struct sem_set *s;
	long err;

	mutex_lock(&sem_ids.lock);
	s = sem_find(id);
	err = s ? 0 : -EINVAL;
	if (!err && !ipc_allowed(&s->obj, cmd == SETALL ? 0222 : 0444))
		err = -EACCES;
	if (!err) {
		*n = s->nsems;
		*vals = kmalloc(*n * sizeof(**vals));
		err = *vals ? 0 : -ENOMEM;
	}
	for (uint32_t i = 0; !err && cmd == GETALL && i < *n; i++)
		(*vals)[i] = (uint16_t)s->sems[i].val;
	mutex_unlock(&sem_ids.lock);
	return err;
}

/* GETALL and SETALL: the values go through a kernel copy. */
static long sem_all(int id, int cmd, uintptr_t ubuf)
{
	uint16_t *vals = NULL;
	struct sem_set *s;
	uint32_t n = 0;
	long err = sem_all_buffer(id, cmd, &vals, &n);

	if (err || cmd == GETALL) {
		if (!err)
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
