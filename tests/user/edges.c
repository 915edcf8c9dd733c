/*
 * edges.c: system-call edge cases found in review, each a regression test
 * (argv[1] selects one):
 *   tls          set_thread_area refuses code, 16-bit and not-present
 *                segments, and clearing a slot a segment register holds
 *                leaves that register 0 instead of crashing the kernel;
 *   pipe         a read into a bad buffer gives EFAULT and loses no data;
 *   dents        getdents64 at the end of a directory gives 0, even with a
 *                buffer too small for an entry;
 *   fpu          exec resets the x87 control word;
 *   bigexec      execve with 128 MiB of arguments fails with E2BIG;
 *   pipecap      an empty pipe takes 64 KiB.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct user_desc_raw { unsigned int entry, base, limit, flags; };

static long sta(struct user_desc_raw *d)
{
	long r = syscall(SYS_set_thread_area, d);
	return r < 0 ? -errno : r;
}

/* Flags: bit0 seg_32bit, 1-2 contents, 3 read_exec_only, 4 limit_in_pages,
 * 5 seg_not_present, 6 useable. */
static int tls_checks(void)
{
	struct user_desc_raw d = { (unsigned)-1, 0, 0xfffff, 0x51 };
	long r = sta(&d);
	unsigned short sel;

	printf("alloc data slot: %ld\n", r);
	d.flags = 0x51 | (2 << 1);	/* code segment */
	printf("code segment: %ld\n", sta(&d));
	d.flags = 0x50;			/* 16-bit data */
	printf("16-bit data: %ld\n", sta(&d));
	d.flags = 0x51 | 0x20;		/* not present */
	printf("not present: %ld\n", sta(&d));
	d.flags = 0x51;
	sta(&d);
	sel = (unsigned short)(d.entry * 8 + 3);
	__asm__ __volatile__("mov %0, %%fs" : : "r"(sel));
	/* Clear the slot fs holds. */
	d.base = 0; d.limit = 0; d.flags = 0x28;
	r = sta(&d);
	__asm__ __volatile__("mov %%fs, %0" : "=r"(sel));
	printf("cleared slot loaded in fs: %ld, survived, fs=%#x\n", r, sel);
	return 0;
}

static int pipe_efault(void)
{
	int p[2];
	char buf[8] = { 0 };
	long r;

	pipe2(p, O_NONBLOCK);
	write(p[1], "abcd", 4);
	r = read(p[0], (void *)16, 4);
	printf("read(bad): %ld %s\n", r, r < 0 ? strerror(errno) : "-");
	r = read(p[0], buf, 4);
	printf("read again: %ld %s '%s'\n", r, r < 0 ? strerror(errno) : "-", buf);
	return 0;
}

static int dents_eof(void)
{
	int fd = open("/", O_RDONLY | O_DIRECTORY);
	char buf[4096];
	long r;

	while ((r = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		;
	r = syscall(SYS_getdents64, fd, buf, 100);
	printf("getdents64 at EOF, count 100: %ld %s\n", r, r < 0 ? strerror(errno) : "-");
	return 0;
}

static int fpu_exec(char *self)
{
	unsigned short cw = 0x0f7f;	/* round toward zero, all masked */

	__asm__ __volatile__("fldcw %0" : : "m"(cw));
	execl(self, self, "fpu-child", (char *)NULL);
	perror("execl");
	return 1;
}

static int fpu_child(void)
{
	unsigned short cw;

	__asm__ __volatile__("fnstcw %0" : "=m"(cw));
	printf("x87 control word after exec: %#x\n", cw);
	return 0;
}

static int big_exec(char *self)
{
	size_t len = 128 * 1024 - 1;
	char *s = malloc(len + 1);
	char **argv = calloc(1025, sizeof(char *));

	memset(s, 'a', len);
	s[len] = 0;
	argv[0] = self;
	for (int i = 1; i < 1024; i++)
		argv[i] = s;
	execve(self, argv, argv);
	printf("execve(1023 x 128K args): %s\n", strerror(errno));
	return 0;
}

static int pipe_cap(void)
{
	static char big[70000];
	int p[2];
	long r;

	pipe2(p, O_NONBLOCK);
	r = write(p[1], big, sizeof(big));
	printf("nonblocking write of 70000 into an empty pipe: %ld\n", r);
	return 0;
}

int main(int argc, char **argv)
{
	const char *w = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(w, "pipecap")) return pipe_cap();
	if (!strcmp(w, "tls")) return tls_checks();
	if (!strcmp(w, "pipe")) return pipe_efault();
	if (!strcmp(w, "dents")) return dents_eof();
	if (!strcmp(w, "fpu")) return fpu_exec(argv[0]);
	if (!strcmp(w, "fpu-child")) return fpu_child();
	if (!strcmp(w, "bigexec")) return big_exec(argv[0]);
	return 2;
}
