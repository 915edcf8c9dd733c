# tests/bench/ata.mk: bench-ata, raw disk read throughput by DMA and PIO.
#
# The benchmark is kernel code (tests/bench/ata_bench.c, run by the
# "bench=ata" switch), so it is part of maestro.elf.  bench-ata boots that
# kernel in QEMU (TCG) with a 64 MiB scratch disk on the primary master,
# prints the table and leaves QEMU through isa-debug-exit ("exit").  `make
# bench` runs it through bench-ata-peer (linux-peer.mk), beside Linux.
KERNEL_SRCS += tests/bench/ata_bench.c

BENCH_ATA_IMG := $(B)/bench/ata-scratch.img
BENCH_ATA_TIMEOUT ?= 300
# QEMU's default thread-pool AIO adds 100-300 us to every request on a
# busy 2-CPU host; io_uring with O_DIRECT measures the driver instead.
BENCH_ATA_DRIVE_OPTS ?= aio=io_uring,cache=none

$(BENCH_ATA_IMG):
	@mkdir -p $(@D)
	truncate -s 64M $@

# $(call bench_ata_boot,OUT): boot maestro's benchmark once and keep its
# table in OUT (bench-ata prints it; bench-ata-peer reads it back).
BENCH_ATA_OUT := $(B)/bench/ata.txt
define bench_ata_boot
	@timeout --foreground $(BENCH_ATA_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -append "bench=ata,exit loglevel=6" \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-drive file=$(BENCH_ATA_IMG),if=ide,index=0,format=raw,$(BENCH_ATA_DRIVE_OPTS) \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | sed -n '/bench-ata: done/d; s/^\[[ 0-9.]*\] bench-ata: //p' \
		> $(1).tmp; test $${PIPESTATUS[0]} -eq 1 && mv $(1).tmp $(1) || \
		{ cat $(1).tmp; echo "bench-ata: failed"; exit 1; }

endef

bench-ata: $(B)/maestro.elf $(BENCH_ATA_IMG)
	$(call bench_ata_boot,$(BENCH_ATA_OUT))
	@cat $(BENCH_ATA_OUT)

.PHONY: bench-ata
