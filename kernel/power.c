/*
 * power.c: power-off and reboot (see power.h).
 */
#include "kernel/power.h"
#include "drivers/acpi/acpi.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "lib/string.h"

#define KBC_STATUS		0x64
#define KBC_INPUT_FULL		0x02
#define KBC_PULSE_RESET		0xfe
#define QEMU_PM1A_CNT		0x604	/* QEMU's PIIX4 and ICH9 */
#define BOCHS_PM1A_CNT		0xb004	/* old QEMU and Bochs */
#define LEGACY_S5		0x2000

extern const shutdown_hook_t __shutdown_start[], __shutdown_end[];

enum shutdown_kind { SHUTDOWN_NONE, SHUTDOWN_POWEROFF, SHUTDOWN_REBOOT };
static enum shutdown_kind shutdown_asked;

static void run_shutdown_hooks(void)
{
	for (const shutdown_hook_t *h = __shutdown_start; h < __shutdown_end; h++)
		(*h)();
}

__noreturn void kernel_poweroff(void)
{
	run_shutdown_hooks();
	pr_notice("Power down.\n");
	cpu_cli();
	acpi_poweroff();
	outw(QEMU_PM1A_CNT, LEGACY_S5);
	outw(BOCHS_PM1A_CNT, LEGACY_S5);
	clock_delay_us(500 * 1000);	/* the hardware may take a moment */
	pr_emerg("power: the machine did not turn off; it is safe to do it now\n");
	for (;;)
		cpu_hlt();
}

__noreturn void kernel_reboot(void)
{
	struct { uint16_t limit; uint32_t base; } __packed no_idt = { 0, 0 };

	run_shutdown_hooks();
	pr_notice("Restarting system.\n");
	cpu_cli();
	for (int i = 0; i < 100000 && (inb(KBC_STATUS) & KBC_INPUT_FULL); i++)
		io_wait();
	outb(KBC_STATUS, KBC_PULSE_RESET);
	/* Still here: an interrupt with no IDT triple-faults the CPU. */
	__asm__ __volatile__("lidt %0; int3" : : "m"(no_idt));
	halt_forever();
}

static int shutdown_param(const char *value)
{
	if (strcmp(value, "poweroff") == 0)
		shutdown_asked = SHUTDOWN_POWEROFF;
	else if (strcmp(value, "reboot") == 0)
		shutdown_asked = SHUTDOWN_REBOOT;
	else
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(shutdown, shutdown_param);

void shutdown_if_asked(void)
{
	if (shutdown_asked == SHUTDOWN_POWEROFF)
		kernel_poweroff();
	if (shutdown_asked == SHUTDOWN_REBOOT)
		kernel_reboot();
}
