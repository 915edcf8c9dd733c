# tests/bench/linux-peer.mk: bench-ata-peer, maestro's disk figures beside
# Linux's, measured in one run.
#
# The peer is Debian's i386 kernel (linux-image-6.1.0-N-686, fetched once
# with apt-get download into build/cache/linux-peer/ by tools/linux-peer.py,
# which also picks out ata_piix and the modules it needs).  Its /init is
# tests/bench/linux_disk_bench.c, a static i386 musl program in a newc
# initramfs written by the same script.  bench-ata-peer runs, one after
# the other in one recipe so that they never share the CPU:
#   1. maestro's bench-ata (its own table: DMA against PIO, cache against
#      DMA), kept in build/bench/ata.txt;
#   2. Linux, booted in the same QEMU (TCG, -m 128, the same scratch disk
#      on IDE index 0 with the same drive options): O_DIRECT reads by DMA
#      and the page cache, into build/bench/linux-ata-dma.txt;
#   3. Linux again with libata.force=pio4 (PIO): build/bench/linux-ata-pio.txt;
# then prints one table with both figures and the speed ratio maestro/Linux
# for each row (above 1: maestro is faster).  bench-ata-linux runs only the
# two Linux boots.  BENCH_PEER_PIO=0 leaves the PIO boot out.

LINUX_PEER_DIR := $(B)/cache/linux-peer
LINUX_PEER_INIT := $(B)/bench/linux_disk_bench
LINUX_PEER_CPIO := $(B)/bench/linux-peer.cpio
LINUX_PEER_OUT := $(B)/bench/linux-ata
BENCH_PEER_PIO ?= 1
LINUX_PEER_ENV := QEMU="$(QEMU)" QEMU_ACCEL="$(QEMU_ACCEL)" \
	BENCH_ATA_DRIVE_OPTS="$(BENCH_ATA_DRIVE_OPTS)"

$(LINUX_PEER_DIR)/.done: | $(SETUP_STAMP)
	$(PYTHON) tools/linux-peer.py fetch $(LINUX_PEER_DIR)

$(LINUX_PEER_INIT): tests/bench/linux_disk_bench.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror $< -o $@

$(LINUX_PEER_CPIO): $(LINUX_PEER_INIT) $(LINUX_PEER_DIR)/.done tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(LINUX_PEER_DIR) $< $@

define linux_peer_run
	@echo "bench-ata-peer: Linux $(or $(1),DMA)..."
	@$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run $(LINUX_PEER_DIR) \
		$(LINUX_PEER_CPIO) $(BENCH_ATA_IMG) $(LINUX_PEER_OUT)-$(2).txt $(1)
endef

# Both Linux boots; the PIO one unless BENCH_PEER_PIO=0.
define linux_peer_runs
	@rm -f $(LINUX_PEER_OUT)-*.txt
	$(call linux_peer_run,,dma)
	$(if $(filter 1,$(BENCH_PEER_PIO)),$(call linux_peer_run,libata.force=pio4,pio))
endef

bench-ata-linux: $(LINUX_PEER_CPIO) $(BENCH_ATA_IMG)
	$(linux_peer_runs)
	@cat $(LINUX_PEER_OUT)-*.txt

bench-ata-peer: $(B)/maestro.elf $(BENCH_ATA_IMG) $(LINUX_PEER_CPIO)
	$(bench_ata_run)
	$(linux_peer_runs)
	@echo
	@$(PYTHON) tools/linux-peer.py table $(BENCH_ATA_OUT) $(LINUX_PEER_OUT)-*.txt

bench: bench-ata-peer
.PHONY: bench-ata-linux bench-ata-peer
