/*
 * main.c: kmain, the first C function, called by boot/entry.asm on the
 * boot stack with the Multiboot magic and information block.
 *
 * Brings the kernel up stage by stage (consoles, boot information and
 * command line, CPU tables, memory, clocks), starts the scheduler and
 * becomes the idle task.  The first kernel thread runs the initcalls,
 * prints the boot timeline and then either runs the in-kernel tests (the
 * "ktest" switch) or starts user space (kernel/proc/utest.c) and ends.
 */
#include "drivers/tty/serial.h"
#include "drivers/tty/vt.h"
#include "kernel/boot.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "kernel/crash.h"
#include "lib/errno.h"
#include "kernel/x86/fpu.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/x86/lapic.h"
#include "kernel/prof/prof.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "kernel/panic.h"
#include "kernel/power.h"
#include "kernel/printk.h"
#include "kernel/proc/utest.h"
#include "kernel/timeline.h"
#include "lib/string.h"
#include "mm/mm.h"

void kmain(uint32_t magic, uint32_t info_phys);
static int kmain_thread(void *arg);

/* root= and init= are kept for the storage and process stages. */
char kernel_root_dev[64] = "/dev/ram0";
char kernel_init_path[128] = "/sbin/init";

static int root_param(const char *value)
{
	strlcpy(kernel_root_dev, value, sizeof(kernel_root_dev));
	return value[0] ? 0 : -EINVAL;
}
KERNEL_PARAM(root, root_param);

static int init_param(const char *value)
{
	strlcpy(kernel_init_path, value, sizeof(kernel_init_path));
	return value[0] == '/' ? 0 : -EINVAL;
}
KERNEL_PARAM(init, init_param);

static void banner(void)
{
	vt_console_sgr("1;37;44");
	printk("maestro " MAESTRO_VERSION " (i686) booting\n");
	vt_console_sgr("0");
}

static void early_init(uint32_t magic, uint32_t info_phys)
{
	vt_init();
	serial_init();
	banner();
	if (multiboot_parse(magic, info_phys) < 0)
		panic("not started by a Multiboot loader; cannot find memory");
	pr_info("boot loader: %s\n", boot_info.loader[0] ? boot_info.loader : "?");
	pr_info("command line: %s\n", boot_info.cmdline);
	for (unsigned int i = 0; i < boot_info.module_count; i++)
		pr_info("module %u: '%s', %u KiB\n", i, boot_info.modules[i].cmdline,
			(boot_info.modules[i].end - boot_info.modules[i].start) >> 10);
	cmdline_parse(boot_info.cmdline);
}

static void kernel_ready(void)
{
	uint64_t ns = timeline_total_ns();

	timeline_print();
	pr_info("maestro: kernel ready in %u.%03u ms\n",
		(uint32_t)(ns / 1000000), (uint32_t)(ns / 1000 % 1000));
}

void kmain(uint32_t magic, uint32_t info_phys)
{
	struct task *first;

	tsc_mark_boot();
	fpu_init();		/* first: see fpu.h */
	timeline_mark("entry");
	early_init(magic, info_phys);
	timeline_mark("console");
	gdt_init();
	idt_init();
	pic_init();
	timeline_mark("cpu");
	mm_init();
	timeline_mark("memory");
	tsc_calibrate();
	pit_init();
	clock_init_realtime();
	cpu_sti();
	timeline_mark("clocks");
	fpu_report();
	sched_init();
	lapic_init();
	prof_boot_start();
	timeline_mark("sched");
	first = kthread_create(kmain_thread, NULL, "kmain");
	if (!first)
		panic("cannot create the first kernel thread");
	kthread_detach(first);
	cpu_idle();
}

/*
 * The rest of the boot runs in the first kernel thread (pid 1), so it can
 * sleep; the boot thread has become the idle task.
 */
static int kmain_thread(void *arg)
{
	initcalls_run();
	timeline_mark("subsystems");
	kernel_ready();
	if (ktest_mode)
		qemu_debug_exit(ktest_run_all() ? KTEST_EXIT_FAIL : KTEST_EXIT_PASS);
	crash_if_asked();
	proc_start_init();
	shutdown_if_asked();
	pr_info("maestro: idle\n");
	return 0;
}
