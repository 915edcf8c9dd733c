/*
 * pcireg.h: PCI configuration space, reached through configuration
 * mechanism #1 (I/O ports 0xCF8/0xCFC), and the header fields the kernel
 * reads.  Offsets are into a function's 256-byte configuration space.
 */
#ifndef DRIVERS_PCI_PCIREG_H
#define DRIVERS_PCI_PCIREG_H

/* Mechanism #1: write the address to CONFIG_ADDRESS, then access the
 * dword at CONFIG_DATA (+ 0..3 for narrower accesses). */
#define PCI_CONFIG_ADDRESS	0xCF8
#define PCI_CONFIG_DATA		0xCFC
#define PCI_ADDR_ENABLE		0x80000000u
#define PCI_ADDR(bus, dev, fn, off)					\
	(PCI_ADDR_ENABLE | (uint32_t)(bus) << 16 | (uint32_t)(dev) << 11 | \
	 (uint32_t)(fn) << 8 | ((off) & 0xfc))

#define PCI_MAX_BUS		256
#define PCI_MAX_DEV		32
#define PCI_MAX_FN		8

/* Common header (types 0 and 1). */
#define PCI_VENDOR_ID		0x00	/* 16 bits; 0xffff: no function */
#define PCI_DEVICE_ID		0x02
#define PCI_COMMAND		0x04	/* 16 bits */
#define PCI_STATUS		0x06
#define PCI_REVISION		0x08
#define PCI_PROG_IF		0x09
#define PCI_SUBCLASS		0x0a
#define PCI_CLASS		0x0b
#define PCI_HEADER_TYPE		0x0e	/* bit 7: multi-function device */
#define PCI_BAR0		0x10	/* six dwords in a type 0 header */
#define PCI_INTERRUPT_LINE	0x3c
#define PCI_INTERRUPT_PIN	0x3d

/* Type 1 (PCI-to-PCI bridge) header. */
#define PCI_SECONDARY_BUS	0x19

#define PCI_HEADER_TYPE_MASK	0x7f
#define PCI_HEADER_NORMAL	0x00
#define PCI_HEADER_BRIDGE	0x01
#define PCI_HEADER_MULTIFN	0x80

/* Command register bits. */
#define PCI_COMMAND_IO		0x0001	/* respond to I/O space */
#define PCI_COMMAND_MEMORY	0x0002	/* respond to memory space */
#define PCI_COMMAND_MASTER	0x0004	/* bus mastering (DMA) */
#define PCI_COMMAND_INTX_OFF	0x0400

/* Base address registers. */
#define PCI_BAR_COUNT		6
#define PCI_BAR_IO		0x1	/* bit 0: I/O space */
#define PCI_BAR_IO_MASK		0xfffffffcu
#define PCI_BAR_MEM_MASK	0xfffffff0u

/* Classes the kernel looks for. */
#define PCI_CLASS_STORAGE	0x01
#define PCI_SUBCLASS_IDE	0x01
#define PCI_CLASS_BRIDGE	0x06
#define PCI_SUBCLASS_PCI_BRIDGE	0x04

#endif
