# tests/bench/random.mk: bench-random (in `make bench`), the entropy pool's
# costs (issue 12), one table from one run:
#
# Host CPU rows: tests/bench/random_bench.c linked with the kernel's own
# crypto/chacha20.c, crng.c, blake2s.c and kernel/random/batch.h (and
# fastmix.h), compiled with the kernel's code-generation flags
# (-O2 -march=i686 -mno-sse -mno-mmx, -fno-strict-aliasing, no stack
# protector, gcc's memcpy/memset builtins as lib/string.h maps them), their
# calls of memcpy and memset redirected to lib's (objcopy --redefine-syms
# from tests/host/lib_rename.h's list), never with sanitizers; two static
# musl programs as bench-strlen's (bench.mk):
#   build/bench/random_bench	i386, run only when `tools/i386-exec --mode`
#				says native (an emulator would be timed);
#   build/bench64/random_bench	x86_64, always.
# Each prints TSC ticks per call of the interrupt hook (rdtsc +
# fast_pool_add) against Maestro's ChaCha20 block per interrupt,
# get_random_u32/u64 batched against one block per call (pushf;pop and a
# test of IF stand in for irq_save/irq_restore, whose cli and sti fault in
# user mode), a ChaCha20 block and a BLAKE2s
# compression: the median and the fastest of 11 runs of 100000 calls, the
# empty loop's cost subtracted (random_bench.c says how).
#
# QEMU rows: tests/bench/getrandom_bench.c, a static i386 musl program that
# seeds with a blocking getrandom() of 1 byte, then times getrandom(2) of
# 16 B, 4 KiB and 1 MiB and read() of 4 KiB from /dev/urandom, on
#   maestro	build/maestro.elf with the root image as a module (the
#		program is /test/getrandom_bench there) and
#		"init=/test/getrandom_bench shutdown=poweroff";
#   Linux	Debian's i386 6.1 (tools/linux-peer.py, the kernel bench-proc
#		fetches), the program as /init of an initramfs;
# in the same QEMU (TCG, -m 128, no disk), BENCH_RANDOM_BOOTS (3) rounds of
# one boot each, one after the other so they never share the CPU; the lines
# go to build/bench/random-maestro-N.txt and random-linux-N.txt.
#
# tools/linux-peer.py random-table prints the table: the host rows with the
# issue's goals, then each side's best boot per QEMU row (MB/s, us per call)
# and Linux's time over maestro's (above 1: maestro is faster), naming the
# maestro commit measured.
#   bench-random-host	the host rows only (build/bench/random-host-*.txt).
#   bench-random-maestro, bench-random-linux	one boot of one side, its
#			lines printed.
# `make test` builds the guest program (it is in the root image) but never
# the host one.

RANDOM_BENCH_SRCS := crypto/chacha20.c crypto/crng.c crypto/blake2s.c
RANDOM_BENCH_LIB := memcpy memset memzero_explicit
RANDOM_BENCH_KFLAGS := -fno-strict-aliasing -fno-stack-protector -fno-common
RANDOM_BENCH_SYMS := $(B)/bench/lib-rename.syms
GETRANDOM_BENCH := $(B)/bench/random/getrandom_bench
RANDOM_BENCH_CPIO := $(B)/bench/linux-random.cpio
BENCH_RANDOM_BOOTS ?= 3
BENCH_RANDOM_TIMEOUT ?= 180

TESTFS_DEPS += $(GETRANDOM_BENCH)
TESTFS_EXTRA += $(B)/bench/random=test

# "memcpy lib_memcpy" for every function lib_rename.h renames.
$(RANDOM_BENCH_SYMS): tests/host/lib_rename.h
	@mkdir -p $(@D)
	sed -n 's/^#define[[:space:]]\+\([a-z_]\+\)[[:space:]]\+\(lib_[a-z_]\+\)$$/\1 \2/p' \
		$< > $@

# $(call bench_random_rules,DIR,CC,LIB_ARCH,OBJCOPY): the kernel's sources
# as DIR/rnd/*.o and the program DIR/random_bench (its driver and lib's
# objects come from bench.mk's rules).
define bench_random_rules
$(1)/rnd/%.o: %.c $$(RANDOM_BENCH_SYMS) | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(2) $$(BENCH_CFLAGS) $(3) $$(RANDOM_BENCH_KFLAGS) -c $$< -o $$@
	$(4) --redefine-syms=$$(RANDOM_BENCH_SYMS) $$@

