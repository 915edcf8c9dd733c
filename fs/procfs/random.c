/*
 * random.c: /proc/sys/kernel/random/, the entropy pool's sysctl files as
 * Linux 5.18+ has them: entropy_avail (the pool's credit, 0..256),
 * poolsize (256 bits), boot_id (a random version-4 UUID made at its first
 * read and the same for the rest of the boot), uuid (a new one at each
 * read), and urandom_min_reseed_secs (60) and write_wakeup_threshold
 * (256), which are mode 0644 but ignore what root writes, as Linux's do
 * since the pool stopped having these knobs.
 *
 * Interface: none; the files are registered with procfs at INIT_FS.
 */
#include "fs/procfs/procfs.h"
#include "kernel/init.h"
#include "kernel/random.h"
#include "kernel/spinlock.h"
#include "lib/errno.h"
#include "lib/string.h"

#define UUID_SIZE	16

/* A version-4 (random) UUID with the RFC 4122 variant. */
static void uuid_make(uint8_t uuid[UUID_SIZE])
{
	get_random_bytes(uuid, UUID_SIZE);
	uuid[6] = (uuid[6] & 0x0f) | 0x40;
	uuid[8] = (uuid[8] & 0x3f) | 0x80;
}

static void uuid_show(struct procfs_buf *b, const uint8_t u[UUID_SIZE])
{
	for (int i = 0; i < UUID_SIZE; i++)
		procfs_printf(b, "%02x%s", u[i],
			      i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
	procfs_printf(b, "\n");
}

static void boot_id_show(struct procfs_buf *b)
{
	static struct spinlock lock = SPINLOCK_INIT;
	static uint8_t boot_id[UUID_SIZE];
	static bool made;
	uint8_t copy[UUID_SIZE];
	uint32_t flags;

	flags = spin_lock_irqsave(&lock);
	if (!made)
		uuid_make(boot_id);
	made = true;
	memcpy(copy, boot_id, sizeof(copy));
	spin_unlock_irqrestore(&lock, flags);
	uuid_show(b, copy);
}

static void uuid_new_show(struct procfs_buf *b)
{
	uint8_t u[UUID_SIZE];

	uuid_make(u);
	uuid_show(b, u);
}

static void entropy_avail_show(struct procfs_buf *b)
{
	procfs_printf(b, "%u\n", random_entropy_avail());
}

static void poolsize_show(struct procfs_buf *b)
{
	procfs_printf(b, "256\n");
}

static void reseed_secs_show(struct procfs_buf *b)
{
	procfs_printf(b, "60\n");
}

static void wakeup_show(struct procfs_buf *b)
{
	procfs_printf(b, "256\n");
}

static int ignore_store(const char *buf, size_t len)
{
	return 0;
}

static int random_sysctl_init(void)
{
	static const struct procfs_file files[] = {
		{ "sys/kernel/random/entropy_avail", entropy_avail_show, NULL },
		{ "sys/kernel/random/poolsize", poolsize_show, NULL },
		{ "sys/kernel/random/boot_id", boot_id_show, NULL },
		{ "sys/kernel/random/uuid", uuid_new_show, NULL },
		{ "sys/kernel/random/urandom_min_reseed_secs", reseed_secs_show,
		  ignore_store },
		{ "sys/kernel/random/write_wakeup_threshold", wakeup_show,
		  ignore_store },
	};
	return procfs_register_table(files, ARRAY_SIZE(files));
}
INITCALL(INIT_FS, random_sysctl_init);
