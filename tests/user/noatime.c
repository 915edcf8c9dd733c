/*
 * noatime.c: open with O_NOATIME as Linux allows it: for the file's
 * owner and for root, refused with EPERM for anyone else who may read
 * the file.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include "check.h"

int main(void)
{
	pid_t pid;
	int fd;

	tmp_init("noatime");
	CHECK(chmod(tmp_dir, 0755) == 0);
	fd = open(tmp("root"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	fd = open(tmp("user"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	CHECK(chown(tmp("user"), 1000, 1000) == 0);
	fd = open(tmp("root"), O_RDONLY | O_NOATIME);
	printf("root opens its file with O_NOATIME: %s\n", fd >= 0 ? "ok" : "no");
	close(fd);
	fd = open(tmp("user"), O_RDONLY | O_NOATIME);
	printf("root opens another's file with O_NOATIME: %s\n",
	       fd >= 0 ? "ok" : "no");
	close(fd);
	pid = fork();
	if (pid == 0) {
		CHECK(setgid(1000) == 0 && setuid(1000) == 0);
		fd = open(tmp("user"), O_RDONLY | O_NOATIME);
		printf("the owner: %s\n", fd >= 0 ? "ok" : strerror(errno));
		close(fd);
		expect_err("someone else", open(tmp("root"), O_RDONLY | O_NOATIME),
			   EPERM);
		fd = open(tmp("root"), O_RDONLY);
		printf("someone else without O_NOATIME: %s\n",
		       fd >= 0 ? "ok" : strerror(errno));
		_exit(finish());
	}
	printf("child: %s\n", wait_str(pid));
	return finish();
}
