/*
 * execmap.c: how exec lays a static program out, which maestro now maps
 * from the file as Linux does (kernel/proc/exec.c):
 *   - the bss reads as zeros, its first bytes included, which share a
 *     page with the end of .data (the file has other bytes there: the
 *     symbol table and the section names follow);
 *   - a store to initialized data, and a store to read-only data made
 *     writable with mprotect, stay in this process: the same program
 *     executed again sees the file's values (private mappings are copied,
 *     never written back);
 *   - a store to the text faults (SIGSEGV);
 *   - /proc/self/maps shows each PT_LOAD as a mapping of the program's
 *     file: range, rights and file offset (static, not PIE: the addresses
 *     are the link's).
 * Run as /test/execmap; it executes itself again with "show".
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "check.h"

int data_word = 0x1234;
static const char rodata_text[] = "rodata as linked";
char bss_area[3 * 4096];	/* global: the compiler cannot assume zeros */

static int bss_all_zero(void)
{
	for (size_t i = 0; i < sizeof(bss_area); i++)
		if (bss_area[i])
			return 0;
	return 1;
}

/* What a fresh run of this file sees. */
static int show(void)
{
	printf("data_word 0x%x\n", data_word);
	printf("rodata \"%s\"\n", rodata_text);
	yes("bss all zero", bss_all_zero());
	return 0;
}

static void run_self(const char *what)
{
	pid_t pid = fork();

	if (pid == 0) {
		execl("/proc/self/exe", "execmap", "show", (char *)NULL);
		_exit(127);
	}
	printf("-- %s: %s\n", what, wait_str(pid));
}

/* Change data and read-only data here, then look from a fresh run. */
static void private_stores(void)
{
	uintptr_t page = (uintptr_t)rodata_text & ~(uintptr_t)4095;

	data_word = 0x5678;
	CHECK(mprotect((void *)page, 8192, PROT_READ | PROT_WRITE) == 0);
	((char *)rodata_text)[0] = 'R';
	printf("here: data_word 0x%x, rodata \"%s\"\n", data_word, rodata_text);
	run_self("a fresh run after the stores");
}

int main(int argc, char **argv);

static void text_store(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		*(volatile char *)(uintptr_t)main = 0;
		_exit(0);
	}
	printf("store to the text: %s\n", wait_str(pid));
}

/* The mappings of this program's file: "start-end perms offset". */
static void show_maps(void)
{
	char line[512], exe[256];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	FILE *f = fopen("/proc/self/maps", "r");

	CHECK(n > 0 && f);
	if (n <= 0 || !f)
		return;
	exe[n] = '\0';
	while (fgets(line, sizeof(line), f)) {
		char range[64], perms[8], offset[16], dev[16], path[256] = "";
		unsigned long inode;

		if (sscanf(line, "%63s %7s %15s %15s %lu %255s", range, perms,
			   offset, dev, &inode, path) >= 5 &&
		    strcmp(path, exe) == 0)
			printf("maps: %s %s %s\n", range, perms, offset);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "show") == 0)
		return show();
	yes("bss all zero", bss_all_zero());
	show_maps();
	text_store();
	private_stores();
	return finish();
}
