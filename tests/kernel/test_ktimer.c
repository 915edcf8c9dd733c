/*
 * test_ktimer.c: the interval timers (kernel/ktimer.c) on a clock the
 * test moves by hand: expirations counted and taken, one-shot timers
 * disarmed, the time left, deadlines in the past of the clock.
 */
#include "kernel/ktest.h"
#include "kernel/ktimer.h"

static uint64_t fake_now;

static uint64_t fake_clock(const struct ktimer *t)
{
	(void)t;
	return fake_now;
}

static void fake_timer(struct ktimer *t)
{
	ktimer_init(t, NULL, NULL);
	t->clock = fake_clock;
}

KTEST(ktimer, periodic_counts)
{
	struct ktimer t;
	uint64_t left, interval;

	fake_now = 1000;
	fake_timer(&t);
	ktimer_arm(&t, ktimer_deadline(&t, false, false, 100), 30);
	fake_now = 1099;
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 0);
	fake_now = 1100;
	KT_EXPECT_EQ(ctx, ktimer_pending(&t), 1);
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 1);
	fake_now = 1161;		/* 1130 and 1160 */
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 2);
	ktimer_get(&t, &left, &interval);
	KT_EXPECT_EQ(ctx, left, 29);
	KT_EXPECT_EQ(ctx, interval, 30);
	ktimer_stop(&t);
	ktimer_get(&t, &left, &interval);
	KT_EXPECT_EQ(ctx, left, 0);
}

KTEST(ktimer, one_shot_and_absolute)
{
	struct ktimer t;
	uint64_t left, interval;

	fake_now = 5000;
	fake_timer(&t);
	ktimer_arm(&t, ktimer_deadline(&t, false, true, 5010), 0);
	fake_now = 6000;
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 1);
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 0);
	ktimer_get(&t, &left, &interval);
	KT_EXPECT_EQ(ctx, left, 0);
	/* Absolute 2.5 periods before now: the three missed ones count. */
	ktimer_arm(&t, ktimer_deadline(&t, false, true, 3500), 1000);
	KT_EXPECT_EQ(ctx, ktimer_take(&t), 3);
	KT_EXPECT_EQ(ctx, ktimer_deadline(&t, false, false, 0), 0);
	ktimer_stop(&t);
}
