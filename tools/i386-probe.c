/*
 * i386-probe.c: the program by which tools/i386-exec learns whether this
 * host runs i386 programs.  A static i386 musl program (build/tools/
 * i386-probe) that prints "i386-probe: ok" and exits 0: on a host without
 * IA-32 emulation its exec fails (ENOEXEC), under tools/no-ia32 it dies of
 * SIGSYS at its first system call, and either way it prints nothing.
 */
#include <unistd.h>

int main(void)
{
	static const char msg[] = "i386-probe: ok\n";

	return write(1, msg, sizeof(msg) - 1) == sizeof(msg) - 1 ? 0 : 1;
}
