# drivers/ata/: the PATA driver, its tests and their disk images.
KERNEL_SRCS += drivers/ata/probe.c drivers/ata/identify.c drivers/ata/port.c drivers/ata/io.c \
	drivers/ata/dma.c drivers/ata/pio.c drivers/ata/error.c \
	drivers/ata/control.c drivers/ata/flush.c
KTEST_SRCS += tests/kernel/test_ata_probe.c tests/kernel/test_ata_io.c \
	tests/kernel/test_ata_queue.c tests/kernel/test_ata_error.c

# The test kernel's disks (tests/kernel/ata_util.h): hda 16 MiB, hdb and
# hdd 2 MiB, each an MBR with one partition from sector 2048 and every
# other sector holding its own number.  snapshot=on: writes never reach
# the files, so every run starts from the same contents.  IDE index 2
# (secondary master) is QEMU's default CD-ROM, which the probe skips.
ATA_TEST_IMAGES := $(B)/test-images/ata-hda.img $(B)/test-images/ata-hdb.img \
	$(B)/test-images/ata-hdd.img
$(B)/test-images/ata-hda.img: tools/mkdisk.py
	@mkdir -p $(@D)
	$(PYTHON) tools/mkdisk.py $@ 16
$(B)/test-images/ata-hdb.img $(B)/test-images/ata-hdd.img: tools/mkdisk.py
	@mkdir -p $(@D)
	$(PYTHON) tools/mkdisk.py $@ 2
KTEST_DEPS += $(ATA_TEST_IMAGES)
ata_drive = -drive file=$(1),if=ide,index=$(2),format=raw,snapshot=on
KTEST_QEMU_ARGS += $(call ata_drive,$(B)/test-images/ata-hda.img,0) \
	$(call ata_drive,$(B)/test-images/ata-hdb.img,1) \
	$(call ata_drive,$(B)/test-images/ata-hdd.img,3)
