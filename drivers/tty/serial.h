/*
 * serial.h: the 16550 UART on COM1, used as a kernel console.
 *
 * serial_init() probes COM1 with the loopback test, sets 115200 8N1 with
 * FIFOs, and registers the "ttyS0" console; it returns -ENODEV when no UART
 * answers.  serial_write() sends bytes, turning "\n" into "\r\n"; it waits
 * a bounded time for the transmitter to be empty before each FIFO's worth
 * of bytes, so a dead UART cannot hang the kernel.  At INIT_DEVICE a present port also becomes the terminal
 * /dev/ttyS0 (4, 64), interrupt-driven (serial.c).  serial_raw_write
 * sends raw bytes to another port, such as COM2 (serial_raw.c).
 */
#ifndef DRIVERS_TTY_SERIAL_H
#define DRIVERS_TTY_SERIAL_H

#include <stddef.h>
#include <stdint.h>

int serial_init(void);
void serial_write(const char *s, size_t len);
/* serial_raw.c: send len bytes as they are to the UART at base (polled,
 * 115200 8N1): 0, or -ENODEV when no UART answers there. */
int serial_raw_write(uint16_t base, const void *buf, size_t len);

#endif
