# tests/bench/fileio.mk: bench-fileio (in `make bench`, issue 14 section 5),
# sequential file I/O through read(2) and write(2) on ext2
# (tests/bench/fileio_bench.c): a 64 MiB file written with fsync, then
# read cold (after a remount) and warm, in 1 MiB and 4 KiB calls.
#   bench-fileio-maestro  BENCH_FILEIO_BOOTS (5) boots of maestro (TCG,
#			-m 128, init=/test/fileio_bench, the test image as
#			the root module), each on a fresh 128 MiB ext2 disk
#			on the primary IDE master; lines in
#			build/bench/fileio-N.txt;
#   bench-fileio-linux	as many boots of Debian's i386 Linux in the same
#			QEMU, the program as /init of an initramfs that
#			also holds ata_piix, sd_mod and ext4 (a fetch of
#			their own, build/cache/linux-peer-fs); lines in
#			build/bench/linux-fileio-N.txt;
#   bench-fileio		both, alternating, then one table: each side's
#			best boot per row and Linux's time over maestro's.
FILEIO_BENCH := $(B)/bench/fileio/fileio_bench
FILEIO_IMG := $(B)/bench/fileio.img
FILEIO_PEER_DIR := $(B)/cache/linux-peer-fs
FILEIO_CPIO := $(B)/bench/linux-fileio.cpio
BENCH_FILEIO_BOOTS ?= 5
BENCH_FILEIO_TIMEOUT ?= 600

TESTFS_DEPS += $(FILEIO_BENCH)
TESTFS_EXTRA += $(B)/bench/fileio=test

$(FILEIO_BENCH): tests/bench/fileio_bench.c tests/bench/peer_start.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

$(FILEIO_PEER_DIR)/.done: | $(SETUP_STAMP)
	$(PYTHON) tools/linux-peer.py fetch $(FILEIO_PEER_DIR) 686 ata_piix \
		sd_mod ext4 crc32c_generic

$(FILEIO_CPIO): $(FILEIO_BENCH) $(FILEIO_PEER_DIR)/.done tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(FILEIO_PEER_DIR) $< $@

# A fresh, empty ext2 disk for each boot.
define fileio_disk
	@rm -f $(FILEIO_IMG) && truncate -s 128M $(FILEIO_IMG)
	@mke2fs -q -t ext2 -b 4096 -F $(FILEIO_IMG)
endef

# $(call bench_fileio_maestro,N): one boot; its lines in fileio-N.txt.
define bench_fileio_maestro
	$(fileio_disk)
	@timeout --foreground $(BENCH_FILEIO_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/fileio_bench shutdown=poweroff console=ttyS0" \
		-drive file=$(FILEIO_IMG),if=ide,index=0,format=raw,$(BENCH_ATA_DRIVE_OPTS) \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | sed -n 's/^fileio-bench: //p' > $(B)/bench/fileio-$(1).tmp
	@grep -qx done $(B)/bench/fileio-$(1).tmp || \
		{ cat $(B)/bench/fileio-$(1).tmp; echo "bench-fileio: maestro failed"; exit 1; }
	@grep -vx done $(B)/bench/fileio-$(1).tmp > $(B)/bench/fileio-$(1).txt
	@rm $(B)/bench/fileio-$(1).tmp

endef

# $(call bench_fileio_linux,N): one boot of Linux; lines in linux-fileio-N.txt.
define bench_fileio_linux
	$(fileio_disk)
	@$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run --prefix=fileio-bench \
		$(FILEIO_PEER_DIR) $(FILEIO_CPIO) $(FILEIO_IMG) \
		$(B)/bench/linux-fileio-$(1).txt

endef

bench-fileio-maestro: $(B)/maestro.elf $(TESTFS)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/fileio-*.txt
	$(foreach n,$(shell seq $(BENCH_FILEIO_BOOTS)),$(call bench_fileio_maestro,$(n)))
	@cat $(B)/bench/fileio-*.txt

bench-fileio-linux: $(FILEIO_CPIO)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/linux-fileio-*.txt
	$(foreach n,$(shell seq $(BENCH_FILEIO_BOOTS)),$(call bench_fileio_linux,$(n)))
	@cat $(B)/bench/linux-fileio-*.txt

bench-fileio: $(B)/maestro.elf $(TESTFS) $(FILEIO_CPIO)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/fileio-*.txt $(B)/bench/linux-fileio-*.txt
	@echo "bench-fileio: $(BENCH_FILEIO_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_FILEIO_BOOTS)),$(call bench_fileio_maestro,$(n))$(call bench_fileio_linux,$(n)))
	@$(PYTHON) tools/linux-peer.py fileio-table $(B)/bench/fileio-*.txt -- \
		$(B)/bench/linux-fileio-*.txt

bench: bench-fileio
.PHONY: bench-fileio-maestro bench-fileio-linux bench-fileio
