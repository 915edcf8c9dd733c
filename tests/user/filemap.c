/*
 * filemap.c: file mappings, mremap, msync, madvise and mincore.
 *
 * Shared mappings: a store through the map is seen by read(2) at once and
 * a write(2) by the map; msync(MS_SYNC) and munmap keep it in the file
 * (checked by reopening); a forked child and its parent see each other's
 * stores.  Private mappings: they see the file until they store, then
 * their copy; the file never changes; fork copies on write.  Past the end
 * of the file: the tail of the last page reads as zeros, whole pages
 * beyond give SIGBUS (BUS_ADRERR, si_addr right), also after ftruncate
 * shrinks a mapped file.  The checks of mmap (EACCES, ENODEV, EBADF,
 * EINVAL, EOPNOTSUPP) and of mprotect on a read-only shared map.  mremap
 * shrinking, growing in place, moving, MREMAP_FIXED and MREMAP_DONTUNMAP
 * keeping the contents, and its errors; msync's and madvise's errors;
 * MADV_DONTNEED giving zeros back for private anonymous memory and the
 * file's bytes for a private file mapping; mincore.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include "check.h"

#define PAGE 4096
#ifndef MAP_SYNC
#define MAP_SYNC 0x80000
#endif
#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

static sigjmp_buf jump;
static volatile int fault_sig, fault_code;
static void *volatile fault_addr;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_sig = sig;
	fault_code = si->si_code;
	fault_addr = si->si_addr;
	siglongjmp(jump, 1);
}

/* What touching *p does: "ok", or the signal with its details. */
static const char *touch(volatile char *p, int write)
{
	static char buf[64];

	fault_sig = 0;
	if (!sigsetjmp(jump, 1)) {
		if (write)
			*p = 'w';
		else
			(void)*p;
		return "ok";
	}
	snprintf(buf, sizeof(buf), "%s code %d, si_addr right %d",
		 sig_name(fault_sig), fault_code, fault_addr == (void *)p);
	return buf;
}

/* A new file of size bytes, each byte 'a' + page number, opened O_RDWR. */
static int make_file(const char *name, size_t size)
{
	char page[PAGE];
	int fd = open(tmp(name), O_CREAT | O_RDWR | O_TRUNC, 0644);

	CHECK(fd >= 0);
	for (size_t off = 0; off < size; off += PAGE) {
		size_t n = size - off < PAGE ? size - off : PAGE;

		memset(page, 'a' + (int)(off / PAGE), n);
		CHECK(write(fd, page, n) == (ssize_t)n);
	}
	return fd;
}

static char *map_file(size_t len, int prot, int flags, int fd, off_t off)
{
	char *p = mmap(NULL, len, prot, flags, fd, off);

	CHECK(p != MAP_FAILED);
	return p;
}

