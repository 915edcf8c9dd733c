# tests/bench/proc.mk: the process benchmarks (issue 4), tests/bench/
# proc_bench.c with its exec target proc_true.c, static i386 musl programs
# printing "proc-bench: NAME US-PER-OP" for null-syscall, fork-exit-wait,
# fork-exec-wait, vfork-exec-wait, thread-create-join and pipe-pingpong.
#   bench-proc-host	runs them natively on this host (for reference),
#			through tools/i386-exec; it refuses when that would
#			not be native (--mode binfmt or qemu): an emulator's
#			system calls are no reference, and under qemu-i386
#			proc_bench's exec of proc_true would not be emulated;
#   bench-proc-linux	runs them as /init of Debian's i386 Linux in the
#			same QEMU as maestro (tools/linux-peer.py: the same
#			kernel fetch as bench-ata-peer, an initramfs holding
#			/init and /proc_true, no modules loaded, no disk),
#			BENCH_PROC_BOOTS boots, the lines of each in
#			build/bench/linux-proc-N.txt.
#
#   bench-proc-maestro	boots maestro.elf BENCH_PROC_BOOTS times in the same
#			QEMU command line (TCG, -m 128, no disk) with the
#			root image as a Multiboot module and
#			"init=/test/proc_bench shutdown=poweroff": the root
#			image carries proc_bench and proc_true in /test (it
#			finds proc_true beside itself), and the kernel powers
#			off when it ends.  The lines of each boot go to
#			build/bench/proc-N.txt.
#   bench-proc		(in `make bench`) both, one boot after the other so
#			that they never share the CPU, then one table: each
#			side's best boot per row, and Linux's time over
#			maestro's (above 1, maestro is faster).

PROC_BENCH := $(B)/bench/proc/proc_bench
PROC_TRUE := $(B)/bench/proc/proc_true
PROC_BENCH_CPIO := $(B)/bench/linux-proc.cpio
BENCH_PROC_BOOTS ?= 3
BENCH_PROC_TIMEOUT ?= 120

TESTFS_DEPS += $(PROC_BENCH) $(PROC_TRUE)
TESTFS_EXTRA += $(B)/bench/proc=test

$(B)/bench/proc/%: tests/bench/%.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -pthread $< -o $@

$(PROC_BENCH_CPIO): $(PROC_BENCH) $(PROC_TRUE) $(LINUX_PEER_DIR)/.done \
		tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(LINUX_PEER_DIR) \
		$(PROC_BENCH) $@ $(PROC_TRUE)

bench-proc-host: $(PROC_BENCH) $(PROC_TRUE)
	@mode=$$($(I386_RUNNER) --mode) || exit 1; \
	if [ "$$mode" != native ]; then \
		echo "bench-proc-host: refused: i386 programs would run" \
			"emulated here (tools/i386-exec --mode: $$mode)," \
			"which times the emulator; bench-proc-linux gives" \
			"Linux's figures in QEMU"; \
		exit 1; \
	fi; \
	$(I386_RUNNER) $(PROC_BENCH)

bench-proc-linux: $(PROC_BENCH_CPIO)
	@rm -f $(B)/bench/linux-proc-*.txt
	@for n in $$(seq $(BENCH_PROC_BOOTS)); do \
		$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run \
			--prefix=proc-bench $(LINUX_PEER_DIR) $< - \
			$(B)/bench/linux-proc-$$n.txt || exit 1; \
		sed 's/^/Linux (boot '$$n'): proc-bench: /' \
			$(B)/bench/linux-proc-$$n.txt; \
	done

# $(call bench_proc_maestro,N): boot maestro once, its lines (prefix
# removed) in build/bench/proc-N.txt; fail unless it printed "done".
define bench_proc_maestro
	@timeout --foreground $(BENCH_PROC_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/proc_bench shutdown=poweroff console=ttyS0" \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | sed -n 's/^proc-bench: //p' > $(B)/bench/proc-$(1).tmp
	@grep -qx done $(B)/bench/proc-$(1).tmp || \
		{ cat $(B)/bench/proc-$(1).tmp; echo "bench-proc: maestro failed"; exit 1; }
	@grep -vx done $(B)/bench/proc-$(1).tmp > $(B)/bench/proc-$(1).txt
	@rm $(B)/bench/proc-$(1).tmp

endef

bench-proc-maestro: $(B)/maestro.elf $(TESTFS)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/proc-*.txt
	$(foreach n,$(shell seq $(BENCH_PROC_BOOTS)),$(call bench_proc_maestro,$(n)))
	@cat $(B)/bench/proc-*.txt

# $(call bench_proc_round,N): maestro, then Linux, once each.
define bench_proc_round
	$(call bench_proc_maestro,$(1))
	@$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run --prefix=proc-bench \
		$(LINUX_PEER_DIR) $(PROC_BENCH_CPIO) - $(B)/bench/linux-proc-$(1).txt

endef

bench-proc: $(B)/maestro.elf $(TESTFS) $(PROC_BENCH_CPIO)
	@mkdir -p $(B)/bench && rm -f $(B)/bench/proc-*.txt $(B)/bench/linux-proc-*.txt
	@echo "bench-proc: $(BENCH_PROC_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_PROC_BOOTS)),$(call bench_proc_round,$(n)))
	@$(PYTHON) tools/linux-peer.py proc-table $(B)/bench/proc-*.txt -- \
		$(B)/bench/linux-proc-*.txt

bench: bench-proc
.PHONY: bench-proc-host bench-proc-linux bench-proc-maestro bench-proc
