/*
 * ipcmsg.c: System V message queues as Linux has them: keys and
 * IPC_CREAT/IPC_EXCL, sending and receiving by type (0, a type, the
 * lowest up to -type, MSG_EXCEPT), E2BIG and MSG_NOERROR, IPC_NOWAIT,
 * the limits, IPC_STAT/IPC_SET/IPC_INFO/MSG_STAT, blocked senders and
 * receivers woken by the other side (a message handed straight to a
 * waiting receiver, E2BIG for one whose buffer is too small), by a
 * signal (EINTR even with SA_RESTART) and by IPC_RMID (EIDRM), the
 * permission checks of a non-root user, and the ipc() multiplexer and
 * direct calls.  Children woken by the parent report through their exit
 * status, so that the order of the lines does not depend on which of
 * the two runs first.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/syscall.h>
#include "check.h"

#define KEY	0x4d534731

struct mbuf {
	long type;
	char text[8192 + 16];
};

static int send_str(int q, long type, const char *s, int flag)
{
	struct mbuf m = { .type = type };

	strcpy(m.text, s);
	return msgsnd(q, &m, strlen(s), flag);
}

/* Receive and print what came: "type N: text" or the error. */
static void recv_show(const char *what, int q, size_t size, long type, int flag)
{
	struct mbuf m;
	ssize_t n = msgrcv(q, &m, size, type, flag);

	if (n < 0)
		printf("%s: %s\n", what, strerror(errno));
	else
		printf("%s: type %ld: %.*s (%zd bytes)\n", what, m.type,
		       (int)n, m.text, n);
}

/* A child's msgrcv as an exit status: the bytes received (and type 7),
 * or 100 + errno. */
static int recv_status(int q, size_t size)
{
	struct mbuf m;
	ssize_t n = msgrcv(q, &m, size, 7, 0);

	return n < 0 ? 100 + errno : m.type == 7 ? (int)n : 99;
}

static void types(void)
{
	int q = msgget(IPC_PRIVATE, 0600);
	struct msqid_ds ds;

	CHECK(q >= 0);
	CHECK(send_str(q, 3, "three", 0) == 0);
	CHECK(send_str(q, 1, "one", 0) == 0);
	CHECK(send_str(q, 2, "two", 0) == 0);
	CHECK(send_str(q, 1, "uno", 0) == 0);
	CHECK(send_str(q, 5, "five", 0) == 0);
	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	printf("qnum %lu cbytes %lu qbytes %lu mode %o uid %d cuid %d\n",
	       (unsigned long)ds.msg_qnum, (unsigned long)ds.msg_cbytes,
	       (unsigned long)ds.msg_qbytes, ds.msg_perm.mode,
	       ds.msg_perm.uid, ds.msg_perm.cuid);
	yes("lspid is ours", ds.msg_lspid == getpid());
	yes("stime set, rtime not", ds.msg_stime != 0 && ds.msg_rtime == 0);
	recv_show("type 2", q, 100, 2, 0);
	recv_show("at most 4", q, 100, -4, 0);
	recv_show("not 1", q, 100, 1, MSG_EXCEPT);
	recv_show("2 bytes", q, 2, 0, 0);
	recv_show("2 bytes, MSG_NOERROR", q, 2, 0, MSG_NOERROR);
	recv_show("any", q, 100, 0, 0);
	recv_show("empty, IPC_NOWAIT", q, 100, 0, IPC_NOWAIT);
	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	printf("qnum %lu cbytes %lu\n", (unsigned long)ds.msg_qnum,
	       (unsigned long)ds.msg_cbytes);
	yes("lrpid is ours", ds.msg_lrpid == getpid());
	CHECK(msgctl(q, IPC_RMID, NULL) == 0);
}

