/*
 * sigfpu.c: the x87/SSE state and signal handlers.
 *
 * The x87 registers, control word, MXCSR and XMM registers of the
 * interrupted code survive a handler that changes them all; the handler
 * starts with a clean state (FNINIT's, MXCSR 0x1f80, XMM zero); the
 * ucontext's fpstate shows what Linux's struct _fpstate_32 holds (the
 * FSAVE view with full tag word, magic 0, then the FXSAVE image with
 * FP_XSTATE_MAGIC1 in its software bytes, aligned as Linux aligns it);
 * a handler's edits of the fpstate take effect on return as Linux's do
 * (x87 from the FSAVE part, SSE from the image); a NULL fpstate gives a
 * clean FPU, an unreadable one SIGSEGV, and a bad MXCSR has the bits the
 * CPU rejects cleared, as Linux i386 does; the tag word tells
 * zeros, special values and empty registers apart; handlers that
 * interrupt floating-point loops at random (a 1 ms itimer) and compute in
 * another rounding mode change no result; an unmasked x87 exception
 * gives SIGFPE with FPE_FLTDIV at the next x87 instruction.  (SSE
 * exceptions are decoded the same way by the kernel, but QEMU 7.2's TCG
 * raises none, so they are not tested here.)
 */
#define _GNU_SOURCE
#include <fenv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/time.h>
#include <ucontext.h>
#include <stddef.h>
#include "check.h"

#define SSE __attribute__((target("sse2")))

struct fpreg80 {
	uint16_t significand[4], exponent;
} __attribute__((packed));

/* Linux's struct _fpstate_32 (arch/x86/include/uapi/asm/sigcontext.h). */
struct fpstate32 {
	uint32_t cw, sw, tag, ipoff, cssel, dataoff, datasel;
	struct fpreg80 st[8];
	uint16_t status, magic;
	uint16_t fcw, fsw;
	uint8_t ftw, reserved;
	uint16_t fop;
	uint32_t fip, fcs, foo, fos, mxcsr, mxcsr_mask;
	struct { struct fpreg80 r; uint16_t pad[3]; } fst[8];
	float xmm[8][4];
	uint32_t padding[44];
	uint32_t magic1, extended_size;
	uint64_t xfeatures;
	uint32_t xstate_size, sw_pad[7];
} __attribute__((packed));

_Static_assert(sizeof(struct fpstate32) == 624, "struct _fpstate_32");

static const float xmm_in[8][4] = {
	{ 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 }, { 13, 14, 15, 16 },
	{ -1, -2, -3, -4 }, { 0.5f, 0.25f, 0.125f, 2 }, { 100, 200, 300, 400 },
	{ 1e10f, 1e-10f, 3.5f, -7.25f },
};

/* What a handler saw on entry. */
static volatile uint16_t seen_cw, seen_tag;
static volatile uint32_t seen_mxcsr, seen_xmm_nonzero;
static volatile int handler_runs;

/* Record the handler's starting state, then change every register. */
static SSE void on_usr1_dirty(int sig)
{
	uint16_t env[14];
	uint32_t mx, nonzero = 0;
	float x[8][4];
	static const uint16_t cw = 0x0c7f;
	static const uint32_t mxcsr = 0x7f80;

	(void)sig;
	__asm__ __volatile__("fnstenv %0\n\tfldenv %0" : "=m"(env));
	__asm__ __volatile__("stmxcsr %0" : "=m"(mx));
	__asm__ __volatile__(
		"movups %%xmm0, 0(%0)\n\tmovups %%xmm1, 16(%0)\n\t"
		"movups %%xmm2, 32(%0)\n\tmovups %%xmm3, 48(%0)\n\t"
		"movups %%xmm4, 64(%0)\n\tmovups %%xmm5, 80(%0)\n\t"
		"movups %%xmm6, 96(%0)\n\tmovups %%xmm7, 112(%0)"
		: : "r"(x) : "memory");
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 4; j++)
			nonzero |= x[i][j] != 0;
	seen_cw = env[0];
	seen_tag = env[4];
	seen_mxcsr = mx;
	seen_xmm_nonzero = nonzero;
	handler_runs++;
	/* Now clobber everything (the frame must bring it all back). */
	__asm__ __volatile__(
		"fldcw %0\n\tldmxcsr %1\n\t"
		"fld1\n\tfldpi\n\tfld1\n\tfstp %%st(0)\n\tfstp %%st(0)\n\t"
		"fstp %%st(0)\n\tfldl2t\n\tfldl2e\n\tfldlg2\n\t"
		"pcmpeqd %%xmm0, %%xmm0\n\tpcmpeqd %%xmm1, %%xmm1\n\t"
		"pcmpeqd %%xmm2, %%xmm2\n\tpcmpeqd %%xmm3, %%xmm3\n\t"
		"pcmpeqd %%xmm4, %%xmm4\n\tpcmpeqd %%xmm5, %%xmm5\n\t"
		"pcmpeqd %%xmm6, %%xmm6\n\tpcmpeqd %%xmm7, %%xmm7\n\t"
		"fstp %%st(0)\n\tfstp %%st(0)\n\tfstp %%st(0)"
		: : "m"(cw), "m"(mxcsr)
		: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
		  "xmm7");
}

