/*
 * internal.h: what drivers/pci/ shares between its files, not for drivers.
 */
#ifndef DRIVERS_PCI_INTERNAL_H
#define DRIVERS_PCI_INTERNAL_H

#include "lib/list.h"

/* Every function found by the scan (scan.c adds, pci.c searches). */
extern struct list_head pci_devices;

#endif
