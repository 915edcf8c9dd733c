/*
 * pci.h: the PCI bus.
 *
 * pci_init() (an INIT_CORE initcall, so before any driver probes) walks
 * every bus reachable from bus 0 through PCI-to-PCI bridges, records each
 * function it finds as a struct pci_dev and logs one line per function,
 * lspci style:
 *
 *	pci: 00:01.1 [8086:7010] class 01.01.80 IDE controller
 *
 * Drivers then look their hardware up by class (pci_find_class) or by IDs
 * (pci_find_id), read its BARs and turn on decoding and bus mastering in
 * the command register (pci_enable).  Configuration space can also be read
 * and written directly.  Everything is safe to call from any context: each
 * configuration access takes a lock with interrupts off.
 *
 * Interface: pci_init, pci_config_read32/16/8, pci_config_write32/16/8,
 * pci_find_class, pci_find_id, pci_next, pci_bar_io, pci_enable,
 * pci_class_name.
 */
#ifndef DRIVERS_PCI_PCI_H
#define DRIVERS_PCI_PCI_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/list.h"

struct pci_dev {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	uint8_t class, subclass, prog_if, revision;
	uint8_t header_type;		/* without the multi-function bit */
	uint8_t irq_line;		/* as the firmware set it up */
	uint32_t bar[6];		/* raw BAR values (type 0 headers) */
	struct list_head list;		/* all functions, in scan order */
};

int pci_init(void);

uint32_t pci_config_read32(const struct pci_dev *d, uint8_t off);
uint16_t pci_config_read16(const struct pci_dev *d, uint8_t off);
uint8_t pci_config_read8(const struct pci_dev *d, uint8_t off);
void pci_config_write32(const struct pci_dev *d, uint8_t off, uint32_t v);
void pci_config_write16(const struct pci_dev *d, uint8_t off, uint16_t v);
void pci_config_write8(const struct pci_dev *d, uint8_t off, uint8_t v);

/* The next function after prev (NULL: the first) of the given class and
 * subclass, or any class when class is 0xff; NULL when there is none. */
struct pci_dev *pci_find_class(uint8_t class, uint8_t subclass,
			       struct pci_dev *prev);
struct pci_dev *pci_find_id(uint16_t vendor, uint16_t device,
			    struct pci_dev *prev);
struct pci_dev *pci_next(struct pci_dev *prev);	/* every function */

/* The I/O port base of BAR n, or 0 when it is unset or a memory BAR. */
uint16_t pci_bar_io(const struct pci_dev *d, unsigned int n);
/* Set bits (PCI_COMMAND_*) in the command register; returns the new value. */
uint16_t pci_enable(struct pci_dev *d, uint16_t bits);
/* "IDE controller", "host bridge"...; never NULL. */
const char *pci_class_name(uint8_t class, uint8_t subclass);

#endif
