/*
 * serial.c: the 16550 UART on COM1 (see serial.h for the interface):
 * the kernel's polled console, and the terminal /dev/ttyS0 (4, 64).
 *
 * The console (serial_write, for printk) writes the transmit register
 * directly, a FIFO's worth of bytes each time it waits (a bounded time)
 * for the transmitter to be empty, so it works with interrupts off and
 * in a panic; it does not touch the terminal's buffer, so its
 * lines may only fall between the terminal's bytes.
 *
 * The terminal is interrupt-driven both ways (IRQ 4, FIFOs on): the
 * receive interrupt (data or FIFO timeout) reads every byte waiting and
 * hands them to tty_receive(); the write op copies into a transmit ring
 * and never sleeps, the transmitter-empty interrupt refills the 16-byte
 * FIFO from the ring and, as the ring empties, asks the tty layer for
 * more (tty_write_wakeup).  set_termios programs the speed, character
 * size, parity and stop bits; CREAD off drops what is received.
 */
#include "drivers/tty/serial.h"
#include "drivers/tty/serialreg.h"
#include "drivers/tty/tty.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/spinlock.h"
#include "mm/mm.h"

#define SERIAL_BAUD		115200
#define SERIAL_SPIN_LIMIT	100000	/* polls of LSR per byte at most */
#define SERIAL_TX_SIZE		1024	/* a power of two */
#define SERIAL_FIFO_SIZE	16
#define SERIAL_RX_BATCH		64
#define SERIAL_IRQ_LOOPS	32	/* interrupt causes handled per IRQ */

static bool serial_present;
static unsigned int console_fifo = 1;	/* bytes per empty transmitter */

struct serial_port {
	struct spinlock lock;		/* the ring and IER */
	struct tty *tty;
	uint8_t ier;
	uint32_t tx_head, tx_tail;
	uint8_t tx[SERIAL_TX_SIZE];
};

static struct serial_port com1 = { .lock = SPINLOCK_INIT };

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

/* Wait (bounded) until the transmitter's FIFO is empty. */
static void uart_wait_thre(void)
{
	for (int i = 0; i < SERIAL_SPIN_LIMIT; i++) {
		if (uart_in(UART_LSR) & UART_LSR_THRE)
			return;
		cpu_relax();
	}
}

/* One byte into the FIFO; *room: the bytes it still takes without a
 * look at the line status, refilled each time it is found empty. */
static void uart_put_fifo(char c, unsigned int *room)
{
	if (!*room) {
		uart_wait_thre();
		*room = console_fifo;
	}
	uart_out(UART_THR, (uint8_t)c);
	(*room)--;
}

/*
 * The console writes a FIFO's worth of bytes each time the transmitter
 * is empty, as Linux's 8250 console does, instead of asking the line
 * status before every byte.  printk calls it with interrupts off, so the
 * terminal's interrupt cannot put bytes into the FIFO in between.
 */
void serial_write(const char *s, size_t len)
{
	unsigned int room = 0;

	if (!serial_present)
		return;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n')
			uart_put_fifo('\r', &room);
		uart_put_fifo(s[i], &room);
	}
}

static struct console serial_console = {
	.name = "ttyS0",
	.write = serial_write,
};

static void uart_set_divisor(uint16_t divisor, uint8_t lcr)
{
	uart_out(UART_LCR, UART_LCR_DLAB);
	uart_out(UART_DLL, divisor & 0xff);
	uart_out(UART_DLM, divisor >> 8);
	uart_out(UART_LCR, lcr);
}

int serial_init(void)
{
	uart_out(UART_IER, 0);
	uart_set_divisor(UART_CLOCK / SERIAL_BAUD, UART_LCR_8N1);
	uart_out(UART_FCR, UART_FCR_ENABLE | UART_FCR_CLEAR | UART_FCR_TRIG14);
	if (!uart_probe())
		return -ENODEV;
	uart_out(UART_MCR, UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2);
	if ((uart_in(UART_IIR) & UART_IIR_FIFOS) == UART_IIR_FIFOS)
		console_fifo = SERIAL_FIFO_SIZE;	/* a 16550A */
	serial_present = true;
	console_register(&serial_console);
	return 0;
}

/* ---- the terminal ------------------------------------------------------ */

static uint32_t tx_count(const struct serial_port *port)
{
	return port->tx_head - port->tx_tail;
}

static void set_ier(struct serial_port *port, uint8_t ier)
{
	if (port->ier != ier) {
		port->ier = ier;
		uart_out(UART_IER, ier);
	}
}

/* Refill the FIFO if it is empty; the transmitter interrupt stays on
 * while the ring holds bytes.  Port lock held. */
static void tx_start(struct serial_port *port)
{
	if (uart_in(UART_LSR) & UART_LSR_THRE) {
		for (int i = 0; i < SERIAL_FIFO_SIZE && tx_count(port); i++)
			uart_out(UART_THR, port->tx[port->tx_tail++ %
						    SERIAL_TX_SIZE]);
	}
	if (tx_count(port))
		set_ier(port, port->ier | UART_IER_THRI);
	else
		set_ier(port, port->ier & ~UART_IER_THRI);
}

static size_t serial_tty_write(struct tty *tty, const uint8_t *buf, size_t len)
{
	struct serial_port *port = tty_driver_data(tty);
	uint32_t flags = spin_lock_irqsave(&port->lock);
	size_t n = SERIAL_TX_SIZE - tx_count(port);

	if (n > len)
		n = len;
	for (size_t i = 0; i < n; i++)
		port->tx[port->tx_head++ % SERIAL_TX_SIZE] = buf[i];
	tx_start(port);
	spin_unlock_irqrestore(&port->lock, flags);
	return n;
}