/* The registers around_signal loads and reads back (offsets fixed). */
struct fpu_io {
	float xmm[8][4];	/* 0: read back */
	double x87[2];		/* 128: st(1), st(0) read back */
	uint32_t mxcsr_in;	/* 144 */
	uint32_t mxcsr_out;	/* 148 */
	uint16_t cw_in;		/* 152 */
	uint16_t cw_out;	/* 154 */
};

_Static_assert(offsetof(struct fpu_io, x87) == 128 &&
	       offsetof(struct fpu_io, mxcsr_in) == 144 &&
	       offsetof(struct fpu_io, cw_in) == 152 &&
	       offsetof(struct fpu_io, cw_out) == 154, "around_signal's offsets");

/* Load known registers, send sig to ourselves with int 0x80 (the handler
 * runs on the way back from it), then read the registers back. */
static SSE void around_signal(int sig, uint16_t cw, uint32_t mxcsr,
			      struct fpu_io *io)
{
	static const double a = 1.5, b = -2.25;
	long ret = 37;		/* kill */

	io->cw_in = cw;
	io->mxcsr_in = mxcsr;
	__asm__ __volatile__(
		"fninit\n\tfldcw 152(%%esi)\n\tldmxcsr 144(%%esi)\n\t"
		"movups 0(%%edx), %%xmm0\n\tmovups 16(%%edx), %%xmm1\n\t"
		"movups 32(%%edx), %%xmm2\n\tmovups 48(%%edx), %%xmm3\n\t"
		"movups 64(%%edx), %%xmm4\n\tmovups 80(%%edx), %%xmm5\n\t"
		"movups 96(%%edx), %%xmm6\n\tmovups 112(%%edx), %%xmm7\n\t"
		"fldl %[a]\n\tfldl %[b]\n\t"
		"int $0x80\n\t"
		"fstpl 136(%%esi)\n\tfstpl 128(%%esi)\n\t"
		"movups %%xmm0, 0(%%esi)\n\tmovups %%xmm1, 16(%%esi)\n\t"
		"movups %%xmm2, 32(%%esi)\n\tmovups %%xmm3, 48(%%esi)\n\t"
		"movups %%xmm4, 64(%%esi)\n\tmovups %%xmm5, 80(%%esi)\n\t"
		"movups %%xmm6, 96(%%esi)\n\tmovups %%xmm7, 112(%%esi)\n\t"
		"fnstcw 154(%%esi)\n\tstmxcsr 148(%%esi)"
		: "+a"(ret)
		: "b"(getpid()), "c"(sig), "d"(xmm_in), "S"(io),
		  [a] "m"(a), [b] "m"(b)
		: "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
		  "xmm6", "xmm7");
}

static SSE void reset_fpu(void)
{
	static const uint32_t mx = 0x1f80;

	__asm__ __volatile__("fninit\n\tldmxcsr %0" : : "m"(mx));
}

static void survive(void)
{
	struct sigaction sa = { .sa_handler = on_usr1_dirty };
	struct fpu_io io;

	CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
	around_signal(SIGUSR1, 0x0a7f, 0x3f80, &io);
	reset_fpu();
	printf("handler ran: %d\n", handler_runs);
	printf("handler starts clean: cw %#x, tag %#x, mxcsr %#x, xmm zero %s\n",
	       seen_cw, seen_tag, seen_mxcsr, seen_xmm_nonzero ? "no" : "yes");
	yes("x87 registers survive", io.x87[0] == 1.5 && io.x87[1] == -2.25);
	printf("x87 control word after: %#x\n", io.cw_out);
	printf("MXCSR after: %#x\n", io.mxcsr_out);
	yes("XMM0-7 survive", memcmp(io.xmm, xmm_in, sizeof(io.xmm)) == 0);
}

