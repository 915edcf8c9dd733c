/*
 * pci.c: PCI configuration space access and device lookups (see pci.h).
 *
 * Configuration mechanism #1: the address of a dword goes to port 0xCF8,
 * the dword itself is at 0xCFC.  The two accesses must not be split by
 * another one, so a lock with interrupts off covers each pair.  Narrower
 * reads and writes use the matching byte lanes of 0xCFC.
 */
#include "drivers/pci/pci.h"
#include "drivers/pci/internal.h"
#include "drivers/pci/pcireg.h"
#include "kernel/x86/cpu.h"
#include "kernel/spinlock.h"

static struct spinlock pci_config_lock = SPINLOCK_INIT;
struct list_head pci_devices = LIST_HEAD_INIT(pci_devices);

/* Select the dword holding off; the caller holds pci_config_lock. */
static void pci_select(const struct pci_dev *d, uint8_t off)
{
	outl(PCI_CONFIG_ADDRESS, PCI_ADDR(d->bus, d->dev, d->fn, off));
}

uint32_t pci_config_read32(const struct pci_dev *d, uint8_t off)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);
	uint32_t v;

	pci_select(d, off);
	v = inl(PCI_CONFIG_DATA);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return v;
}

uint16_t pci_config_read16(const struct pci_dev *d, uint8_t off)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);
	uint16_t v;

	pci_select(d, off);
	v = inw(PCI_CONFIG_DATA + (off & 2));
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return v;
}

uint8_t pci_config_read8(const struct pci_dev *d, uint8_t off)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);
	uint8_t v;

	pci_select(d, off);
	v = inb(PCI_CONFIG_DATA + (off & 3));
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return v;
}

void pci_config_write32(const struct pci_dev *d, uint8_t off, uint32_t v)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);

	pci_select(d, off);
	outl(PCI_CONFIG_DATA, v);
	spin_unlock_irqrestore(&pci_config_lock, flags);
}

void pci_config_write16(const struct pci_dev *d, uint8_t off, uint16_t v)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);

	pci_select(d, off);
	outw(PCI_CONFIG_DATA + (off & 2), v);
	spin_unlock_irqrestore(&pci_config_lock, flags);
}

void pci_config_write8(const struct pci_dev *d, uint8_t off, uint8_t v)
{
	uint32_t flags = spin_lock_irqsave(&pci_config_lock);

	pci_select(d, off);
	outb(PCI_CONFIG_DATA + (off & 3), v);
	spin_unlock_irqrestore(&pci_config_lock, flags);
}

struct pci_dev *pci_next(struct pci_dev *prev)
{
	struct list_head *next = prev ? prev->list.next : pci_devices.next;

	return next == &pci_devices ? NULL :
		list_entry(next, struct pci_dev, list);
}

struct pci_dev *pci_find_class(uint8_t class, uint8_t subclass,
			       struct pci_dev *prev)
{
	struct pci_dev *d = prev;

	while ((d = pci_next(d)))
		if (class == 0xff ||
		    (d->class == class && d->subclass == subclass))
			return d;
	return NULL;
}

struct pci_dev *pci_find_id(uint16_t vendor, uint16_t device,
			    struct pci_dev *prev)
{
	struct pci_dev *d = prev;

	while ((d = pci_next(d)))
		if (d->vendor == vendor && d->device == device)
			return d;
	return NULL;
}

uint16_t pci_bar_io(const struct pci_dev *d, unsigned int n)
{
	if (n >= PCI_BAR_COUNT || d->header_type != PCI_HEADER_NORMAL ||
	    !(d->bar[n] & PCI_BAR_IO))
		return 0;
	return (uint16_t)(d->bar[n] & PCI_BAR_IO_MASK);
}

uint16_t pci_enable(struct pci_dev *d, uint16_t bits)
{
	uint16_t cmd = pci_config_read16(d, PCI_COMMAND);

	if ((cmd & bits) != bits)
		pci_config_write16(d, PCI_COMMAND, cmd | bits);
	return pci_config_read16(d, PCI_COMMAND);
}