static void shared(void)
{
	int fd = make_file("shared", 2 * PAGE), fd2;
	char *s = map_file(2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	char buf[8] = { 0 };

	printf("shared map reads the file: %c %c\n", s[0], s[PAGE]);
	memcpy(s + 10, "STORE", 5);
	CHECK(pread(fd, buf, 5, 10) == 5);
	printf("read(2) sees the store at once: %s\n", buf);
	CHECK(pwrite(fd, "WRITE", 5, PAGE + 20) == 5);
	printf("the map sees write(2) at once: %.5s\n", s + PAGE + 20);
	CHECK(msync(s, 2 * PAGE, MS_SYNC) == 0);
	CHECK(msync(s, PAGE, MS_ASYNC) == 0);
	CHECK(msync(s, PAGE, MS_INVALIDATE) == 0);
	memcpy(s + PAGE + 100, "AFTER-MSYNC", 11);
	CHECK(munmap(s, 2 * PAGE) == 0);
	close(fd);
	fd2 = open(tmp("shared"), O_RDONLY);
	memset(buf, 0, sizeof(buf));
	CHECK(pread(fd2, buf, 5, 10) == 5);
	printf("reopened after munmap: %s", buf);
	memset(buf, 0, sizeof(buf));
	CHECK(pread(fd2, buf, 7, PAGE + 100) == 7);
	printf(" %s\n", buf);
	close(fd2);
}

static void shared_fork(void)
{
	int fd = make_file("fork", PAGE);
	char *s = map_file(PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	char buf[8] = { 0 };
	pid_t pid;

	s[0] = 'P';
	pid = fork();
	if (pid == 0) {
		int saw = s[0] == 'P';

		memcpy(s + 1, "child", 5);
		_exit(saw ? 0 : 1);
	}
	printf("child saw the parent's store: %s\n", wait_str(pid));
	printf("parent sees the child's store: %.5s\n", s + 1);
	CHECK(pread(fd, buf, 6, 0) == 6);
	printf("and so does the file: %s\n", buf);
	CHECK(munmap(s, PAGE) == 0);
	close(fd);
}

static void private(void)
{
	int fd = make_file("private", 2 * PAGE);
	char *p = map_file(2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	char buf[8] = { 0 };
	pid_t pid;

	printf("private map reads the file: %c %c\n", p[0], p[PAGE]);
	CHECK(pwrite(fd, "NEW", 3, 0) == 3);
	printf("before storing it sees write(2): %.3s\n", p);
	memcpy(p, "mine", 4);
	CHECK(pread(fd, buf, 4, 0) == 4);
	printf("after storing: map \"%.4s\", file \"%s\"\n", p, buf);
	CHECK(pwrite(fd, "LATE", 4, 0) == 4);
	printf("write(2) after the copy is not seen: %.4s\n", p);
	pid = fork();
	if (pid == 0) {
		int saw = !memcmp(p, "mine", 4);

		memcpy(p, "kid!", 4);
		p[PAGE] = 'K';
		_exit(saw ? 0 : 1);
	}
	printf("child saw the private copy: %s\n", wait_str(pid));
	printf("parent keeps its own: %.4s %c\n", p, p[PAGE]);
	CHECK(pread(fd, buf, 1, PAGE) == 1);
	printf("file page 1 untouched: %c\n", buf[0]);
	CHECK(munmap(p, 2 * PAGE) == 0);
	close(fd);
}

static void offsets(void)
{
	int fd = make_file("offsets", 3 * PAGE);
	char *p = map_file(PAGE, PROT_READ, MAP_SHARED, fd, 2 * PAGE);

	printf("offset 2 pages maps page 2: %c\n", p[0]);
	CHECK(munmap(p, PAGE) == 0);
	p = map_file(2 * PAGE, PROT_READ, MAP_PRIVATE, fd, PAGE);
	printf("offset 1 page, two pages: %c %c\n", p[0], p[PAGE]);
	CHECK(munmap(p, 2 * PAGE) == 0);
	close(fd);
}

static void past_eof(void)
{
	int fd = make_file("eof", 100);
	char *s = map_file(3 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	char *p = map_file(2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	int zero = 1;

	for (int i = 100; i < PAGE; i++)
		zero &= s[i] == 0;
	yes("the tail of the last page reads as zeros", zero);
	printf("read a page past the end: %s\n", touch(s + PAGE + 5, 0));
	printf("write a page past the end: %s\n", touch(s + 2 * PAGE, 1));
	printf("private, past the end: %s\n", touch(p + PAGE, 1));
	s[200] = 'x';
	CHECK(ftruncate(fd, 2 * PAGE) == 0);
	printf("after growing the file: %s, %d\n", touch(s + PAGE + 5, 0),
	       s[PAGE + 5]);
	printf("the store past the old end: %d\n", s[200]);
	CHECK(ftruncate(fd, 10) == 0);
	printf("after shrinking, page 1: %s\n", touch(s + PAGE, 0));
	printf("after shrinking, page 0 tail: %s, %d\n", touch(s + 50, 0),
	       s[50]);
	CHECK(munmap(s, 3 * PAGE) == 0 && munmap(p, 2 * PAGE) == 0);
	close(fd);
}

static void mmap_errors(void)
{
	int fd = make_file("errs", PAGE), ro, wo, pipefd[2];
	char *p;

	ro = open(tmp("errs"), O_RDONLY);
	wo = open(tmp("errs"), O_WRONLY);
	CHECK(ro >= 0 && wo >= 0 && pipe(pipefd) == 0);
	expect_err("shared writable map of an O_RDONLY file",
		   (long)mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
			      ro, 0), EACCES);
	expect_err("any map of an O_WRONLY file",
		   (long)mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, wo, 0),
		   EACCES);
	expect_err("shared writable map of an O_WRONLY file",
		   (long)mmap(NULL, PAGE, PROT_WRITE, MAP_SHARED, wo, 0),
		   EACCES);
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, ro, 0);
	yes("private writable map of an O_RDONLY file works", p != MAP_FAILED);
	p[0] = 'z';
	CHECK(munmap(p, PAGE) == 0);
	p = map_file(PAGE, PROT_READ, MAP_SHARED, ro, 0);
	expect_err("mprotect(PROT_WRITE) of that shared map",
		   mprotect(p, PAGE, PROT_READ | PROT_WRITE), EACCES);
	CHECK(munmap(p, PAGE) == 0);
	p = map_file(PAGE, PROT_READ, MAP_PRIVATE, ro, 0);
	printf("mprotect(PROT_WRITE) of a private one: %d\n",
	       mprotect(p, PAGE, PROT_READ | PROT_WRITE));
	CHECK(munmap(p, PAGE) == 0);
	expect_err("map of a pipe", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_PRIVATE, pipefd[0], 0), ENODEV);
	expect_err("map of a pipe's write end", (long)mmap(NULL, PAGE,
		   PROT_READ, MAP_SHARED, pipefd[1], 0), EACCES);
	int dir = open(tmp_dir, O_RDONLY | O_DIRECTORY);
	expect_err("map of a directory", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_PRIVATE, dir, 0), ENODEV);
	close(dir);
	expect_err("map of fd -1", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_PRIVATE, -1, 0), EBADF);
	expect_err("map of a closed fd", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_SHARED, 77, 0), EBADF);
	expect_err("neither shared nor private", (long)mmap(NULL, PAGE,
		   PROT_READ, 0, fd, 0), EINVAL);
	expect_err("length 0", (long)mmap(NULL, 0, PROT_READ, MAP_SHARED,
		   fd, 0), EINVAL);
	expect_err("unaligned offset", (long)mmap(NULL, PAGE, PROT_READ,
		   MAP_SHARED, fd, 100), EINVAL);
	expect_err("MAP_FIXED unaligned", (long)mmap((void *)0x10000100,
		   PAGE, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0), EINVAL);
	expect_err("MAP_SHARED_VALIDATE with MAP_SYNC", (long)mmap(NULL, PAGE,
		   PROT_READ, MAP_SHARED_VALIDATE | MAP_SYNC, fd, 0),
		   EOPNOTSUPP);
	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED_VALIDATE, fd, 0);
	yes("MAP_SHARED_VALIDATE alone works", p != MAP_FAILED);
	CHECK(munmap(p, PAGE) == 0);
	close(ro);
	close(wo);
	close(pipefd[0]);
	close(pipefd[1]);
	close(fd);
}