/* What an SA_SIGINFO handler sees in the ucontext's fpstate, and its
 * edits; mode selects the edit (0: values, 1: NULL, 2: bad pointer,
 * 3: bad MXCSR). */
static volatile int edit_mode;
static struct fpstate32 seen_fp;
static volatile uintptr_t seen_fp_addr, seen_uc_addr;

static void on_usr2_info(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	struct fpstate32 *fp = (struct fpstate32 *)uc->uc_mcontext.fpregs;
	static const long double four = 4.0L;
	static const float x0[4] = { 42, 43, 44, 45 };

	(void)sig;
	(void)si;
	seen_fp = *fp;
	seen_fp_addr = (uintptr_t)fp;
	seen_uc_addr = (uintptr_t)uc;
	switch (edit_mode) {
	case 0:
		memcpy(&fp->st[0], &four, 10);		/* taken back */
		memset(&fp->fst[1].r, 0, 10);		/* ignored */
		fp->cw = 0xffff0e7f;
		memcpy(fp->xmm[0], x0, sizeof(x0));
		fp->mxcsr = 0x7f80;
		break;
	case 1:
		uc->uc_mcontext.fpregs = NULL;
		break;
	case 2:
		uc->uc_mcontext.fpregs = (void *)16;
		break;
	case 3:
		fp->mxcsr = 0xffff1f80;
		break;
	}
}

static void print_reg(const char *what, const struct fpreg80 *r)
{
	long double v = 0;

	memcpy(&v, r, 10);
	printf("%s: %Lg\n", what, v);
}

static void fpstate_view(void)
{
	struct sigaction sa = { .sa_sigaction = on_usr2_info,
				.sa_flags = SA_SIGINFO };
	struct fpu_io io;
	const struct fpstate32 *fp = &seen_fp;

	CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
	edit_mode = 0;
	around_signal(SIGUSR2, 0x067f, 0x5f80, &io);
	reset_fpu();
	printf("fpstate: cw %#x sw %#x tag %#x status %#x magic %#x\n",
	       fp->cw, fp->sw, fp->tag, fp->status, fp->magic);
	print_reg("fpstate st(0)", &fp->st[0]);
	print_reg("fpstate st(1)", &fp->st[1]);
	printf("fxsave image: fcw %#x fsw %#x ftw %#x mxcsr %#x\n",
	       fp->fcw, fp->fsw, fp->ftw, fp->mxcsr);
	print_reg("fxsave st(0)", &fp->fst[0].r);
	printf("fxsave xmm0: %g %g %g %g, xmm7: %g %g %g %g\n",
	       fp->xmm[0][0], fp->xmm[0][1], fp->xmm[0][2], fp->xmm[0][3],
	       fp->xmm[7][0], fp->xmm[7][1], fp->xmm[7][2], fp->xmm[7][3]);
	printf("software bytes: magic1 %#x\n", fp->magic1);
	yes("xstate_size covers the FXSAVE image", fp->xstate_size >= 512);
	/* x87 and SSE (3) where the CPU has XSAVE; without it (QEMU's
	 * qemu32), what Linux writes then. */
	printf("xfeatures: %#llx\n", (unsigned long long)fp->xfeatures);
	yes("extended_size covers the FSAVE part and the image",
	    fp->extended_size >= 112 + 512 + 4);
	yes("fpstate 16-byte aligned, image 64-byte aligned",
	    seen_fp_addr % 16 == 0 && (seen_fp_addr + 112) % 64 == 0);
	yes("fpstate above the frame", seen_fp_addr > seen_uc_addr);
	printf("after edits: st(0) %g, st(1) %g, cw %#x, mxcsr %#x\n",
	       io.x87[1], io.x87[0], io.cw_out, io.mxcsr_out);
	printf("after edits: xmm0 %g %g %g %g\n", io.xmm[0][0], io.xmm[0][1],
	       io.xmm[0][2], io.xmm[0][3]);
	yes("after edits: xmm1-7 unchanged",
	    memcmp(io.xmm[1], xmm_in[1], sizeof(float) * 4 * 7) == 0);
}

/* The full tag word of special values: zero, infinity, a denormal and
 * an unnormal (integer bit clear), as the fpstate shows it. */
