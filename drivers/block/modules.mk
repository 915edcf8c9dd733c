# drivers/block/ modules: brd, RAM-backed block devices (brd.c), installed
# as /lib/modules/RELEASE/kernel/drivers/block/brd.ko.
$(eval $(call kmodule,brd,drivers/block/brd.c,drivers/block))
