/*
 * getrandom.c: the user-visible randomness interfaces as Linux 6.1 has
 * them once its pool is seeded (the test begins with a blocking
 * getrandom of one byte, so that the rest always sees a seeded pool):
 * getrandom's flags and errors, reads of many sizes returning their
 * length, partial reads into a buffer that ends in unmapped memory and the
 * clamp of a huge length; /dev/random and /dev/urandom (reads, writes,
 * poll, lseek); the 'R' ioctls as root and as an ordinary user (EPERM);
 * /proc/sys/kernel/random/ (formats, boot_id fixed, uuid new on each
 * read, the version-4 UUID nibbles, modes, writes); AT_RANDOM differing
 * between execs.  Random bytes are never printed: only verdicts.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "check.h"

#define GRND_NONBLOCK	1
#define GRND_RANDOM	2
#define GRND_INSECURE	4

/* <linux/random.h>, type 'R'. */
#define RNDGETENTCNT	0x80045200
#define RNDADDTOENTCNT	0x40045201
#define RNDGETPOOL	0x80085202
#define RNDADDENTROPY	0x40085203
#define RNDZAPENTCNT	0x5204
#define RNDCLEARPOOL	0x5206
#define RNDRESEEDCRNG	0x5207
#define RND_UNKNOWN	0x5208

#define RND "/proc/sys/kernel/random/"
/* A place for fixed mappings, far from what either kernel maps itself. */
#define FIXED_AT	((void *)0x20000000)

struct rand_pool_info {
	int entropy_count;
	int buf_size;
	uint32_t buf[4];
};

static long grnd(void *buf, unsigned long len, unsigned int flags)
{
	return syscall(SYS_getrandom, buf, len, flags);
}

/* "what: RET", or "what: -1 ERRNO-TEXT" when the call failed. */
static void show(const char *what, long ret)
{
	if (ret == -1)
		printf("%s: -1 %s\n", what, strerror(errno));
	else
		printf("%s: %ld\n", what, ret);
}

static int distinct_bytes(const unsigned char *p, size_t n)
{
	char seen[256] = { 0 };
	int count = 0;

	for (size_t i = 0; i < n; i++)
		if (!seen[p[i]]++)
			count++;
	return count;
}

