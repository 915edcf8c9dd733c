# maestro: one non-recursive Makefile.  Folders add their sources through
# small *.mk fragments (KERNEL_SRCS, KTEST_SRCS, LIB_SRCS, ...); every object
# lands under build/.  `make help` lists the targets.

.DEFAULT_GOAL := all
SHELL := /bin/bash
TOP := $(CURDIR)
B := build

# The cross compiler: i686-elf- when such a gcc is on PATH, else Debian's
# gcc-i686-linux-gnu used freestanding.
CROSS ?= $(if $(shell command -v i686-elf-gcc 2>/dev/null),i686-elf-,i686-linux-gnu-)
CC := $(CROSS)gcc
LD := $(CROSS)ld
NM := $(CROSS)nm
OBJCOPY := $(CROSS)objcopy
NASM := nasm
HOSTCC := gcc
PYTHON := python3
QEMU := qemu-system-i386

HZ ?= 100
KVM ?= 0

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-unused-parameter -Wframe-larger-than=1024
KCFLAGS := -std=gnu11 -O2 -g -ffreestanding -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include 2>/dev/null) \
	-fno-pic -fno-pie -fno-stack-protector -fno-omit-frame-pointer \
	-fno-strict-aliasing -fno-common -fno-builtin-strlen \
	-m32 -march=i686 -mno-sse -mno-mmx -mno-80387 -mno-red-zone \
	$(WARN) -I$(TOP) -DCONFIG_HZ=$(HZ) -MD -MP
KASFLAGS := -f elf32 -g -F dwarf
KLDFLAGS := -m elf_i386 -nostdlib -z max-page-size=0x1000 --no-warn-rwx-segments

KERNEL_SRCS :=
KTEST_SRCS :=
LIB_SRCS :=
CLEAN_FILES :=

include $(sort $(wildcard */*.mk */*/*.mk))

# Setup: install missing tools from Debian's archive (idempotent).
SETUP_STAMP := $(B)/.setup-done
$(SETUP_STAMP): tools/setup.sh
	@tools/setup.sh --check >/dev/null 2>&1 || tools/setup.sh
	@mkdir -p $(B) && touch $@
setup:
	tools/setup.sh

# Kernel objects.
kobj = $(patsubst %,$(B)/k/%.o,$(basename $(1)))
KERNEL_OBJS := $(call kobj,$(KERNEL_SRCS) $(LIB_SRCS))
KTEST_OBJS := $(call kobj,$(KTEST_SRCS))

$(B)/k/%.o: %.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) -c $< -o $@
$(B)/k/%.o: %.asm | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(NASM) $(KASFLAGS) -MD $(B)/k/$*.d -MP $< -o $@

-include $(shell find $(B)/k $(B)/host -name '*.d' 2>/dev/null)

.PHONY: all setup kernel iso run debug test test-host test-kernel \
	test-system bench clean help
all: iso

help:
	@echo "make run          build everything and boot maestro.iso in QEMU"
	@echo "make test         host, in-kernel and system tests"
	@echo "make iso          build maestro.iso"
	@echo "make debug        QEMU halted with a gdb stub; gdb -x build/gdbinit"
	@echo "make test-host    host unit tests (ASan/UBSan and static i386)"
	@echo "make test-kernel  in-kernel tests under QEMU"
	@echo "make test-system  boot the ISO in QEMU and drive it"
	@echo "make bench        benchmarks"

clean:
	rm -rf $(B) maestro.iso $(CLEAN_FILES)
