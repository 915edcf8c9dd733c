# userland/init/init.mk: maestro's init (userland/init/*.c), a static i386
# musl program built with tools/i386-musl-gcc, installed in the root image
# as /sbin/init (the kernel starts it as pid 1).
INIT_SRCS := $(wildcard userland/init/*.c)
INIT_BIN := $(B)/userland/init/sbin/init
INIT_CFLAGS := -std=gnu11 -Os -Wall -Wextra -Werror -I$(TOP) -s

$(INIT_BIN): $(INIT_SRCS) userland/init/init.h tools/i386-musl-gcc | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST32CC) $(INIT_CFLAGS) $(INIT_SRCS) -o $@

init: $(INIT_BIN)

ROOTFS_DEPS += $(INIT_BIN)
ROOTFS_EXTRA += $(B)/userland/init=.

.PHONY: init
