/*
 * crash.h: deliberate crashes for the system tests (crash= option).
 */
#ifndef KERNEL_CRASH_H
#define KERNEL_CRASH_H

void crash_if_asked(void);

#endif
