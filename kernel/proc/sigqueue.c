/*
 * sigqueue.c: pending signals and their queued siginfo (see signal.h).
 *
 * A struct sigpending is a set (bit sig - 1) and a queue of struct
 * sigqueue entries in the order the signals were sent.  Adding a signal
 * sets its bit and, given an entry, queues its siginfo (signal.c decides
 * whether a standard signal already pending is dropped, and allocates the
 * entry within the limit).  Taking signal sig, as Linux's collect_signal:
 * its oldest entry is removed; the bit stays set while another entry for
 * sig remains; a signal pending without an entry (it was over the limit)
 * reports SI_USER with pid and uid 0.
 *
 * The queue limit (RLIMIT_SIGPENDING) counts entries per real user id, as
 * Linux charges them to the target's user.  Each entry is charged when it
 * is allocated to the user it is queued for (sigqueue_alloc), and points
 * at that user's count, so that taking or dropping it gives the charge
 * back to the same user even if the process changed its uid since (as
 * Linux's sigqueue keeps its user).  The counts live in a small hash
 * table keyed by uid, one struct per user that has entries queued (freed
 * when its count falls to 0): charging, uncharging and reading a count
 * cost O(1), whatever the number of processes and threads.
 *
 * Callers hold the signal lock (signal.c), which also guards the counts;
 * entries are allocated and freed with kmalloc, which may be called there
 * (with interrupts off).
 *
 * Interface (signal.h): sigpending_init, sigqueue_alloc,
 * sigpending_add, sigpending_take, sigpending_flush, sigqueue_user_count;
 * siginfo_fill (sigframe.h).
 */
#include "kernel/proc/signal.h"
#include "kernel/proc/proc.h"
#include "kernel/proc/sigframe.h"
#include "lib/hash.h"
#include "lib/string.h"
#include "mm/mm.h"

/* Signals taken before the others: those a faulting instruction raises. */
#define SIG_SYNCHRONOUS	(SIGBIT(SIGSEGV) | SIGBIT(SIGBUS) | SIGBIT(SIGILL) | \
			 SIGBIT(SIGTRAP) | SIGBIT(SIGFPE) | SIGBIT(SIGSYS))

/* One user's queued entries. */
struct sigqueue_user {
	struct hlist_node node;		/* in sigqueue_users */
	uint32_t uid;
	unsigned int queued;
};

struct sigqueue {
	struct list_head link;
	struct sigqueue_user *user;	/* charged for it */
	struct ksiginfo info;
};

static DEFINE_HASHTABLE(sigqueue_users, 4);

void sigpending_init(struct sigpending *sp)
{
	sp->set = 0;
	list_init(&sp->queue);
	sp->queued = 0;
}

/* The count of uid's queued entries, or NULL when it has none. */
static struct sigqueue_user *user_find(uint32_t uid)
{
	struct sigqueue_user *u;

	hash_for_each_possible(sigqueue_users, u, node, uid)
		if (u->uid == uid)
			return u;
	return NULL;
}

/* One more entry for uid: its count, or NULL when out of memory. */
static struct sigqueue_user *user_charge(uint32_t uid)
{
	struct sigqueue_user *u = user_find(uid);

	if (!u) {
		u = kmalloc(sizeof(*u));
		if (!u)
			return NULL;
		u->uid = uid;
		u->queued = 0;
		hash_add(sigqueue_users, &u->node, uid);
	}
	u->queued++;
	return u;
}

/* One entry less for u, freed with its last one. */
static void user_uncharge(struct sigqueue_user *u)
{
	if (--u->queued)
		return;
	hash_del(&u->node);
	kfree(u);
}

unsigned int sigqueue_user_count(uint32_t uid)
{
	struct sigqueue_user *u = user_find(uid);

	return u ? u->queued : 0;
}

/*
 * An entry charged to user uid, or NULL when uid has limit entries queued
 * already (SIGQUEUE_NO_LIMIT: never) or memory is short.
 */
struct sigqueue *sigqueue_alloc(uint32_t uid, unsigned int limit)
{
	struct sigqueue *q;

	if (sigqueue_user_count(uid) >= limit)
		return NULL;
	q = kmalloc(sizeof(*q));
	if (!q)
		return NULL;
	q->user = user_charge(uid);
	if (!q->user) {
		kfree(q);
		return NULL;
	}
	return q;
}

/* Free an entry that is on no queue, and its user's charge. */
static void sigqueue_free(struct sigqueue *q)
{
	user_uncharge(q->user);
	kfree(q);
}

void sigpending_add(struct sigpending *sp, const struct ksiginfo *info,
		    struct sigqueue *q)
{
	sp->set |= SIGBIT(info->signo);
	if (!q)
		return;
	q->info = *info;
	list_add_tail(&q->link, &sp->queue);
	sp->queued++;
}

/* The signal to take next among ready (Linux's next_signal). */
static int next_signal(uint64_t ready)
{
	if (ready & SIG_SYNCHRONOUS)
		ready &= SIG_SYNCHRONOUS;
	return ready ? __builtin_ctzll(ready) + 1 : 0;
}

int sigpending_take(struct sigpending *sp, uint64_t mask,
		    struct ksiginfo *info)
{
	int sig = next_signal(sp->set & ~mask);
	struct sigqueue *q, *first = NULL;
	bool more = false;

	if (!sig)
		return 0;
	list_for_each_entry(q, &sp->queue, link) {
		if (q->info.signo != sig)
			continue;
		if (first) {
			more = true;
			break;
		}
		first = q;
	}
	if (!more)
		sp->set &= ~SIGBIT(sig);
	if (!first) {
		*info = (struct ksiginfo){ .signo = sig, .code = SI_USER };
		return sig;
	}
	*info = first->info;
	list_del(&first->link);
	sp->queued--;
	sigqueue_free(first);
	return sig;
}

/* Drop the signals of set, queued entries too. */
void sigpending_flush(struct sigpending *sp, uint64_t set)
{
	struct sigqueue *q, *tmp;

	sp->set &= ~set;
	list_for_each_entry_safe(q, tmp, &sp->queue, link) {
		if (!(set & SIGBIT(q->info.signo)))
			continue;
		list_del(&q->link);
		sp->queued--;
		sigqueue_free(q);
	}
}

/* siginfo_t as Linux i386 copies it out: the kernel's siginfo whole (the
 * union words a kernel-made one does not use are 0, those of a user's
 * siginfo as it wrote them), then zeros. */
void siginfo_fill(struct siginfo32 *si, const struct ksiginfo *k)
{
	memset(si, 0, sizeof(*si));
	si->signo = k->signo;
	si->errno_ = k->errno_;
	si->code = k->code;
	memcpy(si->word, k->word, sizeof(k->word));
}
