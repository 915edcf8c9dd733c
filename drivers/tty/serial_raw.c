/*
 * serial_raw.c: a 16550 port as a raw byte sink, polled.
 *
 * For data that must leave a machine where nothing else works: the
 * profiler dumps its log to COM2 at shutdown.  serial_raw_write(base,
 * buf, len) probes the port (loopback test), sets 115200 8N1 and sends
 * the bytes as they are (no newline translation), waiting a bounded time
 * for the transmitter before each one.  No interrupt, no tty.  Returns
 * 0, or -ENODEV when no UART answers at base.
 */
#include "drivers/tty/serial.h"
#include "drivers/tty/serialreg.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"

#define RAW_SPIN_LIMIT	100000

static bool raw_probe(uint16_t base)
{
	outb(base + UART_MCR, UART_MCR_LOOP | UART_MCR_RTS);
	outb(base + UART_THR, 0x5A);
	for (int i = 0; i < 1000; i++)
		if (inb(base + UART_LSR) & UART_LSR_DR)
			return inb(base + UART_RBR) == 0x5A;
	return false;
}

static void raw_setup(uint16_t base)
{
	uint16_t divisor = UART_CLOCK / 115200;

	outb(base + UART_IER, 0);
	outb(base + UART_LCR, UART_LCR_DLAB);
	outb(base + UART_DLL, divisor & 0xff);
	outb(base + UART_DLM, divisor >> 8);
	outb(base + UART_LCR, UART_LCR_8N1);
	outb(base + UART_FCR, UART_FCR_ENABLE | UART_FCR_CLEAR);
}

int serial_raw_write(uint16_t base, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	raw_setup(base);
	if (!raw_probe(base))
		return -ENODEV;
	outb(base + UART_MCR, UART_MCR_DTR | UART_MCR_RTS);
	for (size_t i = 0; i < len; i++) {
		for (int spin = 0; spin < RAW_SPIN_LIMIT; spin++) {
			if (inb(base + UART_LSR) & UART_LSR_THRE)
				break;
			cpu_relax();
		}
		outb(base + UART_THR, p[i]);
	}
	return 0;
}
