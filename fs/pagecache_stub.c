/*
 * pagecache_stub.c: stand-ins for mm/pagecache.c's calls, linked only
 * while that file is not in the tree (fs/fs.mk decides), so that the VFS
 * builds and runs before the page cache lands.  This is not a cache:
 * reads fail with -ENOSYS, nothing is ever cached or dirty.  Delete this
 * file once mm/pagecache.c is merged.
 */
#include "kernel/errno.h"
#include "lib/string.h"
#include "mm/pagecache.h"

void mapping_init(struct address_space *m, const struct address_space_ops *ops,
		  void *host)
{
	memset(m, 0, sizeof(*m));
	m->ops = ops;
	m->host = host;
	list_init(&m->dirty);
}

struct page *pagecache_read(struct address_space *m, uint32_t index)
{
	return ERR_PTR(-ENOSYS);
}

struct page *pagecache_grab(struct address_space *m, uint32_t index)
{
	return ERR_PTR(-ENOSYS);
}

void pagecache_put(struct page *pg)
{
}

void pagecache_mark_dirty(struct page *pg)
{
}

int pagecache_sync_mapping(struct address_space *m)
{
	return 0;
}

void pagecache_truncate(struct address_space *m, uint32_t from)
{
}

void pagecache_get_stats(struct pagecache_stats *st)
{
	memset(st, 0, sizeof(*st));
}
