/*
 * test_mem.c: leaks from ALLOC/FREE records: the live set by (kind,
 * address), folded stacks weighted by bytes, the totals.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/ksyms_text.h"
#include "tests/host/prof/logbuf.h"

#define U(...)	(const uint32_t[]){ __VA_ARGS__ }

static void mem_build(struct lb *l)
{
	const uint32_t *read_stack = U(0xc0102210, 0xc0102200);

	lb_info(l, 1000, 0);
	lb_alloc(l, PROF_ALLOC_KMALLOC, 0x1000, 64, 2, read_stack);
	lb_alloc(l, PROF_ALLOC_KMALLOC, 0x2000, 32, 2, read_stack);
	lb_freerec(l, PROF_ALLOC_KMALLOC, 0x1000);
	lb_alloc(l, PROF_ALLOC_PAGES, 0x1000, 4096, 1, U(0xc0101010));
	lb_freerec(l, PROF_ALLOC_KMALLOC, 0x9990);	/* older block */
	lb_alloc(l, PROF_ALLOC_KMALLOC, 0x3000, 16, 2, read_stack);
	lb_alloc(l, PROF_ALLOC_KMALLOC, 0x4000, 8, 0, NULL);
	lb_freerec(l, PROF_ALLOC_KMALLOC, 0x4000);
}

TEST(prof_mem_leak_stacks)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	mem_build(&l);
	out = lb_decode(l.buf, l.len, PD_MEMORY, TEST_KSYMS, NULL, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, "kmalloc;sys_read_[k];do_read_[k] 48\n"
			  "pages;schedule_[k] 4096\n"), "got:\n%s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

TEST(prof_mem_totals_and_summary)
{
	struct pd_mem m;
	struct pd_stacks leaks;
	struct pd_symtab t;
	struct pd_log *lg = malloc(sizeof(*lg));
	const struct prof_rec *rec;
	struct lb_stream s;
	struct lb l;
	char *text;

	lb_init(&l);
	mem_build(&l);
	pd_mem_init(&m);
	pd_log_init(lg, l.buf, l.len);
	while (pd_log_next(lg, &rec) > 0)
		CHECK_EQ(pd_mem_apply(&m, rec), 0);
	CHECK_EQ(m.made, 5);
	CHECK_EQ(m.made_bytes, 64 + 32 + 4096 + 16 + 8);
	CHECK_EQ(m.live, 3);
	CHECK_EQ(m.live_bytes, 32 + 4096 + 16);
	CHECK_EQ(m.frees, 3);
	CHECK_EQ(m.unmatched, 1);
	pd_symtab_init(&t);
	pd_ksyms_parse(&t, TEST_KSYMS, strlen(TEST_KSYMS));
	pd_symtab_finish(&t);
	pd_stacks_init(&leaks);
	CHECK_EQ(pd_mem_fold(&m, &t, &leaks), 0);
	pd_mem_summary(&m, &leaks, 1, "profile", lb_stream_open(&s));
	text = lb_stream_close(&s);
	CHECK_MSG(!strcmp(text, "profile: 5 allocations (4216 bytes), 3 still "
			  "live (4144 bytes), 3 frees (1 of older blocks)\n"
			  "profile:       4096 bytes in     1 blocks: "
			  "pages;schedule_[k]\n"), "got:\n%s", text);
	free(text);
	pd_stacks_free(&leaks);
	pd_symtab_free(&t);
	pd_mem_free(&m);
	free(lg);
	lb_free(&l);
}
