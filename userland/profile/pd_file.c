/*
 * pd_file.c: read a whole file into memory.
 *
 * Interface (pd.h): pd_read_fd(fd, &buf, &len), pd_read_path(path, &buf,
 * &len).
 *
 * Reads until read() returns 0, so that files whose size stat does not
 * give (/proc, /dev/profile) are read whole too.  The buffer is
 * NUL-terminated for text parsers; the NUL is not counted in len.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "userland/profile/pd.h"

#define PD_READ_CHUNK	65536

/* Grows *buf to hold at least need bytes. */
static int pd_grow(unsigned char **buf, size_t *cap, size_t need)
{
	size_t n = *cap ? *cap : PD_READ_CHUNK;
	unsigned char *p;

	while (n < need)
		n *= 2;
	if (n == *cap)
		return 0;
	p = realloc(*buf, n);
	if (!p)
		return -ENOMEM;
	*buf = p;
	*cap = n;
	return 0;
}

int pd_read_fd(int fd, unsigned char **buf, size_t *len)
{
	unsigned char *p = NULL;
	size_t n = 0, cap = 0;
	ssize_t got;
	int err;

	for (;;) {
		err = pd_grow(&p, &cap, n + PD_READ_CHUNK + 1);
		if (err)
			goto fail;
		got = read(fd, p + n, cap - n - 1);
		if (got == 0)
			break;
		if (got < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto fail;
		}
		n += (size_t)got;
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
fail:
	free(p);
	return err;
}

int pd_read_path(const char *path, unsigned char **buf, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int err;

	if (fd < 0)
		return -errno;
	err = pd_read_fd(fd, buf, len);
	close(fd);
	return err;
}