static void tag_kinds(void)
{
	static const uint16_t denormal[5] = { 1, 0, 0, 0, 0 };
	static const uint16_t unnormal[5] = { 0, 0, 0, 0x4000, 0x3fff };
	long ret = 37;

	edit_mode = 4;
	__asm__ __volatile__(
		"fninit\n\tfldt %[den]\n\tfldt %[unn]\n\tfldz\n\t"
		"fld1\n\tfldz\n\tfdivrp\n\t"	/* 1/0: infinity */
		"int $0x80\n\tfninit"
		: "+a"(ret)
		: "b"(getpid()), "c"(SIGUSR2), [den] "m"(denormal),
		  [unn] "m"(unnormal)
		: "memory");
	printf("tags (infinity, zero, unnormal, denormal, 4 empty): %#x\n",
	       seen_fp.tag);
}

static void fpstate_null(void)
{
	struct fpu_io io;
	int zero = 1;

	edit_mode = 1;
	around_signal(SIGUSR2, 0x067f, 0x5f80, &io);
	reset_fpu();
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 4; j++)
			zero &= io.xmm[i][j] == 0;
	printf("NULL fpstate: cw %#x, mxcsr %#x, xmm zero %s\n", io.cw_out,
	       io.mxcsr_out, zero ? "yes" : "no");
}

/* In a child: a sigreturn with a corrupt fpstate (mode). */
static void fpstate_bad(const char *what, int mode)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct fpu_io io;

		edit_mode = mode;
		around_signal(SIGUSR2, 0x037f, 0x1f80, &io);
		/* Only when the sigreturn let it go on. */
		printf("%s: MXCSR after the handler %#x\n", what, io.mxcsr_out);
		fflush(stdout);
		_exit(0);
	}
	printf("%s: %s\n", what, wait_str(pid));
}

/* Asynchronous handlers while floating point loops run. */
static volatile int alarms;
static volatile double alarm_sink;

static SSE void on_alarm(int sig)
{
	volatile float f = 1;
	volatile double d = 3;

	(void)sig;
	fesetround(FE_UPWARD);
	for (int i = 0; i < 50; i++) {
		f = f * 1.1f + 0.3f;
		d = d / 7 + 1;
	}
	alarm_sink = f + d;
	alarms++;
}

static SSE double sums(int n)
{
	volatile double sum = 0;
	volatile float fsum = 0;

	for (int k = 1; k <= n; k++) {
		sum += 1.0 / k;
		fsum += 1.0f / (float)k;
	}
	return sum + fsum;
}

static void async_handlers(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } }, off = { 0 };
	volatile double want, got;	/* stored: no excess precision */
	int same = 1, rounds = 0;

	fesetround(FE_DOWNWARD);
	want = sums(20000);
	CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
	CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
	while (alarms < 20 || rounds < 5) {
		got = sums(20000);
		same &= got == want;
		rounds++;
	}
	CHECK(setitimer(ITIMER_REAL, &off, NULL) == 0);
	yes("sums unchanged while handlers interrupt them", same);
	printf("rounding still: %s\n",
	       fegetround() == FE_DOWNWARD ? "downward" : "changed");
	fesetround(FE_TONEAREST);
}

/* Unmasked floating-point exceptions. */
static sigjmp_buf fpe_jmp;
static volatile int fpe_code;
static volatile uintptr_t fpe_addr;

static void on_fpe(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fpe_code = si->si_code;
	fpe_addr = (uintptr_t)si->si_addr;
	siglongjmp(fpe_jmp, 1);
}

extern const char x87_div_insn[];

static void fp_exceptions(void)
{
	struct sigaction sa = { .sa_sigaction = on_fpe,
				.sa_flags = SA_SIGINFO | SA_NODEFER };
	static const uint16_t cw = 0x037b;	/* divide by zero unmasked */
	static const double one = 1, zero = 0;

	CHECK(sigaction(SIGFPE, &sa, NULL) == 0);
	if (!sigsetjmp(fpe_jmp, 1))
		__asm__ __volatile__(
			"fninit\n\tfldcw %0\n\tfldl %1\n\tfdivl %2\n\t"
			"x87_div_insn: fwait"
			: : "m"(cw), "m"(one), "m"(zero) : "memory");
	printf("x87 divide by zero: si_code %d, si_addr at the next FPU "
	       "instruction: %s\n", fpe_code,
	       fpe_addr == (uintptr_t)x87_div_insn ? "yes" : "no");
	reset_fpu();
}

int main(void)
{
	survive();
	fpstate_view();
	tag_kinds();
	fpstate_null();
	fpstate_bad("fpstate pointer unmapped", 2);
	fpstate_bad("fpstate MXCSR with reserved bits", 3);
	async_handlers();
	fp_exceptions();
	return finish();
}