/* Two pages at FIXED_AT with nothing mapped after them. */
static unsigned char *two_pages(void)
{
	unsigned char *p = mmap(FIXED_AT, 3 * 4096, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	CHECK(p == FIXED_AT);
	CHECK(munmap(p + 2 * 4096, 4096) == 0);
	return p;
}

static void seeded(void)
{
	unsigned char b;

	/* Linux 6.1 seeds itself from jitter within about a second. */
	printf("blocking getrandom of 1 byte: %ld\n", grnd(&b, 1, 0));
}

static void flags(void)
{
	static const unsigned int good[] = { 0, 1, 2, 3, 4, 5 };
	unsigned char buf[16];
	char what[64];

	for (unsigned int i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(what, sizeof(what), "flags %u, 16 bytes", good[i]);
		show(what, grnd(buf, sizeof(buf), good[i]));
	}
	expect_err("flags 8", grnd(buf, 16, 8), EINVAL);
	expect_err("flags 0x80000000", grnd(buf, 16, 0x80000000u), EINVAL);
	expect_err("flags GRND_INSECURE|GRND_RANDOM", grnd(buf, 16, 6), EINVAL);
	expect_err("flags GRND_INSECURE|GRND_RANDOM|GRND_NONBLOCK",
		   grnd(buf, 16, 7), EINVAL);
	expect_err("flags 8 and a bad buffer", grnd(bad_ptr, 16, 8), EINVAL);
	printf("len 0: %ld\n", grnd(buf, 0, 0));
	printf("len 0, bad buffer: %ld\n", grnd(bad_ptr, 0, 0));
	expect_err("bad buffer", grnd(bad_ptr, 16, 0), EFAULT);
	expect_err("bad buffer, GRND_INSECURE", grnd(bad_ptr, 16, 4), EFAULT);
	expect_err("kernel address", grnd((void *)0xc0001000, 16, 0), EFAULT);
	for (unsigned long len = 1; len <= 64; len *= 4) {
		snprintf(what, sizeof(what), "%lu bytes into the last %lu "
			 "mapped", 2 * len, len);
		unsigned char *p = two_pages();
		show(what, grnd(p + 2 * 4096 - len, 2 * len, 0));
		munmap(p, 2 * 4096);
	}
}

static void sizes(void)
{
	static const unsigned long lens[] = { 1, 15, 16, 31, 32, 33, 63, 64,
		65, 100, 255, 256, 511, 512, 513, 4095, 4096, 4097, 65536,
		1 << 20 };
	unsigned char *buf = malloc((1 << 20) + 64);
	unsigned char a[32], b[32];
	int untouched = 1;

	for (unsigned int i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		memset(buf, 0xa5, lens[i] + 64);
		printf("%lu bytes: %ld\n", lens[i], grnd(buf, lens[i], 0));
		for (int k = 0; k < 64; k++)
			untouched &= buf[lens[i] + k] == 0xa5;
	}
	yes("the bytes past each request untouched", untouched);
	CHECK(grnd(buf, 4096, 0) == 4096);
	yes("4 KiB hold at least 200 distinct byte values",
	    distinct_bytes(buf, 4096) >= 200);
	CHECK(grnd(a, 32, 0) == 32 && grnd(b, 32, 0) == 32);
	yes("two 32-byte reads differ", memcmp(a, b, 32) != 0);
	CHECK(grnd(buf, 4096, GRND_RANDOM) == 4096);
	yes("4 KiB with GRND_RANDOM hold at least 200 distinct byte values",
	    distinct_bytes(buf, 4096) >= 200);
	CHECK(grnd(buf, 4096, GRND_INSECURE) == 4096);
	yes("4 KiB with GRND_INSECURE hold at least 200 distinct byte values",
	    distinct_bytes(buf, 4096) >= 200);
	free(buf);
	/* The length is clamped to 0x7ffff000 (MAX_RW_COUNT): the call
	 * writes up to the end of the mapping instead of refusing. */
	unsigned char *p = two_pages();
	show("len 0xffffffff into two mapped pages", grnd(p, 0xffffffffu, 0));
	show("len 0x7ffff000 into two mapped pages", grnd(p, 0x7ffff000u, 0));
	munmap(p, 2 * 4096);
}

static const char *revents(short r)
{
	static char buf[96];

	snprintf(buf, sizeof(buf), "%s%s%s%s%s", r & POLLIN ? " POLLIN" : "",
		 r & POLLRDNORM ? " POLLRDNORM" : "",
		 r & POLLOUT ? " POLLOUT" : "",
		 r & POLLWRNORM ? " POLLWRNORM" : "",
		 r & ~(POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM) ?
		 " other" : "");
	return buf[0] ? buf + 1 : "none";
}

static void device(const char *path)
{
	static unsigned char buf[65536];
	short all = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM | POLLPRI;
	int fd = open(path, O_RDWR);
	struct pollfd p = { .fd = fd, .events = all };
	char what[96];

	printf("%s: open O_RDWR: %s\n", path, fd >= 0 ? "ok" : strerror(errno));
	for (size_t n = 1; n <= sizeof(buf); n *= 16) {
		snprintf(what, sizeof(what), "%s: read of %zu", path, n);
		show(what, read(fd, buf, n));
	}
	snprintf(what, sizeof(what), "%s: 64 KiB hold at least 200 distinct "
		 "byte values", path);
	yes(what, distinct_bytes(buf, sizeof(buf)) >= 200);
	snprintf(what, sizeof(what), "%s: read of 0", path);
	show(what, read(fd, buf, 0));
	snprintf(what, sizeof(what), "%s: write of 3", path);
	show(what, write(fd, "abc", 3));
	snprintf(what, sizeof(what), "%s: write of 65536", path);
	show(what, write(fd, buf, sizeof(buf)));
	snprintf(what, sizeof(what), "%s: write of 0", path);
	show(what, write(fd, buf, 0));
	snprintf(what, sizeof(what), "%s: read into a bad buffer", path);
	expect_err(what, read(fd, bad_ptr, 16), EFAULT);
	snprintf(what, sizeof(what), "%s: write from a bad buffer", path);
	expect_err(what, write(fd, bad_ptr, 16), EFAULT);
	snprintf(what, sizeof(what), "%s: lseek to 100", path);
	show(what, lseek(fd, 100, SEEK_SET));
	int ready = poll(&p, 1, 0);

	printf("%s: poll: %d, revents %s\n", path, ready, revents(p.revents));
	close(fd);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	snprintf(what, sizeof(what), "%s: O_NONBLOCK read of 16", path);
	show(what, read(fd, buf, 16));
	close(fd);
}

static void devices(void)
{
	device("/dev/random");
	device("/dev/urandom");
}

static void ioctl_errors(int fd, const char *who, int err)
{
	struct rand_pool_info info = { 8, 4, { 1, 2, 3, 4 } };
	int n = 8;
	char what[96];

#define TRY(name, req, arg) do { \
		snprintf(what, sizeof(what), "%s: %s", who, name); \
		if (err) \
			expect_err(what, ioctl(fd, req, arg), err); \
		else \
			show(what, ioctl(fd, req, arg)); \
	} while (0)
	TRY("RNDADDTOENTCNT 8", RNDADDTOENTCNT, &n);
	TRY("RNDADDENTROPY 8 bits, 4 bytes", RNDADDENTROPY, &info);
	TRY("RNDZAPENTCNT", RNDZAPENTCNT, 0);
	TRY("RNDCLEARPOOL", RNDCLEARPOOL, 0);
	TRY("RNDRESEEDCRNG", RNDRESEEDCRNG, 0);
#undef TRY
}

