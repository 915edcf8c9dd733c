/*
 * atareg.h: the PATA (ATA/ATAPI-7) register layout, the commands the
 * driver issues, the IDENTIFY DEVICE words it reads and the PCI IDE
 * bus-master (SFF-8038i) registers and PRD table entries.
 */
#ifndef DRIVERS_ATA_ATAREG_H
#define DRIVERS_ATA_ATAREG_H

#include <stdint.h>

/* Legacy ("compatibility mode") channels. */
#define ATA_PRIMARY_CMD		0x1f0
#define ATA_PRIMARY_CTL		0x3f6
#define ATA_PRIMARY_IRQ		14
#define ATA_SECONDARY_CMD	0x170
#define ATA_SECONDARY_CTL	0x376
#define ATA_SECONDARY_IRQ	15

/* Command block registers, offsets from the channel's command base. */
#define ATA_REG_DATA		0	/* 16 bits */
#define ATA_REG_ERROR		1	/* read */
#define ATA_REG_FEATURE		1	/* write */
#define ATA_REG_COUNT		2
#define ATA_REG_LBA0		3	/* LBA 7:0 (and 31:24 when HOB) */
#define ATA_REG_LBA1		4	/* LBA 15:8 (39:32); ATAPI sig. 0x14 */
#define ATA_REG_LBA2		5	/* LBA 23:16 (47:40); ATAPI sig. 0xeb */
#define ATA_REG_DEVICE		6
#define ATA_REG_STATUS		7	/* read: also acknowledges the IRQ */
#define ATA_REG_COMMAND		7	/* write */

/* Control block register (the control base): alternate status on read
 * (does not acknowledge the IRQ), device control on write. */
#define ATA_REG_ALTSTATUS	0
#define ATA_REG_DEVCTL		0

/* Status bits. */
#define ATA_SR_ERR		0x01
#define ATA_SR_DRQ		0x08
#define ATA_SR_DF		0x20	/* device fault */
#define ATA_SR_DRDY		0x40
#define ATA_SR_BSY		0x80

/* Error bits. */
#define ATA_ER_AMNF		0x01
#define ATA_ER_ABRT		0x04
#define ATA_ER_IDNF		0x10	/* sector not found */
#define ATA_ER_UNC		0x40	/* uncorrectable data */
#define ATA_ER_ICRC		0x80

/* Device register. */
#define ATA_DEV_OBS		0xa0	/* bits 7 and 5, set by convention */
#define ATA_DEV_LBA		0x40
#define ATA_DEV_SLAVE		0x10

/* Device control bits. */
#define ATA_CTL_NIEN		0x02	/* no interrupts */
#define ATA_CTL_SRST		0x04	/* software reset of both drives */
#define ATA_CTL_HOB		0x80	/* read the high-order LBA48 bytes */

/* Commands. */
#define ATA_CMD_READ_PIO	0x20
#define ATA_CMD_READ_PIO_EXT	0x24
#define ATA_CMD_READ_DMA_EXT	0x25
#define ATA_CMD_WRITE_PIO	0x30
#define ATA_CMD_WRITE_PIO_EXT	0x34
#define ATA_CMD_WRITE_DMA_EXT	0x35
#define ATA_CMD_READ_DMA	0xc8
#define ATA_CMD_WRITE_DMA	0xca
#define ATA_CMD_READ_MULTIPLE	0xc4
#define ATA_CMD_READ_MULTIPLE_EXT 0x29
#define ATA_CMD_WRITE_MULTIPLE	0xc5
#define ATA_CMD_WRITE_MULTIPLE_EXT 0x39
#define ATA_CMD_SET_MULTIPLE	0xc6
#define ATA_CMD_IDENTIFY	0xec
#define ATA_CMD_IDENTIFY_PACKET	0xa1

/* Signatures in LBA1/LBA2 after a reset or an aborted IDENTIFY. */
#define ATA_SIG_ATAPI_1		0x14
#define ATA_SIG_ATAPI_2		0xeb
#define ATA_SIG_SATA_1		0x3c
#define ATA_SIG_SATA_2		0xc3

#define ATA_LBA28_MAX		(1u << 28)	/* sectors reachable by LBA28 */
#define ATA_LBA28_MAX_COUNT	256u		/* count register 0 means 256 */
#define ATA_LBA48_MAX_COUNT	65536u

/* IDENTIFY DEVICE: 256 little-endian words. */
#define ATA_ID_WORDS		256
#define ATA_ID_SERIAL		10	/* 20 ASCII bytes, swapped in pairs */
#define ATA_ID_SERIAL_LEN	20
#define ATA_ID_FIRMWARE		23	/* 8 bytes */
#define ATA_ID_MODEL		27	/* 40 bytes */
#define ATA_ID_MODEL_LEN	40
#define ATA_ID_MULTIPLE_MAX	47	/* 7:0 sectors per DRQ block, max */
#define ATA_ID_CAPABILITY	49
#define ATA_ID_CAP_DMA		0x0100
#define ATA_ID_CAP_LBA		0x0200
#define ATA_ID_FIELD_VALID	53	/* bit 2: word 88 valid */
#define ATA_ID_FIELD_VALID_88	0x0004
#define ATA_ID_LBA28_SECTORS	60	/* two words */
#define ATA_ID_MWDMA		63	/* 2:0 supported, 10:8 selected */
#define ATA_ID_CMDSET2		83
#define ATA_ID_CMDSET2_LBA48	0x0400
#define ATA_ID_UDMA		88	/* 6:0 supported, 14:8 selected */
#define ATA_ID_LBA48_SECTORS	100	/* four words */

/* PCI IDE bus-master registers, offsets from the channel's base (BAR4,
 * plus 8 for the secondary channel). */
#define BM_REG_COMMAND		0
#define BM_REG_STATUS		2
#define BM_REG_PRDT		4	/* physical address of the PRD table */
#define BM_CHANNEL_STRIDE	8

#define BM_CMD_START		0x01
#define BM_CMD_READ		0x08	/* the controller writes to memory */

#define BM_SR_ACTIVE		0x01
#define BM_SR_ERR		0x02
#define BM_SR_INT		0x04	/* write 1 to clear */
#define BM_SR_DMA0_CAP		0x20
#define BM_SR_DMA1_CAP		0x40
#define BM_SR_SIMPLEX		0x80

/* One Physical Region Descriptor: a physically contiguous buffer of at
 * most 64 KiB (byte count 0 means 64 KiB) that does not cross a 64 KiB
 * boundary; the table itself is dword aligned and may not cross one
 * either (it gets a page of its own). */
struct ata_prd {
	uint32_t addr;
	uint16_t bytes;
	uint16_t flags;
} __attribute__((packed));
_Static_assert(sizeof(struct ata_prd) == 8, "a PRD entry is 8 bytes");

#define ATA_PRD_EOT		0x8000	/* last entry */
#define ATA_PRD_MAX_BYTES	0x10000u
#define ATA_PRD_BOUNDARY	0x10000u

#endif
