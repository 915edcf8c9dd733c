KERNEL_SRCS += fs/buffer.c
KTEST_SRCS += tests/kernel/test_pagecache.c