static void errors(void)
{
	int q = msgget(IPC_PRIVATE, 0600);
	struct mbuf m = { .type = 1 };
	struct msginfo info;
	int max;

	m.type = 0;
	expect_err("type 0", msgsnd(q, &m, 1, 0), EINVAL);
	m.type = 1;
	expect_err("8193 bytes", msgsnd(q, &m, 8193, 0), EINVAL);
	expect_err("negative size", msgsnd(q, &m, (size_t)-1, 0), EINVAL);
	printf("8192 bytes: %d\n", msgsnd(q, &m, 8192, 0));
	expect_err("bad pointer", msgsnd(q, bad_ptr, 1, 0), EFAULT);
	expect_err("MSG_COPY without IPC_NOWAIT",
		   msgrcv(q, &m, 10, 0, 040000), EINVAL);
	expect_err("send to a bad id", msgsnd(-1, &m, 1, 0), EINVAL);
	expect_err("receive from a bad id", msgrcv(q + 1, &m, 1, 0, 0), EINVAL);
	expect_err("bad command", msgctl(q, 99, NULL), EINVAL);
	max = msgctl(0, IPC_INFO, (struct msqid_ds *)&info);
	CHECK(max >= 0);
	printf("IPC_INFO: msgmax %d msgmnb %d msgmni %d msgssz %d msgseg %u\n",
	       info.msgmax, info.msgmnb, info.msgmni, info.msgssz,
	       info.msgseg);
	CHECK(msgctl(0, MSG_INFO, (struct msqid_ds *)&info) >= 0);
	printf("MSG_INFO: messages %d bytes %d\n", info.msgmap, info.msgtql);
	for (int i = 0; i <= max; i++) {
		struct msqid_ds ds;

		if (msgctl(i, MSG_STAT, &ds) == q)
			printf("MSG_STAT finds the queue: qnum %lu\n",
			       (unsigned long)ds.msg_qnum);
	}
	CHECK(msgctl(q, IPC_RMID, NULL) == 0);
	expect_err("IPC_STAT after IPC_RMID", msgctl(q, IPC_STAT, NULL), EINVAL);
	expect_err("IPC_RMID again", msgctl(q, IPC_RMID, NULL), EINVAL);
}

static void keys(void)
{
	int q = msgget(KEY, IPC_CREAT | 0640), q2;

	CHECK(q >= 0);
	q2 = msgget(KEY, IPC_CREAT | 0600);
	yes("the same key gives the same queue", q2 == q);
	yes("and again without IPC_CREAT", msgget(KEY, 0) == q);
	expect_err("IPC_CREAT|IPC_EXCL", msgget(KEY, IPC_CREAT | IPC_EXCL | 0600),
		   EEXIST);
	expect_err("another key", msgget(KEY + 1, 0600), ENOENT);
	q2 = msgget(IPC_PRIVATE, 0600);
	yes("IPC_PRIVATE gives a new queue", q2 >= 0 && q2 != q);
	CHECK(msgctl(q2, IPC_RMID, NULL) == 0);
	CHECK(msgctl(q, IPC_RMID, NULL) == 0);
	expect_err("the key after IPC_RMID", msgget(KEY, 0), ENOENT);
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void blocking(void)
{
	int q = msgget(IPC_PRIVATE, 0600);
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	struct msqid_ds ds;
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(recv_status(q, 100));
	wait_asleep(pid);
	CHECK(send_str(q, 6, "six", 0) == 0);
	CHECK(send_str(q, 7, "seven", 0) == 0);
	recv_show("type 7 again at once", q, 100, 7, IPC_NOWAIT);
	printf("receiver (5 bytes): %s\n", wait_str(pid));
	recv_show("left", q, 100, 0, IPC_NOWAIT);

	pid = fork();
	if (pid == 0)
		_exit(recv_status(q, 2));
	wait_asleep(pid);
	CHECK(send_str(q, 7, "seven", 0) == 0);
	printf("receiver of 2 bytes (100 + E2BIG): %s\n", wait_str(pid));
	recv_show("the message it could not take", q, 100, 0, IPC_NOWAIT);

	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	ds.msg_qbytes = 10;
	CHECK(msgctl(q, IPC_SET, &ds) == 0);
	CHECK(send_str(q, 1, "12345678", 0) == 0);
	expect_err("full, IPC_NOWAIT", send_str(q, 1, "abc", IPC_NOWAIT), EAGAIN);
	pid = fork();
	if (pid == 0) {
		_exit(send_str(q, 2, "abc", 0) == 0 ? 0 : 1);
	}
	wait_asleep(pid);
	recv_show("make room", q, 100, 0, 0);
	printf("blocked sender: %s\n", wait_str(pid));
	recv_show("what it sent", q, 100, 0, IPC_NOWAIT);

	pid = fork();
	if (pid == 0) {
		sigaction(SIGUSR1, &sa, NULL);
		recv_show("receive, then a signal", q, 100, 0, 0);
		_exit(0);
	}
	wait_asleep(pid);
	kill(pid, SIGUSR1);
	printf("receiver: %s\n", wait_str(pid));

	pid = fork();
	if (pid == 0) {
		recv_show("receive, then IPC_RMID", q, 100, 0, 0);
		_exit(0);
	}
	wait_asleep(pid);
	CHECK(msgctl(q, IPC_RMID, NULL) == 0);
	printf("receiver: %s\n", wait_str(pid));
}

static void permissions(void)
{
	int q = msgget(KEY, IPC_CREAT | 0640);
	struct msqid_ds ds;
	pid_t pid;

	CHECK(send_str(q, 1, "hello", 0) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		expect_err("msgget for writing", msgget(KEY, 0200), EACCES);
		yes("msgget asking nothing", msgget(KEY, 0) == q);
		expect_err("send", send_str(q, 1, "x", 0), EACCES);
		expect_err("receive", msgrcv(q, &ds, 10, 0, IPC_NOWAIT), EACCES);
		expect_err("IPC_STAT", msgctl(q, IPC_STAT, &ds), EACCES);
		expect_err("IPC_RMID", msgctl(q, IPC_RMID, NULL), EPERM);
		_exit(finish());
	}
	printf("other user: %s\n", wait_str(pid));
	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	ds.msg_perm.gid = 1000;
	ds.msg_perm.mode = 0460;
	CHECK(msgctl(q, IPC_SET, &ds) == 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		recv_show("group member receives", q, 100, 0, IPC_NOWAIT);
		yes("group member's IPC_STAT", msgctl(q, IPC_STAT, &ds) == 0);
		_exit(finish());
	}
	printf("group member: %s\n", wait_str(pid));
	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	ds.msg_perm.uid = 1000;
	ds.msg_perm.mode = 0600;
	CHECK(msgctl(q, IPC_SET, &ds) == 0);
	CHECK(msgctl(q, IPC_STAT, &ds) == 0);
	printf("after IPC_SET: uid %d gid %d cuid %d cgid %d mode %o\n",
	       ds.msg_perm.uid, ds.msg_perm.gid, ds.msg_perm.cuid,
	       ds.msg_perm.cgid, ds.msg_perm.mode);
	yes("ctime set", ds.msg_ctime != 0);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		ds.msg_qbytes = 1 << 20;
		expect_err("raise qbytes past msgmnb", msgctl(q, IPC_SET, &ds),
			   EPERM);
		printf("the new owner removes it: %d\n",
		       msgctl(q, IPC_RMID, NULL));
		_exit(finish());
	}
	printf("owner: %s\n", wait_str(pid));
}