/* I/O between files and mappings: the user copies fault pages in. */
static void io_through_maps(void)
{
	int fd = make_file("src", PAGE), dst = make_file("dst", PAGE);
	char *s = map_file(PAGE, PROT_READ, MAP_SHARED, fd, 0);
	char *d = map_file(2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, dst, 0);
	char buf[4] = { 0 };

	CHECK(pwrite(dst, s, 3, 0) == 3);
	CHECK(pread(dst, buf, 3, 0) == 3);
	printf("write(2) from a mapping: %s\n", buf);
	CHECK(pwrite(fd, "xyz", 3, 0) == 3);
	CHECK(pread(fd, d + 8, 3, 0) == 3);
	printf("read(2) into a shared mapping: %.3s\n", d + 8);
	expect_err("read(2) into a mapping past the end of its file",
		   pread(fd, d + PAGE, 3, 0), EFAULT);
	CHECK(munmap(s, PAGE) == 0 && munmap(d, 2 * PAGE) == 0);
	close(fd);
	close(dst);
}

static char *anon(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	return p;
}

static void remap_anon(void)
{
	char *p = anon(3 * PAGE), *q, *r, *fix, *blocker;

	strcpy(p, "zero");
	strcpy(p + 2 * PAGE, "two");
	q = mremap(p, 3 * PAGE, PAGE, 0);
	printf("shrink in place: %d, \"%s\", page 2: %s\n", q == p, q,
	       touch(p + 2 * PAGE, 0));
	q = mremap(p, PAGE, 3 * PAGE, 0);
	printf("grow in place: %d, \"%s\", page 2 zero: %d\n", q == p, q,
	       q != MAP_FAILED && q[2 * PAGE] == 0);
	r = anon(PAGE);
	CHECK(mremap(r, PAGE, PAGE, 0) == r);
	fix = anon(2 * PAGE);
	expect_err("grow without MREMAP_MAYMOVE, blocked",
		   (long)mremap(fix, PAGE, 2 * PAGE, 0), ENOMEM);
	CHECK(munmap(fix, 2 * PAGE) == 0);
	/* Something right after p (ours, or there already): p must move. */
	blocker = mmap(p + 3 * PAGE, PAGE, PROT_READ, MAP_PRIVATE |
		       MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	q = mremap(p, 3 * PAGE, 8 * PAGE, MREMAP_MAYMOVE);
	printf("move: \"%s\" \"%s\", old place: %s\n", q, q + 2 * PAGE,
	       q == p ? "same" : touch(p, 0));
	if (blocker != MAP_FAILED)
		CHECK(munmap(blocker, PAGE) == 0);
	fix = anon(8 * PAGE);
	r = mremap(q, 8 * PAGE, 8 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, fix);
	printf("MREMAP_FIXED: at the address %d, \"%s\"\n", r == fix, r);
	q = mremap(r, 8 * PAGE, 8 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP);
	printf("MREMAP_DONTUNMAP: moved \"%s\", old range %s, reads %d\n", q,
	       touch(r, 0), r[0]);
	CHECK(munmap(q, 8 * PAGE) == 0 && munmap(r, 8 * PAGE) == 0);
}

static void remap_errors(void)
{
	char *p = anon(2 * PAGE), *other = anon(PAGE);

	expect_err("mremap unaligned", (long)mremap(p + 1, PAGE, PAGE, 0),
		   EINVAL);
	expect_err("mremap to length 0", (long)mremap(p, PAGE, 0, 0), EINVAL);
	expect_err("mremap unknown flag", (long)mremap(p, PAGE, PAGE, 8),
		   EINVAL);
	expect_err("MREMAP_FIXED without MAYMOVE",
		   (long)mremap(p, PAGE, PAGE, MREMAP_FIXED, other), EINVAL);
	expect_err("MREMAP_FIXED onto itself", (long)mremap(p, 2 * PAGE,
		   2 * PAGE, MREMAP_FIXED | MREMAP_MAYMOVE, p + PAGE), EINVAL);
	expect_err("DONTUNMAP changing size", (long)mremap(p, PAGE, 2 * PAGE,
		   MREMAP_MAYMOVE | MREMAP_DONTUNMAP), EINVAL);
	expect_err("duplicating a private map", (long)mremap(p, 0, PAGE,
		   MREMAP_MAYMOVE), EINVAL);
	CHECK(munmap(other, PAGE) == 0);
	expect_err("mremap of unmapped memory", (long)mremap(other, PAGE,
		   2 * PAGE, MREMAP_MAYMOVE), EFAULT);
	expect_err("growing a range past its mapping", (long)mremap(p,
		   3 * PAGE, 4 * PAGE, MREMAP_MAYMOVE), EFAULT);
	CHECK(munmap(p, 2 * PAGE) == 0);
}

static void remap_file(void)
{
	int fd = make_file("remap", 3 * PAGE);
	char *s = map_file(PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, PAGE);
	char *q, buf[2] = { 0 };

	q = mremap(s, PAGE, 2 * PAGE, MREMAP_MAYMOVE);
	CHECK(q != MAP_FAILED);
	printf("grown file map: %c %c\n", q[0], q[PAGE]);
	q[PAGE] = 'Z';
	CHECK(pread(fd, buf, 1, 2 * PAGE) == 1);
	printf("store through it reaches the file: %s\n", buf);
	s = mremap(q, 2 * PAGE, PAGE, 0);
	printf("shrunk: %c, page 1 %s\n", s[0], touch(q + PAGE, 0));
	q = mremap(s, 0, PAGE, MREMAP_MAYMOVE);
	printf("duplicated shared map: %d, %c\n", q != s, q[0]);
	q[1] = 'D';
	printf("one store seen by both: %c %c\n", q[1], s[1]);
	CHECK(munmap(q, PAGE) == 0 && munmap(s, PAGE) == 0);
	close(fd);
}

static void sync_errors(void)
{
	char *p = anon(2 * PAGE);

	expect_err("msync unaligned", msync(p + 1, PAGE, MS_SYNC), EINVAL);
	expect_err("msync MS_SYNC|MS_ASYNC", msync(p, PAGE,
		   MS_SYNC | MS_ASYNC), EINVAL);
	expect_err("msync unknown flag", msync(p, PAGE, 8), EINVAL);
	printf("msync of anonymous memory: %d\n", msync(p, PAGE, MS_SYNC));
	printf("msync length 0: %d\n", msync(p, 0, MS_SYNC));
	CHECK(munmap(p + PAGE, PAGE) == 0);
	expect_err("msync over a hole", msync(p, 2 * PAGE, MS_SYNC), ENOMEM);
	expect_err("msync MS_ASYNC of unmapped memory", msync(p + PAGE, PAGE,
		   MS_ASYNC), ENOMEM);
	CHECK(munmap(p, PAGE) == 0);
}

static void advise(void)
{
	int fd = make_file("advise", 2 * PAGE);
	char *a = anon(2 * PAGE);
	char *f = map_file(2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	char *s = map_file(PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	a[0] = a[PAGE] = 'x';
	f[0] = 'y';
	s[1] = 'S';
	CHECK(madvise(a, PAGE, MADV_DONTNEED) == 0);
	printf("MADV_DONTNEED, private anonymous: %d %c\n", a[0], a[PAGE]);
	CHECK(madvise(f, 2 * PAGE, MADV_DONTNEED) == 0);
	printf("MADV_DONTNEED, private file: %c%c\n", f[0], f[1]);
	CHECK(madvise(s, PAGE, MADV_DONTNEED) == 0);
	printf("MADV_DONTNEED, shared file: %c\n", s[1]);
	printf("MADV_FREE, private anonymous: %d\n",
	       madvise(a, 2 * PAGE, MADV_FREE));
	expect_err("MADV_FREE, file", madvise(f, PAGE, MADV_FREE), EINVAL);
	printf("hints: %d %d %d %d\n", madvise(f, PAGE, MADV_NORMAL),
	       madvise(f, PAGE, MADV_RANDOM), madvise(f, PAGE, MADV_SEQUENTIAL),
	       madvise(f, 2 * PAGE, MADV_WILLNEED));
	expect_err("madvise unknown advice", madvise(a, PAGE, 5), EINVAL);
	expect_err("madvise unaligned", madvise(a + 1, PAGE, MADV_NORMAL),
		   EINVAL);
	printf("madvise length 0: %d\n", madvise(a, 0, MADV_DONTNEED));
	CHECK(munmap(a + PAGE, PAGE) == 0);
	expect_err("madvise over a hole", madvise(a, 2 * PAGE, MADV_NORMAL),
		   ENOMEM);
	CHECK(munmap(a, PAGE) == 0 && munmap(f, 2 * PAGE) == 0 &&
	      munmap(s, PAGE) == 0);
	close(fd);
}

static void residency(void)
{
	char *a = anon(3 * PAGE);
	unsigned char vec[3];

	a[PAGE] = 1;
	CHECK(mincore(a, 3 * PAGE, vec) == 0);
	printf("mincore, anonymous: %d %d %d\n", vec[0], vec[1], vec[2]);
	expect_err("mincore unaligned", mincore(a + 1, PAGE, vec), EINVAL);
	CHECK(munmap(a + 2 * PAGE, PAGE) == 0);
	expect_err("mincore over a hole", mincore(a, 3 * PAGE, vec), ENOMEM);
	CHECK(munmap(a, 2 * PAGE) == 0);
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = on_fault,
				.sa_flags = SA_SIGINFO | SA_NODEFER };

	CHECK(sigaction(SIGSEGV, &sa, NULL) == 0);
	CHECK(sigaction(SIGBUS, &sa, NULL) == 0);
	tmp_init("filemap");
	shared();
	shared_fork();
	private();
	offsets();
	past_eof();
	mmap_errors();
	io_through_maps();
	remap_anon();
	remap_errors();
	remap_file();
	sync_errors();
	advise();
	residency();
	for (const char *const *n = (const char *const[]){ "shared", "fork",
	     "private", "offsets", "eof", "errs", "src", "dst", "remap",
	     "advise", NULL }; *n; n++)
		CHECK(unlink(tmp(*n)) == 0);
	CHECK(rmdir(tmp_dir) == 0);
	return finish();
}
