/*
 * boot.c: the pool's start, at INIT_CORE.
 *
 * Mixed in, not credited: the cycle counter, the wall-clock time from the
 * RTC, and the machine's identity (CPUID's vendor, signature and brand,
 * the boot loader's memory map and command line, the kernel's version):
 * they make two machines' outputs differ but an attacker may know them.
 * Then 32 bytes from RDSEED or RDRAND when the CPU has them, credited as
 * Linux does by default (random.trust_cpu=off on the command line mixes
 * them without credit).  The generator is keyed from the pool at once,
 * and the timer tick starts hashing the interrupts' fast pool.
 *
 * Interface: none (an initcall); random.trust_cpu=on|off.
 */
#include "kernel/random.h"
#include "kernel/random/internal.h"
#include "kernel/boot.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/uts.h"
#include "kernel/x86/archrandom.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "lib/string.h"

#define ARCH_WORDS	8		/* 256 bits */

static bool trust_cpu = true;

static int trust_cpu_param(const char *value)
{
	if (!strcmp(value, "on") || !strcmp(value, "1"))
		trust_cpu = true;
	else if (!strcmp(value, "off") || !strcmp(value, "0"))
		trust_cpu = false;
	else
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(random.trust_cpu, trust_cpu_param);

static void mix_identity(void)
{
	uint32_t id[4 * 6];
	struct utsname uts;
	uint64_t now[2] = { rdtsc(), clock_realtime_ns() };

	add_device_randomness(now, sizeof(now));
	cpuid(0, &id[0], &id[1], &id[2], &id[3]);
	cpuid(1, &id[4], &id[5], &id[6], &id[7]);
	for (uint32_t i = 0; i < 3; i++)
		cpuid(0x80000002 + i, &id[8 + 4 * i], &id[9 + 4 * i],
		      &id[10 + 4 * i], &id[11 + 4 * i]);
	cpuid(0x80000000, &id[20], &id[21], &id[22], &id[23]);
	add_device_randomness(id, sizeof(id));
	add_device_randomness(boot_info.mmap,
			      boot_info.mmap_count * sizeof(boot_info.mmap[0]));
	add_device_randomness(boot_info.cmdline, strlen(boot_info.cmdline));
	uts_get(&uts);
	add_device_randomness(&uts, sizeof(uts));
}

/* Up to 256 bits from the CPU's generators; returns how many it gave. */
static unsigned int mix_arch(void)
{
	uint32_t words[ARCH_WORDS];
	unsigned int got = 0;

	for (int i = 0; i < ARCH_WORDS; i++)
		if (arch_random_seed32(&words[got]) ||
		    arch_random32(&words[got]))
			got++;
	pool_mix(words, got * sizeof(words[0]));
	memzero_explicit(words, sizeof(words));
	return got * 32;
}

static int random_init(void)
{
	unsigned int arch_bits;

	arch_random_init();
	mix_identity();
	arch_bits = mix_arch();
	crng_reseed();
	random_tick_init();
	pr_info("random: rdrand %s, rdseed %s, %u bits from the CPU%s\n",
		arch_random_has_rdrand() ? "yes" : "no",
		arch_random_has_rdseed() ? "yes" : "no", arch_bits,
		arch_bits && !trust_cpu ? " (not credited)" : "");
	if (trust_cpu && arch_bits)
		random_credit(arch_bits);
	return 0;
}
INITCALL(INIT_CORE, random_init);
