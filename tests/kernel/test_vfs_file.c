/*
 * test_vfs_file.c: open files on ramfs: create, read, write, seek,
 * truncate, append, the open flags and their errors, unlinking an open
 * file, references taken and given back by several threads, readdir.
 */
#include "lib/printf.h"
#include "kernel/sched/task.h"
#include "mm/mm.h"
#include "tests/kernel/vfs_sandbox.h"

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + i * 7 + (i >> 8));
}

KTEST(vfs_file, write_read_seek)
{
	enum { N = 10000 };
	struct sandbox s;
	uint8_t *data = kmalloc(N), *back = kmalloc(N);
	struct file *f;

	KT_ASSERT(ctx, data && back);
	SANDBOX(ctx, &s);
	fill(data, N, 3);
	f = vfs_open("/f", O_RDWR | O_CREAT | O_EXCL, 0600);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/f", O_RDWR | O_CREAT | O_EXCL, 0)),
		     -EEXIST);
	KT_EXPECT_EQ(ctx, vfs_write(f, data, N), N);
	KT_EXPECT_EQ(ctx, f->inode->size, N);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_SET), 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, N), N);
	KT_EXPECT(ctx, memcmp(data, back, N) == 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, N), 0);		/* at EOF */
	KT_EXPECT_EQ(ctx, vfs_lseek(f, -100, SEEK_END), N - 100);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, 1000), 100);
	KT_EXPECT(ctx, memcmp(back, data + N - 100, 100) == 0);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, -5000, SEEK_CUR), N - 5000);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, 10), 10);
	KT_EXPECT(ctx, memcmp(back, data + N - 5000, 10) == 0);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, -1, SEEK_SET), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, -N - 1, SEEK_END), -EINVAL);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, 5), -EINVAL);	/* 3, 4: SEEK_DATA, SEEK_HOLE */
	/* A hole past the end reads as zeros. */
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 3 * N, SEEK_SET), 3 * N);
	KT_EXPECT_EQ(ctx, vfs_write(f, "end", 3), 3);
	KT_EXPECT_EQ(ctx, f->inode->size, 3 * N + 3);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, N, SEEK_SET), N);
	KT_EXPECT_EQ(ctx, vfs_read(f, back, N), N);
	KT_EXPECT(ctx, memchr_inv(back, 0, N) == NULL);
	KT_EXPECT_EQ(ctx, vfs_close(f), 0);
	SANDBOX_END(ctx, &s);
	kfree(data);
	kfree(back);
}

