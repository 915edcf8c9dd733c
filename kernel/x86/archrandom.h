/*
 * archrandom.h: the CPU's own random number generators, RDRAND (a
 * DRBG reseeded by the on-chip noise source) and RDSEED (the conditioned
 * noise source itself), when CPUID says the CPU has them.
 *
 * Interface (archrandom.c):
 *   arch_random_init()        look at CPUID once, early
 *   arch_random32(&v)         RDRAND: true with v set, false when the CPU
 *                             has none or it failed ten times in a row
 *   arch_random_seed32(&v)    RDSEED, likewise (tried once: it may run dry)
 *   arch_random_has_rdrand(), arch_random_has_rdseed()
 */
#ifndef KERNEL_X86_ARCHRANDOM_H
#define KERNEL_X86_ARCHRANDOM_H

#include <stdbool.h>
#include <stdint.h>

void arch_random_init(void);
bool arch_random32(uint32_t *v);
bool arch_random_seed32(uint32_t *v);
bool arch_random_has_rdrand(void);
bool arch_random_has_rdseed(void);

#endif
