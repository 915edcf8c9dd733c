/*
 * test_vfs_namei.c: path lookup: ".", "..", slashes, mount crossing both
 * ways, symbolic links, and the errors (-ELOOP, -ENAMETOOLONG, -ENOTDIR,
 * -ENOENT, -EACCES); permission rules with a non-root vfs_cred.
 */
#include "lib/printf.h"
#include "mm/mm.h"
#include "tests/kernel/vfs_sandbox.h"

KTEST(vfs_namei, dots_and_slashes)
{
	struct sandbox s;
	long a, b, root;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/b", 0755), 0);
	root = ino_of("/");
	a = ino_of("/a");
	b = ino_of("/a/b");
	KT_EXPECT(ctx, root > 0 && a > 0 && b > 0 && a != b);
	KT_EXPECT_EQ(ctx, ino_of("a/b"), b);
	KT_EXPECT_EQ(ctx, ino_of("//a///b//"), b);
	KT_EXPECT_EQ(ctx, ino_of("/a/./b/."), b);
	KT_EXPECT_EQ(ctx, ino_of("/a/b/.."), a);
	KT_EXPECT_EQ(ctx, ino_of("/a/b/../../a/b"), b);
	KT_EXPECT_EQ(ctx, ino_of("/.."), root);
	KT_EXPECT_EQ(ctx, ino_of("/../../a"), a);
	KT_EXPECT_EQ(ctx, ino_of("."), root);
	KT_EXPECT_EQ(ctx, ino_of(""), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/a/c"), -ENOENT);
	KT_EXPECT_EQ(ctx, ino_of("/a/c/d"), -ENOENT);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_namei, not_a_directory)
{
	struct sandbox s;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, put_file("/f", "x", 1), 1);
	KT_EXPECT(ctx, ino_of("/f") > 0);
	KT_EXPECT_EQ(ctx, ino_of("/f/"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, ino_of("/f/."), -ENOTDIR);
	KT_EXPECT_EQ(ctx, ino_of("/f/x"), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/f/d", 0755), -ENOTDIR);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/d/", 0755), 0);
	KT_EXPECT(ctx, ino_of("/d/") > 0);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_namei, name_too_long)
{
	struct sandbox s;
	char *p = kmalloc(PATH_MAX + 8);

	KT_ASSERT(ctx, p != NULL);
	SANDBOX(ctx, &s);
	memset(p, 'n', NAME_MAX + 1);
	p[NAME_MAX + 1] = '\0';
	KT_EXPECT_EQ(ctx, ino_of(p), -ENAMETOOLONG);
	KT_EXPECT_EQ(ctx, vfs_mkdir(p, 0755), -ENAMETOOLONG);
	p[NAME_MAX] = '\0';		/* NAME_MAX itself is fine */
	KT_EXPECT_EQ(ctx, vfs_mkdir(p, 0755), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir(p), 0);
	for (int i = 0; i < PATH_MAX; i += 2)
		p[i] = '/', p[i + 1] = '.';
	p[PATH_MAX] = '\0';		/* PATH_MAX bytes: too long */
	KT_EXPECT_EQ(ctx, ino_of(p), -ENAMETOOLONG);
	p[PATH_MAX - 2] = '\0';		/* PATH_MAX - 2 bytes: "/./././." */
	KT_EXPECT_EQ(ctx, ino_of(p), ino_of("/"));
	SANDBOX_END(ctx, &s);
	kfree(p);
}

