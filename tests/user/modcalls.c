/*
 * modcalls.c: init_module, finit_module and delete_module as Linux
 * answers them when nothing is actually loaded: a file that is not an ELF
 * module is ENOEXEC (from memory and from a file), a bad pointer EFAULT,
 * unknown finit_module flags EINVAL, a bad descriptor EBADF, a directory
 * EINVAL, an unknown module ENOENT for delete_module; everything is EPERM
 * for a user that is not root.  /proc/modules can be read.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "check.h"

static long init_module_(const void *image, unsigned long len,
			 const char *args)
{
	return syscall(SYS_init_module, image, len, args);
}

static long finit_module_(int fd, const char *args, int flags)
{
	return syscall(SYS_finit_module, fd, args, flags);
}

static long delete_module_(const char *name, unsigned int flags)
{
	return syscall(SYS_delete_module, name, flags);
}

static void as_root(void)
{
	static const char text[] = "this is not a module\n";
	int fd, dir;

	expect_err("init_module of text", init_module_(text, sizeof(text), ""),
		   ENOEXEC);
	expect_err("init_module of 4 bytes", init_module_("\177ELF", 4, ""),
		   ENOEXEC);
	expect_err("init_module, bad pointer",
		   init_module_(bad_ptr, 4096, ""), EFAULT);
	tmp_init("modcalls");
	fd = open(tmp("x.ko"), O_RDWR | O_CREAT, 0644);
	CHECK(fd >= 0 && write(fd, text, sizeof(text)) == sizeof(text));
	close(fd);
	fd = open(tmp("x.ko"), O_RDONLY);
	expect_err("finit_module of a text file", finit_module_(fd, "", 0),
		   ENOEXEC);
	expect_err("finit_module, unknown flag",
		   finit_module_(fd, "", 0x100), EINVAL);
	close(fd);
	expect_err("finit_module, closed fd", finit_module_(fd, "", 0),
		   EBADF);
	dir = open("/", O_RDONLY | O_DIRECTORY);
	expect_err("finit_module of a directory", finit_module_(dir, "", 0),
		   EINVAL);
	close(dir);
	expect_err("delete_module of an unknown module",
		   delete_module_("no_such_module", O_NONBLOCK), ENOENT);
	expect_err("delete_module, bad pointer",
		   delete_module_(bad_ptr, O_NONBLOCK), EFAULT);
	fd = open("/proc/modules", O_RDONLY);
	yes("/proc/modules opens", fd >= 0);
	close(fd);
	remove_tree(tmp_dir);
}

static void as_user(void)
{
	CHECK(setuid(65534) == 0);
	expect_err("nobody: init_module", init_module_("x", 1, ""), EPERM);
	expect_err("nobody: finit_module", finit_module_(0, "", 0), EPERM);
	expect_err("nobody: finit_module, unknown flag",
		   finit_module_(0, "", 0x100), EPERM);
	expect_err("nobody: delete_module",
		   delete_module_("no_such_module", O_NONBLOCK), EPERM);
}

int main(void)
{
	pid_t pid;

	as_root();
	pid = fork();
	if (pid == 0) {
		as_user();
		_exit(finish());
	}
	printf("nobody's checks: %s\n", wait_str(pid));
	return finish();
}
