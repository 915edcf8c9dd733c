KERNEL_SRCS += drivers/block/blkdev.c drivers/block/mbr.c drivers/block/ramdisk.c \
	drivers/block/rampages.c
