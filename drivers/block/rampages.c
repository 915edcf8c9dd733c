/*
 * rampages.c: sparse RAM storage for RAM-backed block devices (interface
 * in rampages.h).  Each move is split at page boundaries; each piece
 * is copied to or from its page, or zero-filled when read from a page
 * never written.
 */
#include "drivers/block/rampages.h"
#include "drivers/block/blkdev.h"
#include "kernel/export.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

#define SECTORS_PER_PAGE	(PAGE_SIZE / SECTOR_SIZE)

int ram_pages_init(struct ram_pages *rp, uint64_t sectors)
{
	uint64_t npages = (sectors + SECTORS_PER_PAGE - 1) / SECTORS_PER_PAGE;

	rp->pages = NULL;
	rp->npages = 0;
	if (npages > UINT32_MAX / sizeof(*rp->pages))
		return -ENOMEM;
	rp->pages = kzalloc((size_t)npages * sizeof(*rp->pages));
	if (!rp->pages && npages)
		return -ENOMEM;
	rp->npages = (uint32_t)npages;
	return 0;
}
EXPORT_SYMBOL(ram_pages_init);

/* The page holding sector, taken now when write needs it; NULL: zeros
 * (a read of a never-written page) or no memory (a write). */
static uint8_t *ram_page(struct ram_pages *rp, uint64_t sector, bool write)
{
	uint32_t index = (uint32_t)(sector / SECTORS_PER_PAGE);

	if (!rp->pages[index] && write) {
		rp->pages[index] = page_alloc(0);
		if (rp->pages[index])
			memset(page_address(rp->pages[index]), 0, PAGE_SIZE);
	}
	return rp->pages[index] ? page_address(rp->pages[index]) : NULL;
}

int ram_pages_move(struct ram_pages *rp, uint64_t sector, uint8_t *buf,
		   uint32_t len, bool write)
{
	while (len) {
		uint32_t off = (uint32_t)(sector % SECTORS_PER_PAGE) * SECTOR_SIZE;
		uint32_t n = PAGE_SIZE - off < len ? PAGE_SIZE - off : len;
		uint8_t *page = ram_page(rp, sector, write);

		if (write && !page)
			return -ENOMEM;
		if (write)
			memcpy(page + off, buf, n);
		else if (page)
			memcpy(buf, page + off, n);
		else
			memset(buf, 0, n);
		buf += n;
		len -= n;
		sector += n / SECTOR_SIZE;
	}
	return 0;
}
EXPORT_SYMBOL(ram_pages_move);

void ram_pages_free(struct ram_pages *rp)
{
	for (uint32_t i = 0; i < rp->npages; i++)
		page_free(rp->pages[i], 0);
	kfree(rp->pages);
	rp->pages = NULL;
	rp->npages = 0;
}
EXPORT_SYMBOL(ram_pages_free);
