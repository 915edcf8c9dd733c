/*
 * seed.c: the random seed file, /var/lib/random-seed, which carries the
 * entropy pool's state from one boot to the next, as systemd's
 * random-seed service and OpenBSD's rc do (see init.h).
 *
 * The file is SEED_FILE_SIZE bytes: a header (SEED_MAGIC and a flags word
 * whose SEED_CREDITABLE bit init sets only when the seed came from a
 * ready pool, or from a pool seeded by a creditable file) and the seed.
 *
 * At boot, seed_load() mixes the whole file into the pool without credit
 * (a write to /dev/urandom) whatever it holds, then at once replaces it
 * with a new seed made after that mix (seed_save), and only when the
 * replacement is on the disk credits the old seed (RNDADDENTROPY, 256
 * bits) if it was written by this system and cannot be reused:
 *  - the header is init's, with SEED_CREDITABLE set; the root image's
 *    builder never writes one;
 *  - a regular file owned by root, mode 0600: nobody else wrote it;
 *  - on a filesystem that keeps what is written: a RAM disk root (the
 *    ISO's /dev/ram0, major 1) or a device-less one (major 0) comes back
 *    the same at every boot, so its seed would be credited again and again;
 *  - the replacement was written and synced first, so a crash after the
 *    credit cannot make the next boot see the same seed.
 * At shutdown, seed_save() writes a new seed again; on a root that keeps
 * it, it first waits for the pool to be ready (getrandom without
 * GRND_NONBLOCK: at most a few seconds, kernel/random/jitter.c), so that
 * even the first boot of a disk leaves a seed the next one can credit.
 * The file is written beside itself and renamed over, so it is never
 * half-written.
 */
#include "userland/init/init.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define SEED_DIR		"/var/lib"
#define SEED_PATH		SEED_DIR "/random-seed"
#define SEED_TMP		SEED_DIR "/.random-seed.new"
#define SEED_FILE_SIZE		512
#define SEED_MAGIC		"MSEED\0\0\1"
#define SEED_CREDITABLE		1u
#define SEED_CREDIT_BITS	256
#define RNDADDENTROPY		0x40085203
#define RAMDISK_MAJOR		1

struct seed_file {
	char magic[8];
	uint32_t flags;
	uint32_t reserved;
	uint8_t seed[SEED_FILE_SIZE - 16];
};
_Static_assert(sizeof(struct seed_file) == SEED_FILE_SIZE, "seed size");

/* Fill s with a new seed; whether it came from a ready pool.  wait: for
 * the pool to be ready (the kernel bounds the wait: a few seconds). */
static bool seed_make(struct seed_file *s, bool wait)
{
	bool ready = getrandom(s->seed, sizeof(s->seed),
			       wait ? 0 : GRND_NONBLOCK) ==
		     (ssize_t)sizeof(s->seed);

	if (!ready && getrandom(s->seed, sizeof(s->seed), GRND_INSECURE) !=
		      (ssize_t)sizeof(s->seed))
		return false;
	memcpy(s->magic, SEED_MAGIC, sizeof(s->magic));
	s->reserved = 0;
	return ready;
}

static int write_synced(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, buf, len) != (ssize_t)len || fsync(fd))
		err = errno ? -errno : -EIO;
	close(fd);
	return err;
}

static int sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd))
		err = -errno;
	close(fd);
	return err;
}

/* Whether the filesystem of st keeps what is written across boots: not a
 * RAM disk, not a device-less filesystem. */
static bool keeps_writes(const struct stat *st)
{
	unsigned int major = major(st->st_dev);

	return major != 0 && major != RAMDISK_MAJOR;
}

/* Write a new seed over the file; creditable: whether the pool it came
 * from had a creditable seed even if it is not ready; wait: for the pool
 * to be ready first.  0 or -errno. */
static int seed_write(bool creditable, bool wait)
{
	struct seed_file s;
	int err;

	if (seed_make(&s, wait))
		creditable = true;
	s.flags = creditable ? SEED_CREDITABLE : 0;
	mkdir("/var", 0755);
	mkdir(SEED_DIR, 0755);
	err = write_synced(SEED_TMP, &s, sizeof(s));
	if (!err && rename(SEED_TMP, SEED_PATH))
		err = -errno;
	if (!err)
		err = sync_dir(SEED_DIR);
	explicit_bzero(&s, sizeof(s));
	return err;
}

/* At shutdown, on a root that keeps the file, the seed is worth waiting
 * for: made from a ready pool it can be credited at the next boot. */
void seed_save(void)
{
	struct stat st;
	bool wait = !stat("/", &st) && keeps_writes(&st);
	int err = seed_write(false, wait);

	if (err)
		init_log("saving the random seed: %s", strerror(-err));
}

/* Whether the file read into s, with st, may be credited. */
static bool seed_creditable(const struct seed_file *s, ssize_t len,
			    const struct stat *st)
{
	return len == SEED_FILE_SIZE && S_ISREG(st->st_mode) &&
	       st->st_uid == 0 && (st->st_mode & 07777) == 0600 &&
	       keeps_writes(st) &&
	       !memcmp(s->magic, SEED_MAGIC, sizeof(s->magic)) &&
	       (s->flags & SEED_CREDITABLE);
}

static void seed_credit(const struct seed_file *s)
{
	struct {
		int entropy_count, buf_size;
		uint8_t buf[sizeof(s->seed)];
	} info = { SEED_CREDIT_BITS, sizeof(s->seed), { 0 } };
	int fd = open("/dev/urandom", O_WRONLY);

	memcpy(info.buf, s->seed, sizeof(info.buf));
	if (fd < 0 || ioctl(fd, RNDADDENTROPY, &info))
		init_log("crediting the random seed: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	explicit_bzero(&info, sizeof(info));
}

/* Mix len bytes into the pool without credit. */
static void seed_mix(const void *buf, size_t len)
{
	int fd = open("/dev/urandom", O_WRONLY);

	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		init_log("mixing the random seed: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
}

void seed_load(void)
{
	struct seed_file s;
	struct stat st;
	ssize_t len = -1;
	bool creditable = false;
	int fd = open(SEED_PATH, O_RDONLY | O_NOFOLLOW);
	int err;

	if (fd >= 0) {
		len = read(fd, &s, sizeof(s));
		if (len > 0 && !fstat(fd, &st)) {
			seed_mix(&s, (size_t)len);
			creditable = seed_creditable(&s, len, &st);
		}
		close(fd);
	}
	err = seed_write(creditable, false);
	if (err)
		init_log("refreshing the random seed: %s", strerror(-err));
	else if (creditable)
		seed_credit(&s);
	explicit_bzero(&s, sizeof(s));
}
