/*
 * random.h: the kernel's random numbers (kernel/random/), built as Linux's
 * random.c has been since 5.18: interrupts and devices feed a BLAKE2s
 * input pool; ChaCha20 with fast key erasure, keyed from the pool, makes
 * the output.  Nothing else in the kernel makes random numbers.
 *
 * Output (any context, never sleeps; unpredictable even before the pool
 * is credited, but only "ready" output is as strong as its seed):
 *   get_random_bytes(buf, len)
 *   get_random_u32(), get_random_u64()   from a batch: a few cycles
 *   crng_ready()            POOL_BITS (256) bits credited: getrandom and
 *                           /dev/random no longer block
 *   crng_generation_now()   moves on at each reseed
 *   crng_ready_wait         woken when the generator becomes ready
 * Waiting (process context):
 *   wait_for_random_bytes() 0 once ready; makes entropy from the timing of
 *                           the timer against the CPU while it waits (a
 *                           bit per tick, so at most ~2.6 s at HZ 100);
 *                           -ERESTARTSYS on a signal
 *   random_wait_ready(nonblock)   the same, or -EAGAIN at once when
 *                           nonblock (getrandom, a read of /dev/random)
 * Input (any context):
 *   add_interrupt_randomness(irq, ip)  every interrupt, from irq_dispatch:
 *                           one fast mix, no lock
 *   add_device_randomness(buf, len)    uncredited (serial numbers, times)
 *   add_input_randomness(value)        a key or a byte from a terminal:
 *                           its timing, credited by how irregular it is
 *   add_disk_randomness(state, value)  a disk's completion, likewise
 * The user's side (process context):
 *   random_read_user(ubuf, len)        len bytes to user memory: the
 *                           count given (less after a signal or up to a
 *                           fault), or -EFAULT when none could be
 *   random_write(buf, len)             written to /dev/random: mixed in,
 *                                      not credited
 *   random_add_entropy_user(ubuf, len, bits)   len user bytes mixed in and
 *                           bits credited (RNDADDENTROPY): 0 or -EFAULT
 *   random_credit_bits(bits)           credit alone (RNDADDTOENTCNT)
 *   random_reseed()                    a new key now (RNDRESEEDCRNG): 0,
 *                                      or -ENODATA before ready
 *   random_entropy_avail()             the pool's credit, 0..256
 */
#ifndef KERNEL_RANDOM_H
#define KERNEL_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wait_queue;

/* What one source of device timings remembers (Linux's timer_rand_state). */
struct random_timing {
	uint64_t last_time;
	int64_t last_delta, last_delta2;
};

void get_random_bytes(void *buf, size_t len);
uint32_t get_random_u32(void);
uint64_t get_random_u64(void);
bool crng_ready(void);
uint32_t crng_generation_now(void);
extern struct wait_queue crng_ready_wait;
int wait_for_random_bytes(void);
int random_wait_ready(bool nonblock);

void add_interrupt_randomness(unsigned int irq, uint32_t ip);
void add_device_randomness(const void *buf, size_t len);
void add_input_randomness(uint32_t value);
void add_disk_randomness(struct random_timing *state, uint32_t value);

long random_read_user(void *ubuf, size_t len);
void random_write(const void *buf, size_t len);
int random_add_entropy_user(const void *ubuf, size_t len, unsigned int bits);
void random_credit_bits(unsigned int bits);
int random_reseed(void);
unsigned int random_entropy_avail(void);

#endif
