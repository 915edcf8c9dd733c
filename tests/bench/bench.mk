# tests/bench/: benchmarks, run on the build machine's CPU as static i386
# programs (32-bit words, as in the kernel).  `make bench` runs them all;
# each benchmark adds its own phony target as a prerequisite of bench.
#
# bench-strlen: lib's strlen, compiled with the kernel's code-generation
# flags (and renamed lib_strlen), against a byte loop and musl's strlen.

BENCH_CC := tools/i386-musl-gcc
BENCH_CFLAGS := -std=gnu11 -O2 -g -march=i686 -fno-pie -fno-pic \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls -mno-sse \
	-mno-mmx -fno-builtin -fno-tree-loop-distribute-patterns \
	-I$(TOP) -MD -MP $(filter-out -Wframe-larger-than=%,$(WARN))

$(B)/bench/lib/%.o: lib/%.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) $(BENCH_CFLAGS) $(LIB_CFLAGS) \
		-include $(TOP)/tests/host/lib_rename.h -c $< -o $@

$(B)/bench/tests/bench/%.o: tests/bench/%.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(BENCH_CC) $(BENCH_CFLAGS) -c $< -o $@

# Where the linker puts a function can change its speed a lot: musl's
# strlen was seen running twice as slowly at one 16-byte position modulo 64
# as at the others.  So that neither side wins by luck, the benchmark also
# links renamed copies of the object code at chosen positions (each after a
# pad that starts on 64 bytes) and compares lib's WORST placement with
# musl's BEST: musl's strlen.lo at 0, 16, 32 and 48 modulo 64, lib's
# strlen.o at 0 and 32 (its .text is 32-byte aligned, so those are the only
# places it can land, in the kernel too).
MUSL_LIBC := $(or $(MUSL_SYSROOT),$(TOP)/build/sysroot)/usr/lib/i386-linux-musl/libc.a
BENCH_MUSL_PLACES := 0 16 32 48
BENCH_LIB_PLACES := 0 32

$(B)/bench/musl/strlen.lo: | $(SETUP_STAMP)
	@mkdir -p $(@D)
	cd $(@D) && ar x $(MUSL_LIBC) strlen.lo

$(B)/bench/place/musl-%.o: $(B)/bench/musl/strlen.lo
	@mkdir -p $(@D)
	$(OBJCOPY) --redefine-sym strlen=musl_strlen_$* $< $@

$(B)/bench/place/lib-%.o: $(B)/bench/lib/strlen.o
	@mkdir -p $(@D)
	$(OBJCOPY) --redefine-sym lib_strlen=lib_strlen_$* \
		--redefine-sym lib_strnlen=lib_strnlen_$* $< $@

# pad-NAME-K.o: K bytes of code padding that start on 64 bytes.
bench_skip = $(if $(filter-out 0,$(1)),'.skip $(1)')
$(B)/bench/place/pad-%.o: | $(SETUP_STAMP)
	@mkdir -p $(@D)
	printf '%s\n' '.section .text.pad,"ax",@progbits' '.balign 64' \
		$(call bench_skip,$(lastword $(subst -, ,$*))) \
		'.section .note.GNU-stack,"",@progbits' | \
		$(BENCH_CC) -c -x assembler - -o $@

bench_placed = $(foreach k,$(2),$(B)/bench/place/pad-$(1)-$(k).o \
	$(B)/bench/place/$(1)-$(k).o)

# The order of these objects is the order of their code in the program.
STRLEN_BENCH_OBJS := $(B)/bench/tests/bench/strlen_bench.o \
	$(B)/bench/lib/strlen.o \
	$(call bench_placed,lib,$(BENCH_LIB_PLACES)) \
	$(call bench_placed,musl,$(BENCH_MUSL_PLACES))

$(B)/bench/strlen_bench: $(STRLEN_BENCH_OBJS) | $(SETUP_STAMP)
	$(BENCH_CC) -no-pie $^ -o $@

bench-strlen: $(B)/bench/strlen_bench
	$<

bench: bench-strlen

.PHONY: bench bench-strlen
-include $(shell find $(B)/bench -name '*.d' 2>/dev/null)
