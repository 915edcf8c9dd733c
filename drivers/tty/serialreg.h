/*
 * serialreg.h: 16550 UART registers, as offsets from the port base.
 */
#ifndef DRIVERS_TTY_SERIALREG_H
#define DRIVERS_TTY_SERIALREG_H

#define COM1_BASE	0x3F8
#define COM2_BASE	0x2F8
#define UART_CLOCK	115200	/* divisor 1 gives this many baud */

#define UART_RBR	0	/* receive buffer (read, DLAB=0) */
#define UART_THR	0	/* transmit holding (write, DLAB=0) */
#define UART_DLL	0	/* divisor latch low (DLAB=1) */
#define UART_IER	1	/* interrupt enable (DLAB=0) */
#define UART_DLM	1	/* divisor latch high (DLAB=1) */
#define UART_IIR	2	/* interrupt identification (read) */
#define UART_FCR	2	/* FIFO control (write) */
#define UART_LCR	3	/* line control */
#define UART_MCR	4	/* modem control */
#define UART_LSR	5	/* line status */
#define UART_MSR	6	/* modem status */
#define UART_SCR	7	/* scratch */

#define UART_LCR_8N1	0x03
#define UART_LCR_STOP2	0x04	/* two stop bits */
#define UART_LCR_PARITY	0x08	/* parity enable */
#define UART_LCR_EVEN	0x10	/* even parity */
#define UART_LCR_DLAB	0x80
#define UART_FCR_ENABLE	0x01
#define UART_FCR_CLEAR	0x06
#define UART_FCR_TRIG14	0xC0
#define UART_MCR_DTR	0x01
#define UART_MCR_RTS	0x02
#define UART_MCR_OUT2	0x08	/* gates the IRQ line on PCs */
#define UART_MCR_LOOP	0x10
#define UART_LSR_DR	0x01	/* data ready */
#define UART_LSR_THRE	0x20	/* transmit holding register (FIFO) empty */
#define UART_LSR_TEMT	0x40	/* transmitter idle */
#define UART_IER_RDI	0x01	/* interrupt on received data */
#define UART_IER_THRI	0x02	/* interrupt on transmitter empty */
#define UART_IER_RLSI	0x04	/* interrupt on line status */
#define UART_IIR_NO_INT	0x01	/* no interrupt pending */
#define UART_IIR_ID	0x0e	/* which one, by priority: */
#define UART_IIR_RLSI	0x06	/*   line status */
#define UART_IIR_RDI	0x04	/*   received data */
#define UART_IIR_RX_TIMEOUT 0x0c /*  FIFO timeout with data */
#define UART_IIR_THRI	0x02	/*   transmitter empty */
#define UART_IIR_FIFOS	0xc0	/* both set: FIFOs on (a 16550A) */

#endif
