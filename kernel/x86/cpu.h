/*
 * cpu.h: x86 instructions the kernel needs as inline functions: port I/O,
 * interrupt flag, control registers, MSRs, TLB, rdtsc, cpuid, halt.
 */
#ifndef KERNEL_X86_CPU_H
#define KERNEL_X86_CPU_H

#include <stdint.h>
#include <stdbool.h>

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}
static inline void outw(uint16_t port, uint16_t v)
{
	__asm__ __volatile__("outw %0, %1" : : "a"(v), "Nd"(port));
}
static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}
static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline uint16_t inw(uint16_t port)
{
	uint16_t v;
	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline uint32_t inl(uint16_t port)
{
	uint32_t v;
	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
/* A short delay: a write to an unused port. */
static inline void io_wait(void) { outb(0x80, 0); }

static inline void cpu_cli(void) { __asm__ __volatile__("cli" ::: "memory"); }
static inline void cpu_sti(void) { __asm__ __volatile__("sti" ::: "memory"); }
static inline void cpu_hlt(void) { __asm__ __volatile__("hlt" ::: "memory"); }
static inline void cpu_relax(void) { __asm__ __volatile__("pause"); }

static inline uint32_t cpu_save_flags(void)
{
	uint32_t f;
	__asm__ __volatile__("pushfl; popl %0" : "=r"(f) : : "memory");
	return f;
}
#define EFLAGS_IF	0x200		/* interrupts enabled */

static inline bool cpu_irqs_enabled(void) { return cpu_save_flags() & EFLAGS_IF; }

/* Disable interrupts and return the previous EFLAGS for irq_restore. */
static inline uint32_t irq_save(void)
{
	uint32_t f = cpu_save_flags();
	cpu_cli();
	return f;
}
static inline void irq_restore(uint32_t flags)
{
	if (flags & EFLAGS_IF)
		cpu_sti();
}

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

#define DEFINE_CR(n)							\
static inline uint32_t read_cr##n(void)					\
{									\
	uint32_t v;							\
	__asm__ __volatile__("mov %%cr" #n ", %0" : "=r"(v));		\
	return v;							\
}									\
static inline void write_cr##n(uint32_t v)				\
{									\
	__asm__ __volatile__("mov %0, %%cr" #n : : "r"(v) : "memory");	\
}
DEFINE_CR(0)
DEFINE_CR(2)
DEFINE_CR(3)
DEFINE_CR(4)
#undef DEFINE_CR

static inline void cpuid(uint32_t leaf, uint32_t *a, uint32_t *b, uint32_t *c,
			 uint32_t *d)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(0));
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}
static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((uint32_t)v),
			     "d"((uint32_t)(v >> 32)) : "memory");
}

static inline void tlb_flush_page(uintptr_t va)
{
	__asm__ __volatile__("invlpg (%0)" : : "r"(va) : "memory");
}
static inline void tlb_flush_all(void) { write_cr3(read_cr3()); }

#endif
