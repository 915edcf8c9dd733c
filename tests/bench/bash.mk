# tests/bench/bash.mk: bench-bash (in `make bench`, issue 14 section 4),
# what bash spends its time on (tests/bench/bash_bench.c): a set of bash's
# own test scripts (tests/run-NAME of Debian's source of the same bash,
# run as bash's run-all runs them) and tests/bench/bash-shape.sh, a
# synthetic script of the same shape (command substitutions, pipes,
# arrays, parameter expansion), each timed in the guest, with their sum.
# The disk: build/bench/bash-base.img, a 64 MiB ext2 image made once with
# mke2fs -d from what tools/bash-tree.sh lays out (the root image's bash
# and busybox with its links, bash's tests/ with their helper programs
# built for i386, the shape script), copied afresh before each boot; the
# program runs every script chrooted in it, on both kernels.
#   bench-bash-maestro	BENCH_BASH_BOOTS (3) boots of maestro (TCG, -m 128,
#			init=/test/bash_bench, the test image as the root
#			module), the copy on the primary IDE master; lines
#			in build/bench/bash-N.txt, the whole serial output
#			in bash-N.log, the scripts' outputs (their diffs
#			against the expected) in build/bench/bash-logs/
#			maestro-N/;
#   bench-bash-linux	as many boots of Debian's i386 Linux in the same
#			QEMU, the program as /init of an initramfs that also
#			holds ata_piix, sd_mod and ext4 (bench-fileio's
#			fetch, build/cache/linux-peer-fs); lines in
#			build/bench/linux-bash-N.txt, outputs in
#			bash-logs/linux-N/;
#   bench-bash		both, alternating, then one table: each side's best
#			boot per row and Linux's time over maestro's, and
#			each script's exit status on each side (0: its
#			output was the expected one), and the scripts whose
#			output differs between the kernels.
#   bench-bash-profile	one more boot of maestro with the kernel's profiler
#			recording all of it (profile=boot, hz=
#			BENCH_BASH_PROFILE_HZ (250), the log to COM2 at
#			power-off), decoded by build/tools/prof-decode into
#			build/bench/bash-prof/bash.folded (tools/prof-pages
#			makes the flamegraph pages of it); tools/prof-top
#			prints where the time went (user and kernel, system
#			calls, kernel functions by self samples, stacks
#			under the entry).
# BENCH_BASH_TIMEOUT (1200 s) bounds each boot.  BENCH_BASH_SCRIPTS
# ("array posixexp ...", the NAMEs of tests/run-NAME) replaces the
# program's own list: it is written into each copy of the disk as
# /bench/scripts.
BASH_BENCH := $(B)/bench/bash/bash_bench
BASH_TREE := $(B)/bench/bash-tree
BASH_BASE := $(B)/bench/bash-base.img
BASH_IMG := $(B)/bench/bash.img
BASH_LOGS := $(B)/bench/bash-logs
# The same directory as fileio.mk's FILEIO_PEER_DIR (whose rule makes it),
# spelt out: fileio.mk is read after this file.
BASH_PEER_DIR := $(B)/cache/linux-peer-fs
BASH_CPIO := $(B)/bench/linux-bash.cpio
BENCH_BASH_BOOTS ?= 3
BENCH_BASH_TIMEOUT ?= 1200
BENCH_BASH_SCRIPTS ?=
BENCH_BASH_PROFILE_HZ ?= 250
BASH_PROF := $(B)/bench/bash-prof
# tools/profile.mk's PROF_DECODE_BIN, read after this file.
BASH_PROF_DECODE := $(B)/tools/prof-decode

TESTFS_DEPS += $(BASH_BENCH)
TESTFS_EXTRA += $(B)/bench/bash=test

$(BASH_BENCH): tests/bench/bash_bench.c tests/bench/peer_start.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -I$(TOP) $< -o $@

$(BASH_BASE): tools/bash-tree.sh tests/bench/bash-shape.sh tests/bench/bash.mk \
		$(B)/userland/root.stamp | $(SETUP_STAMP)
	tools/bash-tree.sh $(BASH_TREE) $(USERLAND_ROOT) tests/bench/bash-shape.sh
	@rm -f $@.tmp && truncate -s 64M $@.tmp
	mke2fs -q -t ext2 -b 4096 -E root_owner=0:0 -d $(BASH_TREE) -F $@.tmp
	@rm -rf $(BASH_TREE) && mv $@.tmp $@

$(BASH_CPIO): $(BASH_BENCH) $(BASH_PEER_DIR)/.done tools/linux-peer.py
	$(PYTHON) tools/linux-peer.py initramfs $(BASH_PEER_DIR) $< $@

# A pristine copy of the image for each boot, with BENCH_BASH_SCRIPTS.
define bash_disk
	@cp --sparse=always $(BASH_BASE) $(BASH_IMG)
	$(if $(strip $(BENCH_BASH_SCRIPTS)),@echo $(BENCH_BASH_SCRIPTS) > \
		$(B)/bench/bash-scripts && debugfs -w -R "write \
		$(B)/bench/bash-scripts /bench/scripts" $(BASH_IMG) > /dev/null 2>&1)
endef

