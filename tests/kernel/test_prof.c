/*
 * test_prof.c: in-kernel tests of the sampling profiler (kernel/prof/).
 *
 * A sample taken inside a known chain of kernel calls unwinds to exactly
 * that chain; a sample of an interrupt taken in user mode walks a user
 * frame chain through the fault-safe copy, stopping at a frame pointer
 * that goes backwards or into the kernel and never paging in a frame; a
 * full log counts what it drops and ends with a LOST record saying so;
 * with no recording, the hooks and the timer leave no trace; kernel
 * allocations and frees become records with their call chains.
 */
#include "kernel/ktest.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/x86/interrupt.h"
#include "kernel/ksyms.h"
#include "kernel/prof/prof.h"
#include "kernel/sched/task.h"
#include "lib/string.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "tests/kernel/vm_test.h"

#define NOINLINE __attribute__((noinline, noclone))

static volatile uint32_t spin_sink;

/* The log of the last recording, copied (kfree it), and its length. */
static uint8_t *log_copy(uint32_t *len)
{
	uint8_t *buf;

	*len = prof_log_used();
	buf = kmalloc(*len ? *len : 1);
	if (buf)
		prof_log_read(buf, *len, 0);
	return buf;
}

/* The next record of type at or after *off, or NULL. */
static const struct prof_rec *log_next(const uint8_t *buf, uint32_t len,
				       uint32_t *off, uint16_t type)
{
	while (*off + sizeof(struct prof_rec) <= len) {
		const struct prof_rec *r = (const void *)(buf + *off);

		if (r->size < sizeof(*r))
			return NULL;
		*off += r->size;
		if (r->type == type)
			return r;
	}
	return NULL;
}

static bool in_function(uint32_t addr, const char *name)
{
	const char *n = ksym_name_of(addr, NULL);

	return n && !strcmp(n, name);
}

/* Spin in the innermost function until a few samples were taken (of
 * any task: the test's own are checked after) or the deadline passed. */
static NOINLINE void chain_c(uint64_t deadline)
{
	uint64_t first = READ_ONCE(prof_samples);

	while (READ_ONCE(prof_samples) < first + 16 && rdtsc() < deadline)
		spin_sink++;
	barrier();
}

static NOINLINE void chain_b(uint64_t deadline)
{
	chain_c(deadline);
	barrier();
}

static NOINLINE void chain_a(uint64_t deadline)
{
	chain_b(deadline);
	barrier();
}

KTEST(prof, kernel_chain)
{
	struct prof_config cfg = { .flags = PROF_F_SAMPLES | PROF_F_ALL,
				   .hz = 4000, .log_kib = 256 };
	const struct prof_rec_sample *s;
	uint32_t len, off = 0, found = 0;
	uint8_t *buf;

	KT_ASSERT_EQ(ctx, prof_start(&cfg), 0);
	chain_a(rdtsc() + (uint64_t)tsc_khz() * 5000);
	prof_stop();
	buf = log_copy(&len);
	KT_ASSERT(ctx, buf != NULL);
	while ((s = (const void *)log_next(buf, len, &off, PROF_REC_SAMPLE))) {
		if (s->h.tid != (uint32_t)current->pid ||
		    !in_function(s->ips[0], "chain_c"))
			continue;
		found++;
		KT_EXPECT_EQ(ctx, s->mode, PROF_MODE_KERNEL);
		KT_ASSERT(ctx, s->nkernel >= 4);
		KT_EXPECT(ctx, in_function(s->ips[1], "chain_b"));
		KT_EXPECT(ctx, in_function(s->ips[2], "chain_a"));
		KT_EXPECT(ctx, in_function(s->ips[3], "ktest_fn_prof_kernel_chain"));
		KT_EXPECT_EQ(ctx, s->nuser, 0);
	}
	kfree(buf);
	KT_EXPECT(ctx, found >= 1);
}

/* A user stack at a: three good frames, then one whose saved frame
 * pointer goes backwards. */
