/*
 * msg.c: System V message queues (msgget, msgsnd, msgrcv, msgctl), as
 * Linux's with its default limits: messages of up to MSGMAX bytes, queues
 * of MSGMNB bytes (msg_qbytes, which also bounds the number of messages).
 *
 * A message is copied in before the lock is taken and copied out after it
 * is released (as on Linux, a receive whose copy-out faults loses the
 * message).  Senders waiting for room sleep on the queue's list of
 * senders and look again when a message leaves or msg_qbytes changes.
 * Receivers waiting for a message sleep on its list of receivers, noting
 * what they want: as Linux's pipelined send, a new message goes straight
 * to the oldest receiver that wants it (one whose buffer is too small,
 * without MSG_NOERROR, is woken with E2BIG instead), so that nobody can
 * take it between the wake-up and the receiver's run; only a message no
 * receiver wants is queued.
 *
 * /proc/sysvipc/msg lists the queues in Linux's format.
 *
 * Interface (kernel/ipc/ipc.h): ipc_msgget, ipc_msgsnd, ipc_msgrcv,
 * ipc_msgctl.
 */
#include "kernel/ipc/util.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "fs/procfs/procfs.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"

#define MSGMAX	8192		/* the largest message */
#define MSGMNB	16384		/* a queue's default byte limit */
#define MSGMNI	32000
#define MSGSSZ	16
#define MSGPOOL	(MSGMNI * MSGMNB / 1024)

struct msg_msg {
	struct list_head link;
	int32_t type;
	uint32_t size;
	char text[];
};

struct msg_queue {
	struct ipc_obj obj;
	struct list_head msgs;		/* struct msg_msg, oldest first */
	struct list_head senders;	/* struct ipc_waiter */
	struct list_head receivers;	/* struct msg_receiver */
	uint32_t cbytes, qnum, qbytes;
	uint32_t stime, rtime, ctime;
	int lspid, lrpid;
};

/* A sleeping msgrcv: what it wants, and what it got. */
struct msg_receiver {
	struct ipc_waiter w;
	long type;
	int flag;
	uint32_t size;
	int pid;
	struct msg_msg *msg;		/* handed over by a sender */
	long result;			/* or -E2BIG */
};

struct msginfo {
	int32_t msgpool, msgmap, msgmax, msgmnb, msgmni, msgssz, msgtql;
	uint16_t msgseg;
};

static struct ipc_ids msg_ids = IPC_IDS_INIT(msg_ids);
static uint32_t msg_total, msg_total_bytes;	/* every queue's */

static struct ipc_obj *msg_create(const void *arg)
{
	struct msg_queue *q = kzalloc(sizeof(*q));

	if (!q)
		return ERR_PTR(-ENOMEM);
	list_init(&q->msgs);
	list_init(&q->senders);
	list_init(&q->receivers);
	q->qbytes = MSGMNB;
	q->ctime = ipc_now();
	return &q->obj;
}

static int msg_check(struct ipc_obj *obj, const void *arg)
{
	return 0;
}

static const struct ipc_get_ops msg_get_ops = {
	.create = msg_create,
	.check = msg_check,
};

long ipc_msgget(int32_t key, int flag)
{
	return ipc_get(&msg_ids, key, flag, &msg_get_ops, NULL);
}

static struct msg_queue *msg_find(int id)
{
	return (struct msg_queue *)ipc_find(&msg_ids, id);
}

/* Lock held: whether a message of size fits in q now. */
static bool msg_fits(const struct msg_queue *q, uint32_t size)
{
	return q->cbytes + size <= q->qbytes && q->qnum + 1 <= q->qbytes;
}

static bool msg_matches(const struct msg_msg *m, long type, int flag);

/* Lock held: give m to the oldest sleeping receiver that wants it: true
 * when one took it. */
static bool msg_hand_over(struct msg_queue *q, struct msg_msg *m)
{
	struct ipc_waiter *w, *tmp;

	list_for_each_entry_safe(w, tmp, &q->receivers, link) {
		struct msg_receiver *r = (struct msg_receiver *)w;

		if (!msg_matches(m, r->type, r->flag))
			continue;
		if (r->size < m->size && !(r->flag & MSG_NOERROR)) {
			r->result = -E2BIG;
			ipc_wake(w);
			continue;
		}
		r->msg = m;
		q->lrpid = r->pid;
		q->rtime = ipc_now();
		ipc_wake(w);
		return true;
	}
	return false;
}

static void msg_enqueue(struct msg_queue *q, struct msg_msg *m)
{
	q->lspid = ipc_caller_pid();
	q->stime = ipc_now();
	if (msg_hand_over(q, m))
		return;
	list_add_tail(&m->link, &q->msgs);
	q->qnum++;
	q->cbytes += m->size;
	msg_total++;
	msg_total_bytes += m->size;
}

/* Lock held: put m on queue id, sleeping for room unless IPC_NOWAIT.
 * 0 (m is the queue's then) or -Exxx. */
