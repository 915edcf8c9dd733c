/*
 * lapic.h: the local APIC and its timer, the profiler's sampling clock.
 *
 * maestro takes its device interrupts from the 8259 PICs; the local APIC
 * is switched on only for its timer, which interrupts independently of
 * the PIT's scheduler tick.  lapic_init() enables the APIC (LINT0 stays
 * the PICs' virtual wire, LINT1 the NMI line), installs the timer and
 * spurious vectors; it returns -ENODEV on a CPU without an APIC.  The
 * timer's rate is measured against the TSC when it is first started.
 *
 * lapic_timer_start(hz, handler) makes the timer interrupt hz times a
 * second and call handler(frame) with interrupts off, the end of
 * interrupt already sent; lapic_timer_stop() masks it.  Nothing runs
 * while it is stopped.
 *
 * Interface: lapic_init, lapic_present, lapic_timer_start,
 * lapic_timer_stop, lapic_timer_hz.
 */
#ifndef KERNEL_X86_LAPIC_H
#define KERNEL_X86_LAPIC_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/x86/interrupt.h"

#define LAPIC_TIMER_VECTOR	0xef
#define LAPIC_SPURIOUS_VECTOR	0xff

typedef void (*lapic_timer_fn)(struct trap_frame *f);

int lapic_init(void);
bool lapic_present(void);
/* 0, -ENODEV (no APIC), -EINVAL (hz 0 or above what the timer gives). */
int lapic_timer_start(uint32_t hz, lapic_timer_fn handler);
void lapic_timer_stop(void);
/* The rate the timer really runs at (its period is a whole number of
 * its ticks), 0 when stopped. */
uint32_t lapic_timer_hz(void);
/* kernel/x86/idt.c: the timer and spurious vectors. */
void lapic_dispatch(struct trap_frame *f);

#endif