static int user_chain_build(uintptr_t a)
{
	uint32_t frames[][2] = {
		{ a + 0x200, 0x08048111 },	/* at a + 0x100 */
		{ a + 0x300, 0x08048222 },	/* at a + 0x200 */
		{ a + 0x280, 0x08048333 },	/* at a + 0x300: backwards */
	};

	for (unsigned int i = 0; i < 3; i++)
		if (copy_to_user((void *)(a + 0x100 * (i + 1)), frames[i], 8))
			return -EFAULT;
	return 0;
}

/* Take a sample of a frame interrupted in user mode at eip with ebp. */
static void sample_user(uint32_t eip, uint32_t ebp)
{
	struct trap_frame f;
	uint32_t flags;

	memset(&f, 0, sizeof(f));
	f.cs = SEL_UCODE;
	f.eip = eip;
	f.ebp = ebp;
	flags = irq_save();
	prof_sample(&f);
	irq_restore(flags);
}

/* The user chain of the sample at eip: its length, ips copied. */
static int user_sample(uint32_t eip, uint32_t *ips, unsigned int max)
{
	uint32_t len, off = 0;
	uint8_t *buf = log_copy(&len);
	const struct prof_rec_sample *s;
	int n = -1;

	while (buf && n < 0 &&
	       (s = (const void *)log_next(buf, len, &off, PROF_REC_SAMPLE)))
		if (s->mode == PROF_MODE_USER && s->nuser && s->ips[0] == eip) {
			n = MIN(s->nuser, max);
			memcpy(ips, s->ips, 4 * n);
		}
	kfree(buf);
	return n;
}

static void user_mode_body(struct ktest_ctx *ctx, struct mm *mm)
{
	struct prof_config cfg = { .flags = PROF_F_SAMPLES | PROF_F_ALL,
				   .hz = 10, .log_kib = 64 };
	uint32_t ips[8];
	uintptr_t a = 0, b = 0;
	size_t rss;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &b, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, user_chain_build(a), 0);
	KT_ASSERT_EQ(ctx, put_user((uint32_t)(b + 16), (uint32_t *)(a + 0x800)), 0);
	KT_ASSERT_EQ(ctx, put_user(0x08048444u, (uint32_t *)(a + 0x804)), 0);
	rss = mm_rss(mm);
	KT_ASSERT_EQ(ctx, prof_start(&cfg), 0);
	sample_user(0x08048000, a + 0x100);
	sample_user(0x08049000, KERNEL_BASE + 0x1000);	/* ebp in the kernel */
	sample_user(0x0804a000, a + 0x800);	/* leads to an untouched page */
	prof_stop();
	KT_ASSERT_EQ(ctx, user_sample(0x08048000, ips, 8), 4);
	KT_EXPECT_EQ(ctx, ips[1], 0x08048111);
	KT_EXPECT_EQ(ctx, ips[2], 0x08048222);
	KT_EXPECT_EQ(ctx, ips[3], 0x08048333);
	KT_EXPECT_EQ(ctx, user_sample(0x08049000, ips, 8), 1);
	KT_EXPECT_EQ(ctx, user_sample(0x0804a000, ips, 8), 2);
	KT_EXPECT_EQ(ctx, ips[1], 0x08048444);
	KT_EXPECT_EQ(ctx, mm_rss(mm), rss);	/* b's page was not brought in */
}

KTEST(prof, user_mode_sample)
{
	VMT_RUN(ctx, user_mode_body);
}

KTEST(prof, full_log_counts_lost)
{
	struct prof_config cfg = { .flags = PROF_F_SYSCALLS, .log_kib = 64 };
	struct prof_rec r = { .type = PROF_REC_EXIT, .size = sizeof(r) };
	const struct prof_rec_lost *lost;
	uint32_t len, off = 0, kept;
	struct prof_stats st;
	uint8_t *buf;

	KT_ASSERT_EQ(ctx, prof_start(&cfg), 0);
	kept = prof_log_used();
	for (unsigned int i = 0; i < 4000; i++)
		prof_log_write(&r);
	kept = (prof_log_used() - kept) / sizeof(r);
	prof_get_stats(&st);
	KT_EXPECT(ctx, kept > 2000 && kept < 4000);
	KT_EXPECT_EQ(ctx, st.lost, 4000 - kept);
	/* Full: less room left than the record and the LOST record. */
	KT_EXPECT(ctx, st.log_size - st.log_bytes <
		       sizeof(r) + sizeof(struct prof_rec_lost));
	prof_stop();
	buf = log_copy(&len);
	KT_ASSERT(ctx, buf != NULL);
	lost = (const void *)log_next(buf, len, &off, PROF_REC_LOST);
	KT_ASSERT(ctx, lost != NULL);
	KT_EXPECT_EQ(ctx, lost->count, 4000 - kept);
	KT_EXPECT_EQ(ctx, off, len);		/* the last record */
	kfree(buf);
}

