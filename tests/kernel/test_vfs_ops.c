/*
 * test_vfs_ops.c: the namespace calls on ramfs: mkdir and rmdir, link
 * counts, unlink, mknod, and every rename case of Linux's.
 */
#include "tests/kernel/vfs_sandbox.h"

static long nlink_of(const char *path)
{
	struct kstat st;
	int err = vfs_stat(path, false, &st);

	return err ? err : (long)st.nlink;
}

KTEST(vfs_ops, mkdir_rmdir)
{
	struct sandbox s;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/d", 0755), -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/", 0755), -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/d/.", 0755), -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/x/y", 0755), -ENOENT);
	KT_EXPECT_EQ(ctx, nlink_of("/"), 3);
	KT_EXPECT_EQ(ctx, nlink_of("/d"), 2);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d/e", 0755), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/d"), 3);
	KT_ASSERT_EQ(ctx, put_file("/d/f", "", 0), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d"), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d/f"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d/e/."), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d/e/.."), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/"), -EBUSY);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/none"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_unlink("/d/e"), -EISDIR);
	KT_EXPECT_EQ(ctx, vfs_unlink("/d/f/"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_unlink("/"), -EISDIR);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d/e/"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/d"), 2);
	KT_EXPECT_EQ(ctx, vfs_unlink("/d/f"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/d/f"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/d"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/"), 2);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_ops, links_and_nodes)
{
	struct sandbox s;
	struct kstat st;
	char buf[8];

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/f", "abc", 3), 3);
	KT_EXPECT_EQ(ctx, vfs_link("/f", "/d/g"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/f"), 2);
	KT_EXPECT_EQ(ctx, ino_of("/d/g"), ino_of("/f"));
	KT_EXPECT_EQ(ctx, vfs_link("/f", "/d/g"), -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_link("/d", "/d2"), -EPERM);
	KT_EXPECT_EQ(ctx, vfs_link("/none", "/x"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_unlink("/f"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/d/g"), 1);
	KT_EXPECT_EQ(ctx, get_file("/d/g", buf, sizeof(buf)), 3);
	/* A link to a symlink is to the link itself. */
	KT_ASSERT_EQ(ctx, vfs_symlink("d/g", "/sl"), 0);
	KT_EXPECT_EQ(ctx, vfs_link("/sl", "/sl2"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/sl"), 2);
	KT_EXPECT_EQ(ctx, nlink_of("/d/g"), 1);
	/* Device nodes and fifos. */
	KT_EXPECT_EQ(ctx, vfs_mknod("/null", S_IFCHR | 0666, MKDEV(1, 3)), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/null", false, &st), 0);
	KT_EXPECT(ctx, S_ISCHR(st.mode));
	KT_EXPECT_EQ(ctx, st.rdev, MKDEV(1, 3));
	KT_EXPECT_EQ(ctx, vfs_mknod("/dir", S_IFDIR | 0755, 0), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_mknod("/plain", 0600, 0), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/plain", false, &st), 0);
	KT_EXPECT(ctx, S_ISREG(st.mode));
	vfs_cred.uid = 1000;
	KT_EXPECT_EQ(ctx, vfs_mknod("/d/blk", S_IFBLK | 0600, 0), -EPERM);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_ops, rename_files)
{
	struct sandbox s;
	char buf[8];
	long ino;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/a", "A", 1), 1);
	KT_ASSERT_EQ(ctx, put_file("/b", "B", 1), 1);
	ino = ino_of("/a");
	KT_EXPECT_EQ(ctx, vfs_rename("/a", "/b"), 0);	/* replaces b */
	KT_EXPECT_EQ(ctx, ino_of("/a"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/b"), ino);
	KT_EXPECT_EQ(ctx, get_file("/b", buf, sizeof(buf)), 1);
	KT_EXPECT(ctx, buf[0] == 'A');
	KT_EXPECT_EQ(ctx, vfs_rename("/b", "/d/c"), 0);	/* across dirs */
	KT_EXPECT_EQ(ctx, ino_of("/d/c"), ino);
	KT_EXPECT_EQ(ctx, vfs_rename("/none", "/x"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/c", "/d"), -EISDIR);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/c", "/d/c/"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/.", "/e"), -EBUSY);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/c", "/d/.."), -EBUSY);
	/* Two links of one inode: nothing happens. */
	KT_ASSERT_EQ(ctx, vfs_link("/d/c", "/d/c2"), 0);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/c", "/d/c2"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/d/c"), ino);
	KT_EXPECT_EQ(ctx, ino_of("/d/c2"), ino);
	KT_EXPECT_EQ(ctx, nlink_of("/d/c"), 2);
	KT_EXPECT_EQ(ctx, vfs_rename("/d/c", "/d/c"), 0);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_ops, rename_dirs)
{
	struct sandbox s;
	long ino;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/p", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/q", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/p/d", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/p/d/sub", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/q/full", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/q/full/x", "", 0), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/q/empty", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/q/file", "", 0), 0);
	ino = ino_of("/p/d");
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d", "/q/full"), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d", "/q/file"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d", "/p/d/sub/in"), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d", "/p/d/in"), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_rename("/p", "/p/d/sub"), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d/sub", "/p"), -ENOTEMPTY);
	KT_EXPECT_EQ(ctx, vfs_rename("/", "/q/r"), -EBUSY);
	KT_EXPECT_EQ(ctx, nlink_of("/q"), 4);
	KT_EXPECT_EQ(ctx, vfs_rename("/p/d/", "/q/empty/"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/q/empty"), ino);
	KT_EXPECT_EQ(ctx, ino_of("/q/empty/sub/../.."), ino_of("/q"));
	KT_EXPECT_EQ(ctx, nlink_of("/p"), 2);
	KT_EXPECT_EQ(ctx, nlink_of("/q"), 4);
	KT_EXPECT_EQ(ctx, vfs_rename("/q/empty", "/d2"), 0);
	KT_EXPECT_EQ(ctx, nlink_of("/q"), 3);
	KT_EXPECT_EQ(ctx, ino_of("/d2/sub/.."), ino);
	KT_EXPECT_EQ(ctx, ino_of("/d2/.."), ino_of("/"));
	SANDBOX_END(ctx, &s);
}
