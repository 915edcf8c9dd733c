/*
 * sysvipc.c: /proc/sysvipc/msg, sem and shm as Linux writes them: the
 * header line, then one line per object with its key, permissions,
 * sizes, counts and owners (ids, pids and times vary: only checked).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "check.h"

#define KEY	0x50524f43

/* The header of /proc/sysvipc/NAME and the fields of key's line (at most
 * max), as numbers; their count. */
static int proc_line(const char *name, long long *f, int max)
{
	char path[64], line[512];
	FILE *fp;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/sysvipc/%s", name);
	fp = fopen(path, "r");
	if (!fp) {
		printf("%s: %s\n", path, strerror(errno));
		return 0;
	}
	if (fgets(line, sizeof(line), fp))
		printf("%s header: %s", name, line);
	while (fgets(line, sizeof(line), fp)) {
		char *p = line, *end;

		if (atoi(line) != KEY)
			continue;
		for (n = 0; n < max; n++, p = end) {
			f[n] = strtoll(p, &end, n == 2 ? 8 : 10);
			if (end == p)
				break;
		}
	}
	fclose(fp);
	return n;
}

int main(void)
{
	struct { long type; char text[8]; } m = { 1, "hello" };
	int q = msgget(KEY, IPC_CREAT | 0640);
	int s = semget(KEY, 3, IPC_CREAT | 0604);
	int id = shmget(KEY, 10000, IPC_CREAT | 0600);
	char *p = shmat(id, NULL, 0);
	long long f[20];
	int n;

	CHECK(q >= 0 && s >= 0 && id >= 0 && p != (void *)-1);
	CHECK(msgsnd(q, &m, 5, 0) == 0);
	p[0] = 1;
	p[8192] = 1;
	n = proc_line("msg", f, 14);
	printf("msg: %d fields: key %llx perms %llo cbytes %lld qnum %lld "
	       "uid %lld gid %lld cuid %lld cgid %lld\n", n, f[0], f[2], f[3],
	       f[4], f[7], f[8], f[9], f[10]);
	yes("msqid, lspid, stime", f[1] == q && f[5] == getpid() && f[11] > 0);
	n = proc_line("sem", f, 10);
	printf("sem: %d fields: key %llx perms %llo nsems %lld uid %lld "
	       "otime %lld\n", n, f[0], f[2], f[3], f[4], f[8]);
	yes("semid, ctime", f[1] == s && f[9] > 0);
	n = proc_line("shm", f, 16);
	printf("shm: %d fields: key %llx perms %llo size %lld nattch %lld "
	       "uid %lld dtime %lld rss %lld swap %lld\n", n, f[0], f[2], f[3],
	       f[6], f[7], f[12], f[14], f[15]);
	yes("shmid, cpid, atime", f[1] == id && f[4] == getpid() && f[11] > 0);
	CHECK(shmdt(p) == 0);
	CHECK(shmctl(id, IPC_RMID, NULL) == 0);
	CHECK(semctl(s, 0, IPC_RMID) == 0);
	CHECK(msgctl(q, IPC_RMID, NULL) == 0);
	return finish();
}
