# crypto/: ChaCha20 (RFC 8439), its fast-key-erasure generator (crng.c)
# and BLAKE2s (RFC 7693), pure code built for the kernel and for the host
# tests (tests/host/test_chacha20.c, test_crng.c, test_blake2s.c); the
# in-kernel tests tests/kernel/test_chacha20.c and test_crypto.c.
# crypto/ includes lib/ only.
CRYPTO_SRCS := crypto/chacha20.c crypto/crng.c crypto/blake2s.c
KERNEL_SRCS += $(CRYPTO_SRCS)
HOST_TEST_UNITS += $(CRYPTO_SRCS)
KTEST_SRCS += tests/kernel/test_chacha20.c tests/kernel/test_crypto.c
