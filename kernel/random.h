/*
 * random.h: random bytes for AT_RANDOM and getrandom.
 *
 * STOP-GAP: there is no entropy pool yet.  get_random_bytes() runs a
 * xorshift64* generator reseeded from the TSC on every call; the bytes
 * differ from run to run but are NOT cryptographically secure.  The
 * entropy pool of a later issue replaces it behind the same interface.
 */
#ifndef KERNEL_RANDOM_H
#define KERNEL_RANDOM_H

#include <stddef.h>

void get_random_bytes(void *buf, size_t len);

#endif
