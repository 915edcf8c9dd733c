# tests/bench/prof.mk: bench-prof (in `make bench`), the profiler's
# overhead and accuracy (tests/bench/prof_bench.c, issue 10), measured in
# one boot of maestro in QEMU (TCG): it runs as init
# ("init=/test/prof_bench shutdown=poweroff"), times a CPU-bound and a
# system-call-bound workload with and without a 1000 Hz recording of the
# whole system (the median of 21 rounds of each one's time over the same round's time without recording), reads the sampling handler's
# cost in cycles from the profiler's statistics, and profiles /test/split
# (75% of its time in work_three, 25% in work_one) with /bin/profile.
# The lines go to build/bench/prof.txt.
PROF_BENCH := $(B)/bench/prof/prof_bench
BENCH_PROF_TIMEOUT ?= 300

TESTFS_DEPS += $(PROF_BENCH)
TESTFS_EXTRA += $(B)/bench/prof=test

$(PROF_BENCH): tests/bench/prof_bench.c kernel/prof/uapi.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

bench-prof: $(B)/maestro.elf $(TESTFS)
	$(call bench_guest,prof_bench,prof-bench,$(B)/bench/prof.txt,$(BENCH_PROF_TIMEOUT),256)
	@echo "bench-prof: the profiler at 1000 Hz, in one boot of maestro (TCG)"
	@grep -vx done $(B)/bench/prof.txt | sed 's/^/  /'

bench: bench-prof
.PHONY: bench-prof
