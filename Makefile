# maestro: one non-recursive Makefile.  Folders add their sources through
# small *.mk fragments (KERNEL_SRCS, KTEST_SRCS, LIB_SRCS, ...); every object
# lands under build/.  `make help` lists the targets.

.DEFAULT_GOAL := all
SHELL := /bin/bash
TOP := $(CURDIR)
B := build
# mke2fs, e2fsck and debugfs live in /usr/sbin, which is not on a user's
# PATH on Debian.
export PATH := $(PATH):/usr/sbin:/sbin

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
# Every i386 program run on the build machine goes through tools/i386-exec
# (natively, or under qemu-i386 on a host without IA-32 emulation), which
# builds its own probe.  (Not named I386_EXEC: that is the script's
# environment variable, which make would override.)
I386_RUNNER := tools/i386-exec

HZ ?= 100
comma := ,
space := $(subst ,, )
KVM ?= 0

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-unused-parameter -Wframe-larger-than=1024
KCFLAGS := -std=gnu11 -O2 -g -ffreestanding -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include 2>/dev/null) \
	-fno-pic -fno-pie -fno-stack-protector -fno-omit-frame-pointer \
	-fno-strict-aliasing -fno-common -fno-optimize-sibling-calls -fno-builtin-strlen \
	-m32 -march=i686 -mno-sse -mno-mmx -mno-80387 -mno-red-zone \
	$(WARN) -I$(TOP) -DCONFIG_HZ=$(HZ) -MD -MP
KASFLAGS := -f elf32 -g -F dwarf
KLDFLAGS := -m elf_i386 -nostdlib -z max-page-size=0x1000 --no-warn-rwx-segments -z noexecstack

KERNEL_SRCS :=
KTEST_SRCS :=
# Disk images and QEMU options the test kernel needs (fragments add to them).
KTEST_DEPS :=
KTEST_QEMU_ARGS :=
KTEST_MODULES :=
# Objects made otherwise than from a KTEST_SRCS source (embedded files).
KTEST_EXTRA_OBJS :=
LIB_SRCS :=
CLEAN_FILES :=
# Defined before the fragments, whose rules name them in targets and
# prerequisites (which make expands as it reads them): the root image and
# the ISO, built below, and the versions.
ROOTFS := $(B)/rootfs.ext2
ROOTFS_TRIM := $(B)/rootfs-trim.ext2
TESTFS := $(B)/rootfs-test.ext2
ISO := maestro.iso
MAESTRO_VERSION := 0.1.0
# The Linux ABI level maestro implements, which uname reports as the
# release (programs that check the kernel's version read it), as the
# Linux layers of FreeBSD and WSL do; the sysname stays "Maestro".  The
# modules' directory is /lib/modules/$(LINUX_ABI_RELEASE).
LINUX_ABI_RELEASE := 6.1.0-maestro

