/*
 * boot.c: profiling the boot, and the dump at shutdown (see prof.h).
 *
 * Command line:
 *	profile=boot		sample everything (PROF_F_ALL) from the moment
 *				the sampling timer can run (kmain, right after
 *				the scheduler and the local APIC) to the first read from a
 *				terminal (the first prompt), or the time limit
 *	hz=N			the boot recording's rate (default 1000)
 *	profile_limit=S		stop the boot recording after S seconds
 *				(default 120) if no prompt came
 *	profile_dump=com2	at shutdown, send the log of the last
 *				recording, raw, to the second serial port
 * While the boot is recorded, each early process's first exec and first
 * system call are spans of the boot timeline; the first prompt is one
 * always.  When the recording ends, the timeline's spans are appended to
 * the log, which stays readable (`profile --boot`) until another
 * recording starts.
 *
 * The recording may end in the sampling interrupt (the time limit): the
 * timeline's spans, at most TIMELINE_MAX small records, are then written
 * with interrupts off.  The dump sends the log's bytes as they are, at
 * 115200 baud: about 9 s per 100 KiB on a real serial line (a boot
 * recording is a few hundred KiB).
 *
 * Interface (prof.h): prof_boot_start, prof_boot_tick,
 * prof_boot_first_exec, prof_boot_first_syscall, prof_first_prompt,
 * prof_dump_at_shutdown.
 */
#include "kernel/prof/prof.h"
#include "drivers/tty/serial.h"
#include "drivers/tty/serialreg.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/x86/lapic.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"
#include "kernel/syscall/syscall.h"
#include "kernel/timeline.h"
#include "lib/printf.h"
#include "lib/string.h"

#define EARLY_PIDS	64	/* processes whose firsts are noted */

static bool boot_wanted, dump_wanted;
static unsigned long boot_hz = PROF_HZ_DEFAULT, boot_limit_s = 120;
static uint64_t boot_deadline;		/* TSC */
static uint64_t exec_seen, syscall_seen;	/* bit per early pid */

static int profile_param(const char *value)
{
	boot_wanted = !strcmp(value, "boot");
	return boot_wanted ? 0 : -EINVAL;
}
KERNEL_PARAM(profile, profile_param);

static int hz_param(const char *value)
{
	return cmdline_parse_uint(value, &boot_hz);
}
KERNEL_PARAM(hz, hz_param);

static int limit_param(const char *value)
{
	return cmdline_parse_uint(value, &boot_limit_s);
}
KERNEL_PARAM(profile_limit, limit_param);

static int dump_param(const char *value)
{
	dump_wanted = !strcmp(value, "com2");
	return dump_wanted ? 0 : -EINVAL;
}
KERNEL_PARAM(profile_dump, dump_param);

/* End the boot recording, from any context: timer off, flags cleared,
 * the timeline appended, the log closed. */
static void boot_finish(void)
{
	uint32_t flags;

	flags = irq_save();
	if (prof_flags & PROF_F_BOOT) {
		lapic_timer_stop();
		prof_flags = 0;
		timeline_emit();
		prof_log_close();
	}
	irq_restore(flags);
}

void prof_boot_start(void)
{
	struct prof_config cfg = {
		.flags = PROF_F_SAMPLES | PROF_F_ALL,
		.hz = (uint32_t)boot_hz,
	};
	int err;

	if (!boot_wanted)
		return;
	err = prof_start(&cfg);
	if (err) {
		pr_err("profile: cannot profile the boot (error %d)\n", err);
		return;
	}
	boot_deadline = rdtsc() + (uint64_t)boot_limit_s * tsc_khz() * 1000;
	barrier();		/* the deadline, then the flag the handler reads */
	prof_flags |= PROF_F_BOOT;
	pr_info("profile: recording the boot at %u Hz\n", lapic_timer_hz());
}

/* From the sample handler: the time limit. */
void prof_boot_tick(uint64_t now)
{
	if (now > boot_deadline)
		boot_finish();
}

static bool first_time(uint64_t *seen, int pid)
{
	if (pid <= 0 || pid >= EARLY_PIDS || (*seen & (1ull << pid)))
		return false;
	*seen |= 1ull << pid;
	return true;
}

void prof_boot_first_exec(struct proc *p)
{
	uint64_t now = rdtsc();
	char name[40];

	if (!first_time(&exec_seen, p->pid))
		return;
	snprintf(name, sizeof(name), "%d exec %s", p->pid, p->name);
	timeline_span(PROF_SPAN_EXEC, name, now, now);
}

void prof_boot_first_syscall(uint32_t nr)
{
	uint64_t now = rdtsc();
	const char *call;
	char name[40];

	if (!current->proc || !first_time(&syscall_seen, current->proc->pid))
		return;
	call = syscall_name(nr);
	snprintf(name, sizeof(name), "%d %s: %s", current->proc->pid,
		 current->proc->name, call ? call : "?");
	timeline_span(PROF_SPAN_SYSCALL, name, now, now);
}

void prof_first_prompt(void)
{
	static bool seen;
	char name[40];
	uint64_t now;

	if (likely(seen))
		return;
	seen = true;
	now = rdtsc();
	snprintf(name, sizeof(name), "first prompt (%s)",
		 current->proc ? current->proc->name : current->name);
	timeline_span(PROF_SPAN_PROMPT, name, now, now);
	boot_finish();
}

void prof_dump_at_shutdown(void)
{
	int err;

	if (!dump_wanted)
		return;
	boot_finish();
	prof_stop();
	err = serial_raw_write(COM2_BASE, prof_log_data(), prof_log_used());
	if (err)
		pr_err("profile: no second serial port for the dump\n");
	else
		pr_info("profile: %u bytes of log sent to COM2\n",
			prof_log_used());
}
SHUTDOWN_HOOK(SHUTDOWN_BLOCK, prof_dump_at_shutdown);
