# tests/bench/prompt.mk: bench-boot (in `make bench`), the time from QEMU's
# start to the first bash prompt on the serial line, maestro against
# Linux, the memory in use at the prompt and the ISO's size
# (tools/bench-boot.py).
#
# Linux is Debian's i386 kernel (the same fetch as bench-ata-peer); its
# initramfs holds maestro's init as /init, the same static bash and the
# same /etc files, so that it reaches the same prompt through the same
# steps.  The floor is an ISO made as maestro.iso is (same GRUB, same
# menu, no module) around tests/bench/boot_floor.S, an empty Multiboot
# kernel that prints a line and powers off.  BENCH_BOOT_RUNS rounds
# (default 5) of maestro, Linux, the ISO and the floor; the table gives
# each one's median.

BOOT_BENCH_TREE := $(B)/bench/linux-boot
BOOT_BENCH_CPIO := $(B)/bench/linux-boot.cpio
BENCH_BOOT_RUNS ?= 5
BOOT_BENCH_ETC := profile inputrc hostname rc passwd group
# (userland/*.mk, which name these, are read after this file.)
BOOT_BENCH_INIT := $(B)/userland/init/sbin/init
BOOT_BENCH_BASH := $(B)/userland/bin/bash

$(BOOT_BENCH_CPIO): $(BOOT_BENCH_INIT) $(BOOT_BENCH_BASH) $(LINUX_PEER_DIR)/.done \
		tools/linux-peer.py $(addprefix userland/rootfs/etc/,$(BOOT_BENCH_ETC))
	rm -rf $(BOOT_BENCH_TREE)
	mkdir -p $(addprefix $(BOOT_BENCH_TREE)/,bin dev etc proc root sys tmp)
	chmod 1777 $(BOOT_BENCH_TREE)/tmp
	cp $(BOOT_BENCH_INIT) $(BOOT_BENCH_TREE)/init
	cp $(BOOT_BENCH_BASH) $(BOOT_BENCH_TREE)/bin/bash
	cp $(addprefix userland/rootfs/etc/,$(BOOT_BENCH_ETC)) $(BOOT_BENCH_TREE)/etc/
	$(PYTHON) tools/linux-peer.py initramfs-tree $(BOOT_BENCH_TREE) $@

BOOT_FLOOR_DIR := $(B)/bench/floor-iso
BOOT_FLOOR_ISO := $(B)/bench/floor.iso
$(B)/bench/boot_floor.elf: tests/bench/boot_floor.S | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) -m32 -c $< -o $(B)/bench/boot_floor.o
	$(LD) -m elf_i386 -Ttext 0x100000 -e _start -o $@ $(B)/bench/boot_floor.o
$(BOOT_FLOOR_ISO): $(B)/bench/boot_floor.elf boot/grub.cfg | $(SETUP_STAMP)
	@mkdir -p $(BOOT_FLOOR_DIR)/boot/grub
	cp $< $(BOOT_FLOOR_DIR)/boot/maestro.elf
	sed '/^[[:space:]]*module /d' boot/grub.cfg > $(BOOT_FLOOR_DIR)/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(BOOT_FLOOR_DIR) 2> $(B)/bench/floor-mkrescue.log || \
		{ cat $(B)/bench/floor-mkrescue.log; exit 1; }

# maestro with -kernel loads the ISO's root module (the used start of the
# image, the whole size in the module string), as GRUB does.
bench-boot: $(ISO) $(B)/maestro.elf $(ROOTFS_TRIM) $(BOOT_BENCH_CPIO) \
		$(BOOT_FLOOR_ISO)
	QEMU="$(QEMU)" $(PYTHON) tools/bench-boot.py --runs $(BENCH_BOOT_RUNS) \
		--kernel $(B)/maestro.elf \
		--module "$(ROOTFS_TRIM) rootfs size=$$(cat $(ROOTFS_TRIM).kib)" \
		--iso $(ISO) --iso-kernel $(ISO_DIR)/boot/maestro.elf \
		--floor-iso $(BOOT_FLOOR_ISO) \
		--linux-kernel $(LINUX_PEER_DIR)/vmlinuz \
		--linux-initramfs $(BOOT_BENCH_CPIO)

bench: bench-boot
.PHONY: bench-boot