KTEST(vfs_file, truncate_and_append)
{
	struct sandbox s;
	struct kstat st;
	struct file *f;
	char buf[64];

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, put_file("/t", "0123456789", 10), 10);
	KT_EXPECT_EQ(ctx, vfs_truncate("/t", 4), 0);
	KT_EXPECT_EQ(ctx, get_file("/t", buf, sizeof(buf)), 4);
	KT_EXPECT(ctx, strcmp(buf, "0123") == 0);
	KT_EXPECT_EQ(ctx, vfs_truncate("/t", 8), 0);	/* extends with zeros */
	KT_EXPECT_EQ(ctx, get_file("/t", buf, sizeof(buf)), 8);
	KT_EXPECT(ctx, memcmp(buf, "0123\0\0\0\0", 8) == 0);
	KT_EXPECT_EQ(ctx, vfs_truncate("/", 0), -EISDIR);
	KT_EXPECT_EQ(ctx, vfs_truncate("/none", 0), -ENOENT);

	f = vfs_open("/t", O_WRONLY | O_APPEND, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_SET), 0);
	KT_EXPECT_EQ(ctx, vfs_write(f, "ab", 2), 2);	/* at the end anyway */
	KT_EXPECT_EQ(ctx, f->pos, 10);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, 1), -EBADF);
	vfs_close(f);
	KT_EXPECT_EQ(ctx, get_file("/t", buf, sizeof(buf)), 10);
	KT_EXPECT(ctx, memcmp(buf, "0123\0\0\0\0ab", 10) == 0);

	f = vfs_open("/t", O_RDWR | O_TRUNC, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, f->inode->size, 0);
	vfs_close(f);
	KT_ASSERT_EQ(ctx, vfs_stat("/t", true, &st), 0);
	KT_EXPECT_EQ(ctx, st.size, 0);
	KT_EXPECT_EQ(ctx, st.blocks, 0);
	KT_EXPECT(ctx, S_ISREG(st.mode));
	KT_EXPECT_EQ(ctx, st.mode & 07777, 0644);
	KT_EXPECT_EQ(ctx, st.nlink, 1);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_file, open_flags)
{
	struct sandbox s;
	struct file *f;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/f", "x", 1), 1);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/none", O_RDONLY, 0)), -ENOENT);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/d", O_WRONLY, 0)), -EISDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/d", O_RDWR, 0)), -EISDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/d", O_WRONLY | O_CREAT, 0)),
		     -EISDIR);
	/* Linux refuses O_CREAT on a directory even for reading. */
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/d", O_RDONLY | O_CREAT, 0)),
		     -EISDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/f", O_RDONLY | O_DIRECTORY, 0)),
		     -ENOTDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/f/", O_RDONLY, 0)), -ENOTDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/new/", O_RDWR | O_CREAT, 0)),
		     -EISDIR);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/nodir/x", O_RDWR | O_CREAT, 0)),
		     -ENOENT);
	f = vfs_open("/d", O_RDONLY | O_DIRECTORY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_read(f, &s, 1), -EISDIR);
	vfs_close(f);
	f = vfs_open("/f", O_RDONLY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_write(f, "y", 1), -EBADF);
	KT_EXPECT_EQ(ctx, vfs_readdir(f, NULL, NULL), -ENOTDIR);
	vfs_close(f);
	/* O_CREAT through a symlink opens its target. */
	KT_ASSERT_EQ(ctx, vfs_symlink("f", "/lf"), 0);
	f = vfs_open("/lf", O_RDWR | O_CREAT, 0644);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, (long)f->inode->ino, ino_of("/f"));
	vfs_close(f);
	KT_EXPECT_EQ(ctx, PTR_ERR(vfs_open("/lf", O_RDWR | O_CREAT | O_EXCL, 0)),
		     -EEXIST);
	SANDBOX_END(ctx, &s);
}

KTEST(vfs_file, unlink_open_file)
{
	struct sandbox s;
	struct kstatfs sfs;
	struct file *f;
	char buf[16];
	uint64_t files;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	files = sfs.files;
	KT_ASSERT_EQ(ctx, put_file("/f", "still here", 10), 10);
	f = vfs_open("/f", O_RDWR, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_unlink("/f"), 0);
	KT_EXPECT_EQ(ctx, ino_of("/f"), -ENOENT);
	KT_EXPECT_EQ(ctx, f->inode->nlink, 0);
	KT_EXPECT_EQ(ctx, vfs_read(f, buf, sizeof(buf)), 10);
	KT_EXPECT(ctx, memcmp(buf, "still here", 10) == 0);
	KT_EXPECT_EQ(ctx, vfs_write(f, "!", 1), 1);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	KT_EXPECT_EQ(ctx, sfs.files, files + 1);
	vfs_close(f);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	KT_EXPECT_EQ(ctx, sfs.files, files);		/* evicted */
	SANDBOX_END(ctx, &s);
}

#define REF_ROUNDS	5000

/* Take a reference to the file and give it back, over and over, with
 * yields in between: 0, or 1 when a give-back wrongly released it. */
static int ref_churn(void *arg)
{
	struct file *f = arg;

	for (int i = 0; i < REF_ROUNDS; i++) {
		file_ref_get(f);
		if (i % 8 == 0)
			yield();
		if (f->refcount < 2 || vfs_close(f))
			return 1;
	}
	return 0;
}

/* Two threads and this one change one file's references at once (as
 * threads sharing a descriptor table do through fd_get, poll tables and
 * VMAs): the count comes back to 1, and only the last vfs_close frees
 * the file (its unlinked inode is evicted then). */
