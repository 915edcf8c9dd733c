/*
 * logbuf.c: the kernel log's record ring (see logbuf.h).
 *
 * Records sit one after the other in ring[], each a struct log_hdr and
 * its text, rounded up to 4 bytes; [first_idx, next_idx) holds records
 * first_seq .. next_seq - 1.  A record is never split at the end of the
 * array: when it does not fit there, a header of size 0 marks the rest as
 * unused and the record goes to the start.  There is always room for
 * that marker, because a record is placed at the end only with a header's
 * room to spare after it.  To make room, the oldest records are dropped
 * until the free space (contiguous, at the end or at the start) is large
 * enough.  One spinlock, taken with interrupts off, covers the ring.
 */
#include "kernel/logbuf.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"
#include "lib/string.h"

struct log_hdr {
	uint64_t ts_ns;
	uint16_t size;			/* header, text and padding; 0: wrap */
	uint16_t len;
	uint8_t level;
	uint8_t facility;
	uint16_t pad;
};
_Static_assert(sizeof(struct log_hdr) == 16, "log_hdr is 16 bytes");

static char ring[LOGBUF_SIZE] __aligned(4);
static uint32_t first_idx, next_idx;
static uint64_t first_seq, next_seq;
static struct spinlock ring_lock = SPINLOCK_INIT;
static volatile bool wake_pending;

struct wait_queue log_wait = WAIT_QUEUE_INIT(log_wait);

/* Where the record that should be at idx really is (past a wrap mark). */
static uint32_t rec_idx(uint32_t idx)
{
	const struct log_hdr *h = (const struct log_hdr *)(ring + idx);

	return h->size ? idx : 0;
}

static uint32_t rec_next(uint32_t idx)
{
	idx = rec_idx(idx);
	return idx + ((const struct log_hdr *)(ring + idx))->size;
}

/* Whether a record of size bytes (and a wrap mark) fits now. */
static bool ring_has_space(uint32_t size, bool empty)
{
	uint32_t free;

	if (next_idx > first_idx || empty)
		free = MAX(LOGBUF_SIZE - next_idx, first_idx);
	else
		free = first_idx - next_idx;
	return free >= size + sizeof(struct log_hdr);
}

static void ring_make_space(uint32_t size)
{
	while (first_seq < next_seq && !ring_has_space(size, false)) {
		first_idx = rec_next(first_idx);
		first_seq++;
	}
}

static void ring_put(const struct log_hdr *h, const char *text)
{
	if (next_idx + h->size + sizeof(*h) > LOGBUF_SIZE) {
		memset(ring + next_idx, 0, sizeof(*h));
		next_idx = 0;
	}
	memcpy(ring + next_idx, h, sizeof(*h));
	memcpy(ring + next_idx + sizeof(*h), text, h->len);
	next_idx += h->size;
	next_seq++;
}

uint64_t logbuf_store(int facility, int level, uint64_t ts_ns,
		      const char *text, size_t len)
{
	struct log_hdr h = {
		.ts_ns = ts_ns,
		.len = (uint16_t)MIN(len, (size_t)LOG_TEXT_MAX),
		.level = (uint8_t)(level & 7),
		.facility = (uint8_t)facility,
	};
	uint32_t flags;
	uint64_t seq;

	h.size = (uint16_t)((sizeof(h) + h.len + 3) & ~3u);
	flags = spin_lock_irqsave(&ring_lock);
	ring_make_space(h.size);
	seq = next_seq;
	ring_put(&h, text);
	spin_unlock_irqrestore(&ring_lock, flags);
	return seq;
}

/* Move c to the oldest record if what it pointed at was dropped. */
static void cursor_fix(struct log_cursor *c)
{
	if (c->seq < first_seq) {
		c->seq = first_seq;
		c->idx = first_idx;
	}
}

/* Copy the record at c (fixed) into r: 0, or -EAGAIN at the end. */
static int ring_peek(struct log_cursor *c, struct log_record *r)
{
	const struct log_hdr *h;

	cursor_fix(c);
	if (c->seq >= next_seq)
		return -EAGAIN;
	c->idx = rec_idx(c->idx);
	h = (const struct log_hdr *)(ring + c->idx);
	r->seq = c->seq;
	r->ts_ns = h->ts_ns;
	r->level = h->level;
	r->facility = h->facility;
	r->len = h->len;
	memcpy(r->text, ring + c->idx + sizeof(*h), h->len);
	return 0;
}

/* Step c past its record; a dropped one leaves c on the oldest kept. */
static void ring_next(struct log_cursor *c)
{
	if (c->seq < first_seq) {
		cursor_fix(c);
	} else if (c->seq < next_seq) {
		c->idx = rec_next(c->idx);
		c->seq++;
	}
}

int logbuf_peek(struct log_cursor *c, struct log_record *r)
{
	uint32_t flags;
	int err;

	flags = spin_lock_irqsave(&ring_lock);
	err = ring_peek(c, r);
	spin_unlock_irqrestore(&ring_lock, flags);
	return err;
}

void logbuf_next(struct log_cursor *c)
{
	uint32_t flags;

	flags = spin_lock_irqsave(&ring_lock);
	ring_next(c);
	spin_unlock_irqrestore(&ring_lock, flags);
}

int logbuf_get(struct log_cursor *c, struct log_record *r)
{
	uint32_t flags;
	int err;

	flags = spin_lock_irqsave(&ring_lock);
	err = ring_peek(c, r);
	if (!err)
		ring_next(c);
	spin_unlock_irqrestore(&ring_lock, flags);
	return err;
}

void logbuf_cursor_first(struct log_cursor *c)
{
	uint32_t flags;

	flags = spin_lock_irqsave(&ring_lock);
	c->seq = first_seq;
	c->idx = first_idx;
	spin_unlock_irqrestore(&ring_lock, flags);
}

void logbuf_cursor_end(struct log_cursor *c)
{
	uint32_t flags;

	flags = spin_lock_irqsave(&ring_lock);
	c->seq = next_seq;
	c->idx = next_idx;
	spin_unlock_irqrestore(&ring_lock, flags);
}

uint64_t logbuf_pending(const struct log_cursor *c)
{
	uint64_t from, n;
	uint32_t flags;

	flags = spin_lock_irqsave(&ring_lock);
	from = MAX(c->seq, first_seq);
	n = next_seq > from ? next_seq - from : 0;
	spin_unlock_irqrestore(&ring_lock, flags);
	return n;
}

/* With interrupts off the caller may hold the scheduler's lock, which
 * wake_up needs: the tick does the wake-up then. */
void logbuf_wake(bool irqs_were_on)
{
	if (irqs_were_on)
		wake_up(&log_wait);
	else
		wake_pending = true;
}

static void logbuf_tick(struct tick_hook *hook)
{
	if (wake_pending) {
		wake_pending = false;
		wake_up(&log_wait);
	}
}

static struct tick_hook logbuf_hook = { .fn = logbuf_tick };

static int logbuf_init(void)
{
	tick_hook_register(&logbuf_hook);
	return 0;
}
INITCALL(INIT_CORE, logbuf_init);
