# tests/bench/vfslock.mk: bench-vfslock (in `make bench`, issue 14 section
# 2, "the global VFS lock"): the latency of a cached stat(2) and of a
# cached 4 KiB pread(2) on one file (median and 99th percentile of 2,000
# rounds each, 200 us apart), idle, while another process streams an
# uncached file from the disk, and while it writes a 16 MiB file over and
# over with fsync, and while it walks a tree of 160,800 names never read
# before, until the walk ends (tests/bench/vfslock_bench.c; no busy or
# write round starts after 120 s); the issue's goal is busy within 2x of
# idle.  The disk: build/bench/vfslock-base.img, a 320 MiB ext2 image
# (4 KiB blocks, 196,608 inodes of 128 bytes) made once on this host with mke2fs -d
# from what tools/vfslock-tree.py writes (/small, 64 KiB; /big, 256 MiB
# of pseudo-random bytes, twice the guest's memory; /tree, 800
# directories of 200 empty files), copied afresh before each boot.
#   bench-vfslock-maestro	BENCH_VFSLOCK_BOOTS (3) boots of maestro (TCG,
#			-m 128, init=/test/vfslock_bench, the test image as
#			the root module), the copy on the primary IDE
#			master; lines in build/bench/vfslock-N.txt, the
#			whole serial output in vfslock-N.log;
#   bench-vfslock-linux	as many boots of Debian's i386 Linux in the same
#			QEMU, the program as /init of an initramfs that
#			also holds ata_piix, sd_mod and ext4 (bench-fileio's
#			fetch, build/cache/linux-peer-fs); lines in
#			build/bench/linux-vfslock-N.txt;
#   bench-vfslock	both, alternating, then one table: each side's best
#			boot per row, Linux's time over maestro's, and each
#			side's busy and write latencies over its idle ones.
# BENCH_VFSLOCK_TIMEOUT (900 s) bounds each boot.
VFSLOCK_BENCH := $(B)/bench/vfslock/vfslock_bench
VFSLOCK_TREE := $(B)/bench/vfslock-tree
VFSLOCK_BASE := $(B)/bench/vfslock-base.img
VFSLOCK_IMG := $(B)/bench/vfslock.img
# fileio.mk (read before this file) fetches the Linux kernel and modules.
VFSLOCK_PEER_DIR := $(FILEIO_PEER_DIR)
VFSLOCK_CPIO := $(B)/bench/linux-vfslock.cpio
BENCH_VFSLOCK_BOOTS ?= 3
BENCH_VFSLOCK_TIMEOUT ?= 900

TESTFS_DEPS += $(VFSLOCK_BENCH)
TESTFS_EXTRA += $(B)/bench/vfslock=test

$(VFSLOCK_BENCH): tests/bench/vfslock_bench.c tests/bench/peer_start.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

$(VFSLOCK_BASE): tools/vfslock-tree.py tests/bench/vfslock.mk | $(SETUP_STAMP)
	$(PYTHON) tools/vfslock-tree.py $(VFSLOCK_TREE)
	@rm -f $@.tmp && truncate -s 320M $@.tmp
	mke2fs -q -t ext2 -b 4096 -I 128 -N 196608 -E root_owner=0:0 -d $(VFSLOCK_TREE) -F $@.tmp
	@rm -rf $(VFSLOCK_TREE) && mv $@.tmp $@

$(VFSLOCK_CPIO): $(VFSLOCK_BENCH) $(VFSLOCK_PEER_DIR)/.done tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(VFSLOCK_PEER_DIR) $< $@

# A pristine copy of the image for each boot (/big never read).
define vfslock_disk
	@cp --sparse=always $(VFSLOCK_BASE) $(VFSLOCK_IMG)
endef

# $(call bench_vfslock_maestro,N): one boot; its lines in vfslock-N.txt.
define bench_vfslock_maestro
	$(vfslock_disk)
	@timeout --foreground $(BENCH_VFSLOCK_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/vfslock_bench shutdown=poweroff console=ttyS0" \
		-drive file=$(VFSLOCK_IMG),if=ide,index=0,format=raw,$(BENCH_ATA_DRIVE_OPTS) \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | tee $(B)/bench/vfslock-$(1).log | \
		sed -n 's/^vfslock-bench: //p' > $(B)/bench/vfslock-$(1).tmp
	@grep -qx done $(B)/bench/vfslock-$(1).tmp || \
		{ tail -n 30 $(B)/bench/vfslock-$(1).log; \
		  echo "bench-vfslock: maestro failed (build/bench/vfslock-$(1).log)"; exit 1; }
	@grep -vx done $(B)/bench/vfslock-$(1).tmp > $(B)/bench/vfslock-$(1).txt
	@rm $(B)/bench/vfslock-$(1).tmp

endef

# $(call bench_vfslock_linux,N): one boot of Linux; lines in
# linux-vfslock-N.txt.
define bench_vfslock_linux
	$(vfslock_disk)
	@$(LINUX_PEER_ENV) LINUX_PEER_TIMEOUT=$(BENCH_VFSLOCK_TIMEOUT) \
		$(PYTHON) tools/linux-peer.py run --prefix=vfslock-bench \
		$(VFSLOCK_PEER_DIR) $(VFSLOCK_CPIO) $(VFSLOCK_IMG) \
		$(B)/bench/linux-vfslock-$(1).txt

endef

bench-vfslock-maestro: $(B)/maestro.elf $(TESTFS) $(VFSLOCK_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/vfslock-*.txt \
		$(B)/bench/vfslock-*.log
	$(foreach n,$(shell seq $(BENCH_VFSLOCK_BOOTS)),$(call bench_vfslock_maestro,$(n)))
	@cat $(B)/bench/vfslock-*.txt

bench-vfslock-linux: $(VFSLOCK_CPIO) $(VFSLOCK_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/linux-vfslock-*.txt
	$(foreach n,$(shell seq $(BENCH_VFSLOCK_BOOTS)),$(call bench_vfslock_linux,$(n)))
	@cat $(B)/bench/linux-vfslock-*.txt

bench-vfslock: $(B)/maestro.elf $(TESTFS) $(VFSLOCK_CPIO) $(VFSLOCK_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/vfslock-*.txt \
		$(B)/bench/vfslock-*.log $(B)/bench/linux-vfslock-*.txt
	@echo "bench-vfslock: $(BENCH_VFSLOCK_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_VFSLOCK_BOOTS)),$(call bench_vfslock_maestro,$(n))$(call bench_vfslock_linux,$(n)))
	@$(PYTHON) tools/linux-peer.py vfslock-table $(B)/bench/vfslock-*.txt -- \
		$(B)/bench/linux-vfslock-*.txt

bench: bench-vfslock
.PHONY: bench-vfslock-maestro bench-vfslock-linux bench-vfslock
