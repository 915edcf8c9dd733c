/*
 * ktimer.c: interval timers driven by the timer tick (see ktimer.h).
 *
 * Armed timers sit on one list that a tick hook walks; every change and
 * every read of a timer happens under ktimer_lock with interrupts off,
 * since the tick changes them from its interrupt handler.  Lock order:
 * ktimer_lock before whatever a fire function takes (a wait queue's
 * lock, the signal lock).
 */
#include "kernel/ktimer.h"
#include "kernel/clock.h"
#include "kernel/init.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"

/* Deadlines count from this long before boot, so that an absolute time
 * before boot still counts the periods missed since. */
#define KTIMER_BIAS	(1ull << 62)

static struct list_head armed = LIST_HEAD_INIT(armed);
static struct spinlock ktimer_lock = SPINLOCK_INIT;

void ktimer_init(struct ktimer *t, void (*fire)(struct ktimer *), void *data)
{
	t->expire = t->interval = t->count = 0;
	t->fire = fire;
	t->clock = NULL;
	t->data = data;
	list_init(&t->link);
}

/* Count the expirations up to now; a one-shot timer is then disarmed.
 * Returns whether any passed.  Lock held. */
static bool ktimer_advance(struct ktimer *t, uint64_t now)
{
	uint64_t n;

	if (!t->expire || now < t->expire)
		return false;
	if (t->interval) {
		n = (now - t->expire) / t->interval + 1;
		t->count += n;
		t->expire += n * t->interval;
	} else {
		t->count++;
		t->expire = 0;
		list_del(&t->link);
		list_init(&t->link);
	}
	return true;
}

void ktimer_arm(struct ktimer *t, uint64_t expire, uint64_t interval)
{
	uint32_t flags = spin_lock_irqsave(&ktimer_lock);

	list_del(&t->link);
	list_init(&t->link);
	t->expire = expire;
	t->interval = interval;
	t->count = 0;
	if (expire)
		list_add_tail(&t->link, &armed);
	spin_unlock_irqrestore(&ktimer_lock, flags);
}

/* The time on t's clock, biased. */
static uint64_t ktimer_now(const struct ktimer *t)
{
	return (t->clock ? t->clock(t) : clock_ns()) + KTIMER_BIAS;
}

uint64_t ktimer_deadline(const struct ktimer *t, bool realtime, bool abstime,
			 uint64_t value)
{
	uint64_t now = ktimer_now(t), wall;

	if (!value)
		return 0;
	if (!abstime)
		return now + value;
	if (!realtime)
		return value + KTIMER_BIAS;
	wall = clock_realtime_ns();
	if (value >= wall)
		return now + (value - wall);
	return wall - value < now ? now - (wall - value) : 1;
}

void ktimer_get(struct ktimer *t, uint64_t *left, uint64_t *interval)
{
	uint32_t flags = spin_lock_irqsave(&ktimer_lock);
	uint64_t now = ktimer_now(t);

	ktimer_advance(t, now);
	*left = t->expire ? t->expire - now : 0;
	*interval = t->interval;
	spin_unlock_irqrestore(&ktimer_lock, flags);
}

uint64_t ktimer_take(struct ktimer *t)
{
	uint32_t flags = spin_lock_irqsave(&ktimer_lock);
	uint64_t n;

	ktimer_advance(t, ktimer_now(t));
	n = t->count;
	t->count = 0;
	spin_unlock_irqrestore(&ktimer_lock, flags);
	return n;
}

uint64_t ktimer_pending(struct ktimer *t)
{
	uint32_t flags = spin_lock_irqsave(&ktimer_lock);
	uint64_t n;

	ktimer_advance(t, ktimer_now(t));
	n = t->count;
	spin_unlock_irqrestore(&ktimer_lock, flags);
	return n;
}

void ktimer_stop(struct ktimer *t)
{
	ktimer_arm(t, 0, 0);
}

static void ktimer_tick(struct tick_hook *hook)
{
	struct ktimer *t, *tmp;
	uint32_t flags = spin_lock_irqsave(&ktimer_lock);

	list_for_each_entry_safe(t, tmp, &armed, link)
		if (ktimer_advance(t, ktimer_now(t)) && t->fire)
			t->fire(t);
	spin_unlock_irqrestore(&ktimer_lock, flags);
}

static struct tick_hook ktimer_hook = { .fn = ktimer_tick };

static int ktimer_init_hook(void)
{
	tick_hook_register(&ktimer_hook);
	return 0;
}
INITCALL(INIT_CORE, ktimer_init_hook);
