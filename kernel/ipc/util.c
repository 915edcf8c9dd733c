/*
 * util.c: ids, keys, permissions and sleeping for System V IPC (see
 * kernel/ipc/util.h for the interface and the locking).
 */
#include "kernel/ipc/util.h"
#include "kernel/clock.h"
#include "lib/compiler.h"
#include "kernel/cred.h"
#include "lib/errno.h"
#include "fs/procfs/procfs.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/signal.h"
#include "mm/mm.h"

struct ipc_obj *ipc_find(struct ipc_ids *ids, int id)
{
	struct ipc_obj *obj;

	if (id < 0 || id % IPC_SEQ_MULT >= IPC_MAX_IDS)
		return NULL;
	obj = ids->slots[id % IPC_SEQ_MULT];
	return obj && obj->id == id ? obj : NULL;
}

struct ipc_obj *ipc_at_index(struct ipc_ids *ids, int index)
{
	return index >= 0 && index < IPC_MAX_IDS ? ids->slots[index] : NULL;
}

int ipc_max_index(struct ipc_ids *ids)
{
	for (int i = IPC_MAX_IDS - 1; i >= 0; i--)
		if (ids->slots[i])
			return i;
	return 0;
}

long ipc_stat_find(struct ipc_ids *ids, int id, int cmd, int any_cmd,
		   struct ipc_obj **obj)
{
	*obj = cmd == IPC_STAT ? ipc_find(ids, id) : ipc_at_index(ids, id);
	if (!*obj)
		return -EINVAL;
	if (cmd != any_cmd && !ipc_allowed(*obj, 0444))
		return -EACCES;
	return cmd == IPC_STAT ? 0 : (*obj)->id;
}

/* Give obj the next free index after the last one given: its id, or
 * -ENOSPC when the table is full. */
static int ipc_add(struct ipc_ids *ids, struct ipc_obj *obj)
{
	int index = ids->last_index;

	if (ids->count == IPC_MAX_IDS)
		return -ENOSPC;
	do {
		if (++index == IPC_MAX_IDS)
			index = 0;
	} while (ids->slots[index]);
	if (index <= ids->last_index)
		ids->seq = (uint16_t)((ids->seq + 1) % (0x7fffffff / IPC_SEQ_MULT));
	ids->last_index = index;
	obj->seq = ids->seq;
	obj->id = ids->seq * IPC_SEQ_MULT + index;
	ids->slots[index] = obj;
	ids->count++;
	return obj->id;
}

void ipc_del(struct ipc_ids *ids, struct ipc_obj *obj)
{
	ids->slots[obj->id % IPC_SEQ_MULT] = NULL;
	ids->count--;
}

void ipc_proc_show(struct ipc_ids *ids, struct procfs_buf *b,
		   const char *header,
		   void (*row)(struct ipc_obj *obj, struct procfs_buf *b))
{
	procfs_printf(b, "%s\n", header);
	mutex_lock(&ids->lock);
	for (int i = 0; i < IPC_MAX_IDS; i++)
		if (ids->slots[i])
			row(ids->slots[i], b);
	mutex_unlock(&ids->lock);
}

static struct ipc_obj *ipc_find_key(struct ipc_ids *ids, int32_t key)
{
	for (int i = 0; i < IPC_MAX_IDS; i++)
		if (ids->slots[i] && ids->slots[i]->key == key)
			return ids->slots[i];
	return NULL;
}

/* A new object of key owned by the caller, with flag's mode. */
static long ipc_new(struct ipc_ids *ids, int32_t key, int flag,
		    const struct ipc_get_ops *ops, const void *arg)
{
	struct proc *p = proc_current();
	struct ipc_obj *obj = ops->create(arg);
	long id;

	if (IS_ERR(obj))
		return PTR_ERR(obj);
	obj->key = key;
	obj->uid = obj->cuid = p->euid;
	obj->gid = obj->cgid = p->egid;
	obj->mode = (uint16_t)(flag & IPC_MODE_BITS);
	id = ipc_add(ids, obj);
	if (id < 0)
		kfree(obj);
	return id;
}

