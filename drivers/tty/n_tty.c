/*
 * n_tty.c: the line discipline's input side (see n_tty.h): each byte from
 * the terminal is translated, may act (flow control, signals, editing),
 * is echoed and is queued for readers, following Linux's n_tty rules:
 * which bytes are special under the current modes, what each echoes,
 * how ERASE, WERASE and KILL take bytes back and rub them out on screen.
 */
#include "drivers/tty/n_tty.h"
#include "lib/string.h"

#define RMASK(i)	((i) & (N_TTY_BUF_SIZE - 1))

static bool is_cntrl(uint8_t c)
{
	return c < 0x20 || c == 0x7f;
}

/* As Linux's Latin-1 isalnum, plus '_': what WERASE keeps together. */
static bool is_word(uint8_t c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' ||
	       (c >= 0xc0 && c != 0xd7 && c != 0xf7);
}

static bool is_continuation(const struct n_tty *ld, uint8_t c)
{
	return N_I(ld, IUTF8) && (c & 0xc0) == 0x80;
}

/* Is c the character in slot (and the slot not disabled)? */
static bool is_cc(const struct n_tty *ld, uint8_t c, int slot)
{
	return c != TTY_DISABLED_CHAR && c == ld->t.c_cc[slot];
}

static uint8_t rb(const struct n_tty *ld, uint32_t i)
{
	return ld->rbuf[RMASK(i)];
}

static void eol_set(struct n_tty *ld, uint32_t i, bool on)
{
	uint8_t bit = (uint8_t)(1u << (RMASK(i) & 7));

	if (on)
		ld->eol[RMASK(i) / 8] |= bit;
	else
		ld->eol[RMASK(i) / 8] &= (uint8_t)~bit;
}

void n_tty_init(struct n_tty *ld, const struct termios *t)
{
	memset(ld, 0, sizeof(*ld));
	ld->t = *t;
}

void n_tty_flush_input(struct n_tty *ld)
{
	ld->read_tail = ld->canon_head = ld->read_head;
	ld->lnext = ld->erasing = false;
}

/* Is there room for one more byte?  Canonical mode keeps the last slot
 * for a byte that ends the line. */
static bool has_room(const struct n_tty *ld, bool ends_line)
{
	uint32_t count = ld->read_head - ld->read_tail;

	if (N_L(ld, ICANON) && !ends_line)
		return count < N_TTY_BUF_SIZE - 1;
	return count < N_TTY_BUF_SIZE;
}

static void put_byte(struct n_tty *ld, uint8_t c)
{
	if (!has_room(ld, false))
		return;
	eol_set(ld, ld->read_head, false);
	ld->rbuf[RMASK(ld->read_head++)] = c;
}

/* The end of an ECHOPRT erasure: "/". */
static void finish_erasing(struct n_tty *ld)
{
	if (ld->erasing) {
		n_tty_echo_raw(ld, '/');
		ld->erasing = false;
	}
}

/* Echo a byte that starts or continues the line. */
static void echo_input(struct n_tty *ld, uint8_t c)
{
	finish_erasing(ld);
	if (ld->canon_head == ld->read_head)
		ld->canon_column = ld->column;
	n_tty_echo_char(ld, c);
}

/* Queue an ordinary byte (echoed; a '\n' reaching here after special
 * processing echoes as a newline, not as ^J). */
static unsigned int store(struct n_tty *ld, uint8_t c, bool nl_raw)
{
	unsigned int ev = N_L(ld, ICANON) ? 0 : NTTY_EV_READ;

	if (!has_room(ld, false))
		return 0;
	if (N_L(ld, ECHO)) {
		if (c == '\n' && nl_raw) {
			finish_erasing(ld);
			n_tty_echo_raw(ld, '\n');
		} else {
			echo_input(ld, c);
		}
		ev |= NTTY_EV_OUTPUT;
	}
	if (c == 0xff && N_I(ld, PARMRK))
		put_byte(ld, c);
	put_byte(ld, c);
	return ev;
}

/* Close the current line with c (TTY_DISABLED_CHAR for EOF). */
static unsigned int end_line(struct n_tty *ld, uint8_t c)
{
	if (!has_room(ld, true))
		return 0;
	eol_set(ld, ld->read_head, true);
	ld->rbuf[RMASK(ld->read_head++)] = c;
	ld->canon_head = ld->read_head;
	return NTTY_EV_READ;
}

/* INTR, QUIT, SUSP: flush unless NOFLSH, restart output, echo. */
static unsigned int isig(struct n_tty *ld, unsigned int sig_ev, uint8_t c)
{
	unsigned int ev = sig_ev;

	if (!N_L(ld, NOFLSH)) {
		n_tty_flush_output(ld);
		n_tty_flush_input(ld);
		ev |= NTTY_EV_FLUSHED;
	}
	if (N_I(ld, IXON) && ld->stopped) {
		ld->stopped = false;
		ev |= NTTY_EV_START;
	}
	if (N_L(ld, ECHO)) {
		n_tty_echo_char(ld, c);
		ev |= NTTY_EV_OUTPUT;
	}
	return ev;
}