# $(call bash_logs,DIR): the scripts' outputs, from the disk to DIR.
define bash_logs
	@rm -rf $(BASH_LOGS)/$(1) && mkdir -p $(BASH_LOGS)/$(1)
	@debugfs -R "rdump /logs $(BASH_LOGS)/$(1)" $(BASH_IMG) 2>/dev/null
endef

# $(call bash_qemu_maestro,LOG,APPEND,QEMU_ARGS): one boot of maestro, its
# serial output in LOG, the program's lines in LOG's .tmp.
define bash_qemu_maestro
	$(bash_disk)
	@timeout --foreground $(BENCH_BASH_TIMEOUT) $(QEMU) $(QEMU_ACCEL) -m 128 \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/bash_bench shutdown=poweroff console=ttyS0$(2)" \
		-drive file=$(BASH_IMG),if=ide,index=0,format=raw,$(BENCH_ATA_DRIVE_OPTS) \
		-display none -serial stdio $(3) -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | tee $(1) | \
		sed -n 's/^bash-bench: //p' > $(basename $(1)).tmp
endef

# $(call bench_bash_maestro,N): one boot; its lines in bash-N.txt.
define bench_bash_maestro
	$(call bash_qemu_maestro,$(B)/bench/bash-$(1).log)
	$(call bash_logs,maestro-$(1))
	@grep -qx done $(B)/bench/bash-$(1).tmp || \
		{ tail -n 30 $(B)/bench/bash-$(1).log; \
		  echo "bench-bash: maestro failed (build/bench/bash-$(1).log)"; exit 1; }
	@grep -vx done $(B)/bench/bash-$(1).tmp > $(B)/bench/bash-$(1).txt
	@rm $(B)/bench/bash-$(1).tmp

endef

# $(call bench_bash_linux,N): one boot of Linux; lines in linux-bash-N.txt.
define bench_bash_linux
	$(bash_disk)
	@$(LINUX_PEER_ENV) LINUX_PEER_TIMEOUT=$(BENCH_BASH_TIMEOUT) \
		$(PYTHON) tools/linux-peer.py run --prefix=bash-bench \
		$(BASH_PEER_DIR) $(BASH_CPIO) $(BASH_IMG) \
		$(B)/bench/linux-bash-$(1).txt
	$(call bash_logs,linux-$(1))

endef

bench-bash-maestro: $(B)/maestro.elf $(TESTFS) $(BASH_BASE)
	@mkdir -p $(B)/bench && rm -rf $(B)/bench/bash-*.txt \
		$(B)/bench/bash-*.log $(BASH_LOGS)/maestro-*
	$(foreach n,$(shell seq $(BENCH_BASH_BOOTS)),$(call bench_bash_maestro,$(n)))
	@cat $(B)/bench/bash-*.txt

bench-bash-linux: $(BASH_CPIO) $(BASH_BASE)
	@mkdir -p $(B)/bench && rm -rf $(B)/bench/linux-bash-*.txt \
		$(BASH_LOGS)/linux-*
	$(foreach n,$(shell seq $(BENCH_BASH_BOOTS)),$(call bench_bash_linux,$(n)))
	@cat $(B)/bench/linux-bash-*.txt

bench-bash: $(B)/maestro.elf $(TESTFS) $(BASH_CPIO) $(BASH_BASE)
	@mkdir -p $(B)/bench && rm -rf $(B)/bench/bash-*.txt \
		$(B)/bench/bash-*.log $(B)/bench/linux-bash-*.txt $(BASH_LOGS)
	@echo "bench-bash: $(BENCH_BASH_BOOTS) boots each of maestro and Linux"
	$(foreach n,$(shell seq $(BENCH_BASH_BOOTS)),$(call bench_bash_maestro,$(n))$(call bench_bash_linux,$(n)))
	@$(PYTHON) tools/linux-peer.py bash-table --logs $(BASH_LOGS) \
		$(B)/bench/bash-*.txt -- $(B)/bench/linux-bash-*.txt

bench-bash-profile: $(B)/maestro.elf $(TESTFS) $(BASH_BASE) $(BASH_PROF_DECODE)
	@rm -rf $(BASH_PROF) && mkdir -p $(BASH_PROF)
	$(call bash_qemu_maestro,$(BASH_PROF)/boot.log, profile=boot \
		hz=$(BENCH_BASH_PROFILE_HZ) profile_limit=900 profile_dump=com2,\
		-serial file:$(BASH_PROF)/prof.log)
	@grep -qx done $(BASH_PROF)/boot.tmp || \
		{ tail -n 30 $(BASH_PROF)/boot.log; \
		  echo "bench-bash: maestro failed ($(BASH_PROF)/boot.log)"; exit 1; }
	$(BASH_PROF_DECODE) --kallsyms $(B)/maestro.nm --root $(B)/rootfs-test \
		$(BASH_PROF)/prof.log > $(BASH_PROF)/bash.folded
	@grep -v '^status ' $(BASH_PROF)/boot.tmp
	@tools/prof-top $(BASH_PROF)/bash.folded

bench: bench-bash
.PHONY: bench-bash-maestro bench-bash-linux bench-bash bench-bash-profile
