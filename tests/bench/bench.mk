# tests/bench/: benchmarks, run on the build machine's CPU.  `make bench`
# runs them all; each benchmark adds its own phony target as a
# prerequisite of bench.
#
# bench-strlen: lib's strlen, compiled with the kernel's code-generation
# flags (and renamed lib_strlen), against a byte loop and musl's strlen,
# in two static musl programs built from the same tests/bench/strlen_bench.c:
#   build/bench/strlen_bench	i386 (tools/i386-musl-gcc), 32-bit words as
#				in the kernel;
#   build/bench64/strlen_bench	x86_64 (tools/x86_64-musl-gcc, the host's
#				gcc), 64-bit words, against musl's x86_64
#				strlen (its generic C one).
# Timing an i386 program under an emulator would time the emulator, so the
# 32-bit program runs only when `tools/i386-exec --mode` is native; the
# 64-bit one always runs.  Each row of the output names its word size.

BENCH_CC := tools/i386-musl-gcc
BENCH_CC64 := tools/x86_64-musl-gcc
BENCH_CFLAGS := -std=gnu11 -O2 -g -fno-pie -fno-pic \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls \
	-fno-builtin -fno-tree-loop-distribute-patterns \
	-I$(TOP) -MD -MP $(filter-out -Wframe-larger-than=%,$(WARN))
# -mno-sse as the kernel; the x86_64 ABI passes doubles in SSE registers,
# so there only lib's code goes without.
BENCH_ARCH := -march=i686 -mno-sse -mno-mmx
BENCH_LIB_ARCH := $(BENCH_ARCH)
BENCH_ARCH64 :=
BENCH_LIB_ARCH64 := -mno-sse -mno-mmx

# Where the linker puts a function can change its speed a lot: musl's
# strlen was seen running twice as slowly at one 16-byte position modulo 64
# as at the others.  So that neither side wins by luck, the benchmark also
# links renamed copies of the object code at chosen positions (each after a
# pad that starts on 64 bytes) and compares lib's WORST placement with
# musl's BEST: musl's strlen.lo at 0, 16, 32 and 48 modulo 64, lib's
# strlen.o at 0 and 32 (its .text is 32-byte aligned, so those are the only
# places it can land, in the kernel too).
MUSL_LIBC := $(or $(MUSL_SYSROOT),$(TOP)/build/sysroot)/usr/lib/i386-linux-musl/libc.a
MUSL_LIBC64 := $(or $(MUSL_SYSROOT64),$(TOP)/build/sysroot64)/usr/lib/x86_64-linux-musl/libc.a
BENCH_MUSL_PLACES := 0 16 32 48
BENCH_LIB_PLACES := 0 32

bench_skip = $(if $(filter-out 0,$(1)),'.skip $(1)')
# $(call bench_placed,DIR,NAME,PLACES): each placed copy after its pad.
bench_placed = $(foreach k,$(3),$(1)/place/pad-$(2)-$(k).o \
	$(1)/place/$(2)-$(k).o)

# $(call bench_strlen_rules,DIR,CC,ARCH,LIB_ARCH,LIBC,OBJCOPY): the objects
# and the program DIR/strlen_bench.
define bench_strlen_rules
$(1)/lib/%.o: lib/%.c | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(2) $$(BENCH_CFLAGS) $(4) $$(LIB_CFLAGS) \
		-include $$(TOP)/tests/host/lib_rename.h -c $$< -o $$@

$(1)/tests/bench/%.o: tests/bench/%.c | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(2) $$(BENCH_CFLAGS) $(3) -c $$< -o $$@

$(1)/musl/strlen.lo: | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	cd $$(@D) && ar x $(5) strlen.lo

$(1)/place/musl-%.o: $(1)/musl/strlen.lo
	@mkdir -p $$(@D)
	$(6) --redefine-sym strlen=musl_strlen_$$* $$< $$@

$(1)/place/lib-%.o: $(1)/lib/strlen.o
	@mkdir -p $$(@D)
	$(6) --redefine-sym lib_strlen=lib_strlen_$$* \
		--redefine-sym lib_strnlen=lib_strnlen_$$* $$< $$@

# pad-NAME-K.o: K bytes of code padding that start on 64 bytes.
$(1)/place/pad-%.o: | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	printf '%s\n' '.section .text.pad,"ax",@progbits' '.balign 64' \
		$$(call bench_skip,$$(lastword $$(subst -, ,$$*))) \
		'.section .note.GNU-stack,"",@progbits' | \
		$(2) -c -x assembler - -o $$@

# The order of these objects is the order of their code in the program.
$(1)/strlen_bench: $(1)/tests/bench/strlen_bench.o $(1)/lib/strlen.o \
		$$(call bench_placed,$(1),lib,$$(BENCH_LIB_PLACES)) \
		$$(call bench_placed,$(1),musl,$$(BENCH_MUSL_PLACES)) \
		| $$(SETUP_STAMP)
	$(2) -no-pie $$^ -o $$@
endef

$(eval $(call bench_strlen_rules,$(B)/bench,$(BENCH_CC),$(BENCH_ARCH),$(BENCH_LIB_ARCH),$(MUSL_LIBC),$(OBJCOPY)))
$(eval $(call bench_strlen_rules,$(B)/bench64,$(BENCH_CC64),$(BENCH_ARCH64),$(BENCH_LIB_ARCH64),$(MUSL_LIBC64),objcopy))

# $(call bench_host_pair,TARGET,PROGRAM): a recipe that runs
# build/bench/PROGRAM (i386) when `tools/i386-exec --mode` says native, else
# says why not, then build/bench64/PROGRAM (x86_64).
define bench_host_pair
	@mode=$$($(I386_RUNNER) --mode) || exit 1; \
	if [ "$$mode" = native ]; then \
		$(I386_RUNNER) $(B)/bench/$(2) && echo || exit 1; \
	else \
		echo "$(1): i386 programs would run emulated" \
			"here (tools/i386-exec --mode: $$mode), which times" \
			"the emulator: the 64-bit build only"; \
	fi; \
	$(B)/bench64/$(2)
endef

bench-strlen: $(B)/bench/strlen_bench $(B)/bench64/strlen_bench
	$(call bench_host_pair,bench-strlen,strlen_bench)

bench: bench-strlen

.PHONY: bench bench-strlen
-include $(shell find $(B)/bench $(B)/bench64 -name '*.d' 2>/dev/null)

# $(call bench_guest,PROGRAM,PREFIX,OUT,TIMEOUT,MEMORY_MIB): boot maestro
# (TCG) with the root image as a module and /test/PROGRAM as init, keep
# the console lines that start with "PREFIX: " (prefix removed) in OUT,
# and fail, showing them, unless the last says "done".  A recipe's body
# for the benchmarks that run as init (bench-prof, bench-modload).
define bench_guest
	@mkdir -p $(dir $(3))
	@timeout --foreground $(4) $(QEMU) $(QEMU_ACCEL) -m $(5) \
		-kernel $(B)/maestro.elf -initrd "$(TESTFS) rootfs" \
		-append "init=/test/$(1) shutdown=poweroff console=ttyS0" \
		-display none -serial stdio -monitor none -no-reboot < /dev/null | \
		tr -d '\r' | sed -n 's/^$(2): //p' > $(3)
	@grep -qx done $(3) || { cat $(3); echo "$(2): failed"; exit 1; }
endef
