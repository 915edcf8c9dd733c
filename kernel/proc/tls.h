/*
 * tls.h: TLS descriptors from user space (kernel/proc/tls.c).
 *
 *   tls_from_user(uaddr, tls, can_allocate, &slot, &desc)
 *       read Linux's struct user_desc at uaddr (set_thread_area's and
 *       clone(CLONE_SETTLS)'s argument): the slot of tls it goes to and
 *       the GDT descriptor; 0, -EFAULT, -EINVAL or -ESRCH
 */
#ifndef KERNEL_PROC_TLS_H
#define KERNEL_PROC_TLS_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/x86/interrupt.h"

int tls_from_user(uint32_t uaddr, const uint64_t tls[GDT_TLS_COUNT],
		  bool can_allocate, unsigned int *slot, uint64_t *desc);

#endif