KTEST(vfs_file, references_from_threads)
{
	struct sandbox s;
	struct kstatfs sfs;
	struct task *a, *b;
	struct file *f;
	uint64_t files;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	files = sfs.files;
	f = vfs_open("/r", O_RDWR | O_CREAT, 0600);
	KT_ASSERT(ctx, !IS_ERR(f));
	KT_EXPECT_EQ(ctx, vfs_unlink("/r"), 0);
	a = kthread_create(ref_churn, f, "fref-a");
	b = kthread_create(ref_churn, f, "fref-b");
	KT_ASSERT(ctx, a && b);
	for (int i = 0; i < REF_ROUNDS; i++) {
		file_ref_get(f);
		if (i % 8 == 4)
			yield();
		KT_EXPECT_EQ(ctx, file_ref_put(f), false);
	}
	KT_EXPECT_EQ(ctx, kthread_join(a), 0);
	KT_EXPECT_EQ(ctx, kthread_join(b), 0);
	KT_EXPECT_EQ(ctx, f->refcount, 1);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	KT_EXPECT_EQ(ctx, sfs.files, files + 1);	/* still open */
	KT_EXPECT(ctx, file_ref_get(f) == f);
	KT_EXPECT_EQ(ctx, vfs_close(f), 0);
	KT_EXPECT_EQ(ctx, f->refcount, 1);
	vfs_close(f);
	KT_ASSERT_EQ(ctx, vfs_statfs("/", &sfs), 0);
	KT_EXPECT_EQ(ctx, sfs.files, files);		/* released, evicted */
	SANDBOX_END(ctx, &s);
}

struct listing {
	char names[16][16];
	uint32_t inos[16];
	unsigned int types[16];
	unsigned int n, max;
};

static bool collect(void *arg, const char *name, size_t len, uint32_t ino,
		    unsigned int dtype)
{
	struct listing *l = arg;

	if (l->n == l->max || len >= sizeof(l->names[0]))
		return false;
	memcpy(l->names[l->n], name, len);
	l->names[l->n][len] = '\0';
	l->inos[l->n] = ino;
	l->types[l->n++] = dtype;
	return true;
}

static int find(struct listing *l, const char *name)
{
	for (unsigned int i = 0; i < l->n; i++)
		if (strcmp(l->names[i], name) == 0)
			return (int)i;
	return -1;
}

KTEST(vfs_file, readdir)
{
	struct sandbox s;
	struct listing l = { .max = 16 };
	struct file *f;
	int i;

	SANDBOX(ctx, &s);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d", 0755), 0);
	KT_ASSERT_EQ(ctx, vfs_mkdir("/d/sub", 0755), 0);
	KT_ASSERT_EQ(ctx, put_file("/d/file", "", 0), 0);
	KT_ASSERT_EQ(ctx, vfs_symlink("file", "/d/link"), 0);
	KT_ASSERT_EQ(ctx, vfs_mknod("/d/fifo", S_IFIFO | 0644, 0), 0);
	f = vfs_open("/d", O_RDONLY | O_DIRECTORY, 0);
	KT_ASSERT(ctx, !IS_ERR(f));
	/* Two at a time: the position carries over. */
	do {
		l.max = l.n + 2;
		KT_EXPECT_EQ(ctx, vfs_readdir(f, collect, &l), 0);
	} while (l.n == l.max && l.n < 16);
	KT_EXPECT_EQ(ctx, l.n, 6);
	KT_EXPECT(ctx, (i = find(&l, ".")) >= 0 && (long)l.inos[i] == ino_of("/d"));
	KT_EXPECT(ctx, (i = find(&l, "..")) >= 0 && (long)l.inos[i] == ino_of("/"));
	KT_EXPECT(ctx, (i = find(&l, "sub")) >= 0 && l.types[i] == DT_DIR);
	KT_EXPECT(ctx, (i = find(&l, "file")) >= 0 && l.types[i] == DT_REG);
	KT_EXPECT(ctx, (i = find(&l, "link")) >= 0 && l.types[i] == DT_LNK);
	KT_EXPECT(ctx, (i = find(&l, "fifo")) >= 0 && l.types[i] == DT_FIFO);
	KT_EXPECT_EQ(ctx, vfs_lseek(f, 0, SEEK_SET), 0);
	l.n = 0;
	l.max = 16;
	KT_EXPECT_EQ(ctx, vfs_readdir(f, collect, &l), 0);
	KT_EXPECT_EQ(ctx, l.n, 6);
	vfs_close(f);
	SANDBOX_END(ctx, &s);
}
