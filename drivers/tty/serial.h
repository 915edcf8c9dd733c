/*
 * serial.h: the 16550 UART on COM1, used as a kernel console.
 *
 * serial_init() probes COM1 with the loopback test, sets 115200 8N1 with
 * FIFOs, and registers the "ttyS0" console; it returns -ENODEV when no UART
 * answers.  serial_write() sends bytes, turning "\n" into "\r\n"; it waits
 * for the transmitter a bounded time per byte, so a dead UART cannot hang
 * the kernel.  At INIT_DEVICE a present port also becomes the terminal
 * /dev/ttyS0 (4, 64), interrupt-driven (serial.c).
 */
#ifndef DRIVERS_TTY_SERIAL_H
#define DRIVERS_TTY_SERIAL_H

#include <stddef.h>

int serial_init(void);
void serial_write(const char *s, size_t len);

#endif