KTEST(vfs_namei, mount_crossing)
{
	struct sandbox s;
	struct kstat st_root, st_mnt;
	struct file *f;
	long root, sub;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/mnt", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/a/mnt/hidden", "h", 1), 1);
	KT_ASSERT_EQ(ctx, vfs_mount(NULL, "/a/mnt", "ramfs", 0, NULL), 0);
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/hidden"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_mount(NULL, "/a/mnt", "ramfs", 0, NULL), -EBUSY);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/mnt/sub", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/", true, &st_root), 0);
	KT_ASSERT_EQ(ctx, vfs_stat("/a/mnt", true, &st_mnt), 0);
	KT_EXPECT(ctx, st_root.dev != st_mnt.dev);
	root = ino_of("/");
	sub = ino_of("/a/mnt/sub");
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/.."), ino_of("/a"));
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/sub/../../.."), root);
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/sub/../../mnt/sub"), sub);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/a/mnt"), -EBUSY);
	KT_EXPECT_EQ(ctx, vfs_rename("/a/mnt/sub", "/a/sub"), -EXDEV);
	KT_EXPECT_EQ(ctx, vfs_link("/a/mnt/sub", "/a/l"), -EPERM);
	KT_ASSERT_EQ(ctx, put_file("/a/mnt/f", "f", 1), 1);
	KT_EXPECT_EQ(ctx, vfs_link("/a/mnt/f", "/a/l"), -EXDEV);
	/* An open file keeps it busy. */
	f = vfs_open("/a/mnt/f", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_umount("/a/mnt"), -EBUSY);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, vfs_umount("/a"), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_umount("/a/mnt/"), 0);
	KT_EXPECT(ctx, ino_of("/a/mnt/hidden") > 0);
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/sub"), -ENOENT);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_namei, symlinks)
{
	struct sandbox s;
	struct kstat st;
	char buf[64];
	long b;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/b", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/a/b/f", "data", 4), 4);
	b = ino_of("/a/b");
	KT_ASSERT_EQ(ctx, vfs_symlink("/a/b", "/abs"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("b", "/a/rel"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("../rel/", "/a/b/up"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("abs", "/chain"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("nowhere", "/dangling"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/abs"), b);
	KT_EXPECT_EQ(ctx, ino_of("/a/rel"), b);
	KT_EXPECT_EQ(ctx, ino_of("/a/b/up"), b);
	KT_EXPECT_EQ(ctx, ino_of("/chain/up/up/f"), ino_of("/a/b/f"));
	KT_EXPECT_EQ(ctx, ino_of("/chain/../b"), b);	/* .. of the target */
	KT_EXPECT_EQ(ctx, ino_of("/dangling"), -ENOENT);
	KT_ASSERT_EQ(ctx, vfs_stat("/chain", false, &st), 0);
	KT_EXPECT(ctx, S_ISLNK(st.mode));
	KT_EXPECT_EQ(ctx, st.size, 3);
	KT_EXPECT_EQ(ctx, vfs_readlink("/a/b/up", buf, sizeof(buf)), 7);
	KT_EXPECT(ctx, memcmp(buf, "../rel/", 7) == 0);
	KT_EXPECT_EQ(ctx, vfs_readlink("/a/b", buf, sizeof(buf)), -EINVAL);
	KT_EXPECT_EQ(ctx, get_file("/chain/f", buf, sizeof(buf)), 4);
	KT_EXPECT(ctx, strcmp(buf, "data") == 0);
	KT_EXPECT_EQ(ctx, vfs_symlink("", "/empty"), -ENOENT);
	KT_EXPECT_EQ(ctx, vfs_symlink("x", "/abs"), -EEXIST);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_namei, symlink_loops)
{
	struct sandbox s;
	char name[16], target[16];

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_symlink("self", "/self"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("pong", "/ping"), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("ping/x", "/pong"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/self"), -ELOOP);
	KT_EXPECT_EQ(ctx, ino_of("/self/x"), -ELOOP);
	KT_EXPECT_EQ(ctx, ino_of("/ping"), -ELOOP);
	/* A chain of SYMLOOP_MAX links resolves, one more does not. */
	KT_ASSERT_EQ(ctx, vfs_mkdir("/end", 0755), 0);
	for (int i = 1; i <= SYMLOOP_MAX + 1; i++) {
		snprintf(name, sizeof(name), "/l%d", i);
		if (i == 1)
			strcpy(target, "end");
		else
			snprintf(target, sizeof(target), "l%d", i - 1);
		KT_ASSERT_EQ(ctx, vfs_symlink(target, name), 0);
	}
	KT_EXPECT_EQ(ctx, ino_of("/l40"), ino_of("/end"));
	KT_EXPECT_EQ(ctx, ino_of("/l40/"), ino_of("/end"));
	KT_EXPECT_EQ(ctx, ino_of("/l41"), -ELOOP);
	KT_EXPECT(ctx, IS_ERR(vfs_open("/self", O_RDONLY | O_NOFOLLOW, 0)));
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/l1", O_RDONLY | O_NOFOLLOW, 0)),
		     -ELOOP);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_namei, permissions)
{
	struct sandbox s;
	struct inode *inode;
	struct file *f;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/private", 0700), 0);
	KT_ASSERT_EQ(ctx, put_file("/private/f", "x", 1), 1);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/tmp", 01777), 0);
	KT_ASSERT_EQ(ctx, put_file("/ro", "x", 1), 1);
	/* Root executes only what has an x bit. */
	KT_ASSERT_EQ(ctx, vfs_lookup("/ro", 0, &inode), 0);
	KT_EXPECT_EQ(ctx, inode_permission(inode, MAY_EXEC), -EACCES);
	KT_EXPECT_EQ(ctx, inode_permission(inode, MAY_READ | MAY_WRITE), 0);
	inode->mode |= 0010;
	KT_EXPECT_EQ(ctx, inode_permission(inode, MAY_EXEC), 0);
	iput(inode);

	vfs_cred = (struct cred){ .uid = 1000, .gid = 1000 };
	KT_EXPECT_EQ(ctx, ino_of("/private/f"), -EACCES);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/mine", 0755), -EACCES);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/ro", O_WRONLY, 0)), -EACCES);
	f = vfs_open("/ro", O_RDONLY, 0);
	KT_EXPECT(ctx, !IS_ERR(f));
	if (!IS_ERR(f))
		vfs_close(f);
	KT_EXPECT_EQ(ctx, vfs_unlink("/ro"), -EACCES);
	/* Sticky directory: only the owner removes. */
	KT_EXPECT_EQ(ctx, put_file("/tmp/u1000", "x", 1), 1);
	KT_EXPECT_EQ(ctx, vfs_mkdir("/tmp/d1000", 0700), 0);
	vfs_cred = (struct cred){ .uid = 1001, .gid = 1001 };
	KT_EXPECT_EQ(ctx, vfs_unlink("/tmp/u1000"), -EPERM);
	KT_EXPECT_EQ(ctx, vfs_rename("/tmp/u1000", "/tmp/mine"), -EPERM);
	KT_EXPECT_EQ(ctx, put_file("/tmp/d1000/x", "x", 1), -EACCES);
	KT_EXPECT_EQ(ctx, put_file("/tmp/u1001", "x", 1), 1);
	KT_EXPECT_EQ(ctx, vfs_unlink("/tmp/u1001"), 0);
	vfs_cred = (struct cred){ .uid = 1000, .gid = 1000 };
	KT_EXPECT_EQ(ctx, vfs_unlink("/tmp/u1000"), 0);
	KT_EXPECT_EQ(ctx, vfs_rmdir("/tmp/d1000"), 0);
	SANDBOX_END(ctx, &s);
}

/* The path of a directory, as getcwd gives it. */
static long path_of(const char *path, char *buf, size_t size)
{
	struct inode *dir;
	long n = vfs_lookup(path, LOOKUP_FOLLOW, &dir);

	if (n)
		return n;
	n = vfs_dir_path(dir, buf, size);
	iput(dir);
	return n;
}

KTEST(vfs_namei, dir_path_and_bases)
{
	struct sandbox s;
	struct inode *base;
	char buf[32];

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/mnt", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mount(NULL, "/a/mnt", "ramfs", 0, NULL), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/a/mnt/sub", 0755), 0);
	KT_EXPECT_EQ(ctx, path_of("/", buf, sizeof(buf)), 2);
	KT_EXPECT(ctx, !strcmp(buf, "/"));
	KT_EXPECT_EQ(ctx, path_of("/a/mnt/sub", buf, sizeof(buf)), 11);
	KT_EXPECT(ctx, !strcmp(buf, "/a/mnt/sub"));
	KT_EXPECT_EQ(ctx, path_of("/a/mnt", buf, sizeof(buf)), 7);
	KT_EXPECT(ctx, !strcmp(buf, "/a/mnt"));
	KT_EXPECT_EQ(ctx, path_of("/a/mnt/sub", buf, 10), -ERANGE);
	/* Relative paths from a base directory. */
	KT_ASSERT_EQ(ctx, vfs_lookup("/a/mnt", 0, &base), 0);
	KT_ASSERT_EQ(ctx, put_file("/a/mnt/f", "f", 1), 1);
	KT_EXPECT_EQ(ctx, vfs_rename_at(base, "f", base, "sub/g"), 0);
	KT_EXPECT(ctx, ino_of("/a/mnt/sub/g") > 0);
	KT_EXPECT_EQ(ctx, vfs_link_at(base, "sub/g", base, "h", 0), 0);
	KT_EXPECT_EQ(ctx, ino_of("/a/mnt/h"), ino_of("/a/mnt/sub/g"));
	KT_EXPECT_EQ(ctx, vfs_rename_at(base, "h", NULL, "/a/h"), -EXDEV);
	KT_EXPECT_EQ(ctx, vfs_unlink("/a/mnt/h"), 0);
	KT_EXPECT_EQ(ctx, vfs_unlink("/a/mnt/sub/g"), 0);
	iput(base);
	KT_EXPECT_EQ(ctx, vfs_umount("/a/mnt"), 0);
	SANDBOX_END(ctx, &s);
}
