# crypto/: the primitives behind the entropy pool (BLAKE2s, ChaCha20).
# Pure code that includes only lib/, so it is also built for the host tests
# (tests/host/test_blake2s.c ...) and run under the sanitizers there.
CRYPTO_SRCS := crypto/blake2s.c
KERNEL_SRCS += $(CRYPTO_SRCS)
HOST_TEST_UNITS += $(CRYPTO_SRCS)
KTEST_SRCS += tests/kernel/test_crypto.c