KTEST(prof, off_leaves_no_trace)
{
	uint32_t used = prof_log_used();
	uint64_t calls = prof_handler_calls;
	void *p;

	KT_ASSERT_EQ(ctx, prof_flags, 0);
	p = kmalloc(100);
	kfree(p);
	prof_fork(1000, 1000, 1, 1);
	prof_exit();
	prof_exec(current->proc);
	clock_delay_us(20000);		/* 20 ms: 20 periods at 1000 Hz */
	KT_EXPECT_EQ(ctx, prof_log_used(), used);
	KT_EXPECT_EQ(ctx, prof_handler_calls, calls);
}

KTEST(prof, config_checked)
{
	struct prof_config bad[] = {
		{ .flags = 0 },
		{ .flags = 0x80 },
		{ .flags = PROF_F_SAMPLES, .hz = PROF_HZ_MAX + 1 },
		{ .flags = PROF_F_SAMPLES, .log_kib = PROF_LOG_KIB_MAX + 1 },
		{ .flags = PROF_F_SAMPLES, .reserved = 1 },
	};
	struct prof_config ok = { .flags = PROF_F_SYSCALLS, .log_kib = 64 };

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++)
		KT_EXPECT_EQ(ctx, prof_start(&bad[i]), -EINVAL);
	KT_ASSERT_EQ(ctx, prof_start(&ok), 0);
	KT_EXPECT_EQ(ctx, prof_start(&ok), -EBUSY);
	prof_stop();
}

/* With PROF_F_MEMORY, a kmalloc is an ALLOC record (its size, the chain
 * from kmalloc out through its caller) and its kfree a FREE record of the
 * same address; page blocks likewise, by physical address. */
KTEST(prof, memory_records)
{
	struct prof_config cfg = { .flags = PROF_F_MEMORY | PROF_F_ALL,
				   .log_kib = 256 };
	const struct prof_rec_alloc *a;
	const struct prof_rec_free *fr;
	uint32_t len, off = 0, obj_addr, page_addr;
	bool obj_alloc = false, obj_free = false, page_alloc_seen = false;
	struct page *pg;
	uint8_t *buf;
	void *obj;

	KT_ASSERT_EQ(ctx, prof_start(&cfg), 0);
	obj = kmalloc(123);
	pg = page_alloc(1);
	kfree(obj);
	page_free(pg, 1);
	prof_stop();
	KT_ASSERT(ctx, obj != NULL && pg != NULL);
	obj_addr = (uint32_t)obj;
	page_addr = page_to_phys(pg);
	buf = log_copy(&len);
	KT_ASSERT(ctx, buf != NULL);
	while ((a = (const void *)log_next(buf, len, &off, PROF_REC_ALLOC))) {
		if (a->kind == PROF_ALLOC_KMALLOC && a->addr == obj_addr) {
			obj_alloc = a->bytes == 123 && a->nkernel >= 2 &&
				in_function(a->ips[0], "kmalloc") &&
				in_function(a->ips[1], "ktest_fn_prof_memory_records");
		} else if (a->kind == PROF_ALLOC_PAGES && a->addr == page_addr) {
			page_alloc_seen = a->bytes == 2 * PAGE_SIZE;
		}
	}
	off = 0;
	while ((fr = (const void *)log_next(buf, len, &off, PROF_REC_FREE)))
		if (fr->kind == PROF_ALLOC_KMALLOC && fr->addr == obj_addr)
			obj_free = true;
	kfree(buf);
	KT_EXPECT(ctx, obj_alloc);
	KT_EXPECT(ctx, obj_free);
	KT_EXPECT(ctx, page_alloc_seen);
}
