# elf/: ELF32 parsing, "#!" lines and the initial user stack for exec.
# Pure code, also built for the host tests (tests/host/test_elf*.c).
ELF_SRCS := elf/elf.c elf/script.c elf/stack.c
KERNEL_SRCS += $(ELF_SRCS)
HOST_TEST_UNITS += $(ELF_SRCS)
