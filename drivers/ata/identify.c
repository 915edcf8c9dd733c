/*
 * identify.c: reading the 256 words of IDENTIFY DEVICE (ATA/ATAPI-7).
 *
 * Strings are ASCII with the two bytes of each word swapped, padded with
 * spaces; capacities are little-endian multi-word counts.  The DMA modes
 * come from word 63 (multiword DMA) and word 88 (Ultra DMA, valid when
 * word 53 bit 2 says so): the low byte lists the supported modes, the high
 * byte the one selected.
 */
#include "drivers/ata/internal.h"
#include "kernel/printk.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Copy len bytes of the string at word first into out (len + 1 bytes),
 * swapping each pair and dropping the trailing spaces. */
static void ata_id_string(const uint16_t *id, unsigned int first,
			  unsigned int len, char *out)
{
	for (unsigned int i = 0; i < len; i += 2) {
		out[i] = id[first + i / 2] >> 8;
		out[i + 1] = id[first + i / 2] & 0xff;
	}
	out[len] = 0;
	while (len && (out[len - 1] == ' ' || out[len - 1] == 0))
		out[--len] = 0;
}

/* The highest bit set in the low 8 bits of mask, or -1. */
static int ata_top_bit(uint32_t mask)
{
	int top = -1;

	for (int i = 0; i < 8; i++)
		if (mask & (1u << i))
			top = i;
	return top;
}

void ata_id_parse(const uint16_t *id, struct ata_info *info)
{
	memset(info, 0, sizeof(*info));
	ata_id_string(id, ATA_ID_MODEL, ATA_ID_MODEL_LEN, info->model);
	ata_id_string(id, ATA_ID_SERIAL, ATA_ID_SERIAL_LEN, info->serial);
	ata_id_string(id, ATA_ID_FIRMWARE, 8, info->firmware);
	info->lba28_sectors = id[ATA_ID_LBA28_SECTORS] |
			      (uint32_t)id[ATA_ID_LBA28_SECTORS + 1] << 16;
	info->sectors = info->lba28_sectors;
	info->lba48 = id[ATA_ID_CMDSET2] & ATA_ID_CMDSET2_LBA48;
	if (info->lba48) {
		uint64_t n = 0;

		for (int i = 3; i >= 0; i--)
			n = n << 16 | id[ATA_ID_LBA48_SECTORS + i];
		if (n)
			info->sectors = n;
	}
	info->dma = id[ATA_ID_CAPABILITY] & ATA_ID_CAP_DMA;
	info->multiple_max = id[ATA_ID_MULTIPLE_MAX] & 0xff;
	info->mwdma_modes = id[ATA_ID_MWDMA] & 0x07;
	info->mwdma_selected = ata_top_bit((id[ATA_ID_MWDMA] >> 8) & 0x07);
	info->udma_selected = -1;
	if (id[ATA_ID_FIELD_VALID] & ATA_ID_FIELD_VALID_88) {
		info->udma_modes = id[ATA_ID_UDMA] & 0x7f;
		info->udma_selected = ata_top_bit((id[ATA_ID_UDMA] >> 8) & 0x7f);
	}
}

/* "UDMA5 (max UDMA5)", "MWDMA2", "PIO only" into buf. */
static const char *ata_dma_modes(const struct ata_info *info, char *buf,
				 size_t size)
{
	int max_u = ata_top_bit(info->udma_modes);
	int max_mw = ata_top_bit(info->mwdma_modes);

	if (!info->dma)
		return "no DMA";
	if (max_u >= 0)
		snprintf(buf, size, "UDMA0-%d, active %s%d, MWDMA0-%d", max_u,
			 info->udma_selected >= 0 ? "UDMA" : "MWDMA",
			 info->udma_selected >= 0 ? info->udma_selected :
			 info->mwdma_selected, max_mw);
	else
		snprintf(buf, size, "MWDMA0-%d, active MWDMA%d", max_mw,
			 info->mwdma_selected);
	return buf;
}

void ata_id_log(const struct ata_drive *d)
{
	const struct ata_info *info = &d->info;
	char modes[64];

	pr_info("ata: %s: %s, serial %s, firmware %s, %llu sectors (%llu MiB), "
		"%s, %s, driven by %s\n", d->dev.name, info->model, info->serial,
		info->firmware, (unsigned long long)info->sectors,
		(unsigned long long)(info->sectors >> 11),
		info->lba48 ? "LBA48" : "LBA28",
		ata_dma_modes(info, modes, sizeof(modes)),
		d->mode == ATA_MODE_DMA ? "bus-master DMA" : "PIO");
}
