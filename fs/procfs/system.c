/*
 * system.c: the /proc files about the machine and the kernel, in Linux's
 * formats: version, cpuinfo (from CPUID and the calibrated TSC), loadavg
 * (kernel/sched/loadavg.c), filesystems (the registered types, "nodev"
 * for those that need no device), stat (CPU time by kind from the tick
 * sampling of kernel/sched/acct.c, interrupts, context switches, boot
 * time, forks).
 *
 * Interface: none; the files are registered with procfs at INIT_FS.
 */
#include "fs/internal.h"
#include "fs/procfs/procfs.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/proc/proc.h"
#include "lib/div64.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

static void version_show(struct procfs_buf *b)
{
	procfs_printf(b, "Maestro version " LINUX_ABI_RELEASE " (gcc version "
		      __VERSION__ ") #1 maestro " MAESTRO_VERSION " i686\n");
}

/* Linux's names for the CPUID leaf 1 EDX bits, in bit order. */
static const char *const edx_flags[32] = {
	"fpu", "vme", "de", "pse", "tsc", "msr", "pae", "mce", "cx8", "apic",
	NULL, "sep", "mtrr", "pge", "mca", "cmov", "pat", "pse36", "pn",
	"clflush", NULL, "dts", "acpi", "mmx", "fxsr", "sse", "sse2", "ss",
	"ht", "tm", "ia64", "pbe",
};

static void cpuinfo_ids(struct procfs_buf *b, uint32_t eax)
{
	uint32_t family = (eax >> 8) & 0xf, model = (eax >> 4) & 0xf;

	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((eax >> 16) & 0xf) << 4;
	procfs_printf(b, "cpu family\t: %u\nmodel\t\t: %u\n", family, model);
}

static void cpuinfo_show(struct procfs_buf *b)
{
	uint32_t a, b_, c, d, max, v[3], brand[13] = { 0 };

	cpuid(0, &max, &v[0], &v[2], &v[1]);
	procfs_printf(b, "processor\t: 0\nvendor_id\t: %.12s\n", (char *)v);
	cpuid(1, &a, &b_, &c, &d);
	cpuinfo_ids(b, a);
	cpuid(0x80000000, &max, &b_, &c, &c);
	for (uint32_t i = 0; max >= 0x80000004 && i < 3; i++)
		cpuid(0x80000002 + i, &brand[4 * i], &brand[4 * i + 1],
		      &brand[4 * i + 2], &brand[4 * i + 3]);
	procfs_printf(b, "model name\t: %s\nstepping\t: %u\n",
		      brand[0] ? (char *)brand : "unknown", a & 0xf);
	procfs_printf(b, "cpu MHz\t\t: %u.%03u\nflags\t\t:", tsc_khz() / 1000,
		      tsc_khz() % 1000);
	for (int i = 0; i < 32; i++)
		if ((d & (1u << i)) && edx_flags[i])
			procfs_printf(b, " %s", edx_flags[i]);
	procfs_printf(b, "\nbogomips\t: %u.%02u\n\n", tsc_khz() / 500,
		      (tsc_khz() / 5) % 100);
}

static void loadavg_show(struct procfs_buf *b)
{
	unsigned long avg[3];

	sched_loadavg(avg);
	procfs_printf(b, "%lu.%02lu %lu.%02lu %lu.%02lu %u/%u %d\n",
		      avg[0] / 100, avg[0] % 100, avg[1] / 100, avg[1] % 100,
		      avg[2] / 100, avg[2] % 100, sched_nr_running(),
		      task_count(), task_last_pid());
}

/* Nanoseconds as USER_HZ clock ticks. */
static unsigned long long ticks(uint64_t ns)
{
	uint32_t rem;

	return div_u64_rem(ns, 10000000u, &rem);
}

static void stat_cpu(struct procfs_buf *b, const char *name,
		     const struct cpu_stat *c)
{
	procfs_printf(b, "%s %llu %llu %llu %llu 0 0 0 0 0 0\n", name,
		      ticks(c->user_ns), ticks(c->nice_ns),
		      ticks(c->system_ns), ticks(c->idle_ns));
}

/* The CPU's times (one CPU: cpu and cpu0 agree), interrupts per line,
 * context switches, boot time, forks, runnable tasks. */
static void stat_show(struct procfs_buf *b)
{
	struct cpu_stat c = cpu_stat;
	uint64_t total = 0;
	uint32_t rem;

	stat_cpu(b, "cpu ", &c);
	stat_cpu(b, "cpu0", &c);
	for (int i = 0; i < IRQ_COUNT; i++)
		total += irq_counts[i];
	procfs_printf(b, "intr %llu", (unsigned long long)total);
	for (int i = 0; i < IRQ_COUNT; i++)
		procfs_printf(b, " %llu", (unsigned long long)irq_counts[i]);
	procfs_printf(b, "\nctxt %llu\nbtime %llu\nprocesses %llu\n",
		      (unsigned long long)c.ctxt,
		      div_u64_rem(clock_realtime_ns() - clock_ns(),
				  1000000000u, &rem),
		      (unsigned long long)proc_forks);
	procfs_printf(b, "procs_running %u\nprocs_blocked 0\n",
		      sched_nr_running());
	procfs_printf(b, "softirq 0 0 0 0 0 0 0 0 0 0 0\n");
}

static void filesystems_show(struct procfs_buf *b)
{
	for (const struct fs_type *t = fs_type_next(NULL); t; t = fs_type_next(t))
		procfs_printf(b, "%s\t%s\n", t->needs_dev ? "" : "nodev", t->name);
}

static int proc_system_init(void)
{
	static const struct {
		const char *name;
		procfs_show_t show;
	} files[] = {
		{ "version", version_show },
		{ "cpuinfo", cpuinfo_show },
		{ "loadavg", loadavg_show },
		{ "filesystems", filesystems_show },
		{ "stat", stat_show },
	};
	int err = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(files) && !err; i++)
		err = procfs_register(files[i].name, files[i].show);
	return err;
}
INITCALL(INIT_FS, proc_system_init);
