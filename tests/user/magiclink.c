/*
 * magiclink.c: /proc/self/fd/N, /dev/fd/N, /dev/stdin, exe and cwd are
 * Linux's "magic" links: opening or following one reaches the object the
 * descriptor (or the process) holds, not what the link's text names.  A
 * pipe reopened this way is the same pipe (with the access mode asked
 * for), a removed or renamed file is the same inode, a directory
 * descriptor leads into that directory.  readlink still gives the text
 * ("pipe:[N]", "... (deleted)").
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include "check.h"

static char link_path[64];

static const char *fd_link(const char *dir, int fd)
{
	snprintf(link_path, sizeof(link_path), "%s/%d", dir, fd);
	return link_path;
}

static int same_inode(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 &&
	       sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev;
}

/* Read what fd holds now into buf (NUL-terminated). */
static const char *read_str(int fd, char *buf, size_t size)
{
	ssize_t n = read(fd, buf, size - 1);

	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void test_pipe(void)
{
	char buf[64], text[64], text2[64];
	int p[2], r, w;
	ssize_t n;

	CHECK(pipe(p) == 0);
	CHECK(write(p[1], "hello", 5) == 5);
	r = open(fd_link("/proc/self/fd", p[0]), O_RDONLY);
	yes("pipe: reopened for reading", r >= 0);
	yes("pipe: same inode", same_inode(r, p[0]));
	yes("pipe: reads what was written",
	    strcmp(read_str(r, buf, sizeof(buf)), "hello") == 0);
	w = open(fd_link("/dev/fd", p[0]), O_WRONLY);
	yes("pipe: read end reopened for writing via /dev/fd", w >= 0);
	CHECK(write(w, "xyz", 3) == 3);
	yes("pipe: the first read end gets it",
	    strcmp(read_str(p[0], buf, sizeof(buf)), "xyz") == 0);
	yes("pipe: new file's flags O_WRONLY",
	    (fcntl(w, F_GETFL) & O_ACCMODE) == O_WRONLY);
	n = readlink(fd_link("/proc/self/fd", r), text, sizeof(text) - 1);
	text[n > 0 ? n : 0] = '\0';
	n = readlink(fd_link("/proc/self/fd", p[0]), text2, sizeof(text2) - 1);
	text2[n > 0 ? n : 0] = '\0';
	yes("pipe: readlink pipe:[N]", strncmp(text, "pipe:[", 6) == 0);
	yes("pipe: readlink same as the first end's", strcmp(text, text2) == 0);
	close(p[1]);
	yes("pipe: the reopened writer keeps it open",
	    fcntl(r, F_SETFL, O_NONBLOCK) == 0 && read(r, buf, 1) == -1 &&
	    errno == EAGAIN);
	close(w);
	yes("pipe: end of file once every writer closed", read(r, buf, 1) == 0);
	close(r);
	close(p[0]);

	CHECK(pipe(p) == 0);
	CHECK(write(p[1], "end", 3) == 3);
	close(p[1]);
	r = open(fd_link("/proc/self/fd", p[0]), O_RDONLY);
	yes("pipe: no writer left: the open does not wait", r >= 0);
	yes("pipe: reads what is left",
	    strcmp(read_str(r, buf, sizeof(buf)), "end") == 0);
	yes("pipe: then end of file", read(r, buf, 1) == 0);
	close(r);
	w = open(fd_link("/proc/self/fd", p[0]), O_WRONLY | O_NONBLOCK);
	yes("pipe: O_WRONLY | O_NONBLOCK with a reader", w >= 0);
	close(p[0]);
	signal(SIGPIPE, SIG_IGN);
	expect_err("pipe: write with no reader left", write(w, "x", 1), EPIPE);
	close(w);
}

static void test_stdin(void)
{
	char buf[16];
	int p[2], saved = dup(0), fd;

	CHECK(pipe(p) == 0 && dup2(p[0], 0) == 0);
	CHECK(write(p[1], "in", 2) == 2);
	fd = open("/dev/stdin", O_RDONLY);
	yes("/dev/stdin: opens the pipe on fd 0", fd >= 0 && same_inode(fd, 0));
	yes("/dev/stdin: reads it", strcmp(read_str(fd, buf, sizeof(buf)), "in") == 0);
	close(fd);
	close(p[0]);
	close(p[1]);
	dup2(saved, 0);
	close(saved);
}

static void test_deleted(void)
{
	char buf[64], text[256];
	struct stat st;
	int fd, r;
	ssize_t n;

	fd = open(tmp("gone"), O_CREAT | O_RDWR, 0600);
	CHECK(fd >= 0 && write(fd, "data", 4) == 4);
	CHECK(unlink(tmp("gone")) == 0);
	r = open(fd_link("/proc/self/fd", fd), O_RDWR);
	yes("deleted: reopened", r >= 0);
	yes("deleted: same inode", same_inode(r, fd));
	yes("deleted: no link left", fstat(r, &st) == 0 && st.st_nlink == 0);
	yes("deleted: reads its data", strcmp(read_str(r, buf, sizeof(buf)), "data") == 0);
	yes("deleted: own offset", lseek(r, 0, SEEK_CUR) == 4 &&
	    lseek(fd, 0, SEEK_CUR) == 4 && lseek(fd, 0, SEEK_SET) == 0);
	CHECK(write(r, "++", 2) == 2);
	yes("deleted: a write shows in the first file",
	    strcmp(read_str(fd, buf, sizeof(buf)), "data++") == 0);
	n = readlink(fd_link("/proc/self/fd", r), text, sizeof(text) - 1);
	text[n > 0 ? n : 0] = '\0';
	yes("deleted: readlink ends with (deleted)",
	    n > 10 && strcmp(text + n - 10, " (deleted)") == 0);
	expect_err("deleted: stat of the old name",
		   stat(tmp("gone"), &st), ENOENT);
	close(r);
	close(fd);
}

static void test_renamed_and_modes(void)
{
	char buf[64];
	int fd, r, dfd;

	fd = open(tmp("old"), O_CREAT | O_RDONLY, 0600);
	CHECK(fd >= 0 && rename(tmp("old"), tmp("new")) == 0);
	r = open(fd_link("/proc/self/fd", fd), O_WRONLY | O_APPEND);
	yes("renamed: reopened for writing", r >= 0 && same_inode(r, fd));
	CHECK(write(r, "ok", 2) == 2);
	yes("renamed: read through the first",
	    strcmp(read_str(fd, buf, sizeof(buf)), "ok") == 0);
	close(r);
	close(fd);
	expect_err("closed fd", open("/proc/self/fd/999", O_RDONLY), ENOENT);

	dfd = open(tmp_dir, O_RDONLY | O_DIRECTORY);
	snprintf(buf, sizeof(buf), "/proc/self/fd/%d/new", dfd);
	fd = open(buf, O_RDONLY);
	yes("directory fd: a file inside it", fd >= 0 &&
	    strcmp(read_str(fd, buf, sizeof(buf)), "ok") == 0);
	close(fd);
	close(dfd);
	CHECK(unlink(tmp("new")) == 0);
}

static void test_cwd_exe(void)
{
	char moved[96], buf[256];
	struct stat a, b;
	int fd;
	ssize_t n;

	CHECK(mkdir(tmp("d"), 0700) == 0 && chdir(tmp("d")) == 0);
	fd = open("f", O_CREAT | O_WRONLY, 0600);
	CHECK(fd >= 0 && write(fd, "in d", 4) == 4);
	close(fd);
	snprintf(moved, sizeof(moved), "%s", tmp("moved"));
	CHECK(rename(tmp("d"), moved) == 0);
	fd = open("/proc/self/cwd/f", O_RDONLY);
	yes("cwd: reaches the renamed directory", fd >= 0 &&
	    strcmp(read_str(fd, buf, sizeof(buf)), "in d") == 0);
	close(fd);
	yes("cwd: stat is the directory's",
	    stat("/proc/self/cwd", &a) == 0 && stat(".", &b) == 0 &&
	    a.st_ino == b.st_ino && S_ISDIR(a.st_mode));
	n = readlink("/proc/self/cwd", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	yes("cwd: readlink names the new path", strcmp(buf, moved) == 0);
	CHECK(unlink("f") == 0 && chdir("/") == 0 && rmdir(moved) == 0);

	n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	yes("exe: stat is the program's", n > 0 &&
	    stat("/proc/self/exe", &a) == 0 && stat(buf, &b) == 0 &&
	    a.st_ino == b.st_ino && S_ISREG(a.st_mode));
	fd = open("/proc/self/exe", O_RDONLY);
	yes("exe: opens an ELF file", fd >= 0 &&
	    read(fd, buf, 4) == 4 && memcmp(buf, "\177ELF", 4) == 0);
	close(fd);
}

int main(void)
{
	tmp_init("magiclink");
	test_pipe();
	test_stdin();
	test_deleted();
	test_renamed_and_modes();
	test_cwd_exe();
	rmdir(tmp_dir);
	return finish();
}
