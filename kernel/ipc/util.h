/*
 * util.h: what the three kinds of System V IPC object share
 * (kernel/ipc/util.c): the id table of a kind, keys, the permission
 * checks, the common part of msgget/semget/shmget, and sleeping until an
 * object changes.
 *
 * Every object begins with a struct ipc_obj.  Its id is Linux's:
 * seq * 32768 + index, indices handed out cyclically (the next free one
 * after the last given), seq advanced when the search wraps.  A kind's
 * table, objects and waiter lists change under its ids->lock, a mutex
 * never held across a sleep for an object's change (ipc_sleep drops it).
 *
 * Interface:
 *   ipc_find(ids, id)          the object with that id, or NULL (lock held)
 *   ipc_at_index(ids, index)   the object at an index (the *_STAT calls)
 *   ipc_max_index(ids)         the highest index in use, 0 when none
 *   ipc_stat_find(ids, id, cmd, any_cmd, &obj)
 *                              the object IPC_STAT (by id) or a *_STAT
 *                              command (by index) reads, read access
 *                              checked unless cmd is any_cmd (*_STAT_ANY):
 *                              the call's result (0, or the id for *_STAT),
 *                              -EINVAL or -EACCES
 *   ipc_del(ids, obj)          take obj's id back
 *   ipc_proc_show(ids, b, header, row)
 *                              a /proc/sysvipc file: header, then row(obj, b)
 *                              for each object in index order
 *   ipc_get(ids, key, flag, ops, arg)
 *                              msgget/semget/shmget: find or make the
 *                              object of key; its id or -Exxx
 *   ipc_allowed(obj, flag)     Linux's ipcperms: may the caller have the
 *                              access in flag's 0777 bits (S_IRUGO...)?
 *   ipc_may_change(obj)        IPC_SET/IPC_RMID: 0 for the owner, the
 *                              creator and root, else -EPERM
 *   ipc_perm_out, ipc_perm_set the user's ipc64_perm to and from obj
 *   ipc_now()                  the wall-clock time in seconds
 *   ipc_caller_pid()           the calling process's pid
 *   ipc_is_root()              whether the caller's effective uid is 0
 *   ipc_waiter_init(w, list)   queue w on an object's list of sleepers
 *   ipc_wake(w), ipc_wake_all(list, removed)
 *                              take w (all of list) off and wake it;
 *                              removed: the object is gone
 *   ipc_sleep(ids, w, deadline) sleep until w is woken:
 *                              0, -EIDRM (removed), -ERESTARTNOHAND,
 *                              -EAGAIN (deadline passed)
 */
#ifndef KERNEL_IPC_UTIL_H
#define KERNEL_IPC_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/ipc/ipc.h"
#include "kernel/mutex.h"
#include "kernel/wait.h"
#include "lib/list.h"

#define IPC_SEQ_MULT	32768
#define IPC_MAX_IDS	1024	/* objects of one kind (Linux: 32000) */
#define IPC_MODE_BITS	0777

struct ipc_obj {
	int32_t key;
	uint32_t uid, gid, cuid, cgid;
	uint16_t mode;		/* 0777 bits, and SHM_DEST/SHM_LOCKED */
	uint16_t seq;
	int id;
};

struct ipc_ids {
	struct mutex lock;
	struct ipc_obj *slots[IPC_MAX_IDS];
	uint32_t count;
	int last_index;
	uint16_t seq;
};

#define IPC_IDS_INIT(name) { MUTEX_INIT((name).lock), { 0 }, 0, -1, 0 }

/* What ipc_get asks a kind: make a new object for key (flag's mode bits
 * are its mode; ERR_PTR on failure), check an existing one against the
 * call's argument (0 or -EINVAL). */
struct ipc_get_ops {
	struct ipc_obj *(*create)(const void *arg);
	int (*check)(struct ipc_obj *obj, const void *arg);
};

struct ipc_waiter {		/* first in any larger waiter */
	struct list_head link;	/* on an object's list of sleepers */
	struct wait_queue wq;
	bool woken, removed;
	const struct sembuf *blocking;	/* semop: the operation waited on */
};

struct ipc_obj *ipc_find(struct ipc_ids *ids, int id);
struct ipc_obj *ipc_at_index(struct ipc_ids *ids, int index);
int ipc_max_index(struct ipc_ids *ids);
long ipc_stat_find(struct ipc_ids *ids, int id, int cmd, int any_cmd,
		   struct ipc_obj **obj);
void ipc_del(struct ipc_ids *ids, struct ipc_obj *obj);
struct procfs_buf;
void ipc_proc_show(struct ipc_ids *ids, struct procfs_buf *b,
		   const char *header,
		   void (*row)(struct ipc_obj *obj, struct procfs_buf *b));
long ipc_get(struct ipc_ids *ids, int32_t key, int flag,
	     const struct ipc_get_ops *ops, const void *arg);
bool ipc_allowed(const struct ipc_obj *obj, int flag);
int ipc_may_change(const struct ipc_obj *obj);
void ipc_perm_out(const struct ipc_obj *obj, struct ipc64_perm *out);
void ipc_perm_set(struct ipc_obj *obj, const struct ipc64_perm *in);
uint32_t ipc_now(void);
int ipc_caller_pid(void);
bool ipc_is_root(void);
void ipc_waiter_init(struct ipc_waiter *w, struct list_head *list);
void ipc_wake(struct ipc_waiter *w);
void ipc_wake_all(struct list_head *waiters, bool removed);
int ipc_sleep(struct ipc_ids *ids, struct ipc_waiter *w, uint64_t deadline);

#endif
