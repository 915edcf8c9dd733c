/*
 * coredump.c: the core file a fatal signal leaves, as Linux writes it
 * with its default core_pattern ("core" in the current directory):
 *   - with RLIMIT_CORE 0 (the default), abort() leaves no file and no
 *     core bit in the wait status;
 *   - with RLIMIT_CORE unlimited: the core bit is set, and "core" is an
 *     ELF core file for i386, mode 0600, whose PT_NOTE holds NT_PRSTATUS
 *     (the signal, the pid, the eip inside abort's raise) and
 *     NT_PRPSINFO (the command name), and whose PT_LOAD segments hold a
 *     marker the child wrote on its heap and on its stack, at the
 *     addresses they had;
 *   - a process that is not dumpable (prctl) leaves none;
 *   - SIGSEGV dumps too; SIGTERM (action: terminate) does not.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include "check.h"

#define CORE_MAX	(8 << 20)

/* The core read back: mapped by the parent only while it looks at it, so
 * that the children (whose memory the core holds) do not carry it. */
static char *core;
/* The marker, each byte one more than its own: decoded only where it is
 * meant to be (the child's heap and stack), so that the program's text
 * does not hold it. */
static const char marker_code[] = "dpsf.nbslfs.8c4g";

static void marker(char *out)
{
	size_t i;

	for (i = 0; marker_code[i]; i++)
		out[i] = (char)(marker_code[i] - 1);
	out[i] = '\0';
}

struct note_prstatus {
	int32_t si_signo, si_code, si_errno;
	int16_t cursig, pad;
	uint32_t sigpend, sighold;
	int32_t pid, ppid, pgrp, sid;
	int32_t times[8];
	uint32_t regs[17];
	int32_t fpvalid;
};

/* The child: puts the marker on its heap and stack, then dies of sig. */
static void die_of(int sig)
{
	volatile char on_stack[64];
	char *on_heap = malloc(64);

	marker((char *)on_stack);
	marker(on_heap);
	printf("heap marker at %s\n", on_heap ? "an address" : "nowhere");
	if (sig == SIGSEGV)
		*(volatile int *)0 = 1;
	raise(sig);
	_exit(on_stack[0] + on_heap[0]);	/* not reached */
}

static size_t read_core(void)
{
	int fd = open("core", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, core, CORE_MAX);
	close(fd);
	return n > 0 ? (size_t)n : 0;
}

/* Does a PT_LOAD segment hold the marker at an address it covers? */
static int marker_loads(const Elf32_Ehdr *eh)
{
	const Elf32_Phdr *ph = (const void *)(core + eh->e_phoff);
	char want[sizeof(marker_code)];
	int found = 0;

	marker(want);
	for (int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD || !ph[i].p_filesz ||
		    ph[i].p_offset + ph[i].p_filesz > CORE_MAX)
			continue;
		if (memmem(core + ph[i].p_offset, ph[i].p_filesz, want,
			   sizeof(want)))
			found++;
	}
	return found;
}

static void check_notes(const Elf32_Ehdr *eh, pid_t pid, int sig)
{
	const Elf32_Phdr *ph = (const void *)(core + eh->e_phoff);
	int prstatus = 0, prpsinfo = 0;

	for (int i = 0; i < eh->e_phnum; i++) {
		size_t off = ph[i].p_offset, end = off + ph[i].p_filesz;

		if (ph[i].p_type != PT_NOTE)
			continue;
		while (off + 12 <= end) {
			const uint32_t *n = (const void *)(core + off);
			const char *desc = core + off + 12 + ((n[0] + 3) & ~3u);

			if (n[2] == NT_PRSTATUS && !strcmp(core + off + 12, "CORE")) {
				const struct note_prstatus *s = (const void *)desc;

				prstatus = s->cursig == sig && s->pid == pid &&
					   s->si_signo == sig;
			}
			if (n[2] == NT_PRPSINFO && !strcmp(core + off + 12, "CORE"))
				prpsinfo = !strcmp(desc + 28, "coredump");
			off = desc - core + ((n[1] + 3) & ~3u);
		}
	}
	yes("NT_PRSTATUS with the signal and the pid", prstatus);
	yes("NT_PRPSINFO with the command name", prpsinfo);
}

static void check_core(pid_t pid, int sig)
{
	size_t len = read_core();
	const Elf32_Ehdr *eh = (const void *)core;
	struct stat st;

	yes("a core file", len > sizeof(*eh));
	if (len <= sizeof(*eh))
		return;
	yes("mode 0600", stat("core", &st) == 0 && (st.st_mode & 0777) == 0600);
	yes("ELF core for i386", !memcmp(eh->e_ident, ELFMAG, SELFMAG) &&
	    eh->e_ident[EI_CLASS] == ELFCLASS32 && eh->e_type == ET_CORE &&
	    eh->e_machine == EM_386);
	check_notes(eh, pid, sig);
	yes("the marker in two loaded segments (heap, stack)",
	    marker_loads(eh) >= 2);
}

/* Run the child dying of sig with the core limit lim: its status. */
static void run(const char *what, int sig, rlim_t lim, int dumpable)
{
	struct rlimit r = { lim, lim };
	int status;
	pid_t pid;

	unlink("core");
	pid = fork();
	if (pid == 0) {
		CHECK(setrlimit(RLIMIT_CORE, &r) == 0);
		if (!dumpable)
			CHECK(prctl(PR_SET_DUMPABLE, 0) == 0);
		die_of(sig);
	}
	CHECK(waitpid(pid, &status, 0) == pid);
	printf("%s: %s, core bit %s\n", what, status_str(status),
	       WCOREDUMP(status) ? "set" : "clear");
	if (WCOREDUMP(status)) {
		core = mmap(NULL, CORE_MAX, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		CHECK(core != MAP_FAILED);
		check_core(pid, sig);
		munmap(core, CORE_MAX);
	} else
		yes("no core file", access("core", F_OK) != 0);
}

int main(void)
{
	tmp_init("coredump");
	CHECK(chdir(tmp_dir) == 0);
	run("abort, RLIMIT_CORE 0", SIGABRT, 0, 1);
	run("abort, unlimited", SIGABRT, RLIM_INFINITY, 1);
	run("SIGSEGV, unlimited", SIGSEGV, RLIM_INFINITY, 1);
	run("SIGQUIT, not dumpable", SIGQUIT, RLIM_INFINITY, 0);
	run("SIGTERM, unlimited", SIGTERM, RLIM_INFINITY, 1);
	unlink("core");
	CHECK(chdir("/") == 0);
	return finish();
}
