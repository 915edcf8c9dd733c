/*
 * probe.c: finding the controller and the drives at boot, in two
 * initcalls so that the drives' time after a reset overlaps the rest of
 * the boot instead of being waited for (ata_init at INIT_DEVICE: steps 1
 * and 2; ata_probe at INIT_LATE, linked before fs/root.c so that the
 * disks exist when the root is mounted: steps 3 and 4), and the "ata="
 * command-line switch.
 *
 * 1. PCI: the first IDE controller (class 01, subclass 01) gives the
 *    bus-master I/O base in BAR4; decoding and bus mastering are switched
 *    on.  No controller, or no BAR4, means PIO only.  Channels in native
 *    PCI mode are switched to the legacy ports when the controller allows.
 * 2. Both legacy channels are reset together, with interrupts masked
 *    (nIEN).  A floating bus (status 0xff) means no channel.  The drives
 *    need 2 ms before their BSY bit means anything: ata_probe waits for
 *    what is left of them (by then, usually nothing).
 * 3. Each drive is selected; where its count and LBA registers do not
 *    keep what is written (no drive: Linux's ata_devchk), there is none,
 *    once the channel has had ATA_SETTLE_US more to settle after its
 *    reset (a unit asked earlier is asked again then);
 *    otherwise it is sent IDENTIFY DEVICE, with bounded waits (this and
 *    reset are the only places that poll the status register); a drive
 *    that does not answer, or is ATAPI, is skipped with a message.
 * 4. A drive with READ/WRITE MULTIPLE gets SET MULTIPLE (16 sectors per
 *    PIO interrupt).  The channel's interrupt handler is installed, nIEN
 *    cleared, and each drive registered as a block device (hda..hdd) and
 *    its MBR scanned.
 */
#include "drivers/ata/internal.h"
#include "drivers/pci/pci.h"
#include "drivers/pci/pcireg.h"
#include "kernel/clock.h"
#include "kernel/cmdline.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include "mm/mm.h"

#define ATA_PROBE_TIMEOUT_NS	1000000000ull	/* 1 s per wait */
#define ATA_IDENTIFY_TRIES	5	/* waits of 1, 2, 4, 8 ms between */
#define ATA_IDENTIFY_RETRY_US	1000
#define ATA_SETTLE_US		1000	/* after the 2 ms, for the registers */
#define PCI_IDE_NATIVE(ch)	(1u << (2 * (ch)))	/* prog-if bits */
#define PCI_IDE_SWITCHABLE(ch)	(2u << (2 * (ch)))
#define PCI_IDE_BUSMASTER	0x80
#define ATA_MULTIPLE		16	/* sectors per PIO block, as Linux */
#define ATA_RESET_WAIT_US	2000	/* after a reset, before BSY counts */

struct ata_channel ata_channels[ATA_CHANNELS] = {
	{ .name = "primary", .cmd = ATA_PRIMARY_CMD, .ctl = ATA_PRIMARY_CTL,
	  .irq = ATA_PRIMARY_IRQ, .lock = SPINLOCK_INIT },
	{ .name = "secondary", .cmd = ATA_SECONDARY_CMD,
	  .ctl = ATA_SECONDARY_CTL, .irq = ATA_SECONDARY_IRQ,
	  .lock = SPINLOCK_INIT },
};
bool ata_force_pio;

/* What ata_init leaves for ata_probe. */
static uint64_t ata_reset_ns;		/* when the reset pulses ended */
static bool ata_alive[ATA_CHANNELS];	/* channels that answered */
static uint16_t ata_bm;			/* bus-master base, 0: PIO only */

static int ata_param(const char *value)
{
	if (strcmp(value, "pio") == 0)
		ata_force_pio = true;
	else if (strcmp(value, "dma") == 0)
		ata_force_pio = false;
	else
		return -EINVAL;
	return 0;
}
KERNEL_PARAM(ata, ata_param);

/* Put both channels of the controller in legacy mode if they are not. */
static void ata_pci_legacy(struct pci_dev *pci)
{
	uint8_t prog_if = pci->prog_if;

	for (unsigned int i = 0; i < ATA_CHANNELS; i++)
		if ((prog_if & PCI_IDE_NATIVE(i)) && (prog_if & PCI_IDE_SWITCHABLE(i)))
			prog_if &= ~PCI_IDE_NATIVE(i);
	if (prog_if != pci->prog_if) {
		pci_config_write8(pci, PCI_PROG_IF, prog_if);
		pci->prog_if = pci_config_read8(pci, PCI_PROG_IF);
	}
	if (pci->prog_if & (PCI_IDE_NATIVE(0) | PCI_IDE_NATIVE(1)))
		pr_warn("ata: controller stays in native PCI mode (prog-if "
			"0x%02x); using the legacy ports anyway\n", pci->prog_if);
}

