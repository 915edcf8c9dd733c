/*
 * ipcshm.c: System V shared memory as Linux has it: shmget sizes and
 * keys, shmat/shmdt and shm_nattch (fork's copy and the pieces of a split
 * attachment count, exit detaches), pages first touched after a fork
 * still shared, IPC_RMID deferred until the last detach (SHM_DEST, the
 * key given up), SHM_RDONLY, the address hint with SHM_RND and SHM_REMAP,
 * IPC_STAT/IPC_SET/IPC_INFO/SHM_LOCK, the permission checks of a non-root
 * user, the ipc() multiplexer's and the direct shmat, and how
 * /proc/self/maps names an attachment ("/SYSV<key> (deleted)").
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include "check.h"

#define KEY	0x53484d31
#define PG	4096

static long nattch(int id)
{
	struct shmid_ds ds;

	if (shmctl(id, IPC_STAT, &ds) < 0)
		return -errno;
	return (long)ds.shm_nattch;
}

/* The /proc/self/maps line of the mapping at p: its name, and whether
 * its inode is the segment's id. */
static void maps_show(const void *p, int id)
{
	char buf[8192], *line, *save;
	FILE *f = fopen("/proc/self/maps", "r");
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);

	fclose(f);
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long start, ino;
		char perms[8], name[64] = "";

		if (sscanf(line, "%lx-%*x %7s %*x %*s %lu %63[^\n]", &start, perms,
			   &ino, name) < 3 || start != (uintptr_t)p)
			continue;
		printf("maps: %s %s, inode is the id: %s\n", perms,
		       name + strspn(name, " "), ino == (unsigned long)id ?
		       "yes" : "no");
	}
}