static size_t serial_chars_in_buffer(struct tty *tty)
{
	struct serial_port *port = tty_driver_data(tty);
	uint32_t flags = spin_lock_irqsave(&port->lock);
	size_t n = tx_count(port);

	if (!(uart_in(UART_LSR) & UART_LSR_TEMT))
		n++;
	spin_unlock_irqrestore(&port->lock, flags);
	return n;
}

static void serial_flush_buffer(struct tty *tty)
{
	struct serial_port *port = tty_driver_data(tty);
	uint32_t flags = spin_lock_irqsave(&port->lock);

	port->tx_tail = port->tx_head;
	spin_unlock_irqrestore(&port->lock, flags);
}

static uint32_t cflag_baud(uint32_t cflag)
{
	static const struct { uint32_t code, baud; } rates[] = {
		{ B1200, 1200 }, { B2400, 2400 }, { B4800, 4800 },
		{ B9600, 9600 }, { B19200, 19200 }, { B38400, 38400 },
		{ B57600, 57600 }, { B115200, 115200 },
	};

	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if ((cflag & CBAUD) == rates[i].code)
			return rates[i].baud;
	return 0;
}

/* The line format of c_cflag: CSIZE, CSTOPB, PARENB, PARODD. */
static uint8_t cflag_lcr(uint32_t cflag)
{
	uint8_t lcr = (uint8_t)((cflag & CSIZE) >> 4);	/* CS5..CS8: 0..3 */

	if (cflag & CSTOPB)
		lcr |= UART_LCR_STOP2;
	if (cflag & PARENB)
		lcr |= UART_LCR_PARITY;
	if ((cflag & PARENB) && !(cflag & PARODD))
		lcr |= UART_LCR_EVEN;
	return lcr;
}

static void serial_set_termios(struct tty *tty)
{
	struct serial_port *port = tty_driver_data(tty);
	uint32_t cflag = tty_termios(tty)->c_cflag;
	uint32_t baud = cflag_baud(cflag);
	uint32_t flags;

	if (!baud)		/* B0 (hang up) or a speed we do not do */
		return;
	flags = spin_lock_irqsave(&port->lock);
	uart_set_divisor((uint16_t)(UART_CLOCK / baud), cflag_lcr(cflag));
	spin_unlock_irqrestore(&port->lock, flags);
}

static const struct tty_driver_ops serial_tty_ops = {
	.write = serial_tty_write,
	.set_termios = serial_set_termios,
	.chars_in_buffer = serial_chars_in_buffer,
	.flush_buffer = serial_flush_buffer,
};

static void serial_rx(struct serial_port *port)
{
	uint8_t buf[SERIAL_RX_BATCH];
	size_t n = 0;

	while (n < sizeof(buf) && (uart_in(UART_LSR) & UART_LSR_DR))
		buf[n++] = uart_in(UART_RBR);
	if (n)
		add_input_randomness(buf[0] | (uint32_t)n << 8);
	if (n && (tty_termios(port->tty)->c_cflag & CREAD))
		tty_receive(port->tty, buf, n);
}

static void serial_tx_irq(struct serial_port *port)
{
	uint32_t flags = spin_lock_irqsave(&port->lock);
	bool room;

	tx_start(port);
	room = tx_count(port) < SERIAL_TX_SIZE / 2;
	spin_unlock_irqrestore(&port->lock, flags);
	if (room)
		tty_write_wakeup(port->tty);
}

static void serial_irq(struct trap_frame *f)
{
	struct serial_port *port = &com1;

	for (int i = 0; i < SERIAL_IRQ_LOOPS; i++) {
		uint8_t iir = uart_in(UART_IIR);

		if (iir & UART_IIR_NO_INT)
			break;
		switch (iir & UART_IIR_ID) {
		case UART_IIR_RDI:
		case UART_IIR_RX_TIMEOUT:
			serial_rx(port);
			break;
		case UART_IIR_THRI:
			serial_tx_irq(port);
			break;
		case UART_IIR_RLSI:
			(void)uart_in(UART_LSR);
			break;
		default:
			(void)uart_in(UART_MSR);
			break;
		}
	}
}

static int serial_tty_init(void)
{
	struct termios t = {
		.c_iflag = TTY_STD_IFLAG, .c_oflag = TTY_STD_OFLAG,
		.c_cflag = B115200 | CS8 | CREAD | HUPCL | CLOCAL,
		.c_lflag = TTY_STD_LFLAG, .c_cc = TTY_STD_CC,
	};
	struct tty *tty;

	if (!serial_present)
		return 0;
	tty = tty_register("ttyS0", TTY_MAJOR, TTY_SERIAL_MINOR,
			   &serial_tty_ops, &com1);
	if (IS_ERR(tty))
		return (int)PTR_ERR(tty);
	tty_init_termios(tty, &t);
	com1.tty = tty;
	(void)uart_in(UART_LSR);
	(void)uart_in(UART_RBR);
	(void)uart_in(UART_IIR);
	(void)uart_in(UART_MSR);
	set_ier(&com1, UART_IER_RDI | UART_IER_RLSI);
	return irq_register(IRQ_COM1, serial_irq);
}
INITCALL(INIT_DEVICE, serial_tty_init);