/* The bus-master I/O base, or 0 for PIO only. */
static uint16_t ata_pci_busmaster(void)
{
	struct pci_dev *pci = pci_find_class(PCI_CLASS_STORAGE,
					     PCI_SUBCLASS_IDE, NULL);
	uint16_t bm;

	if (!pci) {
		pr_info("ata: no PCI IDE controller; trying the legacy ports, PIO only\n");
		return 0;
	}
	ata_pci_legacy(pci);
	bm = pci_bar_io(pci, 4);
	if (!(pci->prog_if & PCI_IDE_BUSMASTER) || !bm) {
		pr_info("ata: IDE controller %02x:%02x.%u has no bus master; PIO only\n",
			pci->bus, pci->dev, pci->fn);
		pci_enable(pci, PCI_COMMAND_IO);
		return 0;
	}
	pci_enable(pci, PCI_COMMAND_IO | PCI_COMMAND_MASTER);
	pr_info("ata: IDE controller %02x:%02x.%u [%04x:%04x], bus master at 0x%x\n",
		pci->bus, pci->dev, pci->fn, pci->vendor, pci->device, bm);
	return bm;
}

/* Whether the count and LBA low registers of the selected unit keep what
 * is written to them, as a drive's do (Linux's ata_devchk); a channel with
 * no drive at all reads them as 0 (QEMU) or floating. */
static bool ata_registers_stick(struct ata_channel *ch)
{
	outb(ch->cmd + ATA_REG_COUNT, 0x55);
	outb(ch->cmd + ATA_REG_LBA0, 0xaa);
	outb(ch->cmd + ATA_REG_COUNT, 0xaa);
	outb(ch->cmd + ATA_REG_LBA0, 0x55);
	outb(ch->cmd + ATA_REG_COUNT, 0x55);
	outb(ch->cmd + ATA_REG_LBA0, 0xaa);
	return inb(ch->cmd + ATA_REG_COUNT) == 0x55 &&
	       inb(ch->cmd + ATA_REG_LBA0) == 0xaa;
}

/* Wait until us microseconds have gone by since the reset pulses; false
 * when they already had. */
static bool ata_wait_since_reset(uint32_t us)
{
	uint64_t until = ata_reset_ns + (uint64_t)us * 1000;
	uint64_t now = clock_ns();

	if (now >= until)
		return false;
	clock_delay_us((uint32_t)((until - now + 999) / 1000));
	return true;
}

/* IDENTIFY DEVICE into id: 0, -ENODEV (nothing there), -ETIMEDOUT,
 * -ENOTSUP (ATAPI...), -EIO (a drive answered but gave no data). */
static int ata_identify(struct ata_channel *ch, unsigned int unit,
			uint16_t *id)
{
	uint8_t status;

	outb(ch->cmd + ATA_REG_DEVICE, ATA_DEV_OBS | (unit ? ATA_DEV_SLAVE : 0));
	ata_wait_400ns(ch);
	if (inb(ch->cmd + ATA_REG_STATUS) == 0xff)
		return -ENODEV;		/* a floating bus: nothing there */
	if (!ata_registers_stick(ch)) {
		/* Asked once more if the channel may still have been
		 * settling after its reset. */
		if (!ata_wait_since_reset(ATA_RESET_WAIT_US + ATA_SETTLE_US) ||
		    !ata_registers_stick(ch))
			return -ENODEV;
	}
	if (!ata_wait_status(ch, ATA_SR_BSY, 0, ATA_PROBE_TIMEOUT_NS))
		return -ETIMEDOUT;
	outb(ch->cmd + ATA_REG_COUNT, 0);
	outb(ch->cmd + ATA_REG_LBA0, 0);
	outb(ch->cmd + ATA_REG_LBA1, 0);
	outb(ch->cmd + ATA_REG_LBA2, 0);
	outb(ch->cmd + ATA_REG_COMMAND, ATA_CMD_IDENTIFY);
	ata_wait_400ns(ch);
	if (inb(ch->ctl + ATA_REG_ALTSTATUS) == 0) {
		/* QEMU answers 0 for an absent slave; for the master it has
		 * been seen once when a late channel reset undid the select,
		 * so the master is asked again (-EIO). */
		pr_debug("ata: %s unit %u: status 0 after IDENTIFY\n", ch->name, unit);
		return unit ? -ENODEV : -EIO;
	}
	if (!ata_wait_status(ch, ATA_SR_BSY, 0, ATA_PROBE_TIMEOUT_NS))
		return -ETIMEDOUT;
	if (inb(ch->cmd + ATA_REG_LBA1) || inb(ch->cmd + ATA_REG_LBA2))
		return -ENOTSUP;
	status = inb(ch->cmd + ATA_REG_STATUS);
	if ((status & (ATA_SR_ERR | ATA_SR_DF)) || !(status & ATA_SR_DRQ)) {
		pr_debug("ata: %s %s: IDENTIFY gave status 0x%02x\n", ch->name,
			 unit ? "slave" : "master", status);
		return -EIO;
	}
	ata_insw(ch->cmd + ATA_REG_DATA, id, ATA_ID_WORDS);
	inb(ch->cmd + ATA_REG_STATUS);
	return 0;
}

