/*
 * ldt.c: modify_ldt as Linux i386 has it: no LDT at first (func 0 reads
 * 0), the default LDT (func 2: zeros, at most 40 bytes), writing an
 * entry (func 0x11) that the program then loads into %fs and reads and
 * writes memory through at its base, reading the table back (zero
 * filled to bytecount), growing it, clearing entries (the empty form;
 * base and limit 0 in the old mode, func 1), the EINVAL cases (size,
 * entry number, code segments of contents 3), EFAULT, ENOSYS; fork
 * copies the table, exec starts without one; a selector past the table
 * faults (SIGSEGV).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "check.h"

struct user_desc32 {
	uint32_t entry_number, base_addr, limit, flags;
};

#define SEG_32BIT	0x01
#define CONTENTS(c)	((c) << 1)
#define READ_EXEC_ONLY	0x08
#define LIMIT_IN_PAGES	0x10
#define NOT_PRESENT	0x20
#define USEABLE		0x40

static uint32_t area[4] = { 0x11111111, 0x22222222, 0x33333333, 0x44444444 };

static long modify_ldt(int func, void *ptr, unsigned long count)
{
	return syscall(SYS_modify_ldt, func, ptr, count);
}

static void show(const char *what, long ret)
{
	printf("%s: %ld %s\n", what, ret, ret < 0 ? strerror(errno) : "-");
}

static long set(int func, uint32_t entry, uint32_t base, uint32_t limit,
		uint32_t flags)
{
	struct user_desc32 d = { entry, base, limit, flags };

	return modify_ldt(func, &d, sizeof(d));
}

static uint32_t fs_read(uint16_t sel, uint32_t idx)
{
	uint32_t v;

	__asm__ __volatile__("push %%fs\n\tmov %w1, %%fs\n\t"
			     "mov %%fs:(,%2,4), %0\n\tpop %%fs"
			     : "=&r"(v) : "r"(sel), "r"(idx) : "memory");
	return v;
}

static void fs_write(uint16_t sel, uint32_t idx, uint32_t v)
{
	__asm__ __volatile__("push %%fs\n\tmov %w0, %%fs\n\t"
			     "mov %2, %%fs:(,%1,4)\n\tpop %%fs"
			     : : "r"(sel), "r"(idx), "r"(v) : "memory");
}

/* The descriptors' words, without the base (an address). */
static void show_table(const char *what, unsigned long count)
{
	uint32_t buf[32];
	long n;

	memset(buf, 0xee, sizeof(buf));
	n = modify_ldt(0, buf, count);
	printf("%s: %ld bytes:", what, n);
	for (long i = 0; i + 1 < n / 4 && i < 32; i += 2)
		printf(" %04x/%08x", buf[i] & 0xffff, buf[i + 1] & 0x00f0ff00);
	printf("\n");
}

static void basics(void)
{
	uint8_t buf[64];
	uint16_t sel = 0 << 3 | 4 | 3;

	memset(buf, 0xee, sizeof(buf));
	show("read without an LDT", modify_ldt(0, buf, sizeof(buf)));
	printf("buffer untouched: %s\n", buf[0] == 0xee ? "yes" : "no");
	show("default LDT, 64 bytes", modify_ldt(2, buf, sizeof(buf)));
	printf("zeros: %s, byte 40 untouched: %s\n",
	       !buf[0] && !buf[39] ? "yes" : "no", buf[40] == 0xee ? "yes" : "no");
	show("default LDT, 8 bytes", modify_ldt(2, buf, 8));
	show("write entry 0", set(0x11, 0, (uint32_t)area, sizeof(area) - 1,
				  SEG_32BIT | USEABLE));
	printf("through %%fs: %08x %08x\n", fs_read(sel, 0), fs_read(sel, 3));
	fs_write(sel, 1, 0xabcdef01);
	printf("area[1] written through %%fs: %08x\n", area[1]);
	show_table("table, 32 bytes asked", 32);
	show("write entry 3, read-only, in pages",
	     set(0x11, 3, 0x1000, 0xf, SEG_32BIT | READ_EXEC_ONLY |
		 LIMIT_IN_PAGES));
	show_table("table", 32);
	show("old mode: entry 2, useable dropped",
	     set(1, 2, (uint32_t)area, 0xff, SEG_32BIT | USEABLE));
	show("16-bit data segment", set(0x11, 4, 0x2000, 0xffff, 0));
	show("code segment", set(0x11, 5, 0x3000, 0xff, SEG_32BIT | CONTENTS(2)));
	show_table("table", 64);
	show("clear entry 3 (empty form)", set(0x11, 3, 0, 0,
					       READ_EXEC_ONLY | NOT_PRESENT));
	show("old mode: clear entry 2 (base and limit 0)",
	     set(1, 2, 0, 0, SEG_32BIT));
	show("all-zero entry 4 (new mode: a segment)", set(0x11, 4, 0, 0, 0));
	show_table("table", 64);
	printf("entry 0 still works: %08x\n", fs_read(sel, 2));
}

