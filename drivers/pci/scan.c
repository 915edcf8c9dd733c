/*
 * scan.c: PCI enumeration (pci_init, see pci.h).
 *
 * Starting from bus 0 (and buses 1..7 when the host bridge 00:00.0 is a
 * multi-function device, one host controller per function), every device
 * number is probed; function 0 tells whether functions 1..7 exist.  A
 * PCI-to-PCI bridge leads to its secondary bus, which is scanned in turn,
 * so every bus the firmware configured is reached; a bitmap of the buses
 * seen stops a misconfigured bridge from looping.  Each function found is
 * kept on the list pci.c searches, and logged in one line.
 */
#include "drivers/pci/pci.h"
#include "drivers/pci/internal.h"
#include "drivers/pci/pcireg.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "lib/bitmap.h"
#include "lib/printf.h"
#include "mm/mm.h"

static unsigned long pci_buses_seen[PCI_MAX_BUS / (8 * sizeof(unsigned long))];
static unsigned int pci_count;

static const struct pci_class_name {
	uint8_t class, subclass;
	const char *name;
} pci_class_names[] = {
	{ 0x01, 0x01, "IDE controller" },
	{ 0x01, 0x06, "SATA controller" },
	{ 0x01, 0x08, "NVM controller" },
	{ 0x02, 0x00, "Ethernet controller" },
	{ 0x03, 0x00, "VGA controller" },
	{ 0x04, 0x01, "audio device" },
	{ 0x06, 0x00, "host bridge" },
	{ 0x06, 0x01, "ISA bridge" },
	{ 0x06, 0x04, "PCI bridge" },
	{ 0x06, 0x80, "bridge" },
	{ 0x0c, 0x03, "USB controller" },
	{ 0x0c, 0x05, "SMBus controller" },
};

const char *pci_class_name(uint8_t class, uint8_t subclass)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(pci_class_names); i++)
		if (pci_class_names[i].class == class &&
		    pci_class_names[i].subclass == subclass)
			return pci_class_names[i].name;
	return "device";
}

/* Fill in d (bus, dev, fn set) from its configuration header. */
static void pci_read_header(struct pci_dev *d)
{
	uint32_t class_rev = pci_config_read32(d, PCI_REVISION);

	d->vendor = pci_config_read16(d, PCI_VENDOR_ID);
	d->device = pci_config_read16(d, PCI_DEVICE_ID);
	d->revision = class_rev & 0xff;
	d->prog_if = (class_rev >> 8) & 0xff;
	d->subclass = (class_rev >> 16) & 0xff;
	d->class = class_rev >> 24;
	d->header_type = pci_config_read8(d, PCI_HEADER_TYPE) &
			 PCI_HEADER_TYPE_MASK;
	d->irq_line = pci_config_read8(d, PCI_INTERRUPT_LINE);
	if (d->header_type == PCI_HEADER_NORMAL)
		for (unsigned int i = 0; i < PCI_BAR_COUNT; i++)
			d->bar[i] = pci_config_read32(d, PCI_BAR0 + 4 * i);
}

static void pci_log(const struct pci_dev *d)
{
	char irq[16] = "";

	if (d->irq_line && d->irq_line != 0xff)
		snprintf(irq, sizeof(irq), ", irq %u", d->irq_line);
	pr_info("pci: %02x:%02x.%u [%04x:%04x] class %02x.%02x.%02x %s%s\n",
		d->bus, d->dev, d->fn, d->vendor, d->device, d->class,
		d->subclass, d->prog_if, pci_class_name(d->class, d->subclass),
		irq);
}

static void pci_scan_bus(uint8_t bus);

/* Record function fn of bus:dev if it exists; returns it or NULL. */
static struct pci_dev *pci_probe_fn(uint8_t bus, uint8_t dev, uint8_t fn)
{
	struct pci_dev probe = { .bus = bus, .dev = dev, .fn = fn };
	struct pci_dev *d;

	if (pci_config_read16(&probe, PCI_VENDOR_ID) == 0xffff)
		return NULL;
	d = kzalloc(sizeof(*d));
	if (!d)
		return NULL;
	*d = probe;
	pci_read_header(d);
	list_add_tail(&d->list, &pci_devices);
	pci_count++;
	pci_log(d);
	if (d->header_type == PCI_HEADER_BRIDGE &&
	    d->class == PCI_CLASS_BRIDGE && d->subclass == PCI_SUBCLASS_PCI_BRIDGE)
		pci_scan_bus(pci_config_read8(d, PCI_SECONDARY_BUS));
	return d;
}

static void pci_scan_bus(uint8_t bus)
{
	if (bitmap_test_and_set_bit(pci_buses_seen, bus))
		return;
	for (uint8_t dev = 0; dev < PCI_MAX_DEV; dev++) {
		struct pci_dev probe = { .bus = bus, .dev = dev };

		if (!pci_probe_fn(bus, dev, 0))
			continue;
		if (!(pci_config_read8(&probe, PCI_HEADER_TYPE) &
		      PCI_HEADER_MULTIFN))
			continue;
		for (uint8_t fn = 1; fn < PCI_MAX_FN; fn++)
			pci_probe_fn(bus, dev, fn);
	}
}

int pci_init(void)
{
	struct pci_dev host = { 0 };

	if (pci_config_read16(&host, PCI_VENDOR_ID) == 0xffff) {
		pr_info("pci: no PCI host bridge answers; no PCI devices\n");
		return 0;
	}
	pci_scan_bus(0);
	if (pci_config_read8(&host, PCI_HEADER_TYPE) & PCI_HEADER_MULTIFN)
		for (uint8_t fn = 1; fn < PCI_MAX_FN; fn++) {
			host.fn = fn;
			if (pci_config_read16(&host, PCI_VENDOR_ID) != 0xffff)
				pci_scan_bus(fn);
		}
	pr_info("pci: %u functions\n", pci_count);
	return 0;
}
INITCALL(INIT_CORE, pci_init);