static void ata_drive_probe(struct ata_channel *ch, unsigned int unit,
			    uint16_t *id)
{
	struct ata_drive *d = &ch->drive[unit];
	const char *who = unit ? "slave" : "master";
	int err = ata_identify(ch, unit, id);

	/* A drive that answered but not properly (seen under QEMU on a
	 * loaded host, right after the channel reset) gets a few more tries. */
	for (int tries = 1; tries < ATA_IDENTIFY_TRIES &&
	     (err == -EIO || err == -ETIMEDOUT); tries++) {
		clock_delay_us(ATA_IDENTIFY_RETRY_US << (tries - 1));
		err = ata_identify(ch, unit, id);
		if (!err)
			pr_debug("ata: %s %s answered on try %d\n", ch->name,
				 who, tries + 1);
	}
	if (err == -EIO)
		err = -ENODEV;

	if (err == -ENODEV) {
		pr_info("ata: %s %s: no drive\n", ch->name, who);
		return;
	}
	if (err) {
		pr_info("ata: %s %s: %s; skipped\n", ch->name, who,
			err == -ENOTSUP ? "not an ATA disk (ATAPI?)" :
			"does not answer IDENTIFY");
		return;
	}
	ata_id_parse(id, &d->info);
	if (!(id[ATA_ID_CAPABILITY] & ATA_ID_CAP_LBA) || !d->info.sectors) {
		pr_info("ata: %s %s: %s has no LBA; skipped\n", ch->name, who,
			d->info.model);
		return;
	}
	d->present = true;
}

/*
 * SET MULTIPLE MODE to the largest power of two up to ATA_MULTIPLE that
 * the drive allows (IDENTIFY word 47), polled (interrupts are masked
 * while probing): then PIO moves that many sectors per interrupt
 * (pio.c).  d->multiple stays 0 (plain PIO) when the drive cannot or
 * refuses.
 */
static void ata_multiple_setup(struct ata_channel *ch, struct ata_drive *d)
{
	uint32_t n = ATA_MULTIPLE;

	while (n > d->info.multiple_max)
		n /= 2;
	d->multiple = 0;
	if (n < 2)
		return;
	outb(ch->cmd + ATA_REG_DEVICE, ATA_DEV_OBS | (d->unit ? ATA_DEV_SLAVE : 0));
	ata_wait_400ns(ch);
	outb(ch->cmd + ATA_REG_COUNT, n);
	outb(ch->cmd + ATA_REG_COMMAND, ATA_CMD_SET_MULTIPLE);
	ata_wait_400ns(ch);
	if (ata_wait_status(ch, ATA_SR_BSY, 0, ATA_PROBE_TIMEOUT_NS) &&
	    !(inb(ch->cmd + ATA_REG_STATUS) & (ATA_SR_ERR | ATA_SR_DF)))
		d->multiple = n;
	else
		pr_info("ata: %s %s: SET MULTIPLE %u refused; one sector per "
			"PIO interrupt\n", ch->name, d->unit ? "slave" : "master", n);
}

/* Pulse the channel's reset, interrupts masked; false when it floats.
 * The drives then need 2 ms before BSY means anything (ata_probe waits
 * for what is left of them, once for both channels). */