long ipc_get(struct ipc_ids *ids, int32_t key, int flag,
	     const struct ipc_get_ops *ops, const void *arg)
{
	struct ipc_obj *obj;
	long ret;

	mutex_lock(&ids->lock);
	obj = key == IPC_PRIVATE ? NULL : ipc_find_key(ids, key);
	if (key == IPC_PRIVATE || (!obj && (flag & IPC_CREAT)))
		ret = ipc_new(ids, key, flag, ops, arg);
	else if (!obj)
		ret = -ENOENT;
	else if ((flag & IPC_CREAT) && (flag & IPC_EXCL))
		ret = -EEXIST;
	else if ((ret = ops->check(obj, arg)) == 0)
		ret = ipc_allowed(obj, flag) ? obj->id : -EACCES;
	mutex_unlock(&ids->lock);
	return ret;
}

static bool ipc_is_owner(const struct ipc_obj *obj, uint32_t euid)
{
	return euid == obj->uid || euid == obj->cuid;
}

bool ipc_allowed(const struct ipc_obj *obj, int flag)
{
	struct proc *p = proc_current();
	int want = ((flag >> 6) | (flag >> 3) | flag) & 7;
	int granted = obj->mode;

	if (ipc_is_owner(obj, p->euid))
		granted >>= 6;
	else if (cred_in_group(current_cred(), obj->cgid) ||
		 cred_in_group(current_cred(), obj->gid))
		granted >>= 3;
	return !(want & ~granted & 7) || p->euid == 0;
}

int ipc_may_change(const struct ipc_obj *obj)
{
	struct proc *p = proc_current();

	return ipc_is_owner(obj, p->euid) || p->euid == 0 ? 0 : -EPERM;
}

void ipc_perm_out(const struct ipc_obj *obj, struct ipc64_perm *out)
{
	*out = (struct ipc64_perm){
		.key = obj->key, .uid = obj->uid, .gid = obj->gid,
		.cuid = obj->cuid, .cgid = obj->cgid, .mode = obj->mode,
		.seq = obj->seq,
	};
}

void ipc_perm_set(struct ipc_obj *obj, const struct ipc64_perm *in)
{
	obj->uid = in->uid;
	obj->gid = in->gid;
	obj->mode = (uint16_t)((obj->mode & ~IPC_MODE_BITS) |
			       (in->mode & IPC_MODE_BITS));
}

uint32_t ipc_now(void)
{
	return (uint32_t)(clock_realtime_ns() / 1000000000ull);
}

/* 0 outside a process (an address space freed by a kernel thread). */
int ipc_caller_pid(void)
{
	struct proc *p = proc_current();

	return p ? p->pid : 0;
}

bool ipc_is_root(void)
{
	return proc_current()->euid == 0;
}

void ipc_waiter_init(struct ipc_waiter *w, struct list_head *list)
{
	wait_queue_init(&w->wq);
	w->woken = w->removed = false;
	w->blocking = NULL;
	list_add_tail(&w->link, list);
}

/* Lock held (both). */
void ipc_wake(struct ipc_waiter *w)
{
	list_del(&w->link);
	WRITE_ONCE(w->woken, true);
	wake_up(&w->wq);
}

void ipc_wake_all(struct list_head *waiters, bool removed)
{
	struct ipc_waiter *w, *tmp;

	list_for_each_entry_safe(w, tmp, waiters, link) {
		w->removed = removed;
		ipc_wake(w);
	}
}

int ipc_sleep(struct ipc_ids *ids, struct ipc_waiter *w, uint64_t deadline)
{
	bool ended;

	mutex_unlock(&ids->lock);
	ended = wait_event_until(&w->wq, READ_ONCE(w->woken) ||
				 signal_check(), deadline);
	mutex_lock(&ids->lock);
	if (!w->woken)
		list_del(&w->link);
	if (w->removed)
		return -EIDRM;
	if (w->woken)
		return 0;
	return ended ? -ERESTARTNOHAND : -EAGAIN;
}
