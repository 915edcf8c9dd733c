# tests/bench/linux-peer.mk: bench-ata-peer, maestro's disk figures beside
# Linux's, measured in one run.
#
# The peer is Debian's i386 kernel (linux-image-6.1.0-N-686, fetched once
# with apt-get download into build/cache/linux-peer/ by tools/linux-peer.py,
# which also picks out ata_piix and the modules it needs).  Its /init is
# tests/bench/linux_disk_bench.c, a static i386 musl program in a newc
# initramfs written by the same script.  Both kernels boot in the same QEMU
# (TCG, -m 128, the same scratch disk on IDE index 0 with the same drive
# options).  bench-ata-peer runs BENCH_PEER_BOOTS rounds of three boots,
# one after the other so that they never share the CPU:
#   1. maestro's bench-ata, its table in build/bench/ata-R.txt;
#   2. Linux: O_DIRECT reads by DMA and the page cache,
#      build/bench/linux-ata-dma-R.txt;
#   3. Linux with libata.force=pio4 (PIO; left out with BENCH_PEER_PIO=0),
#      build/bench/linux-ata-pio-R.txt.
# Each boot already keeps the best of 3 runs; QEMU on a shared host has
# whole boots that run up to twice as slowly as others, so each side keeps
# its best boot for each row, with the same number of boots on both sides.
# It prints maestro's own table from the first round (DMA against PIO,
# cache against DMA), then one table with both kernels' figures and the
# speed ratio maestro/Linux for each row (above 1: maestro is faster).
# bench-ata-linux boots only Linux, once each way, and prints its lines.

LINUX_PEER_DIR := $(B)/cache/linux-peer
LINUX_PEER_INIT := $(B)/bench/linux_disk_bench
LINUX_PEER_CPIO := $(B)/bench/linux-peer.cpio
LINUX_PEER_OUT := $(B)/bench/linux-ata
BENCH_PEER_BOOTS ?= 3
BENCH_PEER_PIO ?= 1
LINUX_PEER_ENV = QEMU="$(QEMU)" QEMU_ACCEL="$(QEMU_ACCEL)" \
	BENCH_ATA_DRIVE_OPTS="$(BENCH_ATA_DRIVE_OPTS)"

$(LINUX_PEER_DIR)/.done: | $(SETUP_STAMP)
	$(PYTHON) tools/linux-peer.py fetch $(LINUX_PEER_DIR)

$(LINUX_PEER_INIT): tests/bench/linux_disk_bench.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

$(LINUX_PEER_CPIO): $(LINUX_PEER_INIT) $(LINUX_PEER_DIR)/.done tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(LINUX_PEER_DIR) $< $@

# $(call linux_peer_boot,NAME,EXTRA KERNEL ARGS): boot Linux once; its
# result lines go to $(LINUX_PEER_OUT)-NAME.txt.
define linux_peer_boot
	@$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run $(LINUX_PEER_DIR) \
		$(LINUX_PEER_CPIO) $(BENCH_ATA_IMG) $(LINUX_PEER_OUT)-$(1).txt $(2)

endef

# $(call bench_peer_round,R): maestro, Linux by DMA, Linux by PIO.
define bench_peer_round
	@echo "bench-ata-peer: round $(1) of $(BENCH_PEER_BOOTS): maestro, Linux"
	$(call bench_ata_boot,$(B)/bench/ata-$(1).txt)
	$(call linux_peer_boot,dma-$(1))
	$(if $(filter 1,$(BENCH_PEER_PIO)),$(call linux_peer_boot,pio-$(1),libata.force=pio4))
endef

bench-ata-linux: $(LINUX_PEER_CPIO) $(BENCH_ATA_IMG)
	@rm -f $(LINUX_PEER_OUT)-*.txt
	$(call linux_peer_boot,dma)
	$(call linux_peer_boot,pio,libata.force=pio4)
	@cat $(LINUX_PEER_OUT)-*.txt

bench-ata-peer: $(B)/maestro.elf $(BENCH_ATA_IMG) $(LINUX_PEER_CPIO)
	@rm -f $(B)/bench/ata-*.txt $(LINUX_PEER_OUT)-*.txt
	$(foreach r,$(shell seq $(BENCH_PEER_BOOTS)),$(call bench_peer_round,$(r)))
	@echo "maestro's own table (round 1):"
	@cp $(B)/bench/ata-1.txt $(BENCH_ATA_OUT) && cat $(BENCH_ATA_OUT) && echo
	@$(PYTHON) tools/linux-peer.py table $(B)/bench/ata-*.txt -- \
		$(LINUX_PEER_OUT)-*.txt

bench: bench-ata-peer
.PHONY: bench-ata-linux bench-ata-peer
