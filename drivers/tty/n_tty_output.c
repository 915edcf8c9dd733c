/*
 * n_tty_output.c: the line discipline's output side (see n_tty.h): the
 * output ring the driver drains, OPOST processing of written and echoed
 * bytes, and the cursor column it tracks (as Linux's do_output_char).
 */
#include "drivers/tty/n_tty.h"

#define OMASK(i)	((i) & (N_TTY_OBUF_SIZE - 1))
#define TAB_SPACES	"        "

static bool is_cntrl(uint8_t c)
{
	return c < 0x20 || c == 0x7f;
}

static bool is_continuation(const struct n_tty *ld, uint8_t c)
{
	return N_I(ld, IUTF8) && (c & 0xc0) == 0x80;
}

size_t n_tty_out_count(const struct n_tty *ld)
{
	return ld->out_head - ld->out_tail;
}

size_t n_tty_out_room(const struct n_tty *ld)
{
	return N_TTY_OBUF_SIZE - n_tty_out_count(ld);
}

static void out_put(struct n_tty *ld, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ld->obuf[OMASK(ld->out_head++)] = (uint8_t)s[i];
}

/*
 * One byte through OPOST, if room bytes suffice for what it becomes.
 * Returns the bytes queued (0: a CR dropped by ONOCR) or -1 when it does
 * not fit; the column follows what the terminal will do.
 */
static int out_char(struct n_tty *ld, uint8_t c, size_t room)
{
	unsigned int spaces;

	if (!room)
		return -1;
	switch (c) {
	case '\n':
		if (N_O(ld, ONLRET))
			ld->column = 0;
		if (N_O(ld, ONLCR)) {
			if (room < 2)
				return -1;
			ld->canon_column = ld->column = 0;
			out_put(ld, "\r\n", 2);
			return 2;
		}
		ld->canon_column = ld->column;
		break;
	case '\r':
		if (N_O(ld, ONOCR) && ld->column == 0)
			return 0;
		if (N_O(ld, OCRNL)) {
			c = '\n';
			if (N_O(ld, ONLRET))
				ld->canon_column = ld->column = 0;
			break;
		}
		ld->canon_column = ld->column = 0;
		break;
	case '\t':
		spaces = 8 - (ld->column & 7);
		ld->column += spaces;
		if ((ld->t.c_oflag & TABDLY) == XTABS) {
			if (room < spaces) {
				ld->column -= spaces;
				return -1;
			}
			out_put(ld, TAB_SPACES, spaces);
			return (int)spaces;
		}
		break;
	case '\b':
		if (ld->column > 0)
			ld->column--;
		break;
	default:
		if (!is_cntrl(c)) {
			if (N_O(ld, OLCUC) && c >= 'a' && c <= 'z')
				c = (uint8_t)(c - 'a' + 'A');
			if (!is_continuation(ld, c))
				ld->column++;
		}
		break;
	}
	ld->obuf[OMASK(ld->out_head++)] = c;
	return 1;
}

size_t n_tty_write(struct n_tty *ld, const uint8_t *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (!N_O(ld, OPOST)) {
			if (!n_tty_out_room(ld))
				break;
			ld->obuf[OMASK(ld->out_head++)] = buf[i];
		} else if (out_char(ld, buf[i], n_tty_out_room(ld)) < 0) {
			break;
		}
	}
	return i;
}

void n_tty_echo_raw(struct n_tty *ld, uint8_t c)
{
	if (N_O(ld, OPOST))
		(void)out_char(ld, c, n_tty_out_room(ld));
	else if (n_tty_out_room(ld))
		ld->obuf[OMASK(ld->out_head++)] = c;
}

void n_tty_echo_char(struct n_tty *ld, uint8_t c)
{
	char ctl[2] = { '^', (char)(c ^ 0100) };

	if (!N_L(ld, ECHOCTL) || !is_cntrl(c) || c == '\t') {
		n_tty_echo_raw(ld, c);
	} else if (n_tty_out_room(ld) >= 2) {
		out_put(ld, ctl, 2);
		ld->column += 2;
	}
}

void n_tty_echo_backspaces(struct n_tty *ld, unsigned int n)
{
	if (n_tty_out_room(ld) < n)
		return;
	while (n--) {
		out_put(ld, "\b", 1);
		if (ld->column > 0)
			ld->column--;
	}
}

const uint8_t *n_tty_out_peek(const struct n_tty *ld, size_t *len)
{
	size_t count = n_tty_out_count(ld);
	size_t to_end = N_TTY_OBUF_SIZE - OMASK(ld->out_tail);

	*len = count < to_end ? count : to_end;
	return &ld->obuf[OMASK(ld->out_tail)];
}

void n_tty_out_consume(struct n_tty *ld, size_t n)
{
	ld->out_tail += (uint32_t)n;
}

void n_tty_flush_output(struct n_tty *ld)
{
	ld->out_tail = ld->out_head;
}