include kernel/module/kmodule.mak
include $(sort $(wildcard */*.mk */*/*.mk))

# Setup: before anything else, make sure the tools are installed.  GNU make
# first remakes the included $(SETUP_STAMP) (running tools/setup.sh, which
# installs what is missing from Debian's archive), then restarts and reads
# this Makefile again, so the compiler paths below are found.  `make clean`
# and `make help` need no tools.
SETUP_STAMP := $(B)/setup.mk
ifeq ($(filter-out clean help,$(or $(MAKECMDGOALS),all)),)
else
include $(SETUP_STAMP)
endif
$(SETUP_STAMP): tools/setup.sh
	@tools/setup.sh --check >/dev/null 2>&1 || tools/setup.sh
	@mkdir -p $(B) && echo "# tools/setup.sh found every tool" > $@
setup:
	tools/setup.sh

# Kernel objects.
kobj = $(patsubst %,$(B)/k/%.o,$(basename $(1)))
KERNEL_OBJS := $(call kobj,$(KERNEL_SRCS) $(LIB_SRCS))
KTEST_OBJS := $(call kobj,$(KTEST_SRCS)) $(KTEST_EXTRA_OBJS)

$(B)/k/%.o: %.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) -c $< -o $@
$(B)/k/%.o: %.asm | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(NASM) $(KASFLAGS) -MD $(B)/k/$*.d -MP $< -o $@

-include $(shell find $(B)/k $(B)/host -name '*.d' 2>/dev/null)

.PHONY: all setup kernel iso rootfs corpus run debug test test-host test-kernel \
	test-system bench clean help
all: iso

help:
	@echo "make run          build everything and boot maestro.iso in QEMU"
	@echo "make test         host, in-kernel and system tests"
	@echo "make iso          build maestro.iso"
	@echo "make debug        QEMU halted with a gdb stub; gdb -x build/gdbinit"
	@echo "make test-host    host unit tests (ASan/UBSan and static i386)"
	@echo "make user         static i386 test programs (tests/user/)"
	@echo "make test-oracle  run them and the shell cases on Linux i386 in QEMU"
	@echo "make test-kernel  in-kernel tests under QEMU"
	@echo "make test-system  boot the ISO in QEMU and drive it"
	@echo "make bench        benchmarks"

clean:
	rm -rf $(B) maestro.iso $(CLEAN_FILES)

# ---------------------------------------------------------------------------
# Kernel images.  Each is linked twice: pass 1 with an empty symbol table
# and an empty export table, pass 2 with the table tools/ksyms.py makes
# from pass 1's symbols and the export table tools/gnuhash.py makes from
# the names EXPORT_SYMBOL left in pass 1's .kexport_names (read back by
# tools/modpost.py exports, as a module's are; kernel/export.h; it fails,
# naming them, when one is not a defined global of pass 1).
# Both tables live in .ksyms, last in the linker script, so pass 2 moves
# no symbol; the link checks that it did not.
KLIBGCC = $(shell $(CC) -m32 -print-libgcc-file-name)
KCFLAGS += -DMAESTRO_VERSION='"$(MAESTRO_VERSION)"' \
	-DLINUX_ABI_RELEASE='"$(LINUX_ABI_RELEASE)"'
KEXPORTS_GEN = $(PYTHON) tools/gnuhash.py --name ksyms_exports --section .ksyms

$(B)/ksyms-empty.S: tools/ksyms.py | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(PYTHON) tools/ksyms.py /dev/null $@
$(B)/%.o: $(B)/%.S
	$(CC) -m32 -c $< -o $@
$(B)/kexports-empty.c: tools/gnuhash.py | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(KEXPORTS_GEN) /dev/null $@
$(B)/kexports-empty.o: $(B)/kexports-empty.c lib/gnuhash.h
	$(CC) $(KCFLAGS) -c $< -o $@
$(B)/%.kexports.o: $(B)/%.kexports.c lib/gnuhash.h
	$(CC) $(KCFLAGS) -c $< -o $@

# $(call kernel_image,NAME,OBJECTS)
define kernel_image
$(B)/$(1).pass1.elf: $(2) $(B)/ksyms-empty.o $(B)/kexports-empty.o boot/linker.ld
	$$(LD) $$(KLDFLAGS) -T boot/linker.ld -o $$@ $(2) $(B)/ksyms-empty.o \
		$(B)/kexports-empty.o $$(KLIBGCC)
$(B)/$(1).nm: $(B)/$(1).pass1.elf
	$$(NM) -n --defined-only $$< > $$@
$(B)/$(1).ksyms.S: $(B)/$(1).nm tools/ksyms.py
	$$(PYTHON) tools/ksyms.py $$< $$@
$(B)/$(1).exports: $(B)/$(1).pass1.elf tools/modpost.py
	OBJCOPY=$$(OBJCOPY) $$(PYTHON) tools/modpost.py exports $$< $$@
$(B)/$(1).kexports.c: $(B)/$(1).exports $(B)/$(1).nm tools/gnuhash.py
	$$(KEXPORTS_GEN) --defined-in $(B)/$(1).nm $$< $$@
$(B)/$(1).elf: $(B)/$(1).pass1.elf $(B)/$(1).ksyms.o $(B)/$(1).kexports.o
	$$(LD) $$(KLDFLAGS) -T boot/linker.ld -o $$@ $(2) $(B)/$(1).ksyms.o \
		$(B)/$(1).kexports.o $$(KLIBGCC)
	@$$(NM) -n --defined-only $$@ > $(B)/$(1).nm2
	@tools/check-ksyms.sh $(B)/$(1).nm $(B)/$(1).nm2
endef
$(eval $(call kernel_image,maestro,$(KERNEL_OBJS)))
$(eval $(call kernel_image,maestro-test,$(KERNEL_OBJS) $(KTEST_OBJS)))

kernel: $(B)/maestro.elf

# ---------------------------------------------------------------------------
# The root filesystem images: ext2, made with mke2fs -d from staged trees
# (tools/mkrootfs.sh), each sized to its files plus some free space.
#   ROOTFS	the user's root, the one maestro.iso carries: bash, busybox
#		(3 MiB with their symbol tables, which the profiler names
#		user frames from), init, profile, /etc, the real modules;
#		ROOTFS_FREE_MIB and ROOTFS_FREE_INODES free for a person's
#		files (/tmp included); the free blocks cost no boot time
#		(the ISO carries the used start), the inodes' table does;
#   TESTFS	the same plus what only the tests use: /test (the test and
#		benchmark programs, the shell tests) and the test modules;
#		the tests and benchmarks boot it with -kernel ... -initrd
#		(the shell tests write 1 MiB files on it, the programs
#		create hundreds of files).
# Fragments add files to ROOTFS_DEPS or TESTFS_DEPS and directories to
# stage as ROOTFS_EXTRA or TESTFS_EXTRA (SRC=DEST, see tools/mkrootfs.sh).
# (ROOTFS and TESTFS are defined above the fragments.)
ROOTFS_FREE_MIB ?= 32
ROOTFS_FREE_INODES ?= 1024
TESTFS_FREE_MIB ?= 4
TESTFS_FREE_INODES ?= 3072
ROOTFS_DEPS += Makefile tools/mkrootfs.sh $(shell find userland/rootfs 2>/dev/null)
$(ROOTFS): $(ROOTFS_DEPS) | $(SETUP_STAMP)
	tools/mkrootfs.sh $@ $(B)/rootfs $(ROOTFS_FREE_MIB) $(ROOTFS_FREE_INODES) \
		$(ROOTFS_EXTRA)
$(TESTFS): $(ROOTFS_DEPS) $(TESTFS_DEPS) | $(SETUP_STAMP)
	tools/mkrootfs.sh $@ $(B)/rootfs-test $(TESTFS_FREE_MIB) \
		$(TESTFS_FREE_INODES) $(ROOTFS_EXTRA) $(TESTFS_EXTRA)
rootfs: $(ROOTFS) $(TESTFS)
# ROOTFS's used start, what the ISO carries, and (.kib) its whole size in
# KiB, for the module string (tools/trim-image.py).
$(ROOTFS_TRIM): $(ROOTFS) tools/trim-image.py
	$(PYTHON) tools/trim-image.py $(ROOTFS) $@ > $@.kib

# ---------------------------------------------------------------------------
# The ISO: GRUB (BIOS, hybrid: boots as a CD and as a disk), the kernel and
# the user's root image, which GRUB loads as a module (/dev/ram0): its
# used start only, the module string giving the whole size in KiB
# (tools/trim-image.py, drivers/block/ramdisk.c).  The
# kernel goes without its debugging sections and symbol table (GRUB reads
# every byte of it through the BIOS; the kernel names its own frames from
# .ksyms, and gdb reads build/maestro.elf).  (ISO is defined above the
# fragments.)
ISO_DIR := $(B)/iso
$(ISO): $(B)/maestro.elf $(ROOTFS_TRIM) boot/grub.cfg | $(SETUP_STAMP)
	@mkdir -p $(ISO_DIR)/boot/grub
	$(OBJCOPY) --strip-all $(B)/maestro.elf $(ISO_DIR)/boot/maestro.elf
	cp $(ROOTFS_TRIM) $(ISO_DIR)/boot/rootfs.ext2
	sed "s/@ROOTFS_KIB@/$$(cat $(ROOTFS_TRIM).kib)/" boot/grub.cfg > \
		$(ISO_DIR)/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(ISO_DIR) 2> $(B)/grub-mkrescue.log || \
		{ cat $(B)/grub-mkrescue.log; exit 1; }
iso: $(ISO)

# ---------------------------------------------------------------------------
# Running.  TCG by default (KVM=1 to ask for KVM); a window only when a
# display exists.
QEMU_ACCEL := $(if $(filter 1,$(KVM)),-enable-kvm -cpu host,-accel tcg)
QEMU_DISPLAY := $(if $(DISPLAY)$(WAYLAND_DISPLAY),,-display none)
QEMU_MEM ?= 256
run: $(ISO)
	$(QEMU) $(QEMU_ACCEL) -m $(QEMU_MEM) -cdrom $(ISO) -serial stdio \
		$(QEMU_DISPLAY) -no-reboot

debug: $(ISO)
	@printf 'file %s\ntarget remote localhost:1234\n' $(B)/maestro.elf > $(B)/gdbinit
	@echo "QEMU is halted; in another terminal: gdb-multiarch -x $(B)/gdbinit"
	$(QEMU) $(QEMU_ACCEL) -m $(QEMU_MEM) -cdrom $(ISO) -serial stdio \
		$(QEMU_DISPLAY) -no-reboot -s -S

# ---------------------------------------------------------------------------
# Tests: three levels, each ending in "N passed, N failed"; `make test`
# runs all three and sums them.
# KTEST_MODULES: files given to the test kernel as Multiboot modules (each
# becomes a RAM disk: ram1, ram2, ... in order).
test-kernel: $(B)/maestro-test.elf $(KTEST_DEPS) $(KTEST_MODULES)
	tools/run-ktest.sh $(B)/maestro-test.elf \
		$(if $(KTEST_MODULES),-initrd "$(subst $(space),$(comma),$(strip $(KTEST_MODULES)))") \
		$(KTEST_QEMU_ARGS)

# e2fsprogs' damaged test images (from Debian's source package), packed
# into sparse archives that the test kernel mounts and walks.
CORPUS := $(B)/corpus/batches.txt
$(CORPUS): tools/fetch-e2fsprogs-corpus.sh tools/mkcorpus.py | $(SETUP_STAMP)
	tools/fetch-e2fsprogs-corpus.sh $(B)/cache/e2fsprogs-corpus
	$(PYTHON) tools/mkcorpus.py $(B)/corpus 20 $(B)/cache/e2fsprogs-corpus/*.img.gz
corpus: $(CORPUS)

test-system: $(ISO) $(B)/maestro.elf $(B)/maestro-test.elf $(CORPUS) $(ROOTFS) \
		$(TESTFS)
	$(PYTHON) tests/system/run.py --iso $(ISO) --kernel $(B)/maestro.elf \
		--test-kernel $(B)/maestro-test.elf --build $(B)

LEVELS := host oracle kernel system ext2-fsck
test: | $(SETUP_STAMP)
	@rm -f $(B)/test-*.log
	@for l in $(LEVELS); do \
		$(MAKE) --no-print-directory test-$$l 2>&1 | tee $(B)/test-$$l.log; \
	done
	@tools/test-summary.sh $(foreach l,$(LEVELS),$(B)/test-$(l).log)
