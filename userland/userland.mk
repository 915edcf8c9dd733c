# userland/userland.mk: bash and busybox from Debian's source packages,
# static i386 musl programs in the root image.
#   make userland	runs userland/build.sh for each: it takes the binary
#			from the cache (~/.cache/maestro/userland/, keyed by
#			the Debian version and the build recipe) or builds it
#			(apt-get source, then configure and make with
#			tools/i386-musl-gcc, as cross builds that run no
#			i386 program on this machine; with frame pointers,
#			and stripped of debug information only, so that the
#			profiler can unwind and name their user frames), into
#			build/userland/bin/, busybox with busybox.links, its
#			applet list from the build; then userland/stage.sh
#			lays out build/userland/root/ (/bin/bash,
#			/bin/busybox, /bin/sh -> bash, the applet links),
#			which the root image copies.
# build.sh runs on every make (a cache hit costs well under a second: it
# asks apt which version it would fetch now), and replaces the binary in
# build/userland/bin/ only when it changed, so that the image is rebuilt
# only then.
USERLAND_BIN := $(B)/userland/bin
USERLAND_ROOT := $(B)/userland/root
USERLAND_PROGS := $(USERLAND_BIN)/bash $(USERLAND_BIN)/busybox

$(USERLAND_BIN)/%: FORCE | $(SETUP_STAMP)
	userland/build.sh $* $(USERLAND_BIN)

# build.sh busybox writes busybox.links beside busybox.
$(USERLAND_BIN)/busybox.links: $(USERLAND_BIN)/busybox ;

$(B)/userland/root.stamp: $(USERLAND_PROGS) $(USERLAND_BIN)/busybox.links \
		userland/stage.sh
	userland/stage.sh $(USERLAND_BIN) $(USERLAND_ROOT)
	@touch $@

userland: $(B)/userland/root.stamp

ROOTFS_DEPS += $(B)/userland/root.stamp
ROOTFS_EXTRA += $(USERLAND_ROOT)=.

.PHONY: userland FORCE
FORCE:

# The shell tests (tests/system/shell.py): tests/shell/ in the test image
# as /test/shell, run.sh being init.
TESTFS_DEPS += $(wildcard tests/shell/*)
TESTFS_EXTRA += tests/shell=test/shell
