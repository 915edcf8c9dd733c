/*
 * posixsem.c: POSIX shared memory and named semaphores as musl builds
 * them on /dev/shm: the tmpfs there (mode 1777), shm_open with O_EXCL,
 * ftruncate and a MAP_SHARED mapping shared with a child, shm_unlink;
 * sem_open (the file /dev/shm/NAME, as musl names it; the same semaphore for a second open,
 * O_EXCL), sem_wait woken by a child's sem_post, sem_trywait, sem_close
 * unmapping the semaphore, sem_unlink; mount(2) of tmpfs and ramfs with
 * their options (tmpfs refuses unknown ones, ramfs ignores them).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <semaphore.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include "check.h"

static void dev_shm(void)
{
	struct statfs sfs;
	struct stat st;

	CHECK(stat("/dev/shm", &st) == 0);
	printf("/dev/shm: mode %o uid %d\n", st.st_mode, st.st_uid);
	CHECK(statfs("/dev/shm", &sfs) == 0);
	printf("/dev/shm is a tmpfs: %s\n",
	       sfs.f_type == 0x01021994 ? "yes" : "no");
}

/* Mount fstype with options on dir and show its root. */
static void mount_show(const char *fstype, const char *options)
{
	struct statfs sfs;
	struct stat st;

	if (mount(fstype, tmp_dir, fstype, 0, options)) {
		printf("%s %s: %s\n", fstype, options, strerror(errno));
		return;
	}
	CHECK(stat(tmp_dir, &st) == 0 && statfs(tmp_dir, &sfs) == 0);
	printf("%s %s: mode %o uid %d gid %d tmpfs %s\n", fstype, options,
	       st.st_mode, st.st_uid, st.st_gid,
	       sfs.f_type == 0x01021994 ? "yes" : "no");
	CHECK(umount(tmp_dir) == 0);
}

static void mounts(void)
{
	tmp_init("posixsem");
	mount_show("tmpfs", "size=1m,mode=700,uid=1000,gid=100,nr_inodes=64");
	mount_show("tmpfs", "size=50%");
	mount_show("tmpfs", "");
	expect_err("tmpfs, an unknown option",
		   mount("tmpfs", tmp_dir, "tmpfs", 0, "nosuch=1"), EINVAL);
	expect_err("tmpfs, size=bogus",
		   mount("tmpfs", tmp_dir, "tmpfs", 0, "size=bogus"), EINVAL);
	expect_err("tmpfs, mode=9", mount("tmpfs", tmp_dir, "tmpfs", 0, "mode=9"),
		   EINVAL);
	mount_show("ramfs", "mode=711,nosuch=1");
	CHECK(rmdir(tmp_dir) == 0);
}

static void shared_memory(void)
{
	int fd = shm_open("/posixsem-shm", O_CREAT | O_EXCL | O_RDWR, 0640);
	struct stat st;
	char path[32], link[64], *p;
	ssize_t n;
	pid_t pid;

	CHECK(fd >= 0);
	expect_err("O_EXCL again",
		   shm_open("/posixsem-shm", O_CREAT | O_EXCL | O_RDWR, 0600),
		   EEXIST);
	CHECK(ftruncate(fd, 8192) == 0);
	CHECK(stat("/dev/shm/posixsem-shm", &st) == 0);
	printf("/dev/shm/posixsem-shm: mode %o size %lld\n", st.st_mode,
	       (long long)st.st_size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	printf("its descriptor: %s\n", link);
	printf("FD_CLOEXEC: %d\n", fcntl(fd, F_GETFD) & FD_CLOEXEC);
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	CHECK(p != MAP_FAILED);
	pid = fork();
	if (pid == 0) {
		int fd2 = shm_open("/posixsem-shm", O_RDWR, 0);
		char *q = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED,
			       fd2, 0);

		strcpy(q + 4096, "written by the child");
		_exit(0);
	}
	printf("child: %s\n", wait_str(pid));
	printf("the parent reads: %s\n", p + 4096);
	CHECK(munmap(p, 8192) == 0);
	close(fd);
	CHECK(shm_unlink("/posixsem-shm") == 0);
	expect_err("open after shm_unlink", shm_open("/posixsem-shm", O_RDWR, 0),
		   ENOENT);
	expect_err("shm_unlink again", shm_unlink("/posixsem-shm"), ENOENT);
}

static void semaphores(void)
{
	sem_t *s = sem_open("/posixsem-sem", O_CREAT, 0600, 1), *s2;
	struct stat st;
	int v = -1;
	pid_t pid;

	CHECK(s != SEM_FAILED);
	CHECK(stat("/dev/shm/posixsem-sem", &st) == 0);
	printf("/dev/shm/posixsem-sem: mode %o\n", st.st_mode);
	CHECK(sem_getvalue(s, &v) == 0);
	printf("value %d\n", v);
	s2 = sem_open("/posixsem-sem", 0);
	yes("a second sem_open gives the same semaphore", s2 == s);
	expect_err("O_CREAT|O_EXCL",
		   sem_open("/posixsem-sem", O_CREAT | O_EXCL, 0600, 0) ==
		   SEM_FAILED ? -1 : 0, EEXIST);
	CHECK(sem_wait(s) == 0);
	expect_err("sem_trywait at 0", sem_trywait(s), EAGAIN);
	pid = fork();
	if (pid == 0) {
		sem_t *c = sem_open("/posixsem-sem", 0);

		usleep(100000);
		CHECK(sem_post(c) == 0);
		_exit(0);
	}
	printf("sem_wait woken by the child's post: %d\n", sem_wait(s));
	printf("child: %s\n", wait_str(pid));
	CHECK(sem_post(s) == 0);
	CHECK(sem_getvalue(s, &v) == 0);
	printf("value %d\n", v);
	CHECK(sem_close(s2) == 0);
	printf("still usable after one of two sem_close: %d\n", sem_trywait(s));
	CHECK(sem_close(s) == 0);
	pid = fork();
	if (pid == 0) {
		printf("%d\n", *(volatile int *)s);
		_exit(0);
	}
	printf("touching it after the last sem_close: %s\n", wait_str(pid));
	CHECK(sem_unlink("/posixsem-sem") == 0);
	expect_err("stat after sem_unlink",
		   stat("/dev/shm/posixsem-sem", &st), ENOENT);
	expect_err("sem_open after sem_unlink",
		   sem_open("/posixsem-sem", 0) == SEM_FAILED ? -1 : 0, ENOENT);
}

int main(void)
{
	dev_shm();
	mounts();
	shared_memory();
	semaphores();
	return finish();
}
