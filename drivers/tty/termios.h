/*
 * termios.h: the terminal interface as Linux i386 defines it: struct
 * termios (what TCGETS/TCSETS copy), struct winsize, the flag bits and
 * control-character slots, and the tty ioctl numbers.
 *
 * Pure definitions, shared by the kernel and the host tests of the line
 * discipline.  tty_std_termios is what a fresh Linux terminal starts with.
 */
#ifndef DRIVERS_TTY_TERMIOS_H
#define DRIVERS_TTY_TERMIOS_H

#include <stdint.h>

#define NCCS		19

struct termios {
	uint32_t c_iflag;		/* input modes */
	uint32_t c_oflag;		/* output modes */
	uint32_t c_cflag;		/* control modes */
	uint32_t c_lflag;		/* local modes */
	uint8_t c_line;			/* line discipline (0: N_TTY) */
	uint8_t c_cc[NCCS];		/* control characters */
};
_Static_assert(sizeof(struct termios) == 36, "Linux i386 struct termios");

struct winsize {
	uint16_t ws_row, ws_col;
	uint16_t ws_xpixel, ws_ypixel;
};
_Static_assert(sizeof(struct winsize) == 8, "struct winsize");

/* c_cc slots */
#define VINTR		0
#define VQUIT		1
#define VERASE		2
#define VKILL		3
#define VEOF		4
#define VTIME		5
#define VMIN		6
#define VSWTC		7
#define VSTART		8
#define VSTOP		9
#define VSUSP		10
#define VEOL		11
#define VREPRINT	12
#define VDISCARD	13
#define VWERASE		14
#define VLNEXT		15
#define VEOL2		16

#define TTY_DISABLED_CHAR	0	/* _POSIX_VDISABLE: a slot that is off */

/* c_iflag */
#define IGNBRK		0000001
#define BRKINT		0000002
#define IGNPAR		0000004
#define PARMRK		0000010
#define INPCK		0000020
#define ISTRIP		0000040
#define INLCR		0000100
#define IGNCR		0000200
#define ICRNL		0000400
#define IUCLC		0001000
#define IXON		0002000
#define IXANY		0004000
#define IXOFF		0010000
#define IMAXBEL		0020000
#define IUTF8		0040000

/* c_oflag */
#define OPOST		0000001
#define OLCUC		0000002
#define ONLCR		0000004
#define OCRNL		0000010
#define ONOCR		0000020
#define ONLRET		0000040
#define OFILL		0000100
#define OFDEL		0000200
#define TABDLY		0014000
#define XTABS		0014000		/* TAB3: expand tabs to spaces */

/* c_cflag */
#define CBAUD		0010017
#define B0		0000000
#define B1200		0000011
#define B2400		0000013
#define B4800		0000014
#define B9600		0000015
#define B19200		0000016
#define B38400		0000017
#define CBAUDEX		0010000
#define B57600		0010001
#define B115200		0010002
#define CSIZE		0000060
#define CS8		0000060
#define CSTOPB		0000100
#define CREAD		0000200
#define PARENB		0000400
#define PARODD		0001000
#define HUPCL		0002000
#define CLOCAL		0004000

/* c_lflag */
#define ISIG		0000001
#define ICANON		0000002
#define XCASE		0000004
#define ECHO		0000010
#define ECHOE		0000020
#define ECHOK		0000040
#define ECHONL		0000100
#define NOFLSH		0000200
#define TOSTOP		0000400
#define ECHOCTL		0001000
#define ECHOPRT		0002000
#define ECHOKE		0004000
#define FLUSHO		0010000
#define PENDIN		0040000
#define IEXTEN		0100000
#define EXTPROC		0200000

/* ioctl numbers (Linux i386) */
#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TCGETA		0x5405
#define TCSETA		0x5406
#define TCSETAW		0x5407
#define TCSETAF		0x5408
#define TCSBRK		0x5409
#define TCXONC		0x540A
#define TCFLSH		0x540B
#define TIOCEXCL	0x540C
#define TIOCNXCL	0x540D
#define TIOCSCTTY	0x540E
#define TIOCGPGRP	0x540F
#define TIOCSPGRP	0x5410
#define TIOCOUTQ	0x5411
#define TIOCSTI		0x5412
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414
#define FIONREAD	0x541B
#define TIOCINQ		FIONREAD
#define FIONBIO		0x5421
#define TIOCNOTTY	0x5422
#define TIOCGETD	0x5424
#define TCSBRKP		0x5425
#define TIOCGSID	0x5429
#define FIONCLEX	0x5450
#define FIOCLEX		0x5451

/* TCFLSH, TCXONC arguments; tcsetattr's actions as TCSETS + action */
#define TCIFLUSH	0
#define TCOFLUSH	1
#define TCIOFLUSH	2
#define TCOOFF		0
#define TCOON		1
#define TCIOFF		2
#define TCION		3

/* What a fresh Linux terminal has (tty_std_termios), with Linux's c_cc:
 * ^C ^\ DEL ^U ^D, TIME 0, MIN 1, START ^Q, STOP ^S, SUSP ^Z, REPRINT ^R,
 * DISCARD ^O, WERASE ^W, LNEXT ^V; EOL, EOL2 and SWTC off. */
#define TTY_STD_IFLAG	(ICRNL | IXON)
#define TTY_STD_OFLAG	(OPOST | ONLCR)
#define TTY_STD_CFLAG	(B38400 | CS8 | CREAD | HUPCL)
#define TTY_STD_LFLAG	(ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | \
			 ECHOKE | IEXTEN)
#define TTY_STD_CC { 003, 034, 0177, 025, 004, 0, 1, 0, 021, 023, 032, 0, \
		     022, 017, 027, 026, 0, 0, 0 }

#endif