/* %fs holding a selector whose entry is then cleared: the return from
 * modify_ldt cannot load it again and leaves 0 there, as Linux. */
static void stale_selector(void)
{
	uint16_t sel = 1 << 3 | 4 | 3, fs;

	CHECK(set(0x11, 1, (uint32_t)area, 0xff, SEG_32BIT) == 0);
	__asm__ __volatile__("mov %w0, %%fs" : : "r"(sel));
	__asm__ __volatile__("mov %%fs, %w0" : "=r"(fs));
	printf("%%fs loaded: %s\n", fs == sel ? "yes" : "no");
	CHECK(set(0x11, 1, 0, 0, READ_EXEC_ONLY | NOT_PRESENT) == 0);
	__asm__ __volatile__("mov %%fs, %w0" : "=r"(fs));
	printf("%%fs after its entry was cleared: %u\n", fs);
}

static void errors(void)
{
	struct user_desc32 d = { 1, 0, 0, 0 };

	show("bytecount 15", modify_ldt(0x11, &d, 15));
	show("bytecount 17", modify_ldt(1, &d, 17));
	show("entry 8192", set(0x11, 8192, 0, 0xff, SEG_32BIT));
	show("contents 3, present", set(0x11, 6, 0, 0xff, CONTENTS(3)));
	show("contents 3, not present",
	     set(0x11, 6, 0, 0xff, CONTENTS(3) | NOT_PRESENT));
	show("contents 3, old mode",
	     set(1, 6, 0, 0xff, CONTENTS(3) | NOT_PRESENT));
	show("bad pointer", modify_ldt(0x11, bad_ptr, sizeof(d)));
	show("read into a bad pointer", modify_ldt(0, bad_ptr, 16));
	show("default into a bad pointer", modify_ldt(2, bad_ptr, 16));
	show("func 3", modify_ldt(3, &d, sizeof(d)));
	show("func 0x10", modify_ldt(0x10, &d, sizeof(d)));
	show("func -1", modify_ldt(-1, &d, sizeof(d)));
}

static void processes(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		show_table("child's copy", 16);
		set(0x11, 0, 0, 0, READ_EXEC_ONLY | NOT_PRESENT);
		show_table("child cleared entry 0", 16);
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	show_table("parent's", 16);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { "ldt", "exec", NULL };

		execv("/proc/self/exe", argv);
		_exit(99);
	}
	printf("child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		fs_read(7 << 3 | 4 | 3, 0);	/* entries 0-6 exist */
		fs_read(100 << 3 | 4 | 3, 0);
		_exit(0);
	}
	printf("selector past the table: %s\n", wait_str(pid));
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "exec")) {
		uint8_t buf[16];

		show("after exec, read", modify_ldt(0, buf, sizeof(buf)));
		return 0;
	}
	basics();
	stale_selector();
	errors();
	processes();
	return finish();
}