static long msg_send_locked(int id, struct msg_msg *m, int flag)
{
	struct msg_queue *q = msg_find(id);
	struct ipc_waiter w;
	long err;

	if (!q)
		return -EINVAL;
	if (!ipc_allowed(&q->obj, 0222))
		return -EACCES;
	while (!msg_fits(q, m->size)) {
		if (flag & IPC_NOWAIT)
			return -EAGAIN;
		ipc_waiter_init(&w, &q->senders);
		err = ipc_sleep(&msg_ids, &w, WAIT_FOREVER);
		if (err)
			return err;
	}
	msg_enqueue(q, m);
	return 0;
}

long ipc_msgsnd(int id, uintptr_t umsg, long size, int flag)
{
	struct msg_msg *m;
	int32_t type;
	long err;

	if (get_user(type, (int32_t *)umsg))
		return -EFAULT;
	if (size > MSGMAX || size < 0 || id < 0 || type < 1)
		return -EINVAL;
	m = kmalloc(sizeof(*m) + (size_t)size);
	if (!m)
		return -ENOMEM;
	m->type = type;
	m->size = (uint32_t)size;
	if (copy_from_user(m->text, (void *)(umsg + 4), (size_t)size)) {
		kfree(m);
		return -EFAULT;
	}
	mutex_lock(&msg_ids.lock);
	err = msg_send_locked(id, m, flag);
	mutex_unlock(&msg_ids.lock);
	if (err)
		kfree(m);
	return err;
}

/* Whether m is what msgrcv's type and flag ask for (type < 0: at most
 * -type, the lowest such type being chosen by the caller). */
static bool msg_matches(const struct msg_msg *m, long type, int flag)
{
	if (type == 0)
		return true;
	if (type < 0)
		return m->type <= -(int64_t)type;
	return flag & MSG_EXCEPT ? m->type != type : m->type == type;
}

/* Lock held: the message msgrcv takes (the index-th with MSG_COPY), or
 * NULL. */
static struct msg_msg *msg_pick(struct msg_queue *q, long type, int flag)
{
	struct msg_msg *m, *found = NULL;
	long index = 0;

	list_for_each_entry(m, &q->msgs, link) {
		if (flag & MSG_COPY) {
			if (index++ == type)
				return m;
		} else if (msg_matches(m, type, flag)) {
			if (type >= 0)
				return m;
			if (!found || m->type < found->type)
				found = m;
		}
	}
	return found;
}

static void msg_unlink(struct msg_queue *q, struct msg_msg *m)
{
	list_del(&m->link);
	q->qnum--;
	q->cbytes -= m->size;
	msg_total--;
	msg_total_bytes -= m->size;
	q->lrpid = ipc_caller_pid();
	q->rtime = ipc_now();
	ipc_wake_all(&q->senders, false);
}

/* A copy of m for MSG_COPY (the original stays queued), or NULL. */
static struct msg_msg *msg_dup(const struct msg_msg *m)
{
	struct msg_msg *c = kmalloc(sizeof(*c) + m->size);

	if (c)
		memcpy(c, m, sizeof(*c) + m->size);
	return c;
}

/* Lock held: take the message msgrcv wants from queue id into *out,
 * sleeping for one unless IPC_NOWAIT.  0 or -Exxx. */
static long msg_receive_locked(int id, long size, long type, int flag,
			       struct msg_msg **out)
{
	struct msg_queue *q = msg_find(id);
	struct msg_receiver r;
	struct msg_msg *m;
	long err;

	if (!q)
		return -EINVAL;
	if (!ipc_allowed(&q->obj, 0444))
		return -EACCES;
	while (!(m = msg_pick(q, type, flag))) {
		if (flag & IPC_NOWAIT)
			return -ENOMSG;
		r = (struct msg_receiver){ .type = type, .flag = flag,
					   .size = (uint32_t)size,
					   .pid = ipc_caller_pid() };
		ipc_waiter_init(&r.w, &q->receivers);
		err = ipc_sleep(&msg_ids, &r.w, WAIT_FOREVER);
		if (r.msg) {
			*out = r.msg;
			return 0;
		}
		if (r.result)
			return r.result;
		if (err)
			return err;
	}
	if ((uint32_t)size < m->size && !(flag & MSG_NOERROR))
		return -E2BIG;
	if (flag & MSG_COPY) {
		*out = msg_dup(m);
		return *out ? 0 : -ENOMEM;
	}
	msg_unlink(q, m);
	*out = m;
	return 0;
}

long ipc_msgrcv(int id, uintptr_t umsg, long size, long type, int flag)
{
	struct msg_msg *m = NULL;
	long err;

	if (id < 0 || size < 0)
		return -EINVAL;
	if ((flag & MSG_COPY) &&
	    ((flag & MSG_EXCEPT) || !(flag & IPC_NOWAIT)))
		return -EINVAL;
	mutex_lock(&msg_ids.lock);
	err = msg_receive_locked(id, size, type, flag, &m);
	mutex_unlock(&msg_ids.lock);
	if (err)
		return err;
	if ((uint32_t)size > m->size)
		size = m->size;
	if (put_user(m->type, (int32_t *)umsg) ||
	    copy_to_user((void *)(umsg + 4), m->text, (size_t)size))
		size = -EFAULT;
	kfree(m);
	return size;
}

