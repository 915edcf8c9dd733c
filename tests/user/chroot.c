/*
 * chroot.c: chroot as Linux: root only (EPERM otherwise), the directory
 * must exist (ENOENT) and be one (ENOTDIR); afterwards absolute paths
 * start there and ".." at the new root stays at it, while the current
 * directory is left where it was until the process moves.
 */
#include <fcntl.h>
#include "check.h"

int main(void)
{
	char cwd[256];
	pid_t pid;
	int fd;

	tmp_init("chroot");
	CHECK(mkdir(tmp("jail"), 0755) == 0 && mkdir(tmp("jail/sub"), 0755) == 0);
	fd = open(tmp("jail/marker"), O_CREAT | O_WRONLY, 0644);
	CHECK(fd >= 0);
	close(fd);
	fd = open(tmp("file"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	expect_err("chroot to a file", chroot(tmp("file")), ENOTDIR);
	expect_err("chroot to nothing", chroot(tmp("none")), ENOENT);
	pid = fork();
	if (pid == 0) {
		CHECK(setuid(1000) == 0);
		expect_err("chroot as uid 1000", chroot(tmp("jail")), EPERM);
		_exit(finish());
	}
	printf("uid 1000 child: %s\n", wait_str(pid));
	pid = fork();
	if (pid == 0) {
		yes("chroot as root", chroot(tmp("jail")) == 0);
		yes("/marker is the jail's", access("/marker", F_OK) == 0);
		yes("chdir /", chdir("/") == 0);
		yes("/.. stays in the jail", access("../marker", F_OK) == 0 &&
		    access("/../../marker", F_OK) == 0);
		yes("getcwd says /", getcwd(cwd, sizeof(cwd)) &&
		    !strcmp(cwd, "/"));
		yes("/sub is there", access("/sub", F_OK) == 0);
		_exit(finish());
	}
	printf("root child: %s\n", wait_str(pid));
	yes("the parent's / is unchanged", access(tmp("jail/marker"), F_OK) == 0);
	remove_tree(tmp_dir);
	return finish();
}
