# The embedded symbol table (tools/ksyms.py builds the table itself).
KERNEL_SRCS += kernel/ksyms.c
KTEST_SRCS += tests/kernel/test_ksyms.c
