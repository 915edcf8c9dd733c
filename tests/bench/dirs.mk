# tests/bench/dirs.mk: bench-dirs (in `make bench`, issue 14 section 3),
# directories and path lookup on ext2 (tests/bench/dirs_bench.c): 10,000
# empty files created, stat'ed and unlinked in one directory, busybox find
# over 20,000 files cold and warm, busybox tar x of 4,500 files (27 MiB)
# then sync.  The disk: build/bench/dirs-base.img, a 256 MiB ext2 image
# (4 KiB blocks, 65,536 inodes) made once on this host with mke2fs -d from
# what tools/dirs-tree.py writes, copied afresh before each boot.
#   bench-dirs-maestro	BENCH_DIRS_BOOTS (3) boots of maestro (TCG, -m 128,
#			init=/test/dirs_bench, the test image as the root
#			module, its /bin/busybox), the copy on the primary
#			IDE master; lines in build/bench/dirs-N.txt, the
#			whole serial output in dirs-N.log;
#   bench-dirs-linux	as many boots of Debian's i386 Linux in the same
#			QEMU, the program as /init of an initramfs that also
#			holds the same busybox as /bin/busybox and ata_piix,
#			sd_mod and ext4 (bench-fileio's fetch,
#			build/cache/linux-peer-fs); lines in
#			build/bench/linux-dirs-N.txt;
#   bench-dirs		both, alternating, then one table: each side's best
#			boot per row and Linux's time over maestro's.
# BENCH_DIRS_TIMEOUT (900 s) bounds each boot.
DIRS_BENCH := $(B)/bench/dirs/dirs_bench
DIRS_TREE := $(B)/bench/dirs-tree
DIRS_BASE := $(B)/bench/dirs-base.img
DIRS_IMG := $(B)/bench/dirs.img
# The same directory as fileio.mk's FILEIO_PEER_DIR (whose rule makes it),
# spelt out: fileio.mk is read after this file.
DIRS_PEER_DIR := $(B)/cache/linux-peer-fs
DIRS_CPIO := $(B)/bench/linux-dirs.cpio
BENCH_DIRS_BOOTS ?= 3
BENCH_DIRS_TIMEOUT ?= 900

TESTFS_DEPS += $(DIRS_BENCH)
TESTFS_EXTRA += $(B)/bench/dirs=test

$(DIRS_BENCH): tests/bench/dirs_bench.c tests/bench/peer_start.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

$(DIRS_BASE): tools/dirs-tree.py tests/bench/dirs.mk | $(SETUP_STAMP)
	$(PYTHON) tools/dirs-tree.py $(DIRS_TREE)
	@rm -f $@.tmp && truncate -s 256M $@.tmp
	mke2fs -q -t ext2 -b 4096 -N 65536 -E root_owner=0:0 -d $(DIRS_TREE) \
		-F $@.tmp
	@rm -rf $(DIRS_TREE) && mv $@.tmp $@

$(DIRS_CPIO): $(DIRS_BENCH) $(DIRS_PEER_DIR)/.done $(B)/userland/root.stamp \
		tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(DIRS_PEER_DIR) $< $@ \
		$(USERLAND_ROOT)/bin/busybox=bin/busybox

# A pristine copy of the populated image for each boot.
define dirs_disk
	@cp --sparse=always $(DIRS_BASE) $(DIRS_IMG)
endef

# $(call bench_dirs_maestro,N): one boot; its lines in dirs-N.txt.
define bench_dirs_maestro
	$(dirs_disk)
	@timeout --foreground $(BENCH_DIRS_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/dirs_bench shutdown=poweroff console=ttyS0" \
		-drive file=$(DIRS_IMG),if=ide,index=0,format=raw,$(BENCH_ATA_DRIVE_OPTS) \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | tee $(B)/bench/dirs-$(1).log | \
		sed -n 's/^dirs-bench: //p' > $(B)/bench/dirs-$(1).tmp
	@grep -qx done $(B)/bench/dirs-$(1).tmp || \
		{ tail -n 30 $(B)/bench/dirs-$(1).log; \
		  echo "bench-dirs: maestro failed (build/bench/dirs-$(1).log)"; exit 1; }
	@grep -vx done $(B)/bench/dirs-$(1).tmp > $(B)/bench/dirs-$(1).txt
	@rm $(B)/bench/dirs-$(1).tmp

endef

# $(call bench_dirs_linux,N): one boot of Linux; lines in linux-dirs-N.txt.
define bench_dirs_linux
	$(dirs_disk)
	@$(LINUX_PEER_ENV) LINUX_PEER_TIMEOUT=$(BENCH_DIRS_TIMEOUT) \
		$(PYTHON) tools/linux-peer.py run --prefix=dirs-bench \
		$(DIRS_PEER_DIR) $(DIRS_CPIO) $(DIRS_IMG) \
		$(B)/bench/linux-dirs-$(1).txt

endef

bench-dirs-maestro: $(B)/maestro.elf $(TESTFS) $(DIRS_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/dirs-*.txt $(B)/bench/dirs-*.log
	$(foreach n,$(shell seq $(BENCH_DIRS_BOOTS)),$(call bench_dirs_maestro,$(n)))
	@cat $(B)/bench/dirs-*.txt

bench-dirs-linux: $(DIRS_CPIO) $(DIRS_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/linux-dirs-*.txt
	$(foreach n,$(shell seq $(BENCH_DIRS_BOOTS)),$(call bench_dirs_linux,$(n)))
	@cat $(B)/bench/linux-dirs-*.txt

bench-dirs: $(B)/maestro.elf $(TESTFS) $(DIRS_CPIO) $(DIRS_BASE)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/dirs-*.txt \
		$(B)/bench/dirs-*.log $(B)/bench/linux-dirs-*.txt
	@echo "bench-dirs: $(BENCH_DIRS_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_DIRS_BOOTS)),$(call bench_dirs_maestro,$(n))$(call bench_dirs_linux,$(n)))
	@$(PYTHON) tools/linux-peer.py dirs-table $(B)/bench/dirs-*.txt -- \
		$(B)/bench/linux-dirs-*.txt

bench: bench-dirs
.PHONY: bench-dirs-maestro bench-dirs-linux bench-dirs
