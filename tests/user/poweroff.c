/*
 * poweroff.c: maestro only (not in programs.txt, so the Linux oracle never
 * runs it: it powers the machine off).  Checks that reboot(2) refuses
 * wrong magic numbers, syncs, then powers off with
 * reboot(LINUX_REBOOT_CMD_POWER_OFF); the system test checks that QEMU
 * stopped by itself.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAGIC1		0xfee1deadu
#define MAGIC2		672274793u
#define CMD_POWER_OFF	0x4321fedcu

int main(void)
{
	long r;

	setvbuf(stdout, NULL, _IONBF, 0);
	r = syscall(SYS_reboot, 0x12345678u, MAGIC2, CMD_POWER_OFF);
	printf("reboot(bad magic): %ld %s\n", r, r < 0 ? strerror(errno) : "-");
	r = syscall(SYS_reboot, MAGIC1, MAGIC2, 0x55aa55aau);
	printf("reboot(bad command): %ld %s\n", r, r < 0 ? strerror(errno) : "-");
	sync();
	printf("powering off\n");
	syscall(SYS_reboot, MAGIC1, MAGIC2, CMD_POWER_OFF);
	printf("still running: %s\n", strerror(errno));
	return 1;
}