static bool ata_channel_reset_begin(struct ata_channel *ch)
{
	uint8_t status = inb(ch->cmd + ATA_REG_STATUS);

	if (status == 0xff) {
		pr_info("ata: %s channel: nothing answers at 0x%x\n", ch->name,
			ch->cmd);
		return false;
	}
	outb(ch->ctl + ATA_REG_DEVCTL, ATA_CTL_SRST | ATA_CTL_NIEN);
	clock_delay_us(5);
	outb(ch->ctl + ATA_REG_DEVCTL, ATA_CTL_NIEN);
	return true;
}

/* After the reset's 2 ms: false when the channel stays busy. */
static bool ata_channel_reset_end(struct ata_channel *ch)
{
	if (!ata_wait_status(ch, ATA_SR_BSY, 0, ATA_PROBE_TIMEOUT_NS)) {
		pr_info("ata: %s channel: still busy after a reset; skipped\n",
			ch->name);
		return false;
	}
	return true;
}

static void ata_irq_primary(struct trap_frame *f)
{
	ata_irq_channel(&ata_channels[0]);
}

static void ata_irq_secondary(struct trap_frame *f)
{
	ata_irq_channel(&ata_channels[1]);
}

static void ata_drive_register(struct ata_drive *d, unsigned int index)
{
	struct ata_channel *ch = d->ch;

	d->dev.name[0] = 'h';
	d->dev.name[1] = 'd';
	d->dev.name[2] = 'a' + index;
	d->dev.nr_sectors = d->info.sectors;
	d->dev.ops = &ata_ops;
	d->dev.driver_data = d;
	d->mode = ch->prdt && d->info.dma && !ata_force_pio ? ATA_MODE_DMA :
		  ATA_MODE_PIO;
	ata_id_log(d);
	if (blkdev_register(&d->dev) == 0)
		blk_scan_mbr(&d->dev);
}

/* Set up channel i; returns the number of drives found. */
static unsigned int ata_channel_init(unsigned int i, uint16_t bm, uint16_t *id)
{
	struct ata_channel *ch = &ata_channels[i];
	unsigned int found = 0;

	if (!ata_channel_reset_end(ch))
		return 0;
	for (unsigned int unit = 0; unit < 2; unit++) {
		ch->drive[unit].ch = ch;
		ch->drive[unit].unit = unit;
		ata_drive_probe(ch, unit, id);
		if (ch->drive[unit].present)
			ata_multiple_setup(ch, &ch->drive[unit]);
		found += ch->drive[unit].present;
	}
	if (!found)
		return 0;
	if (bm) {
		struct page *pg = page_alloc(0);

		ch->bm = pg ? bm + i * BM_CHANNEL_STRIDE : 0;
		ch->prdt = pg ? page_address(pg) : NULL;
	}
	irq_register(ch->irq, i ? ata_irq_secondary : ata_irq_primary);
	outb(ch->ctl + ATA_REG_DEVCTL, 0);
	for (unsigned int unit = 0; unit < 2; unit++)
		if (ch->drive[unit].present)
			ata_drive_register(&ch->drive[unit], 2 * i + unit);
	return found;
}

/* Steps 1 and 2: the controller, and both channels' reset pulses. */
static int ata_init(void)
{
	ata_bm = ata_pci_busmaster();
	if (ata_force_pio)
		pr_info("ata: ata=pio: all drives use PIO\n");
	ata_watchdog_init();
	for (unsigned int i = 0; i < ATA_CHANNELS; i++) {
		list_init(&ata_channels[i].waiting);
		ata_channels[i].timeout_ms = ATA_TIMEOUT_MS;
		ata_alive[i] = ata_channel_reset_begin(&ata_channels[i]);
	}
	ata_reset_ns = clock_ns();
	return 0;
}
INITCALL(INIT_DEVICE, ata_init);

/* Steps 3 and 4, once the drives have had their 2 ms since the reset. */
static int ata_probe(void)
{
	uint16_t *id = kmalloc(ATA_ID_WORDS * 2);
	unsigned int found = 0;

	if (!id)
		return -ENOMEM;
	ata_wait_since_reset(ATA_RESET_WAIT_US);
	for (unsigned int i = 0; i < ATA_CHANNELS; i++)
		found += ata_alive[i] ? ata_channel_init(i, ata_bm, id) : 0;
	kfree(id);
	pr_info("ata: %u drive%s\n", found, found == 1 ? "" : "s");
	return 0;
}
INITCALL(INIT_LATE, ata_probe);
