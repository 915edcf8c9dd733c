/*
 * ipcsem.c: System V semaphore sets as Linux has them: SETVAL, GETVAL,
 * SETALL, GETALL, GETPID, GETNCNT, GETZCNT, IPC_STAT, IPC_SET, IPC_INFO;
 * semop applying all its operations or none, IPC_NOWAIT (EAGAIN), the
 * limits (ERANGE, EFBIG, E2BIG), blocked operations woken by a change,
 * a timeout, a signal (EINTR) or IPC_RMID (EIDRM); SEM_UNDO applied at
 * exit, cleared by SETVAL, not inherited by fork; the permission checks
 * of a non-root user; the direct semtimedop_time64 call.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <time.h>
#include "check.h"

#define KEY	0x53454d31

static int op(int s, int num, int delta, int flag)
{
	struct sembuf b = { .sem_num = num, .sem_op = delta, .sem_flg = flag };

	return semop(s, &b, 1);
}

static void show(const char *what, int s, int n)
{
	printf("%s:", what);
	for (int i = 0; i < n; i++)
		printf(" %d", semctl(s, i, GETVAL));
	printf("\n");
}

static void values(void)
{
	int s = semget(IPC_PRIVATE, 3, 0600);
	unsigned short all[3] = { 4, 5, 6 }, got[3];
	struct semid_ds ds;
	struct sembuf two[2] = { { 0, 1, 0 }, { 1, -1, IPC_NOWAIT } };

	CHECK(s >= 0);
	CHECK(semctl(s, 0, IPC_STAT, &ds) == 0);
	printf("nsems %lu mode %o otime %s\n", (unsigned long)ds.sem_nsems,
	       ds.sem_perm.mode, ds.sem_otime ? "set" : "0");
	show("new", s, 3);
	CHECK(semctl(s, 1, SETVAL, 7) == 0);
	show("SETVAL 1 7", s, 3);
	yes("GETPID after SETVAL", semctl(s, 1, GETPID) == getpid());
	CHECK(semctl(s, 0, SETALL, all) == 0);
	CHECK(semctl(s, 0, GETALL, got) == 0);
	printf("GETALL: %d %d %d\n", got[0], got[1], got[2]);
	CHECK(op(s, 2, -6, 0) == 0);
	show("sem 2 - 6", s, 3);
	expect_err("decrement below 0, IPC_NOWAIT", op(s, 2, -1, IPC_NOWAIT),
		   EAGAIN);
	expect_err("wait for zero, IPC_NOWAIT", op(s, 0, 0, IPC_NOWAIT), EAGAIN);
	printf("wait for zero on 0: %d\n", op(s, 2, 0, 0));
	CHECK(semctl(s, 1, SETVAL, 0) == 0);
	expect_err("two operations, the second blocks", semop(s, two, 2), EAGAIN);
	show("nothing applied", s, 3);
	two[1].sem_op = 0;
	printf("two operations that can go: %d\n", semop(s, two, 2));
	show("both applied", s, 3);
	CHECK(semctl(s, 0, IPC_STAT, &ds) == 0);
	yes("otime set", ds.sem_otime != 0);
	expect_err("SETVAL 32768", semctl(s, 0, SETVAL, 32768), ERANGE);
	expect_err("SETVAL -1", semctl(s, 0, SETVAL, -1), ERANGE);
	CHECK(semctl(s, 0, SETVAL, 32767) == 0);
	expect_err("past 32767", op(s, 0, 1, 0), ERANGE);
	all[1] = 40000;
	expect_err("SETALL with 40000", semctl(s, 0, SETALL, all), ERANGE);
	expect_err("sem_num 3", op(s, 3, 1, 0), EFBIG);
	expect_err("GETVAL of 3", semctl(s, 3, GETVAL), EINVAL);
	expect_err("no operations", semop(s, two, 0), EINVAL);
	expect_err("501 operations", semop(s, two, 501), E2BIG);
	expect_err("bad pointer", semop(s, bad_ptr, 1), EFAULT);
	expect_err("bad command", semctl(s, 0, 99), EINVAL);
	CHECK(semctl(s, 0, IPC_RMID) == 0);
	expect_err("GETVAL after IPC_RMID", semctl(s, 0, GETVAL), EINVAL);
	expect_err("semop after IPC_RMID", op(s, 0, 1, 0), EINVAL);
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void child_op(const char *what, int s, int num, int delta)
{
	int r = op(s, num, delta, 0);

	printf("%s: %s\n", what, r == 0 ? "done" : strerror(errno));
	_exit(0);
}

static void blocking(void)
{
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	struct timespec ts = { 0, 50000000 };
	struct sembuf b = { 0, -1, 0 };
	int s = semget(IPC_PRIVATE, 2, 0600);
	pid_t pid, pid2;

	pid = fork();
	if (pid == 0)
		child_op("child's decrement", s, 0, -1);
	wait_asleep(pid);
	pid2 = fork();
	if (pid2 == 0)
		child_op("child's wait for zero", s, 1, 0);
	CHECK(semctl(s, 1, SETVAL, 1) == 0);
	wait_asleep(pid2);
	printf("GETNCNT %d GETZCNT %d (sem 0)\n", semctl(s, 0, GETNCNT),
	       semctl(s, 0, GETZCNT));
	printf("GETNCNT %d GETZCNT %d (sem 1)\n", semctl(s, 1, GETNCNT),
	       semctl(s, 1, GETZCNT));
	CHECK(op(s, 0, 1, 0) == 0);
	printf("decrementer: %s\n", wait_str(pid));
	CHECK(semctl(s, 1, SETVAL, 0) == 0);
	printf("waiter for zero: %s\n", wait_str(pid2));
	show("values", s, 2);

	expect_err("semtimedop times out", semtimedop(s, &b, 1, &ts), EAGAIN);
	ts.tv_nsec = 1000000000;
	expect_err("bad timeout", semtimedop(s, &b, 1, &ts), EINVAL);
	printf("direct semtimedop_time64: %s\n",
	       syscall(SYS_semtimedop_time64, s, &b, 1,
		       (long long[]){ 0, 1000000 }) < 0 ?
	       strerror(errno) : "ok");

	pid = fork();
	if (pid == 0) {
		sigaction(SIGUSR1, &sa, NULL);
		child_op("decrement, then a signal", s, 0, -1);
	}
	wait_asleep(pid);
	kill(pid, SIGUSR1);
	printf("child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0)
		child_op("decrement, then IPC_RMID", s, 0, -1);
	wait_asleep(pid);
	CHECK(semctl(s, 0, IPC_RMID) == 0);
	printf("child: %s\n", wait_str(pid));
}

static void undo(void)
{
	int s = semget(IPC_PRIVATE, 2, 0600), sync1[2], sync2[2];
	pid_t pid;
	char c;

	CHECK(semctl(s, 0, SETVAL, 5) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(op(s, 0, 2, SEM_UNDO) == 0);
		CHECK(op(s, 0, -4, SEM_UNDO) == 0);
		CHECK(op(s, 1, 3, SEM_UNDO) == 0);
		_exit(0);
	}
	wait_str(pid);
	show("after a child's SEM_UNDO operations and exit", s, 2);

	CHECK(op(s, 0, 1, SEM_UNDO) == 0);
	pid = fork();
	if (pid == 0)
		_exit(0);
	wait_str(pid);
	show("fork does not inherit the parent's adjustments", s, 2);

	CHECK(semctl(s, 0, SETVAL, 0) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(op(s, 0, 1, SEM_UNDO) == 0);
		_exit(0);
	}
	CHECK(op(s, 0, -1, 0) == 0);
	wait_str(pid);
	show("an adjustment below 0 stops at 0", s, 2);

	CHECK(pipe(sync1) == 0 && pipe(sync2) == 0);
	CHECK(semctl(s, 1, SETVAL, 3) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(op(s, 1, -1, SEM_UNDO) == 0);
		CHECK(write(sync1[1], "x", 1) == 1);
		CHECK(read(sync2[0], &c, 1) == 1);
		_exit(0);
	}
	CHECK(read(sync1[0], &c, 1) == 1);
	CHECK(semctl(s, 1, SETVAL, 0) == 0);
	CHECK(write(sync2[1], "x", 1) == 1);
	wait_str(pid);
	show("SETVAL cleared the child's adjustment", s, 2);
	CHECK(semctl(s, 0, IPC_RMID) == 0);
}

static void keys_and_permissions(void)
{
	int s = semget(KEY, 2, IPC_CREAT | 0640);
	struct semid_ds ds;
	struct seminfo info;
	pid_t pid;

	CHECK(s >= 0);
	yes("same key, fewer semaphores", semget(KEY, 1, 0) == s);
	expect_err("same key, more semaphores", semget(KEY, 3, 0), EINVAL);
	expect_err("IPC_CREAT|IPC_EXCL", semget(KEY, 2, IPC_CREAT | IPC_EXCL), EEXIST);
	expect_err("no set of 0", semget(IPC_PRIVATE, 0, 0600), EINVAL);
	expect_err("32001 semaphores", semget(IPC_PRIVATE, 32001, 0600), EINVAL);
	expect_err("another key", semget(KEY + 1, 1, 0), ENOENT);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		expect_err("semget for reading", semget(KEY, 0, 0400), EACCES);
		expect_err("GETVAL", semctl(s, 0, GETVAL), EACCES);
		expect_err("SETVAL", semctl(s, 0, SETVAL, 1), EACCES);
		expect_err("semop", op(s, 0, 1, IPC_NOWAIT), EACCES);
		expect_err("IPC_RMID", semctl(s, 0, IPC_RMID), EPERM);
		_exit(finish());
	}
	printf("other user: %s\n", wait_str(pid));
	CHECK(semctl(s, 0, IPC_STAT, &ds) == 0);
	ds.sem_perm.mode = 0604;
	CHECK(semctl(s, 0, IPC_SET, &ds) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		printf("GETVAL with other's read bit: %d\n", semctl(s, 0, GETVAL));
		yes("wait for zero needs only read",
		    op(s, 0, 0, IPC_NOWAIT) == 0);
		expect_err("semop +1", op(s, 0, 1, IPC_NOWAIT), EACCES);
		_exit(finish());
	}
	printf("reader: %s\n", wait_str(pid));
	CHECK(semctl(s, 0, IPC_STAT, &ds) == 0);
	printf("mode %o uid %d cuid %d\n", ds.sem_perm.mode, ds.sem_perm.uid,
	       ds.sem_perm.cuid);
	CHECK(semctl(0, 0, IPC_INFO, &info) >= 0);
	printf("IPC_INFO: semmsl %d semopm %d semvmx %d semmni %d semmns %d\n",
	       info.semmsl, info.semopm, info.semvmx, info.semmni, info.semmns);
	CHECK(semctl(s, 0, IPC_RMID) == 0);
}

int main(void)
{
	values();
	blocking();
	undo();
	keys_and_permissions();
	return finish();
}
