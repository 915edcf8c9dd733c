/*
 * mapdisk.c: maestro only (run as init on an ext2 root on a PATA disk by
 * the system test file_mapping_reaches_the_disk, which then reads the
 * disk on the host).  Writes files through MAP_SHARED mappings only:
 *   /mapped-a: made sparse by ftruncate (3 pages + 100 bytes), every byte
 *     stored through a mapping (the fault gives the holes disk blocks),
 *     and stores past the end of the file in its last page, which must
 *     not reach the disk;
 *   /mapped-b: three pages of 'b' by write(2), then "first" and "one"
 *     stored in pages 0 and 1 and msync(MS_SYNC)ed, "SECOND" and "second"
 *     stored in them after the msync (write-back must have
 *     write-protected the pages so that these stores dirty them again)
 *     and left to munmap, "third" stored in page 2 by a forked child that
 *     exits without unmapping.
 * Then sync() and exit; the kernel (shutdown=poweroff) unmounts and
 * powers off.  Prints "mapdisk: done" or "mapdisk: FAILED ...".
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE	4096
#define A_SIZE	(3 * PAGE + 100)

static unsigned char pattern(unsigned int i)
{
	return (unsigned char)(i * 37 + (i >> 11));
}

static int fail(const char *what)
{
	printf("mapdisk: FAILED %s\n", what);
	return 1;
}

static int write_a(void)
{
	int fd = open("/mapped-a", O_CREAT | O_RDWR | O_TRUNC, 0644);
	unsigned char *p;

	if (fd < 0 || ftruncate(fd, A_SIZE))
		return fail("create /mapped-a");
	p = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return fail("mmap /mapped-a");
	for (unsigned int i = 0; i < A_SIZE; i++)
		p[i] = pattern(i);
	memset(p + A_SIZE, 0xee, 4 * PAGE - A_SIZE);	/* past the end */
	if (munmap(p, 4 * PAGE))
		return fail("munmap /mapped-a");
	return close(fd) ? fail("close /mapped-a") : 0;
}

static int write_b(void)
{
	char page[PAGE];
	int fd = open("/mapped-b", O_CREAT | O_RDWR | O_TRUNC, 0644), st = -1;
	char *p;
	pid_t pid;

	memset(page, 'b', sizeof(page));
	for (int i = 0; i < 3; i++)
		if (fd < 0 || write(fd, page, PAGE) != PAGE)
			return fail("create /mapped-b");
	p = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return fail("mmap /mapped-b");
	memcpy(p, "first", 5);
	memcpy(p + PAGE, "one", 3);
	if (msync(p, 3 * PAGE, MS_SYNC))
		return fail("msync /mapped-b");
	/* Pages 0 and 1 are clean again: these stores must dirty them. */
	memcpy(p + 2, "SECOND", 6);
	memcpy(p + PAGE + 10, "second", 6);
	pid = fork();
	if (pid == 0) {
		memcpy(p + 2 * PAGE + 100, "third", 5);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0)
		return fail("child of /mapped-b");
	if (munmap(p, 3 * PAGE))
		return fail("munmap /mapped-b");
	return close(fd) ? fail("close /mapped-b") : 0;
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (write_a() || write_b())
		return 1;
	sync();
	printf("mapdisk: done\n");
	return 0;
}
