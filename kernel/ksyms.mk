# The embedded symbol table (tools/ksyms.py builds the table itself) and
# the export table (kernel/export.h; tools/gnuhash.py builds it, see the
# Makefile's kernel_image).
KERNEL_SRCS += kernel/ksyms.c kernel/exports.c
KTEST_SRCS += tests/kernel/test_ksyms.c tests/kernel/test_exports.c
