# userland/profile/profile.mk: the profiler's user side.
#   build/userland/profile/profile	the `profile` command, static i386
#					musl, in the root image as /bin/profile
#					(staged in build/userland/profile-root);
#   build/tools/prof-decode		the host's decoder of raw logs
#					(tools/prof-decode.c);
#   build/host/prof-tests,		host tests of the decoding library
#   build/host32/prof-tests		(tests/host/prof/), under ASan/UBSan
#					and as static i386 (run through
#					tools/i386-exec); make test-host runs
#					and counts both.
# Both programs share the library userland/profile/pd_*.c (pd.h).  The
# tests' ELF inputs are small i386 programs built here from
# tests/host/prof/prog.c (unstripped, stripped, static-PIE), with nm's
# and readelf's views of them as the expected answers.
PROF_LIB_SRCS := $(wildcard userland/profile/pd_*.c)
PROF_CMD_SRCS := userland/profile/profile.c userland/profile/profile_opts.c
PROF_HDRS := userland/profile/pd.h userland/profile/profile.h kernel/prof/uapi.h
PROF_WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes
PROF_CFLAGS := -std=gnu11 -O2 -fno-omit-frame-pointer $(PROF_WARN) -I$(TOP)

PROF_BIN := $(B)/userland/profile/profile
PROF_ROOT := $(B)/userland/profile-root
PROF_DECODE := $(B)/tools/prof-decode

$(PROF_BIN): $(PROF_LIB_SRCS) $(PROF_CMD_SRCS) $(PROF_HDRS) \
		tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(PROF_CFLAGS) $(PROF_LIB_SRCS) $(PROF_CMD_SRCS) -o $@

$(PROF_ROOT)/bin/profile: $(PROF_BIN)
	@mkdir -p $(@D)
	cp $< $@

$(PROF_DECODE): tools/prof-decode.c $(PROF_LIB_SRCS) $(PROF_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(PROF_CFLAGS) tools/prof-decode.c $(PROF_LIB_SRCS) -o $@

profile: $(PROF_BIN) $(PROF_DECODE)
all: $(PROF_DECODE)

ROOTFS_DEPS += $(PROF_ROOT)/bin/profile
ROOTFS_EXTRA += $(PROF_ROOT)=.

# ---- host tests ------------------------------------------------------
PROF_TEST_DIR := $(B)/prof-test
PROF_TEST_SRCS := $(wildcard tests/host/prof/test_*.c) tests/host/prof/logbuf.c \
	tests/host/test_main.c
PROF_TEST_ALL := $(PROF_TEST_SRCS) $(PROF_LIB_SRCS) userland/profile/profile_opts.c
PROF_TEST_CFLAGS := -std=gnu11 $(PROF_WARN) -Wno-unused-parameter -I$(TOP) \
	-MD -MP -DPROF_TEST_DIR='"$(PROF_TEST_DIR)"'
PROF_TEST_OBJS := $(patsubst %.c,$(B)/host-prof/%.o,$(PROF_TEST_ALL))
PROF_TEST32_OBJS := $(patsubst %.c,$(B)/host32-prof/%.o,$(PROF_TEST_ALL))

$(B)/host-prof/%.o: %.c
	@mkdir -p $(@D)
	$(HOSTCC) $(PROF_TEST_CFLAGS) $(HOST_SAN) -c $< -o $@
$(B)/host32-prof/%.o: %.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(PROF_TEST_CFLAGS) -g -O2 -c $< -o $@

$(B)/host/prof-tests: $(PROF_TEST_OBJS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_SAN) $^ -o $@
$(B)/host32/prof-tests: $(PROF_TEST32_OBJS) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $^ -o $@

# The ELF inputs and what nm and readelf say of them.
PROF_PROG_FLAGS := -std=gnu11 -O1 -fno-omit-frame-pointer -fno-inline
$(PROF_TEST_DIR)/prog: tests/host/prof/prog.c tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(PROF_PROG_FLAGS) $< -o $@
$(PROF_TEST_DIR)/prog-pie: tests/host/prof/prog.c tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(PROF_PROG_FLAGS) -fPIE -static-pie $< -o $@
$(PROF_TEST_DIR)/prog-stripped: $(PROF_TEST_DIR)/prog
	$(CROSS_STRIP) -o $@ $<
$(PROF_TEST_DIR)/%.nm: $(PROF_TEST_DIR)/%
	$(NM) -n --defined-only $< > $@
$(PROF_TEST_DIR)/%.readelf: $(PROF_TEST_DIR)/%
	readelf -lW $< > $@
CROSS_STRIP := $(CROSS)strip
PROF_TEST_DATA := $(addprefix $(PROF_TEST_DIR)/,prog prog-pie prog-stripped \
	prog.nm prog-pie.nm prog.readelf prog-pie.readelf)

prof-tests: $(B)/host/prof-tests $(B)/host32/prof-tests $(PROF_TEST_DATA)

# test-host runs both and adds their logs to its sum.
test-host: prof-tests $(PROF_DECODE) $(PROF_BIN)
HOST_EXTRA_TESTS += prof

-include $(shell find $(B)/host-prof $(B)/host32-prof -name '*.d' 2>/dev/null)

.PHONY: profile prof-tests