static long msg_info(int cmd, uintptr_t ubuf)
{
	struct msginfo info = {
		.msgpool = MSGPOOL, .msgmap = MSGMNB, .msgmax = MSGMAX,
		.msgmnb = MSGMNB, .msgmni = MSGMNI, .msgssz = MSGSSZ,
		.msgtql = MSGMNB, .msgseg = 0xffff,
	};
	long ret;

	mutex_lock(&msg_ids.lock);
	if (cmd == MSG_INFO) {
		info.msgpool = (int32_t)msg_ids.count;
		info.msgmap = (int32_t)msg_total;
		info.msgtql = (int32_t)msg_total_bytes;
	}
	ret = ipc_max_index(&msg_ids);
	mutex_unlock(&msg_ids.lock);
	return copy_to_user((void *)ubuf, &info, sizeof(info)) ? -EFAULT : ret;
}

static void msg_stat_fill(const struct msg_queue *q, struct msqid64_ds *ds)
{
	*ds = (struct msqid64_ds){
		.msg_stime = q->stime, .msg_rtime = q->rtime,
		.msg_ctime = q->ctime, .msg_cbytes = q->cbytes,
		.msg_qnum = q->qnum, .msg_qbytes = q->qbytes,
		.msg_lspid = q->lspid, .msg_lrpid = q->lrpid,
	};
	ipc_perm_out(&q->obj, &ds->msg_perm);
}

/* IPC_STAT (0), or MSG_STAT and MSG_STAT_ANY (by index: the id). */
static long msg_stat(int id, int cmd, uintptr_t ubuf)
{
	struct msqid64_ds ds;
	struct ipc_obj *q;
	long ret;

	mutex_lock(&msg_ids.lock);
	ret = ipc_stat_find(&msg_ids, id, cmd, MSG_STAT_ANY, &q);
	if (ret >= 0)
		msg_stat_fill((struct msg_queue *)q, &ds);
	mutex_unlock(&msg_ids.lock);
	if (ret >= 0 && copy_to_user((void *)ubuf, &ds, sizeof(ds)))
		ret = -EFAULT;
	return ret;
}

static void msg_destroy(struct msg_queue *q)
{
	struct msg_msg *m, *tmp;

	list_for_each_entry_safe(m, tmp, &q->msgs, link) {
		msg_total--;
		msg_total_bytes -= m->size;
		kfree(m);
	}
	ipc_wake_all(&q->senders, true);
	ipc_wake_all(&q->receivers, true);
	ipc_del(&msg_ids, &q->obj);
	kfree(q);
}

/* IPC_SET (ds read from the user) and IPC_RMID. */
static long msg_change(int id, int cmd, const struct msqid64_ds *ds)
{
	struct msg_queue *q;
	long err;

	mutex_lock(&msg_ids.lock);
	q = msg_find(id);
	err = q ? ipc_may_change(&q->obj) : -EINVAL;
	if (!err && cmd == IPC_SET && ds->msg_qbytes > MSGMNB &&
	    !ipc_is_root())
		err = -EPERM;
	if (!err && cmd == IPC_RMID) {
		msg_destroy(q);
	} else if (!err) {
		ipc_perm_set(&q->obj, &ds->msg_perm);
		q->qbytes = ds->msg_qbytes;
		q->ctime = ipc_now();
		ipc_wake_all(&q->senders, false);
	}
	mutex_unlock(&msg_ids.lock);
	return err;
}

long ipc_msgctl(int id, int cmd, uintptr_t ubuf)
{
	struct msqid64_ds ds;

	if (id < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case MSG_INFO:
		return msg_info(cmd, ubuf);
	case IPC_STAT:
	case MSG_STAT:
	case MSG_STAT_ANY:
		return msg_stat(id, cmd, ubuf);
	case IPC_SET:
		if (copy_from_user(&ds, (void *)ubuf, sizeof(ds)))
			return -EFAULT;
		return msg_change(id, cmd, &ds);
	case IPC_RMID:
		return msg_change(id, cmd, NULL);
	default:
		return -EINVAL;
	}
}

static void msg_proc_row(struct ipc_obj *obj, struct procfs_buf *b)
{
	struct msg_queue *q = (struct msg_queue *)obj;

	procfs_printf(b, "%10d %10d  %4o  %10u %10u %5d %5d %5u %5u %5u %5u "
		      "%10u %10u %10u\n", obj->key, obj->id, obj->mode,
		      q->cbytes, q->qnum, q->lspid, q->lrpid, obj->uid,
		      obj->gid, obj->cuid, obj->cgid, q->stime, q->rtime,
		      q->ctime);
}

static void msg_proc_show(struct procfs_buf *b)
{
	ipc_proc_show(&msg_ids, b, "       key      msqid perms      cbytes"
		      "       qnum lspid lrpid   uid   gid  cuid  cgid      "
		      "stime      rtime      ctime", msg_proc_row);
}

static int msg_proc_init(void)
{
	return procfs_register("sysvipc/msg", msg_proc_show);
}
INITCALL(INIT_FS, msg_proc_init);
