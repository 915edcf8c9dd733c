# tests/bench/proc.mk: the process benchmarks (issue 4), tests/bench/
# proc_bench.c with its exec target proc_true.c, static i386 musl programs
# printing "proc-bench: NAME US-PER-OP" for null-syscall, fork-exit-wait,
# fork-exec-wait and pipe-pingpong.
#   bench-proc-host	runs them natively on this host (for reference);
#   bench-proc-linux	runs them as /init of Debian's i386 Linux in the
#			same QEMU as maestro (tools/linux-peer.py: the same
#			kernel fetch as bench-ata-peer, an initramfs holding
#			/init and /proc_true, no modules loaded, no disk),
#			BENCH_PROC_BOOTS boots, the lines of each in
#			build/bench/linux-proc-N.txt.
#
# The maestro side, once processes run: stage proc_bench and proc_true
# together in the root image (for instance as /bench/, through
# ROOTFS_EXTRA as tests/user/user.mk stages /test), boot maestro.elf in
# the same QEMU command line with init=/bench/proc_bench (it finds
# proc_true beside itself and powers off when it is process 1), keep the
# serial lines starting "proc-bench: " in build/bench/proc-N.txt, and add
# a `table` mode for them to tools/linux-peer.py (best boot per row,
# ratio Linux us / maestro us); then make bench-proc-peer a prerequisite
# of bench.

PROC_BENCH := $(B)/bench/proc/proc_bench
PROC_TRUE := $(B)/bench/proc/proc_true
PROC_BENCH_CPIO := $(B)/bench/linux-proc.cpio
BENCH_PROC_BOOTS ?= 1

$(B)/bench/proc/%: tests/bench/%.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror $< -o $@

$(PROC_BENCH_CPIO): $(PROC_BENCH) $(PROC_TRUE) $(LINUX_PEER_DIR)/.done \
		tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(LINUX_PEER_DIR) \
		$(PROC_BENCH) $@ $(PROC_TRUE)

bench-proc-host: $(PROC_BENCH) $(PROC_TRUE)
	$(PROC_BENCH)

bench-proc-linux: $(PROC_BENCH_CPIO)
	@rm -f $(B)/bench/linux-proc-*.txt
	@for n in $$(seq $(BENCH_PROC_BOOTS)); do \
		$(LINUX_PEER_ENV) $(PYTHON) tools/linux-peer.py run \
			--prefix=proc-bench $(LINUX_PEER_DIR) $< - \
			$(B)/bench/linux-proc-$$n.txt || exit 1; \
		sed 's/^/Linux (boot '$$n'): proc-bench: /' \
			$(B)/bench/linux-proc-$$n.txt; \
	done

.PHONY: bench-proc-host bench-proc-linux
