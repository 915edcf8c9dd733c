/*
 * log.c: the profiler's log (see prof.h).
 *
 * The log is a run of pages mapped one after the other in the KMAP area,
 * so that it can be larger than the buddy allocator's biggest block.  It
 * is filled from its start; head is where the next record goes.  A
 * writer reserves room with interrupts off (on one CPU nothing else can
 * then write), so a record is whole before a reader can see it; readers
 * copy [pos, head) and never consume.  The last LOG_TAIL bytes are kept
 * for the LOST record that closes a recording; after it, nothing is
 * written until the next reset.
 */
#include "kernel/prof/prof.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

#define LOG_TAIL	sizeof(struct prof_rec_lost)

static uint8_t *log_buf;
static uint32_t log_pages;
static uint32_t log_head;
static uint64_t log_lost;
static bool log_closed;		/* the LOST record is written */

static void prof_log_free(void)
{
	uintptr_t va = (uintptr_t)log_buf, pa;

	for (uint32_t i = 0; i < log_pages; i++, va += PAGE_SIZE) {
		if (!paging_translate(kernel_pgdir, va, &pa, NULL))
			continue;
		paging_unmap(kernel_pgdir, va);
		page_free(pfn_to_page(pa >> PAGE_SHIFT), 0);
	}
	if (log_buf)
		kmap_va_free((uintptr_t)log_buf, log_pages);
	log_buf = NULL;
	log_pages = 0;
}

/* A log of kib KiB (its previous contents are gone): 0 or -ENOMEM. */
int prof_log_alloc(uint32_t kib)
{
	uint32_t pages = (kib * 1024 + PAGE_SIZE - 1) / PAGE_SIZE;
	uintptr_t va;

	if (pages == log_pages) {
		prof_log_reset();
		return 0;
	}
	prof_log_free();
	va = kmap_va_alloc(pages);
	if (!va)
		return -ENOMEM;
	log_buf = (uint8_t *)va;
	log_pages = pages;
	for (uint32_t i = 0; i < pages; i++) {
		struct page *pg = page_alloc(0);

		if (!pg || paging_map(kernel_pgdir, va + i * PAGE_SIZE,
				      page_to_phys(pg), PTE_WRITE | PTE_NX)) {
			if (pg)
				page_free(pg, 0);
			prof_log_free();
			return -ENOMEM;
		}
	}
	prof_log_reset();
	return 0;
}

void prof_log_reset(void)
{
	uint32_t flags;

	flags = irq_save();
	log_head = 0;
	log_lost = 0;
	log_closed = false;
	irq_restore(flags);
}

struct prof_rec *prof_log_reserve(uint16_t type, uint32_t bytes,
				  uint32_t pid, uint32_t tid, uint64_t tsc)
{
	struct prof_rec *r;

	if (log_closed)
		return NULL;
	if (!log_buf || log_head + bytes + LOG_TAIL > log_pages * PAGE_SIZE) {
		log_lost++;
		return NULL;
	}
	r = (struct prof_rec *)(log_buf + log_head);
	log_head += bytes;
	r->type = type;
	r->size = (uint16_t)bytes;
	r->pid = pid;
	r->tid = tid;
	r->pad = 0;
	r->tsc = tsc ? tsc : rdtsc();
	return r;
}

void prof_log_write(const struct prof_rec *rec)
{
	struct prof_rec *r;
	uint32_t flags;

	flags = irq_save();
	r = prof_log_reserve(rec->type, rec->size, rec->pid, rec->tid,
			     rec->tsc);
	if (r)
		memcpy(r + 1, rec + 1, rec->size - sizeof(*rec));
	irq_restore(flags);
}

void prof_log_close(void)
{
	uint32_t flags;
	struct prof_rec_lost *l;

	flags = irq_save();
	if (log_buf && !log_closed) {
		log_closed = true;
		l = (struct prof_rec_lost *)(log_buf + log_head);
		log_head += sizeof(*l);
		l->h = (struct prof_rec){ .type = PROF_REC_LOST,
					  .size = sizeof(*l), .tsc = rdtsc() };
		l->count = log_lost;
	}
	irq_restore(flags);
}

size_t prof_log_read(void *buf, size_t len, uint64_t pos)
{
	uint32_t head = READ_ONCE(log_head);

	if (pos >= head)
		return 0;
	if (len > head - pos)
		len = head - (uint32_t)pos;
	memcpy(buf, log_buf + pos, len);
	return len;
}

uint32_t prof_log_used(void) { return log_head; }
uint32_t prof_log_size(void) { return log_pages * PAGE_SIZE; }
uint64_t prof_log_lost(void) { return log_lost; }
const void *prof_log_data(void) { return log_buf; }
