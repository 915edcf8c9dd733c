/*
 * test_decode_cli.c: build/tools/prof-decode end to end: a synthetic
 * log written to a file, decoded with a kallsyms file and the ELF
 * files under --root, in each mode; bad usage exits 2.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/host/test.h"
#include "tests/host/prof/ksyms_text.h"
#include "tests/host/prof/logbuf.h"

#define DECODE	"build/tools/prof-decode"

/* Writes text or len bytes to PROF_TEST_DIR/name.PID; the path in path. */
static void cli_write(const char *name, const void *data, size_t len,
		      char *path, size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/%s.%d", PROF_TEST_DIR, name, (int)getpid());
	f = fopen(path, "w");
	CHECK(f);
	if (f) {
		fwrite(data, 1, len, f);
		fclose(f);
	}
}

/* Runs prof-decode with args; its stdout (malloc'd), *status set. */
static char *cli_run(const char *args, int *status)
{
	char cmd[1024], out[256];
	unsigned char *text = NULL;
	size_t len;

	snprintf(out, sizeof(out), "%s/cli-out.%d", PROF_TEST_DIR,
		 (int)getpid());
	snprintf(cmd, sizeof(cmd), "%s %s > %s 2>/dev/null", DECODE, args, out);
	*status = system(cmd);
	if (pd_read_path(out, &text, &len))
		text = (unsigned char *)strdup("");
	unlink(out);
	return (char *)text;
}

TEST(prof_decode_cli)
{
	uint32_t leaf = 0;
	char logp[256], ksp[256], args[900], *out, line[128];
	struct lb l;
	int status;
	FILE *f;

	f = fopen(PROF_TEST_DIR "/prog.nm", "r");
	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, " T prof_leaf\n"))
			leaf = (uint32_t)strtoul(line, NULL, 16);
	if (f)
		fclose(f);
	CHECK(leaf);
	lb_init(&l);
	lb_info(&l, 1000, 0);
	lb_exec(&l, 1, "p", "/prog");
	lb_mmap(&l, 1, leaf & ~0xfffu, (leaf & ~0xfffu) + 0x1000,
		0x1000, "/prog");	/* text: offset 0x1000, as ld puts it */
	lb_sample(&l, 1, 1, PROF_MODE_KERNEL, 0, 1,
		  (const uint32_t[]){ 0xc0102210 }, 1,
		  (const uint32_t[]){ leaf + 1 });
	lb_alloc(&l, PROF_ALLOC_PAGES, 0x1000, 8192, 1,
		 (const uint32_t[]){ 0xc0101010 });
	lb_span(&l, 2000, 500, PROF_SPAN_STAGE, "mm");
	cli_write("cli-log", l.buf, l.len, logp, sizeof(logp));
	cli_write("cli-ksyms", TEST_KSYMS, strlen(TEST_KSYMS), ksp, sizeof(ksp));

	snprintf(args, sizeof(args), "--kallsyms %s --root %s %s", ksp,
		 PROF_TEST_DIR, logp);
	out = cli_run(args, &status);
	CHECK_EQ(status, 0);
	CHECK_MSG(!strcmp(out, "p;prof_leaf;do_read_[k] 1\n"), "got %s", out);
	free(out);
	snprintf(args, sizeof(args), "--memory --kallsyms %s %s", ksp, logp);
	out = cli_run(args, &status);
	CHECK_MSG(!strcmp(out, "pages;schedule_[k] 8192\n"), "got %s", out);
	free(out);
	snprintf(args, sizeof(args), "--timeline %s", logp);
	out = cli_run(args, &status);
	CHECK_MSG(!strcmp(out, "2000.000\t500.000\tstage\tmm\n"), "got %s", out);
	free(out);
	out = cli_run("--memory --timeline x", &status);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
	free(out);
	unlink(logp);
	unlink(ksp);
	lb_free(&l);
}
