# tests/bench/modload.mk: bench-modload (in `make bench`), the time to load
# and link the largest real module, brd.ko (issue 13), in one boot of
# maestro in QEMU (TCG): tests/bench/modload_bench.c runs as init
# ("init=/test/modload_bench shutdown=poweroff"), loads and unloads brd
# 50 times from memory (init_module) and from its file (finit_module),
# and reads from the kernel log how much of each load was linking (symbol
# resolution through the GNU hash tables, and relocation).  The lines go
# to build/bench/modload.txt.
MODLOAD_BENCH := $(B)/bench/modload/modload_bench
BENCH_MODLOAD_TIMEOUT ?= 120

TESTFS_DEPS += $(MODLOAD_BENCH)
TESTFS_EXTRA += $(B)/bench/modload=test

$(MODLOAD_BENCH): tests/bench/modload_bench.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror $< -o $@

bench-modload: $(B)/maestro.elf $(TESTFS)
	$(call bench_guest,modload_bench,modload-bench,$(B)/bench/modload.txt,$(BENCH_MODLOAD_TIMEOUT),128)
	@echo "bench-modload: loading brd.ko, in one boot of maestro (TCG)"
	@grep -vx done $(B)/bench/modload.txt | sed 's/^/  /'

bench: bench-modload
.PHONY: bench-modload
