# tests/host/: unit tests for the pure code (lib/ for now), built twice and
# run on the build machine:
#   build/host/unit-tests	host gcc, AddressSanitizer + UBSan, 64-bit words;
#   build/host32/unit-tests	static i386 against musl (tools/i386-musl-gcc),
#				32-bit words, as in the kernel.  It runs through
#				tools/i386-exec: natively, or under qemu-i386 on a
#				host that cannot run i386 programs; its log
#				starts with the way it ran ("runner: native").
# `make test-host` runs both, prints their results with a [host] or [i386]
# prefix, then the self-tests of tools/ksyms.py (the symbol-table
# generator) and tools/vdso-check.py (on the built vDSO), then the tests
# other fragments add (HOST_SELFTEST_RUN: shell commands, each ending in
# ';', that write the logs named in HOST_SELFTEST_LOGS and show them with a
# prefix; such a fragment also adds what they need as prerequisites of
# test-host), and ends with one combined line "N passed, N failed".
#
# lib/ defines functions with the C library's names (strlen, snprintf...);
# every source here except libc_ref.c is compiled with -include
# tests/host/lib_rename.h, which renames lib's copies to lib_strlen, etc.
# Other folders add the code they want tested to HOST_TEST_UNITS and their
# test files to tests/host/.  Code that runs on the real C library (user
# programs) may bring its own test program instead: NAME in
# HOST_EXTRA_TESTS means build/host/NAME-tests (ASan/UBSan) and
# build/host32/NAME-tests (static i386), which the folder's fragment
# builds (and makes test-host depend on), run here and counted in the
# sum, prefixed [NAME] and [NAME-i386].
HOST_EXTRA_TESTS :=

HOST_TEST_UNITS += $(LIB_SRCS)
HOST_TEST_SRCS := $(wildcard tests/host/*.c)
HOST_TEST_ALL := $(sort $(HOST_TEST_UNITS) $(HOST_TEST_SRCS))

HOST_TEST_BIN := $(B)/host/unit-tests
HOST32_TEST_BIN := $(B)/host32/unit-tests
HOST_TEST_OBJS := $(patsubst %.c,$(B)/host/%.o,$(HOST_TEST_ALL))
HOST32_TEST_OBJS := $(patsubst %.c,$(B)/host32/%.o,$(HOST_TEST_ALL))

HOST32CC := tools/i386-musl-gcc
HOST_TEST_CFLAGS := -std=gnu11 -I$(TOP) -MD -MP -U_FORTIFY_SOURCE \
	$(filter-out -Wframe-larger-than=%,$(WARN)) \
	-fno-builtin -fno-tree-loop-distribute-patterns
HOST_TEST_RENAME := -include $(TOP)/tests/host/lib_rename.h
HOST_SAN := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
HOST32_OPT := -g -O2

# The C library's own vsnprintf, as the reference: no renaming here.
$(B)/host/tests/host/libc_ref.o $(B)/host32/tests/host/libc_ref.o: \
	HOST_TEST_RENAME :=

$(B)/host/%.o: %.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_TEST_CFLAGS) $(HOST_SAN) $(HOST_TEST_RENAME) \
		-c $< -o $@

$(B)/host32/%.o: %.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(HOST_TEST_CFLAGS) $(HOST32_OPT) $(HOST_TEST_RENAME) \
		-c $< -o $@

$(HOST_TEST_BIN): $(HOST_TEST_OBJS)
	$(HOSTCC) $(HOST_SAN) $^ -o $@

$(HOST32_TEST_BIN): $(HOST32_TEST_OBJS) | $(SETUP_STAMP)
	$(HOST32CC) $^ -o $@

# Each program's output goes to a log, is shown with a prefix, and the
# logs are summed; a program that crashes before its summary line counts
# as a failure (tools/sum-results.sh).
test-host: $(HOST_TEST_BIN) $(HOST32_TEST_BIN)
	@ASAN_OPTIONS=detect_leaks=1 $(HOST_TEST_BIN) \
		> $(B)/host/results.log 2>&1; \
	sed 's/^/[host] /' $(B)/host/results.log; \
	$(I386_RUNNER) -v $(HOST32_TEST_BIN) > $(B)/host32/results.log 2>&1; \
	sed 's/^/[i386] /' $(B)/host32/results.log; \
	$(PYTHON) tools/ksyms.py --selftest > $(B)/host/ksyms-selftest.log 2>&1; \
	sed 's/^/[ksyms.py] /' $(B)/host/ksyms-selftest.log; \
	$(PYTHON) tools/vdso-check.py --selftest $(VDSO_SO) \
		> $(B)/host/vdso-selftest.log 2>&1; \
	sed 's/^/[vdso-check.py] /' $(B)/host/vdso-selftest.log; \
	$(HOST_SELFTEST_RUN) \
	for t in $(HOST_EXTRA_TESTS); do \
		ASAN_OPTIONS=detect_leaks=1 $(B)/host/$$t-tests \
			> $(B)/host/$$t-results.log 2>&1; \
		sed "s/^/[$$t] /" $(B)/host/$$t-results.log; \
		$(I386_RUNNER) -v $(B)/host32/$$t-tests \
			> $(B)/host32/$$t-results.log 2>&1; \
		sed "s/^/[$$t-i386] /" $(B)/host32/$$t-results.log; \
	done; \
	tools/sum-results.sh $(B)/host/results.log $(B)/host32/results.log \
		$(B)/host/ksyms-selftest.log $(B)/host/vdso-selftest.log \
		$(HOST_SELFTEST_LOGS) \
		$(foreach t,$(HOST_EXTRA_TESTS),$(B)/host/$(t)-results.log \
			$(B)/host32/$(t)-results.log)

.PHONY: test-host
-include $(shell find $(B)/host32 -name '*.d' 2>/dev/null)
