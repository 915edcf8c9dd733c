# fs/ext2/: the ext2 filesystem driver; its in-kernel tests
# (tests/kernel/test_ext2*.c) and the images they mount, built by
# tests/kernel/ext2-images.sh with mke2fs -d and given to the test kernel
# as Multiboot modules (RAM disks, found by their labels).
EXT2_SRCS := fs/ext2/super.c fs/ext2/sbcheck.c fs/ext2/inode.c \
	fs/ext2/bmap.c fs/ext2/truncate.c fs/ext2/balloc.c fs/ext2/ialloc.c \
	fs/ext2/dir.c fs/ext2/dir_add.c fs/ext2/namei.c fs/ext2/symlink.c fs/ext2/file.c
EXT2_TEST_SRCS := tests/kernel/test_ext2_util.c tests/kernel/test_ext2_regress.c \
	tests/kernel/test_ext2_read.c tests/kernel/test_ext2_write.c \
	tests/kernel/test_ext2_bad.c tests/kernel/test_ext2_fuzz.c \
	tests/kernel/test_ext2_leave.c tests/kernel/test_names.c

EXT2_IMG_DIR := $(B)/test-images
EXT2_IMAGES := $(patsubst %,$(EXT2_IMG_DIR)/ext2-%.img,1k 2k 4k misc refused)

$(EXT2_IMG_DIR)/ext2.stamp: tests/kernel/ext2-images.sh | $(SETUP_STAMP)
	@mkdir -p $(@D)
	tests/kernel/ext2-images.sh $(@D) > $(@D)/ext2-images.log 2>&1 || \
		{ cat $(@D)/ext2-images.log; exit 1; }
	@touch $@
$(EXT2_IMAGES): $(EXT2_IMG_DIR)/ext2.stamp

# Until the VFS core (fs/blockmap.c and the rest) is in the tree, ext2 and
# its tests are only compiled (the test kernel depends on the objects),
# not linked.
ifneq ($(wildcard fs/blockmap.c),)
KERNEL_SRCS += $(EXT2_SRCS)
KTEST_SRCS += $(EXT2_TEST_SRCS)
KTEST_MODULES += $(EXT2_IMAGES)
else
KTEST_DEPS += $(call kobj,$(EXT2_SRCS) $(EXT2_TEST_SRCS)) $(EXT2_IMAGES)
endif

# make test-ext2-fsck: run the test kernel with its RAM in a file, cut the
# 1/2/4 KiB images out of it as the kernel left them, and check them with
# e2fsck -fn and debugfs (tests/kernel/ext2-fsck.py).
test-ext2-fsck: $(B)/maestro-test.elf $(EXT2_IMAGES)
	$(PYTHON) tests/kernel/ext2-fsck.py $(B)/maestro-test.elf $(KTEST_MODULES)
.PHONY: test-ext2-fsck