/* Rub out erased byte c (cnt bytes from head on, with its continuation
 * bytes) on the screen. */
static void echo_erase(struct n_tty *ld, bool erase, uint8_t c,
		       uint32_t head, uint32_t cnt)
{
	if (N_L(ld, ECHOPRT)) {
		if (!ld->erasing) {
			n_tty_echo_raw(ld, '\\');
			ld->erasing = true;
		}
		n_tty_echo_char(ld, c);
		while (--cnt > 0) {
			n_tty_echo_raw(ld, rb(ld, ++head));
			if (ld->column > 0)
				ld->column--;
		}
	} else if (erase && !N_L(ld, ECHOE)) {
		n_tty_echo_char(ld, ld->t.c_cc[VERASE]);
	} else if (c == '\t') {
		unsigned int cols = 0;
		bool after_tab = false;

		for (uint32_t t = ld->read_head; t != ld->canon_head;) {
			uint8_t p = rb(ld, --t);

			if (p == '\t') {
				after_tab = true;
				break;
			}
			if (is_cntrl(p))
				cols += N_L(ld, ECHOCTL) ? 2 : 0;
			else if (!is_continuation(ld, p))
				cols++;
		}
		if (!after_tab)
			cols += ld->canon_column;
		n_tty_echo_backspaces(ld, 8 - (cols & 7));
	} else {
		int times = is_cntrl(c) ? (N_L(ld, ECHOCTL) ? 2 : 0) : 1;

		while (times-- > 0) {
			n_tty_echo_raw(ld, '\b');
			n_tty_echo_raw(ld, ' ');
			n_tty_echo_raw(ld, '\b');
		}
	}
}

/* KILL when it is echoed as itself (not rubbed out): ^U, then "\n" under
 * ECHOK.  Returns false when the line must be rubbed out byte by byte. */
static bool kill_plain(struct n_tty *ld, uint8_t c)
{
	if (!N_L(ld, ECHO)) {
		ld->read_head = ld->canon_head;
		return true;
	}
	if (N_L(ld, ECHOK) && N_L(ld, ECHOKE) && N_L(ld, ECHOE))
		return false;
	ld->read_head = ld->canon_head;
	finish_erasing(ld);
	n_tty_echo_char(ld, c);
	if (N_L(ld, ECHOK))
		n_tty_echo_raw(ld, '\n');
	return true;
}

/* ERASE, WERASE or KILL c on the current line. */
static void eraser(struct n_tty *ld, uint8_t c)
{
	enum { ERASE, WERASE, KILL } kind;
	bool seen_word = false;

	if (ld->read_head == ld->canon_head)
		return;
	if (is_cc(ld, c, VERASE))
		kind = ERASE;
	else if (is_cc(ld, c, VWERASE))
		kind = WERASE;
	else if (kill_plain(ld, c))
		return;
	else
		kind = KILL;
	while (ld->read_head != ld->canon_head) {
		uint32_t head = ld->read_head;
		uint8_t e;

		do
			e = rb(ld, --head);
		while (is_continuation(ld, e) && head != ld->canon_head);
		if (is_continuation(ld, e))
			break;		/* never half a character */
		if (kind == WERASE) {
			if (is_word(e))
				seen_word = true;
			else if (seen_word)
				break;
		}
		uint32_t cnt = ld->read_head - head;

		ld->read_head = head;
		if (N_L(ld, ECHO))
			echo_erase(ld, kind == ERASE, e, head, cnt);
		if (kind == ERASE)
			break;
	}
	if (ld->read_head == ld->canon_head && N_L(ld, ECHO))
		finish_erasing(ld);
}

/* REPRINT: ^R, a new line, and the line so far. */
static void reprint(struct n_tty *ld, uint8_t c)
{
	finish_erasing(ld);
	n_tty_echo_char(ld, c);
	n_tty_echo_raw(ld, '\n');
	for (uint32_t t = ld->canon_head; t != ld->read_head; t++)
		n_tty_echo_char(ld, rb(ld, t));
}

/* Is c special under the current modes (Linux's char_map)? */
static bool is_special(const struct n_tty *ld, uint8_t c)
{
	if (c == TTY_DISABLED_CHAR)
		return false;
	if (c == '\r' && (N_I(ld, IGNCR) || N_I(ld, ICRNL)))
		return true;
	if (c == '\n' && (N_I(ld, INLCR) || N_L(ld, ICANON)))
		return true;
	if (N_L(ld, ICANON) &&
	    (is_cc(ld, c, VERASE) || is_cc(ld, c, VKILL) ||
	     is_cc(ld, c, VEOF) || is_cc(ld, c, VEOL) ||
	     (N_L(ld, IEXTEN) && (is_cc(ld, c, VWERASE) ||
				  is_cc(ld, c, VLNEXT) ||
				  is_cc(ld, c, VEOL2) ||
				  (N_L(ld, ECHO) && is_cc(ld, c, VREPRINT))))))
		return true;
	if (N_I(ld, IXON) && (is_cc(ld, c, VSTART) || is_cc(ld, c, VSTOP)))
		return true;
	return N_L(ld, ISIG) && (is_cc(ld, c, VINTR) || is_cc(ld, c, VQUIT) ||
				 is_cc(ld, c, VSUSP));
}

