/*
 * acpi.h: the little of ACPI the kernel uses: finding the tables and
 * turning the machine off (sleep state S5).
 *
 * acpi_init() (an initcall) finds the RSDP in the BIOS areas, the RSDT or
 * XSDT, the FADT (for the PM1 control ports) and the \_S5 package in the
 * DSDT (for the sleep type values).  acpi_poweroff() then enters S5; it
 * returns -ENODEV when ACPI or \_S5 was not found, and only returns at all
 * if the hardware ignored the request.
 */
#ifndef DRIVERS_ACPI_ACPI_H
#define DRIVERS_ACPI_ACPI_H

int acpi_poweroff(void);

#endif
