# kernel/random/: the entropy pool and generator of issue 12 (random.h):
# BLAKE2s input pool, ChaCha20 output with fast key erasure, per-interrupt
# fast mix, batched integers, jitter entropy while waiting, the user side.
# fastmix.h and batch.h are pure inline code, also built by the host tests
# (tests/host/test_random.c) and benchmark (tests/bench/random_bench.c).
KERNEL_SRCS += kernel/random/pool.c kernel/random/crng.c \
	kernel/random/interrupt.c kernel/random/boot.c \
	kernel/random/jitter.c kernel/random/user.c kernel/x86/archrandom.c \
	kernel/syscall/sys_random.c
KTEST_SRCS += tests/kernel/test_random.c