$(1)/random_bench: $(1)/tests/bench/random_bench.o \
		$$(patsubst %.c,$(1)/rnd/%.o,$$(RANDOM_BENCH_SRCS)) \
		$$(patsubst %,$(1)/lib/%.o,$$(RANDOM_BENCH_LIB)) | $$(SETUP_STAMP)
	$(2) -no-pie $$^ -o $$@
endef

$(eval $(call bench_random_rules,$(B)/bench,$(BENCH_CC),$(BENCH_LIB_ARCH),$(OBJCOPY)))
$(eval $(call bench_random_rules,$(B)/bench64,$(BENCH_CC64),$(BENCH_LIB_ARCH64),objcopy))

$(GETRANDOM_BENCH): tests/bench/getrandom_bench.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror $< -o $@

$(RANDOM_BENCH_CPIO): $(GETRANDOM_BENCH) $(LINUX_PEER_DIR)/.done \
		tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(LINUX_PEER_DIR) $< $@

# bench_random_host: run the host programs, their lines in
# build/bench/random-host-32.txt (when i386 runs natively) and -64.txt.
define bench_random_host
	@rm -f $(B)/bench/random-host-*.txt
	@mode=$$($(I386_RUNNER) --mode) || exit 1; \
	if [ "$$mode" = native ]; then \
		$(I386_RUNNER) $(B)/bench/random_bench \
			> $(B)/bench/random-host-32.txt || exit 1; \
	else \
		echo "bench-random: i386 programs would run emulated" \
			"here (tools/i386-exec --mode: $$mode), which times" \
			"the emulator: the 64-bit build only"; \
	fi; \
	$(B)/bench64/random_bench > $(B)/bench/random-host-64.txt
endef

RANDOM_BENCH_HOST := $(B)/bench/random_bench $(B)/bench64/random_bench

bench-random-host: $(RANDOM_BENCH_HOST)
	$(bench_random_host)
	@cat $(B)/bench/random-host-*.txt

# $(call bench_random_maestro,N): boot maestro once, its lines (prefix
# removed) in build/bench/random-maestro-N.txt; fail unless it printed
# "done".
define bench_random_maestro
	@timeout --foreground $(BENCH_RANDOM_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/getrandom_bench shutdown=poweroff console=ttyS0" \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | sed -n 's/^random-bench: //p' \
		> $(B)/bench/random-maestro-$(1).tmp
	@grep -qx done $(B)/bench/random-maestro-$(1).tmp || \
		{ cat $(B)/bench/random-maestro-$(1).tmp; \
		  echo "bench-random: maestro failed"; exit 1; }
	@grep -vx done $(B)/bench/random-maestro-$(1).tmp \
		> $(B)/bench/random-maestro-$(1).txt
	@rm $(B)/bench/random-maestro-$(1).tmp

endef

define bench_random_linux
	@$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run \
		--prefix=random-bench $(LINUX_PEER_DIR) $(RANDOM_BENCH_CPIO) - \
		$(B)/bench/random-linux-$(1).txt

endef

bench-random-maestro: $(B)/maestro.elf $(TESTFS)
	@mkdir -p $(B)/bench
	$(call bench_random_maestro,1)
	@cat $(B)/bench/random-maestro-1.txt

bench-random-linux: $(RANDOM_BENCH_CPIO)
	$(call bench_random_linux,1)
	@cat $(B)/bench/random-linux-1.txt

bench-random: $(RANDOM_BENCH_HOST) $(B)/maestro.elf $(TESTFS) \
		$(RANDOM_BENCH_CPIO)
	$(bench_random_host)
	@rm -f $(B)/bench/random-maestro-*.txt $(B)/bench/random-linux-*.txt
	@echo "bench-random: $(BENCH_RANDOM_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_RANDOM_BOOTS)),$(call bench_random_maestro,$(n))$(call bench_random_linux,$(n)))
	@$(PYTHON) tools/linux-peer.py random-table $(LINUX_PEER_DIR) \
		$(B)/bench/random-host-*.txt -- \
		$(B)/bench/random-maestro-*.txt -- $(B)/bench/random-linux-*.txt

bench: bench-random
.PHONY: bench-random bench-random-host bench-random-maestro bench-random-linux
