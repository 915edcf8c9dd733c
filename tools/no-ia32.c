/*
 * no-ia32.c: run a command in which no 32-bit x86 program can run, to
 * check on a machine that runs i386 programs that the build does not need
 * to (a simulation of a kernel built without IA32_EMULATION, or booted
 * with ia32_emulation=0, where exec of an i386 ELF fails with ENOEXEC,
 * "Exec format error").
 *
 * Usage: no-ia32 COMMAND [ARG...]	(tools/no-ia32 builds and runs it)
 *
 * It sets PR_SET_NO_NEW_PRIVS, installs a seccomp filter, then execvp's
 * COMMAND.  The filter lets every system call made through the x86_64
 * entry (seccomp_data.arch == AUDIT_ARCH_X86_64) through and kills the
 * whole process (SECCOMP_RET_KILL_PROCESS, SIGSYS) at any other: an i386
 * program enters the kernel through int 0x80 or sysenter, whose calls
 * have the arch AUDIT_ARCH_I386.  The filter is inherited by every child
 * and survives exec, so it holds for the whole tree of processes, and it
 * cannot be removed.  Programs run by an emulator (qemu-i386) are x86_64
 * processes and work.
 *
 * Limits, where it differs from a kernel without IA-32:
 *   - exec of an i386 program succeeds, and the program dies of SIGSYS at
 *     its first system call (a shell reports "Bad system call", status
 *     159), where the real host fails the exec with ENOEXEC (status 126).
 *     Code that runs before that call (none in musl's static start-up
 *     that is visible from outside) does run;
 *   - a 64-bit program that uses int 0x80 dies too (a real host without
 *     IA-32 fails those calls with ENOSYS);
 *   - the x32 ABI is not covered (its calls have the x86_64 arch);
 *   - with no_new_privs, set-user-id programs (sudo) gain no privileges.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Kill the process at a system call whose arch is not x86_64. */
static struct sock_filter no_ia32_filter[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
};

/* Install the filter; returns 0 or -errno. */
static int no_ia32_install(void)
{
	struct sock_fprog prog = {
		.len = sizeof(no_ia32_filter) / sizeof(no_ia32_filter[0]),
		.filter = no_ia32_filter,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) < 0)
		return -errno;
	return 0;
}

int main(int argc, char **argv)
{
	int err;

	if (argc < 2) {
		fprintf(stderr, "usage: no-ia32 COMMAND [ARG...]\n");
		return 2;
	}
	err = no_ia32_install();
	if (err) {
		fprintf(stderr, "no-ia32: cannot install the seccomp filter: "
			"%s\n", strerror(-err));
		return 1;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "no-ia32: %s: %s\n", argv[1], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
