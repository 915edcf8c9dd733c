/*
 * caps.c: capget and capset as Linux has them for root and for other
 * users without file capabilities: the sets of root (every capability
 * permitted and effective, none inheritable) through the version 1, 2
 * and 3 headers; the version probe (an unknown version is replaced by 3:
 * EINVAL, or 0 with a NULL data pointer); ESRCH, EINVAL and EFAULT; the
 * sets after seteuid, setfsuid and setuid; capset of the sets as they
 * are, and its EPERM cases (another process, raising the permitted set,
 * an effective set beyond the permitted one).
 */
#include <stdint.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include "check.h"

static pid_t other;		/* a child that sleeps, as another process */

#define V1 0x19980330u
#define V2 0x20071026u
#define V3 0x20080522u

struct hdr {
	uint32_t version;
	int pid;
};

struct data {
	uint32_t effective, permitted, inheritable;
};

static long capget(struct hdr *h, struct data *d)
{
	return syscall(SYS_capget, h, d);
}

static long capset(struct hdr *h, const struct data *d)
{
	return syscall(SYS_capset, h, d);
}

static void show(const char *what, uint32_t version, int pid)
{
	struct hdr h = { version, pid };
	struct data d[2];
	long r;

	memset(d, 0xee, sizeof(d));
	r = capget(&h, d);
	printf("%s: %ld", what, r);
	if (!r)
		printf(" eff %08x %08x perm %08x %08x inh %08x %08x",
		       d[0].effective, d[1].effective, d[0].permitted,
		       d[1].permitted, d[0].inheritable, d[1].inheritable);
	printf("\n");
}

static void versions(void)
{
	struct hdr h = { 0x1234, 0 };
	struct data d[2];

	show("v3", V3, 0);
	show("v2", V2, 0);
	show("v1 (one struct)", V1, 0);
	show("v3, own pid", V3, getpid());
	show("v3, another process", V3, other);
	printf("probe with NULL data: %ld", capget(&h, NULL));
	printf(" version now %#x\n", h.version);
	h.version = 0x1234;
	expect_err("unknown version", capget(&h, d), EINVAL);
	printf("version now %#x\n", h.version);
	h.version = V3;
	printf("NULL data, known version: %ld\n", capget(&h, NULL));
	h.pid = -1;
	expect_err("pid -1", capget(&h, d), EINVAL);
	h.pid = 0x3fffffff;
	expect_err("no such pid", capget(&h, d), ESRCH);
	h.pid = 0;
	expect_err("bad header", capget(bad_ptr, d), EFAULT);
	expect_err("bad data", capget(&h, bad_ptr), EFAULT);
	h.version = 0x1234;
	expect_err("capset unknown version", capset(&h, d), EINVAL);
	printf("version now %#x\n", h.version);
}

static void sets(void)
{
	struct hdr h = { V3, 0 };
	struct data d[2];

	CHECK(capget(&h, d) == 0);
	printf("capset the same sets: %ld\n", capset(&h, d));
	h.pid = other;
	expect_err("capset for another process", capset(&h, d), EPERM);
	h.pid = 0;
	d[0].permitted = 0;
	expect_err("capset effective beyond permitted", capset(&h, d), EPERM);
	expect_err("capset bad data", capset(&h, bad_ptr), EFAULT);
}

static void users(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct hdr h = { V3, 0 };
		struct data d[2];

		CHECK(seteuid(1000) == 0);
		show("after seteuid(1000)", V3, 0);
		CHECK(seteuid(0) == 0);
		setfsuid(1000);
		show("after setfsuid(1000)", V3, 0);
		setfsuid(0);
		CHECK(setuid(1000) == 0);
		show("after setuid(1000)", V3, 0);
		CHECK(capget(&h, d) == 0);
		printf("capset the empty sets: %ld\n", capset(&h, d));
		d[0].permitted = d[0].effective = 1;
		expect_err("capset raising permitted", capset(&h, d), EPERM);
		d[0].permitted = d[0].effective = 0;
		d[0].inheritable = 1;
		expect_err("capset raising inheritable", capset(&h, d), EPERM);
		show("root's sets seen by a user", V3, other);
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
}

int main(void)
{
	int p[2];
	char c;

	CHECK(pipe(p) == 0);
	other = fork();
	if (other == 0) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
	}
	close(p[0]);
	versions();
	sets();
	users();
	close(p[1]);
	printf("other: %s\n", wait_str(other));
	return finish();
}
