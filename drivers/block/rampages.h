/*
 * rampages.h: sparse RAM storage behind RAM-backed block devices (brd.ko,
 * and the boot RAM disk's room beyond its module).  The store is an array
 * of page slots; a page is taken, zeroed, the first time a sector in it is
 * written, and a read of a page never written gives zeros, so a large,
 * little-used disk costs little memory.
 *
 * Interface:
 *	ram_pages_init(rp, sectors)	a store of that many sectors (rounded
 *					up to pages), all zeros; 0 or -ENOMEM
 *	ram_pages_move(rp, sector, buf, len, write)
 *					move len bytes (a multiple of
 *					SECTOR_SIZE) between buf and the store
 *					from sector on; 0, or -ENOMEM when a
 *					write finds no page (the bytes before
 *					it were moved)
 *	ram_pages_free(rp)		give every page back
 * The caller keeps requests within the store and serializes them (the
 * block layer starts one request at a time).
 */
#ifndef DRIVERS_BLOCK_RAMPAGES_H
#define DRIVERS_BLOCK_RAMPAGES_H

#include <stdbool.h>
#include <stdint.h>

struct page;

struct ram_pages {
	uint32_t npages;
	struct page **pages;		/* npages slots, NULL: never written */
};

int ram_pages_init(struct ram_pages *rp, uint64_t sectors);
int ram_pages_move(struct ram_pages *rp, uint64_t sector, uint8_t *buf,
		   uint32_t len, bool write);
void ram_pages_free(struct ram_pages *rp);

#endif