static void attach(void)
{
	int id = shmget(IPC_PRIVATE, 3 * PG - 100, 0600);
	struct shmid_ds ds;
	char *p, *q;
	pid_t pid;

	CHECK(id >= 0);
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	printf("segsz %lu nattch %lu mode %o atime %s\n",
	       (unsigned long)ds.shm_segsz, (unsigned long)ds.shm_nattch,
	       ds.shm_perm.mode, ds.shm_atime ? "set" : "0");
	yes("cpid is ours", ds.shm_cpid == getpid());
	p = shmat(id, NULL, 0);
	CHECK(p != (void *)-1);
	yes("page aligned", ((uintptr_t)p & (PG - 1)) == 0);
	printf("new memory reads 0: %s\n", p[0] == 0 && p[2 * PG] == 0 ? "yes" : "no");
	strcpy(p, "hello");
	maps_show(p, id);
	q = shmat(id, NULL, SHM_RDONLY);
	maps_show(q, id);
	printf("second attachment reads: %s, nattch %ld\n", q, nattch(id));
	CHECK(shmdt(q) == 0);
	printf("after shmdt: nattch %ld\n", nattch(id));
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	yes("atime and lpid set", ds.shm_atime != 0 && ds.shm_lpid == getpid());
	pid = fork();
	if (pid == 0) {
		printf("child reads: %s, nattch %ld\n", p, nattch(id));
		strcpy(p + 2 * PG, "from the child");
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	printf("page first touched by the child: %s\n", p + 2 * PG);
	printf("after the child's exit: nattch %ld\n", nattch(id));
	expect_err("shmdt of an address inside", shmdt(p + 1), EINVAL);
	expect_err("shmdt of the second page", shmdt(p + PG), EINVAL);
	CHECK(mprotect(p, PG, PROT_READ) == 0);
	printf("split by mprotect: nattch %ld\n", nattch(id));
	CHECK(shmdt(p) == 0);
	printf("shmdt detaches both pieces: nattch %ld\n", nattch(id));
	expect_err("shmdt again", shmdt(p), EINVAL);
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	yes("dtime set", ds.shm_dtime != 0);
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
	expect_err("IPC_STAT after IPC_RMID", shmctl(id, IPC_STAT, &ds), EINVAL);
}

static void removal(void)
{
	int id = shmget(KEY, PG, IPC_CREAT | 0600);
	struct shmid_ds ds;
	char *p = shmat(id, NULL, 0), *q;
	pid_t pid;

	CHECK(p != (void *)-1);
	maps_show(p, id);
	strcpy(p, "still here");
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	printf("after IPC_RMID: mode %o key %d nattch %lu\n", ds.shm_perm.mode,
	       ds.shm_perm.__key, (unsigned long)ds.shm_nattch);
	expect_err("shmget of the key", shmget(KEY, PG, 0600), ENOENT);
	printf("the memory: %s\n", p);
	q = shmat(id, NULL, 0);
	printf("attach after IPC_RMID: %s\n", q == (void *)-1 ? strerror(errno) : q);
	if (q != (void *)-1)
		CHECK(shmdt(q) == 0);
	pid = fork();
	if (pid == 0)
		_exit(0);
	wait_str(pid);
	printf("still there after a child's exit: nattch %ld\n", nattch(id));
	CHECK(shmdt(p) == 0);
	printf("after the last detach: %s\n", strerror(-(int)nattch(id)));

	id = shmget(IPC_PRIVATE, PG, 0600);
	p = shmat(id, NULL, 0);
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
	pid = fork();
	if (pid == 0) {
		strcpy(p, "child");
		_exit(0);
	}
	wait_str(pid);
	printf("a child wrote: %s\n", p);
	pid = fork();
	if (pid == 0) {
		CHECK(shmdt(p) == 0);
		_exit(0);
	}
	wait_str(pid);
	printf("IPC_RMID'd, one attachment left: nattch %ld\n", nattch(id));
	CHECK(munmap(p, PG) == 0);
	printf("after munmap: %s\n", strerror(-(int)nattch(id)));
}

static void addresses(void)
{
	int id = shmget(IPC_PRIVATE, 2 * PG, 0600);
	char *hole = mmap(NULL, 4 * PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *p;
	pid_t pid;

	CHECK(hole != MAP_FAILED);
	CHECK(munmap(hole + 2 * PG, 2 * PG) == 0);
	p = shmat(id, hole + 2 * PG, 0);
	yes("attached at the hint", p == hole + 2 * PG);
	CHECK(shmdt(p) == 0);
	p = shmat(id, hole + 2 * PG + 10, 0);
	printf("unaligned hint: %s\n", p == (void *)-1 ? strerror(errno) : "ok");
	p = shmat(id, hole + 2 * PG + 10, SHM_RND);
	yes("SHM_RND rounds down", p == hole + 2 * PG);
	CHECK(shmdt(p) == 0);
	p = shmat(id, hole, 0);
	printf("over a mapping: %s\n", p == (void *)-1 ? strerror(errno) : "ok");
	p = shmat(id, hole, SHM_REMAP);
	yes("over a mapping with SHM_REMAP", p == hole);
	p[0] = 'x';
	CHECK(shmdt(p) == 0);
	p = shmat(id, NULL, SHM_REMAP);
	printf("SHM_REMAP without an address: %s\n",
	       p == (void *)-1 ? strerror(errno) : "ok");
	p = shmat(id, NULL, SHM_RDONLY);
	printf("read-only attachment reads %c\n", p[0]);
	pid = fork();
	if (pid == 0) {
		p[0] = 'y';
		_exit(0);
	}
	printf("writing to it: %s\n", wait_str(pid));
	CHECK(shmdt(p) == 0);
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
}

static void errors_and_permissions(void)
{
	int id = shmget(KEY, 2 * PG, IPC_CREAT | 0640);
	struct shmid_ds ds;
	struct shminfo info;
	pid_t pid;

	CHECK(id >= 0);
	expect_err("size 0", shmget(IPC_PRIVATE, 0, 0600), EINVAL);
	expect_err("larger than the key's", shmget(KEY, 3 * PG, 0600), EINVAL);
	yes("smaller than the key's", shmget(KEY, 100, 0600) == id);
	yes("size 0 for the key", shmget(KEY, 0, 0) == id);
	expect_err("IPC_CREAT|IPC_EXCL", shmget(KEY, PG, IPC_CREAT | IPC_EXCL),
		   EEXIST);
	expect_err("bad id", (long)shmat(id + 1, NULL, 0), EINVAL);
	expect_err("bad command", shmctl(id, 99, &ds), EINVAL);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		expect_err("attach read-write", (long)shmat(id, NULL, 0), EACCES);
		expect_err("attach read-only", (long)shmat(id, NULL, SHM_RDONLY),
			   EACCES);
		expect_err("IPC_STAT", shmctl(id, IPC_STAT, &ds), EACCES);
		expect_err("IPC_RMID", shmctl(id, IPC_RMID, NULL), EPERM);
		expect_err("SHM_LOCK", shmctl(id, SHM_LOCK, NULL), EPERM);
		_exit(finish());
	}
	printf("other user: %s\n", wait_str(pid));
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	ds.shm_perm.mode = 0644;
	CHECK(shmctl(id, IPC_SET, &ds) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		yes("attach read-only", shmat(id, NULL, SHM_RDONLY) != (void *)-1);
		expect_err("attach read-write", (long)shmat(id, NULL, 0), EACCES);
		_exit(finish());
	}
	printf("reader: %s\n", wait_str(pid));
	CHECK(shmctl(id, SHM_LOCK, NULL) == 0);
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	printf("SHM_LOCK: mode %o\n", ds.shm_perm.mode);
	CHECK(shmctl(id, SHM_UNLOCK, NULL) == 0);
	CHECK(shmctl(id, IPC_STAT, &ds) == 0);
	printf("SHM_UNLOCK: mode %o\n", ds.shm_perm.mode);
	CHECK(shmctl(0, IPC_INFO, (struct shmid_ds *)&info) >= 0);
	printf("IPC_INFO: shmmax %lu shmmin %lu shmmni %lu shmall %lu\n",
	       (unsigned long)info.shmmax, (unsigned long)info.shmmin,
	       (unsigned long)info.shmmni, (unsigned long)info.shmall);
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
}

static void raw_calls(void)
{
	int id = (int)syscall(SYS_ipc, 23, IPC_PRIVATE, PG, 0600, 0, 0);
	unsigned long addr = 0;
	long r;
	char *p;

	CHECK(id >= 0);
	r = syscall(SYS_ipc, 21, id, 0, &addr, NULL, 0);
	printf("ipc(SHMAT): %ld, address %s\n", r, addr ? "stored" : "none");
	p = (char *)addr;
	strcpy(p, "raw");
	printf("ipc(SHMAT) version 1: %s\n",
	       syscall(SYS_ipc, 21 | (1 << 16), id, 0, &addr, NULL, 0) < 0 ?
	       strerror(errno) : "ok");
	r = syscall(SYS_shmat, id, 0, SHM_RDONLY);
	printf("direct shmat reads: %s\n", r == -1 ? strerror(errno) : (char *)r);
	printf("nattch %ld\n", nattch(id));
	CHECK(syscall(SYS_shmdt, r) == 0);
	CHECK(syscall(SYS_ipc, 22, 0, 0, 0, p, 0) == 0);
	CHECK(syscall(SYS_shmctl, id, IPC_RMID, 0) == 0);
}

int main(void)
{
	attach();
	removal();
	addresses();
	errors_and_permissions();
	raw_calls();
	return finish();
}
