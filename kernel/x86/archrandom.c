/*
 * archrandom.c: RDRAND and RDSEED (see archrandom.h).  Intel's guidance
 * is that RDRAND fails only when the hardware is broken or under heavy
 * contention, and that ten retries are enough; RDSEED may legitimately
 * run dry, so a failure there falls back to the caller's next source.
 */
#include "kernel/x86/archrandom.h"
#include "kernel/x86/cpu.h"

#define CPUID1_ECX_RDRAND	(1u << 30)
#define CPUID7_EBX_RDSEED	(1u << 18)
#define RDRAND_RETRIES		10

static bool has_rdrand, has_rdseed;

void arch_random_init(void)
{
	uint32_t a, b, c, d, max;

	cpuid(0, &max, &b, &c, &d);
	if (max >= 1) {
		cpuid(1, &a, &b, &c, &d);
		has_rdrand = c & CPUID1_ECX_RDRAND;
	}
	if (max >= 7) {
		cpuid(7, &a, &b, &c, &d);
		has_rdseed = b & CPUID7_EBX_RDSEED;
	}
}

bool arch_random_has_rdrand(void) { return has_rdrand; }
bool arch_random_has_rdseed(void) { return has_rdseed; }

bool arch_random32(uint32_t *v)
{
	if (!has_rdrand)
		return false;
	for (int i = 0; i < RDRAND_RETRIES; i++) {
		bool ok;

		__asm__ __volatile__("rdrand %0" : "=r"(*v), "=@ccc"(ok));
		if (ok)
			return true;
	}
	return false;
}

bool arch_random_seed32(uint32_t *v)
{
	bool ok;

	if (!has_rdseed)
		return false;
	__asm__ __volatile__("rdseed %0" : "=r"(*v), "=@ccc"(ok));
	return ok;
}
