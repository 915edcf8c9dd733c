/*
 * test_fold.c: folding a synthetic log's samples into stacks: process
 * names from EXEC, kernel threads, idle, irqs-off periods, unnamed
 * frames, threads, fork then exec, a sample after its process's EXIT,
 * return addresses looked up at addr - 1.
 */
#include <stdlib.h>
#include <string.h>
#include "tests/host/test.h"
#include "tests/host/prof/ksyms_text.h"
#include "tests/host/prof/logbuf.h"

#define U(...)	(const uint32_t[]){ __VA_ARGS__ }
#define NOROOT	"/nonexistent-prof-root"

/* The log of the main case: see the expected stacks below. */
static void fold_build(struct lb *l)
{
	lb_info(l, 1000, 0);
	lb_exec(l, 1, "init", "/sbin/init");
	lb_mmap(l, 1, 0x08048000, 0x08050000, 0, "/sbin/init");
	lb_exec(l, 2, "kworker", "");
	/* user mode: the EIP, then a return address */
	lb_sample(l, 1, 1, PROF_MODE_USER, 0, 0, NULL, 2,
		  U(0x08048100, 0x08048200));
	/* in a system call; 0xc0102200 returns to the end of sys_read */
	lb_sample(l, 1, 1, PROF_MODE_KERNEL, 0, 2, U(0xc0102210, 0xc0102200),
		  1, U(0x08048300));
	lb_sample(l, 0, 0, PROF_MODE_IDLE, 0, 1, U(0xc0101150), 0, NULL);
	lb_sample(l, 0, 0, PROF_MODE_IDLE, 0, 1, U(0xc0101150), 0, NULL);
	lb_sample(l, 2, 2, PROF_MODE_KERNEL, 3, 1, U(0xc0101010), 0, NULL);
	/* in data, and below every symbol */
	lb_sample(l, 2, 2, PROF_MODE_KERNEL, 0, 2, U(0xc0103010, 0xb0000000),
		  0, NULL);
	lb_sample(l, 99, 99, PROF_MODE_USER, 0, 0, NULL, 1, U(0x1234));
	lb_sample(l, 1, 1, PROF_MODE_USER, 0, 0, NULL, 1, U(0x40000000));
	/* a thread of init */
	lb_fork(l, 1, 5, 1, 1);
	lb_sample(l, 1, 5, PROF_MODE_USER, 0, 0, NULL, 1, U(0x08048400));
	/* a child: init's maps until it execs sh */
	lb_fork(l, 3, 3, 1, 1);
	lb_sample(l, 3, 3, PROF_MODE_USER, 0, 0, NULL, 1, U(0x08048500));
	lb_exec(l, 3, "sh", "/bin/sh");
	lb_mmap(l, 3, 0x08048000, 0x08060000, 0x1000, "/bin/sh");
	lb_sample(l, 3, 3, PROF_MODE_USER, 0, 0, NULL, 1, U(0x08048500));
	lb_exit(l, 3, 3);
	lb_sample(l, 3, 3, PROF_MODE_USER, 0, 0, NULL, 1, U(0x08048600));
}

static const char fold_expected[] =
	"idle;idle_loop_[k] 2\n"
	"init;[unknown]+0x40000000 1\n"
	"init;init+0x200;init+0x100 1\n"
	"init;init+0x300;sys_read_[k];do_read_[k] 1\n"
	"init;init+0x400 1\n"
	"init;init+0x500 1\n"
	"kworker;[kernel]+0xb0000000_[k];[kernel]+0xc0103010_[k] 1\n"
	"kworker;schedule_[k] 1\n"
	"kworker;schedule_[k];[irqs-off]_[k] 3\n"
	"pid-99;[unknown]+0x1234 1\n"
	"sh;sh+0x1500 1\n"
	"sh;sh+0x1600 1\n";

TEST(prof_fold_synthetic_log)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	fold_build(&l);
	out = lb_decode(l.buf, l.len, PD_FOLD, TEST_KSYMS, NOROOT, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, fold_expected), "got:\n%s", out);
	CHECK_MSG(!warn[0], "warning: %s", warn);
	free(out);
	free(warn);
	lb_free(&l);
}

/* The same log decoded twice gives the same bytes; without kernel
 * symbols kernel frames are still there, unnamed. */
TEST(prof_fold_no_kallsyms)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_sample(&l, 7, 7, PROF_MODE_KERNEL, 0, 2, U(0xc0102210, 0xc0102200),
		  0, NULL);
	lb_sample(&l, 7, 7, PROF_MODE_KERNEL, 0, 0, NULL, 0, NULL);
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, NULL, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, "pid-7 1\n"
			  "pid-7;[kernel]+0xc0102200_[k];[kernel]+0xc0102210_[k] 1\n"),
		  "got:\n%s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

/* A pid reused by a new process forgets the old one's maps; a comm
 * with a ';' or a blank cannot split the stack. */
TEST(prof_fold_pid_reuse_and_odd_names)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_exec(&l, 1, "init", "/sbin/init");
	lb_exec(&l, 4, "a;b c", "/bin/x");
	lb_mmap(&l, 4, 0x1000, 0x2000, 0, "/bin/x");
	lb_exit(&l, 4, 4);
	lb_fork(&l, 4, 4, 1, 1);
	lb_sample(&l, 4, 4, PROF_MODE_USER, 0, 0, NULL, 1, U(0x1010));
	lb_exec(&l, 5, "a;b c", "/bin/x");
	lb_mmap(&l, 5, 0x1000, 0x2000, 0, "/bin/x");
	lb_sample(&l, 5, 5, PROF_MODE_USER, 0, 0, NULL, 1, U(0x1010));
	out = lb_decode(l.buf, l.len, PD_FOLD, NULL, NOROOT, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out, "a_b_c;x+0x10 1\ninit;[unknown]+0x1010 1\n"),
		  "got:\n%s", out);
	free(out);
	free(warn);
	lb_free(&l);
}

/* A sample in a system call names the call between the user and kernel
 * frames, whether or not the kernel chain reached its function; a
 * handler address no function holds is "[syscall]". */
TEST(prof_fold_syscall_frame)
{
	struct lb l;
	char *out, *warn;
	int ret;

	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_exec(&l, 1, "dd", "");
	lb_sample_sys(&l, 1, 1, PROF_MODE_KERNEL, 0, 0xc0102100, 1,
		      U(0xc0102010), 1, U(0x08048300));
	lb_sample_sys(&l, 1, 1, PROF_MODE_KERNEL, 0, 0xc0102100, 2,
		      U(0xc0102210, 0xc0102150), 1, U(0x08048300));
	lb_sample_sys(&l, 1, 1, PROF_MODE_KERNEL, 0, 0xc0109999, 1,
		      U(0xc0102010), 1, U(0x08048300));
	out = lb_decode(l.buf, l.len, PD_FOLD, TEST_KSYMS, NOROOT, &warn, &ret);
	CHECK_EQ(ret, 0);
	CHECK_MSG(!strcmp(out,
		"dd;[unknown]+0x8048300;[sys_read]_[k];sys_read_[k];do_read_[k] 1\n"
		"dd;[unknown]+0x8048300;[sys_read]_[k];syscall_entry_[k] 1\n"
		"dd;[unknown]+0x8048300;[syscall]_[k];syscall_entry_[k] 1\n"),
		"got:\n%s", out);
	free(out);
	free(warn);
	lb_free(&l);
}
