# fs/ext2/: the ext2 filesystem driver, its in-kernel tests
# (tests/kernel/test_ext2*.c) and the test images they mount.
EXT2_SRCS := fs/ext2/super.c fs/ext2/sbcheck.c fs/ext2/inode.c \
	fs/ext2/bmap.c fs/ext2/truncate.c fs/ext2/balloc.c fs/ext2/ialloc.c \
	fs/ext2/dir.c fs/ext2/namei.c fs/ext2/symlink.c fs/ext2/file.c

# Until the VFS core (fs/vfs.c) and the buffer layer (fs/buffer.c) are
# in the tree, ext2 is only compiled (the test kernel depends on its
# objects), not linked.
ifneq ($(wildcard fs/vfs.c)$(wildcard fs/buffer.c),)
KERNEL_SRCS += $(EXT2_SRCS)
else
KTEST_DEPS += $(call kobj,$(EXT2_SRCS))
endif