/* The canonical-mode special characters; -1 when c is not one. */
static int receive_canon(struct n_tty *ld, uint8_t c)
{
	if (is_cc(ld, c, VERASE) || is_cc(ld, c, VKILL) ||
	    (is_cc(ld, c, VWERASE) && N_L(ld, IEXTEN))) {
		eraser(ld, c);
		return NTTY_EV_OUTPUT;
	}
	if (is_cc(ld, c, VLNEXT) && N_L(ld, IEXTEN)) {
		ld->lnext = true;
		if (N_L(ld, ECHO)) {
			finish_erasing(ld);
			if (N_L(ld, ECHOCTL)) {
				n_tty_echo_raw(ld, '^');
				n_tty_echo_raw(ld, '\b');
			}
		}
		return NTTY_EV_OUTPUT;
	}
	if (is_cc(ld, c, VREPRINT) && N_L(ld, ECHO) && N_L(ld, IEXTEN)) {
		reprint(ld, c);
		return NTTY_EV_OUTPUT;
	}
	if (c == '\n') {
		if (N_L(ld, ECHO) || N_L(ld, ECHONL))
			n_tty_echo_raw(ld, '\n');
		return (int)(NTTY_EV_OUTPUT | end_line(ld, c));
	}
	if (is_cc(ld, c, VEOF))
		return (int)end_line(ld, TTY_DISABLED_CHAR);
	if (is_cc(ld, c, VEOL) || (is_cc(ld, c, VEOL2) && N_L(ld, IEXTEN))) {
		if (N_L(ld, ECHO)) {
			if (ld->canon_head == ld->read_head)
				ld->canon_column = ld->column;
			n_tty_echo_char(ld, c);
		}
		if (c == 0xff && N_I(ld, PARMRK))
			put_byte(ld, c);
		return (int)(NTTY_EV_OUTPUT | end_line(ld, c));
	}
	return -1;
}

static unsigned int receive_special(struct n_tty *ld, uint8_t c)
{
	unsigned int ev = 0;
	int canon;

	if (N_I(ld, IXON) && is_cc(ld, c, VSTART)) {
		ld->stopped = false;
		return NTTY_EV_START | NTTY_EV_OUTPUT;
	}
	if (N_I(ld, IXON) && is_cc(ld, c, VSTOP)) {
		ld->stopped = true;
		return 0;
	}
	if (N_L(ld, ISIG)) {
		if (is_cc(ld, c, VINTR))
			return isig(ld, NTTY_EV_SIGINT, c);
		if (is_cc(ld, c, VQUIT))
			return isig(ld, NTTY_EV_SIGQUIT, c);
		if (is_cc(ld, c, VSUSP))
			return isig(ld, NTTY_EV_SIGTSTP, c);
	}
	if (ld->stopped && N_I(ld, IXON) && N_I(ld, IXANY)) {
		ld->stopped = false;
		ev |= NTTY_EV_START | NTTY_EV_OUTPUT;
	}
	if (c == '\r') {
		if (N_I(ld, IGNCR))
			return ev;
		if (N_I(ld, ICRNL))
			c = '\n';
	} else if (c == '\n' && N_I(ld, INLCR)) {
		c = '\r';
	}
	if (N_L(ld, ICANON) && (canon = receive_canon(ld, c)) >= 0)
		return ev | (unsigned int)canon;
	return ev | store(ld, c, true);
}

unsigned int n_tty_receive(struct n_tty *ld, uint8_t c)
{
	unsigned int ev = 0;

	if (N_I(ld, ISTRIP))
		c &= 0x7f;
	if (N_I(ld, IUCLC) && N_L(ld, IEXTEN) && c >= 'A' && c <= 'Z')
		c = (uint8_t)(c - 'A' + 'a');
	if (!ld->lnext && is_special(ld, c))
		return receive_special(ld, c);
	ld->lnext = false;
	if (ld->stopped && N_I(ld, IXON) && N_I(ld, IXANY)) {
		ld->stopped = false;
		ev |= NTTY_EV_START | NTTY_EV_OUTPUT;
	}
	return ev | store(ld, c, false);
}

void n_tty_set_termios(struct n_tty *ld, const struct termios *t)
{
	bool canon_changed = (ld->t.c_lflag ^ t->c_lflag) & ICANON;
	bool ixon_dropped = (ld->t.c_iflag & IXON) && !(t->c_iflag & IXON);

	ld->t = *t;
	if (canon_changed) {
		memset(ld->eol, 0, sizeof(ld->eol));
		if (!N_L(ld, ICANON) || ld->read_head == ld->read_tail) {
			ld->canon_head = ld->read_tail;
		} else {
			eol_set(ld, ld->read_head - 1, true);
			ld->canon_head = ld->read_head;
		}
		ld->erasing = ld->lnext = false;
	}
	if (ixon_dropped)
		ld->stopped = false;
}
