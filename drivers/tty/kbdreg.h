/*
 * kbdreg.h: the i8042 keyboard controller of PCs and the PS/2 keyboard
 * commands the driver sends.
 */
#ifndef DRIVERS_TTY_KBDREG_H
#define DRIVERS_TTY_KBDREG_H

#define I8042_DATA		0x60	/* read: output buffer; write: to device */
#define I8042_STATUS		0x64	/* read */
#define I8042_COMMAND		0x64	/* write */

#define I8042_STR_OBF		0x01	/* output buffer full: data to read */
#define I8042_STR_IBF		0x02	/* input buffer full: do not write */
#define I8042_STR_AUXDATA	0x20	/* the byte is from the mouse port */

#define I8042_CMD_READ_CTR	0x20	/* read the configuration byte */
#define I8042_CMD_WRITE_CTR	0x60	/* write the configuration byte */

#define I8042_CTR_KBDINT	0x01	/* IRQ 1 on keyboard data */
#define I8042_CTR_AUXINT	0x02	/* IRQ 12 on mouse data */
#define I8042_CTR_KBDDIS	0x10	/* keyboard clock disabled */
#define I8042_CTR_AUXDIS	0x20	/* mouse clock disabled */
#define I8042_CTR_XLATE		0x40	/* translate to scancode set 1 */

#define I8042_BUFFER_SIZE	16	/* bytes a controller may hold */

/* Commands to the keyboard itself (written to I8042_DATA). */
#define KBD_CMD_SET_LEDS	0xED	/* then a byte of KBD_LED_* bits */
#define KBD_REPLY_ACK		0xFA
#define KBD_REPLY_RESEND	0xFE

#endif