/* The multiplexer (version 1 msgrcv: the buffer and type as arguments)
 * and the direct calls. */
static void raw_calls(void)
{
	struct mbuf m = { .type = 4 };
	struct msqid_ds ds;
	int q = (int)syscall(SYS_ipc, 13, IPC_PRIVATE, 0600, 0, 0, 0);
	long n;

	CHECK(q >= 0);
	strcpy(m.text, "raw");
	CHECK(syscall(SYS_ipc, 11, q, 3, 0, &m, 0) == 0);
	memset(&m, 0, sizeof(m));
	n = syscall(SYS_ipc, 12 | (1 << 16), q, 100, 0, &m, 0);
	printf("ipc(MSGRCV) version 1: %ld bytes, type %ld: %s\n", n, m.type,
	       m.text);
	printf("ipc(unknown call): %s\n",
	       syscall(SYS_ipc, 99, 0, 0, 0, 0, 0) < 0 ? strerror(errno) : "ok");
	m.type = 9;
	CHECK(syscall(SYS_msgsnd, q, &m, 5, 0) == 0);
	/* musl's IPC_STAT carries IPC_64 (0x102): the direct call wants 2. */
	ds.msg_qnum = 0;
	printf("direct msgctl(2): %s\n",
	       syscall(SYS_msgctl, q, 2, &ds) < 0 ? strerror(errno) : "ok");
	printf("qnum %lu\n", (unsigned long)ds.msg_qnum);
	printf("direct msgctl(IPC_64 | 2): %s\n",
	       syscall(SYS_msgctl, q, 0x102, &ds) < 0 ? strerror(errno) : "ok");
	n = syscall(SYS_msgrcv, q, &m, 100, 9, 0);
	printf("direct msgrcv: %ld bytes\n", n);
	CHECK(syscall(SYS_msgctl, q, IPC_RMID, 0) == 0);
}

int main(void)
{
	types();
	errors();
	keys();
	blocking();
	permissions();
	raw_calls();
	return finish();
}
