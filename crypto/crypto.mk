# crypto/: ChaCha20 (RFC 8439), pure code built for the kernel and for the
# host tests (tests/host/test_chacha20.c); tests/kernel/test_chacha20.c.
CRYPTO_SRCS := crypto/chacha20.c
KERNEL_SRCS += $(CRYPTO_SRCS)
HOST_TEST_UNITS += $(CRYPTO_SRCS)
KTEST_SRCS += tests/kernel/test_chacha20.c
