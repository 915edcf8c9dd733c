/*
 * errno.c: system calls that must fail, and with which errno: bad file
 * descriptors, bad pointers, missing and wrong-kind paths, an unknown
 * system call number.  One line per call: "name: ret errno-name".
 * Exit status 0 when every call failed with the expected errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BAD_PTR	((void *)16)
static int failures;

static void expect(const char *what, long ret, int want)
{
	int err = ret < 0 ? errno : 0;

	printf("%s: %ld %s\n", what, ret, err ? strerror(err) : "-");
	if (ret != -1 || err != want) {
		printf("  expected -1 %s\n", strerror(want));
		failures++;
	}
}

static void fd_errors(void)
{
	char c;

	expect("read(-1)", read(-1, &c, 1), EBADF);
	expect("write(999)", write(999, &c, 1), EBADF);
	expect("close(-1)", close(-1), EBADF);
	expect("dup(1000)", dup(1000), EBADF);
	expect("dup2(1, -1)", dup2(1, -1), EBADF);
	expect("fcntl(-5, F_GETFL)", fcntl(-5, F_GETFL), EBADF);
	expect("lseek(-1)", lseek(-1, 0, SEEK_SET), EBADF);
}

static void pointer_errors(void)
{
	int p[2];
	struct stat st;

	if (pipe(p)) {
		perror("pipe");
		failures++;
		return;
	}
	expect("write(pipe, bad)", write(p[1], BAD_PTR, 4), EFAULT);
	expect("lseek(pipe)", lseek(p[0], 0, SEEK_SET), ESPIPE);
	write(p[1], "abcd", 4);
	expect("read(pipe, bad)", read(p[0], BAD_PTR, 4), EFAULT);
	expect("stat(bad path)", stat(BAD_PTR, &st), EFAULT);
	expect("open(bad path)", open(BAD_PTR, O_RDONLY), EFAULT);
	close(p[0]);
	close(p[1]);
}

static void path_errors(void)
{
	struct stat st;

	expect("open(missing)", open("/no/such/file", O_RDONLY), ENOENT);
	expect("open(\"\")", open("", O_RDONLY), ENOENT);
	expect("stat(missing)", stat("/no-such-file", &st), ENOENT);
	expect("mkdir(/)", mkdir("/", 0755), EEXIST);
	expect("rmdir(missing)", rmdir("/no-such-dir"), ENOENT);
	expect("open(/, O_WRONLY)", open("/", O_WRONLY), EISDIR);
	expect("chdir(missing)", chdir("/no-such-dir"), ENOENT);
}

int main(void)
{
	fd_errors();
	pointer_errors();
	path_errors();
	expect("syscall(9999)", syscall(9999), ENOSYS);
	printf("%d failures\n", failures);
	return failures != 0;
}
