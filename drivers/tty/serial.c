/*
 * serial.c: 16550 UART console on COM1 (see serial.h for the interface).
 */
#include "drivers/tty/serial.h"
#include "drivers/tty/serialreg.h"
#include "kernel/cpu.h"
#include "kernel/errno.h"
#include "kernel/printk.h"

#define SERIAL_BAUD		115200
#define SERIAL_SPIN_LIMIT	100000	/* polls of LSR per byte at most */

static bool serial_present;

static void uart_out(int reg, uint8_t v) { outb(COM1_BASE + reg, v); }
static uint8_t uart_in(int reg) { return inb(COM1_BASE + reg); }

/* True when a UART echoes a byte back in loopback mode. */
static bool uart_probe(void)
{
	uart_out(UART_MCR, UART_MCR_LOOP | UART_MCR_OUT2 | UART_MCR_RTS);
	uart_out(UART_THR, 0xA5);
	for (int i = 0; i < 1000; i++) {
		if (uart_in(UART_LSR) & UART_LSR_DR)
			return uart_in(UART_RBR) == 0xA5;
	}
	return false;
}

static void uart_putc(char c)
{
	for (int i = 0; i < SERIAL_SPIN_LIMIT; i++) {
		if (uart_in(UART_LSR) & UART_LSR_THRE)
			break;
		cpu_relax();
	}
	uart_out(UART_THR, (uint8_t)c);
}

void serial_write(const char *s, size_t len)
{
	if (!serial_present)
		return;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n')
			uart_putc('\r');
		uart_putc(s[i]);
	}
}

static struct console serial_console = {
	.name = "ttyS0",
	.write = serial_write,
};

int serial_init(void)
{
	uint16_t divisor = UART_CLOCK / SERIAL_BAUD;

	uart_out(UART_IER, 0);
	uart_out(UART_LCR, UART_LCR_DLAB);
	uart_out(UART_DLL, divisor & 0xff);
	uart_out(UART_DLM, divisor >> 8);
	uart_out(UART_LCR, UART_LCR_8N1);
	uart_out(UART_FCR, UART_FCR_ENABLE | UART_FCR_CLEAR | UART_FCR_TRIG14);
	if (!uart_probe())
		return -ENODEV;
	uart_out(UART_MCR, UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2);
	serial_present = true;
	console_register(&serial_console);
	return 0;
}
