/*
 * fpu_sigframe.c: a task's x87/SSE state as the Linux i386 signal frames
 * carry it, struct _fpstate_32 (layout and interface in fpu.h).
 *
 * With FXSR the task's area is an FXSAVE image.  The frame gets the FSAVE
 * view of its x87 part first (control, status and full tag words, the
 * last instruction and operand pointers, the eight registers in 10 bytes
 * each), then the status word again and the magic 0, then the FXSAVE
 * image itself with the software bytes Linux writes there: magic1, the
 * extended size (image + 4 + the FSAVE part: 628), the features and the
 * image size (512).  The features are 0, as Linux i386 writes them when
 * it does not use XSAVE (maestro never does; Linux on a CPU with XSAVE
 * writes an XSAVE image and its features instead).  Restoring does as
 * Linux: the x87 state comes from the FSAVE part (edits there take
 * effect, the x87 fields of the image are ignored), the SSE state (MXCSR,
 * XMM) from the image; the MXCSR bits the CPU does not accept are
 * cleared, as Linux i386 does (a 64-bit Linux refuses such a frame
 * instead, and the sigreturn raises SIGSEGV), so FXRSTOR can never fault
 * in the kernel.  Without FXSR the area is FSAVE's 108 bytes and the
 * frame is those, the status word and the magic 0xffff.
 *
 * The FSAVE pointers are filled as a 32-bit Linux does (cssel: the code
 * selector and the opcode in the high half); a 64-bit Linux running i386
 * programs puts its user cs and ds there instead.
 */
#include "kernel/x86/fpu.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

#define FP_XSTATE_MAGIC2_SIZE	4
#define FSAVE_SIZE		108
#define TAG_VALID		0
#define TAG_ZERO		1
#define TAG_SPECIAL		2
#define TAG_EMPTY		3

/* The FXSAVE image in 32-bit mode. */
struct fxregs32 {
	uint16_t cwd, swd;
	uint8_t twd, reserved;		/* abridged tags: bit i, register i */
	uint16_t fop;
	uint32_t fip, fcs, foo, fos;
	uint32_t mxcsr, mxcsr_mask;
	uint8_t st[8][16];		/* st(0)..st(7), 10 bytes used */
	uint8_t xmm[8][16];
	uint8_t unused[FXSAVE_SW_OFFSET - 288];
	struct fpx_sw_bytes sw;
} __attribute__((packed));
_Static_assert(sizeof(struct fxregs32) == FPU_STATE_SIZE, "FXSAVE image");

uint32_t fpu_frame_size(void)
{
	return fpu_has_fxsr() ? sizeof(struct fpstate32) : FPSTATE_FSAVE_SIZE;
}

/* The full tag of one register from its 10 bytes (FSAVE's encoding). */
static uint32_t reg_tag(const uint8_t *reg)
{
	uint16_t exp = (uint16_t)(reg[8] | reg[9] << 8) & 0x7fff;
	uint64_t mant;

	memcpy(&mant, reg, sizeof(mant));
	if (exp == 0x7fff)
		return TAG_SPECIAL;
	if (exp == 0)
		return mant ? TAG_SPECIAL : TAG_ZERO;
	return mant >> 63 ? TAG_VALID : TAG_SPECIAL;
}

/* FSAVE's tag word from FXSAVE's abridged one: physical register i is
 * st((i - top) mod 8). */
static uint32_t tag_from_fxsr(const struct fxregs32 *fx)
{
	uint32_t top = (fx->swd >> 11) & 7, tag = 0xffff0000u;

	for (uint32_t i = 0; i < 8; i++) {
		uint32_t t = TAG_EMPTY;

		if (fx->twd & (1u << i))
			t = reg_tag(fx->st[(i - top) & 7]);
		tag |= t << (2 * i);
	}
	return tag;
}

/* FXSAVE's abridged tags from FSAVE's: a register is in use unless its
 * tag says empty. */
static uint8_t tag_to_fxsr(uint32_t tag)
{
	uint8_t abridged = 0;

	for (int i = 0; i < 8; i++)
		if (((tag >> (2 * i)) & 3) != TAG_EMPTY)
			abridged |= (uint8_t)(1u << i);
	return abridged;
}

static void frame_from_fxsr(struct fpstate32 *fs, const struct fxregs32 *fx)
{
	struct fxregs32 *img = (struct fxregs32 *)fs->fxsave;

	fs->cw = fx->cwd | 0xffff0000u;
	fs->sw = fx->swd | 0xffff0000u;
	fs->tag = tag_from_fxsr(fx);
	fs->ipoff = fx->fip;
	fs->cssel = (fx->fcs & 0xffff) | (uint32_t)fx->fop << 16;
	fs->dataoff = fx->foo;
	fs->datasel = fx->fos;
	for (int i = 0; i < 8; i++)
		memcpy(fs->st[i], fx->st[i], 10);
	fs->status = fx->swd;
	fs->magic = FPSTATE_MAGIC_FXSR;
	memcpy(img, fx, sizeof(*img));
	img->sw = (struct fpx_sw_bytes){
		.magic1 = FP_XSTATE_MAGIC1,
		.extended_size = FPU_STATE_SIZE + FP_XSTATE_MAGIC2_SIZE +
				 FPSTATE_FSAVE_SIZE,
		.xfeatures = 0,
		.xstate_size = FPU_STATE_SIZE,
	};
}

/* fs (fpu_frame_size() bytes) = the current task t's registers. */
void fpu_frame_save(struct task *t, struct fpstate32 *fs)
{
	uint32_t flags = irq_save();

	fpu_sync(t);
	if (fpu_has_fxsr()) {
		frame_from_fxsr(fs, t->fpu);
	} else {
		memcpy(fs, t->fpu, FSAVE_SIZE);
		fs->status = (uint16_t)fs->sw;
		fs->magic = FPSTATE_MAGIC_FSAVE;
	}
	irq_restore(flags);
}

/* The x87 part of FSAVE view fs folded into FXSAVE image fx. */
static void fold_fsave(struct fxregs32 *fx, const struct fpstate32 *fs)
{
	fx->cwd = (uint16_t)fs->cw;
	fx->swd = (uint16_t)fs->sw;
	fx->twd = tag_to_fxsr(fs->tag);
	fx->fop = (uint16_t)(fs->cssel >> 16);
	fx->fip = fs->ipoff;
	fx->fcs = fs->cssel & 0xffff;
	fx->foo = fs->dataoff;
	fx->fos = fs->datasel;
	for (int i = 0; i < 8; i++)
		memcpy(fx->st[i], fs->st[i], 10);
}

/* The current task t's registers = fs, a frame's image (in kernel
 * memory), with the MXCSR bits the CPU does not accept cleared. */
void fpu_frame_restore(struct task *t, const struct fpstate32 *fs)
{
	const struct fxregs32 *img = (const struct fxregs32 *)fs->fxsave;
	uint32_t flags;

	flags = irq_save();
	if (fpu_has_fxsr()) {
		memcpy(t->fpu, img, FPU_STATE_SIZE);
		((struct fxregs32 *)t->fpu)->mxcsr &= fpu_mxcsr_mask();
		fold_fsave(t->fpu, fs);
	} else {
		memcpy(t->fpu, fs, FSAVE_SIZE);
	}
	fpu_load(t);
	irq_restore(flags);
}
