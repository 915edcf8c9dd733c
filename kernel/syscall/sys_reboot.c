/*
 * sys_reboot.c: reboot(2), and the calls that write data back: sync,
 * fsync, fdatasync.
 *
 * reboot takes Linux's two magic numbers and a command: RESTART reboots,
 * HALT and POWER_OFF power the machine off (maestro has no halt that
 * leaves it on), CAD_ON and CAD_OFF are accepted (Ctrl-Alt-Del is not
 * wired to anything yet).  Only root may call it (-EPERM).  As on Linux
 * the caller is expected to have synced; the kernel's shutdown hooks sync
 * and unmount every filesystem anyway before the machine stops.
 * sync writes everything dirty back; fsync and fdatasync one file's data
 * (and its inode: fdatasync does what fsync does).
 */
#include "fs/vfs.h"
#include "lib/errno.h"
#include "kernel/power.h"
#include "kernel/proc/proc.h"
#include "kernel/syscall/syscall.h"
#include "mm/pagecache.h"

#define REBOOT_MAGIC1		0xfee1deadu
#define REBOOT_MAGIC2		672274793u
#define REBOOT_MAGIC2A		85072278u
#define REBOOT_MAGIC2B		369367448u
#define REBOOT_MAGIC2C		537993216u
#define REBOOT_CMD_RESTART	0x01234567u
#define REBOOT_CMD_HALT		0xcdef0123u
#define REBOOT_CMD_POWER_OFF	0x4321fedcu
#define REBOOT_CMD_CAD_ON	0x89abcdefu
#define REBOOT_CMD_CAD_OFF	0x00000000u

static long sys_reboot(uint32_t magic1, uint32_t magic2, uint32_t cmd)
{
	if (magic1 != REBOOT_MAGIC1 ||
	    (magic2 != REBOOT_MAGIC2 && magic2 != REBOOT_MAGIC2A &&
	     magic2 != REBOOT_MAGIC2B && magic2 != REBOOT_MAGIC2C))
		return -EINVAL;
	if (proc_current()->euid != 0)
		return -EPERM;
	switch (cmd) {
	case REBOOT_CMD_RESTART:
		kernel_reboot();
	case REBOOT_CMD_HALT:
	case REBOOT_CMD_POWER_OFF:
		kernel_poweroff();
	case REBOOT_CMD_CAD_ON:
	case REBOOT_CMD_CAD_OFF:
		return 0;
	default:
		return -EINVAL;
	}
}
SYSCALL(NR_reboot, sys_reboot);

static long sys_sync(void)
{
	flush_file_data();
	vfs_sync();
	pagecache_sync_all();
	return 0;
}
SYSCALL(NR_sync, sys_sync);

static long sys_fsync(int fd)
{
	struct file *f = fd_get(fd);

	return f ? vfs_fsync(f) : -EBADF;
}
SYSCALL(NR_fsync, sys_fsync);
SYSCALL(NR_fdatasync, sys_fsync);