static void ioctls_as_root(void)
{
	int fd = open("/dev/random", O_RDONLY);
	int count = -1, n;
	struct rand_pool_info info = { 8, 4, { 1, 2, 3, 4 } };
	unsigned char *p;

	show("RNDGETENTCNT", ioctl(fd, RNDGETENTCNT, &count));
	printf("count %d\n", count);
	ioctl_errors(fd, "root", 0);
	count = -1;
	CHECK(ioctl(fd, RNDGETENTCNT, &count) == 0);
	printf("count after RNDZAPENTCNT and RNDCLEARPOOL: %d\n", count);
	n = -1;
	expect_err("RNDADDTOENTCNT -1", ioctl(fd, RNDADDTOENTCNT, &n), EINVAL);
	n = 0;
	show("RNDADDTOENTCNT 0", ioctl(fd, RNDADDTOENTCNT, &n));
	info.entropy_count = -1;
	expect_err("RNDADDENTROPY count -1", ioctl(fd, RNDADDENTROPY, &info),
		   EINVAL);
	info.entropy_count = 0;
	info.buf_size = 0;
	show("RNDADDENTROPY 0 bytes", ioctl(fd, RNDADDENTROPY, &info));
	expect_err("RNDGETENTCNT into a bad pointer",
		   ioctl(fd, RNDGETENTCNT, bad_ptr), EFAULT);
	expect_err("RNDADDTOENTCNT from a bad pointer",
		   ioctl(fd, RNDADDTOENTCNT, bad_ptr), EFAULT);
	expect_err("RNDADDENTROPY from a bad pointer",
		   ioctl(fd, RNDADDENTROPY, bad_ptr), EFAULT);
	/* The data runs past the mapping: Linux takes what it can read,
	 * then fails the call, since it cannot credit a short write. */
	p = two_pages();
	info.buf_size = 64;
	memcpy(p + 2 * 4096 - 40, &info, 8);
	expect_err("RNDADDENTROPY with data running off the mapping",
		   ioctl(fd, RNDADDENTROPY, p + 2 * 4096 - 40), EFAULT);
	info.buf_size = -1;
	memcpy(p + 2 * 4096 - 40, &info, 8);
	expect_err("RNDADDENTROPY size -1",
		   ioctl(fd, RNDADDENTROPY, p + 2 * 4096 - 40), EFAULT);
	munmap(p, 2 * 4096);
	expect_err("RNDGETPOOL (gone)", ioctl(fd, RNDGETPOOL, &info), EINVAL);
	expect_err("'R' 8 (unknown)", ioctl(fd, RND_UNKNOWN, 0), EINVAL);
	expect_err("TCGETS", ioctl(fd, TCGETS, &info), EINVAL);
	expect_err("FIONREAD", ioctl(fd, FIONREAD, &n), EINVAL);
	close(fd);
	fd = open("/dev/urandom", O_WRONLY);
	count = -1;
	show("/dev/urandom RNDGETENTCNT", ioctl(fd, RNDGETENTCNT, &count));
	printf("count %d\n", count);
	show("/dev/urandom RNDRESEEDCRNG", ioctl(fd, RNDRESEEDCRNG, 0));
	close(fd);
}

