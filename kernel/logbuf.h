/*
 * logbuf.h: the kernel log's record ring (what dmesg, syslog(2),
 * /dev/kmsg and /proc/kmsg read).
 *
 * printk() (kernel/printk.c) stores each message as one record: its
 * sequence number (0, 1, 2... since boot), the time it was made, its
 * syslog level and facility (0, the kernel, for printk; 1, user, for
 * writes to /dev/kmsg) and its text without the final newline.  The ring
 * keeps the newest LOGBUF_SIZE bytes of records: old ones are dropped
 * whole to make room.  A reader holds a cursor (a sequence number and
 * where that record sits) and copies records one at a time; a cursor that
 * points at a dropped record moves to the oldest one kept.
 *
 * log_wait is woken when records are added.  A printk that comes with
 * interrupts off (its caller may hold the scheduler's lock) does not wake
 * it at once; the next timer tick does.
 *
 * The text formats readers see are made by kernel/logfmt.c: syslog(2)'s
 * "<6>[    1.234567] text\n" (one such line per line of the record) and
 * /dev/kmsg's "6,42,1234567,-;text\n" (non-printable bytes as \xNN).
 * Both return the length of the whole text and store what fits in size
 * bytes (no NUL): a caller that needs the record whole checks the length.
 *
 * Interface: logbuf_store, logbuf_get, logbuf_peek, logbuf_next,
 * logbuf_cursor_first,
 * logbuf_cursor_end, logbuf_pending, logbuf_wake, log_wait,
 * logfmt_syslog, logfmt_kmsg, LOGBUF_SIZE, LOG_TEXT_MAX.
 */
#ifndef KERNEL_LOGBUF_H
#define KERNEL_LOGBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "kernel/wait.h"

#define LOGBUF_SIZE	(64 * 1024)
#define LOG_TEXT_MAX	992	/* Linux's LOG_LINE_MAX: longer is cut */

#define LOG_FAC_KERN	0
#define LOG_FAC_USER	1

struct log_record {
	uint64_t seq;
	uint64_t ts_ns;			/* clock_ns() when stored */
	uint8_t level;			/* 0 (emergency) .. 7 (debug) */
	uint8_t facility;
	uint16_t len;			/* of text, no NUL */
	char text[LOG_TEXT_MAX];
};

struct log_cursor {
	uint64_t seq;			/* the next record to read */
	uint32_t idx;			/* where it is, if still kept */
};

extern struct wait_queue log_wait;

/* Store one record (text cut to LOG_TEXT_MAX); returns its seq. */
uint64_t logbuf_store(int facility, int level, uint64_t ts_ns,
		      const char *text, size_t len);
/*
 * Copy the record at c into *r and move c past it: 0, or -EAGAIN when c
 * is at the end.  A cursor on a dropped record first moves to the oldest
 * kept (r->seq then differs from the seq c had).
 */
int logbuf_get(struct log_cursor *c, struct log_record *r);
/* logbuf_get in two steps: copy the record at c (c fixed as above, not
 * moved), then step past it (a record dropped meanwhile leaves c on the
 * oldest kept, which comes after it). */
int logbuf_peek(struct log_cursor *c, struct log_record *r);
void logbuf_next(struct log_cursor *c);
/* Set c to the oldest record kept, or past the newest. */
void logbuf_cursor_first(struct log_cursor *c);
void logbuf_cursor_end(struct log_cursor *c);
/* The number of records from c on (those dropped since not counted). */
uint64_t logbuf_pending(const struct log_cursor *c);
/* From printk: wake log_wait now, or at the next tick when irqs are off. */
void logbuf_wake(bool irqs_were_on);

size_t logfmt_syslog(const struct log_record *r, char *buf, size_t size);
size_t logfmt_kmsg(const struct log_record *r, char *buf, size_t size);

#endif