static void ioctls_as_nobody(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open("/dev/urandom", O_RDONLY), count = -1;
		struct rand_pool_info bad = { -1, -1, { 0 } };
		unsigned char buf[16];

		CHECK(setgid(65534) == 0 && setuid(65534) == 0);
		show("nobody: RNDGETENTCNT", ioctl(fd, RNDGETENTCNT, &count));
		printf("nobody: count %d\n", count);
		ioctl_errors(fd, "nobody", EPERM);
		expect_err("nobody: RNDADDENTROPY count -1 (EPERM first)",
			   ioctl(fd, RNDADDENTROPY, &bad), EPERM);
		expect_err("nobody: 'R' 8 (unknown)", ioctl(fd, RND_UNKNOWN, 0),
			   EINVAL);
		close(fd);
		fd = open("/dev/random", O_WRONLY);
		printf("nobody: write of 3 to /dev/random: %zd\n",
		       write(fd, "abc", 3));
		close(fd);
		printf("nobody: getrandom of 16: %ld\n", grnd(buf, 16, 0));
		_exit(failures != 0);
	}
	printf("nobody's child: %s\n", wait_str(pid));
}

/* The file's contents (up to 127 bytes), in a static buffer. */
static const char *contents(const char *path)
{
	static char buf[128];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx and a newline, lower case. */
static int uuid_v4(const char *s)
{
	for (int i = 0; i < 36; i++) {
		int dash = i == 8 || i == 13 || i == 18 || i == 23;

		if (dash ? s[i] != '-' :
		    !((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	}
	return s[14] == '4' && strchr("89ab", s[19]) && s[36] == '\n' &&
	       s[37] == '\0';
}

static void show_number_file(const char *name)
{
	char path[96];
	const char *s;
	char *end;

	snprintf(path, sizeof(path), RND "%s", name);
	s = contents(path);
	long v = strtol(s, &end, 10);
	printf("%s: %ld, decimal and a newline: %s\n", name, v,
	       end != s && !strcmp(end, "\n") ? "yes" : "no");
}

static void show_mode(const char *name)
{
	char path[96];
	struct stat st;

	snprintf(path, sizeof(path), RND "%s", name);
	if (stat(path, &st) != 0) {
		printf("%s: stat: %s\n", name, strerror(errno));
		failures++;
		return;
	}
	printf("%s: mode %04o, regular %d, owner %d:%d, size %lld\n", name,
	       (unsigned)(st.st_mode & 07777), S_ISREG(st.st_mode),
	       (int)st.st_uid, (int)st.st_gid, (long long)st.st_size);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void listing(void)
{
	DIR *d = opendir(RND);
	struct dirent *e;
	char *names[32];
	int n = 0;

	while (d && (e = readdir(d)) && n < 32)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_names);
	printf("entries:");
	for (int i = 0; i < n; i++) {
		printf(" %s", names[i]);
		free(names[i]);
	}
	printf("\n");
}

static void write_attempt(const char *name, const char *text)
{
	char path[96], what[128];
	int fd;

	snprintf(path, sizeof(path), RND "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		printf("%s: open for writing: %s\n", name, strerror(errno));
		return;
	}
	snprintf(what, sizeof(what), "%s: write \"%.*s\"", name,
		 (int)strcspn(text, "\n"), text);
	show(what, write(fd, text, strlen(text)));
	close(fd);
	printf("%s: reads %.*s afterwards\n", name,
	       (int)strcspn(contents(path), "\n"), contents(path));
}

static void procfiles(void)
{
	static const char *const names[] = { "boot_id", "entropy_avail",
		"poolsize", "urandom_min_reseed_secs", "uuid",
		"write_wakeup_threshold" };
	char boot[128], a[128], b[128];

	listing();
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		show_mode(names[i]);
	show_number_file("entropy_avail");
	show_number_file("poolsize");
	show_number_file("urandom_min_reseed_secs");
	show_number_file("write_wakeup_threshold");
	snprintf(boot, sizeof(boot), "%s", contents(RND "boot_id"));
	yes("boot_id is a version-4 UUID and a newline", uuid_v4(boot));
	yes("boot_id is the same on a second read",
	    uuid_v4(boot) && !strcmp(boot, contents(RND "boot_id")));
	yes("boot_id is the same on a third read",
	    uuid_v4(boot) && !strcmp(boot, contents(RND "boot_id")));
	snprintf(a, sizeof(a), "%s", contents(RND "uuid"));
	snprintf(b, sizeof(b), "%s", contents(RND "uuid"));
	yes("uuid is a version-4 UUID and a newline", uuid_v4(a));
	yes("uuid is a version-4 UUID on a second read", uuid_v4(b));
	yes("uuid differs between two reads", uuid_v4(a) && strcmp(a, b) != 0);
	yes("uuid differs from boot_id", uuid_v4(a) && strcmp(a, boot) != 0);
	write_attempt("write_wakeup_threshold", "100\n");
	write_attempt("urandom_min_reseed_secs", "5\n");
	write_attempt("entropy_avail", "0\n");
	write_attempt("poolsize", "4096\n");
	write_attempt("boot_id", "x\n");
	write_attempt("uuid", "x\n");
}

static void procfiles_as_nobody(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		CHECK(setgid(65534) == 0 && setuid(65534) == 0);
		show_number_file("entropy_avail");
		yes("nobody: boot_id is a version-4 UUID",
		    uuid_v4(contents(RND "boot_id")));
		write_attempt("write_wakeup_threshold", "100\n");
		_exit(failures != 0);
	}
	printf("nobody's child: %s\n", wait_str(pid));
}

static void at_random_hex(char *out)
{
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);

	for (int i = 0; i < 16; i++)
		sprintf(out + 2 * i, "%02x", r ? r[i] : 0);
}

/* A child execs this program with "at-random", which prints its AT_RANDOM
 * bytes down a pipe; its hex string is read back into out. */
static void exec_at_random(char *out)
{
	int fds[2];
	pid_t pid;

	CHECK(pipe(fds) == 0);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 1);
		execl("/test/getrandom", "getrandom", "at-random", (char *)0);
		_exit(127);
	}
	close(fds[1]);
	ssize_t n = read(fds[0], out, 32);
	out[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	CHECK(strcmp(wait_str(pid), "exited 0") == 0);
}

static void at_random(void)
{
	char mine[40], first[40], second[40];
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);

	yes("AT_RANDOM is given", r != NULL);
	yes("AT_RANDOM's 16 bytes are not all equal",
	    r && distinct_bytes(r, 16) > 1);
	at_random_hex(mine);
	exec_at_random(first);
	exec_at_random(second);
	yes("an exec'd child got 16 bytes", strlen(first) == 32);
	yes("AT_RANDOM differs between two execs", strcmp(first, second) != 0);
	yes("AT_RANDOM differs from the parent's", strcmp(first, mine) != 0);
}

int main(int argc, char **argv)
{
	static const struct check_section sections[] = {
		{ "seeded", seeded }, { "flags", flags }, { "sizes", sizes },
		{ "devices", devices }, { "ioctls", ioctls_as_root },
		{ "ioctls-nobody", ioctls_as_nobody },
		{ "procfiles", procfiles },
		{ "procfiles-nobody", procfiles_as_nobody },
		{ "at-random-exec", at_random },
	};

	if (argc == 2 && !strcmp(argv[1], "at-random")) {
		char hex[40];

		at_random_hex(hex);
		fputs(hex, stdout);
		return 0;
	}
	run_sections(argc, argv, sections, sizeof(sections) / sizeof(sections[0]));
	return finish();
}
