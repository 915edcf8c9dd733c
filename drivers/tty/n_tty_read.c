/*
 * n_tty_read.c: what readers of the line discipline see (see n_tty.h):
 * whether a read can return, how many bytes wait (FIONREAD), and the copy
 * itself: one line at a time in canonical mode, as Linux's
 * canon_copy_from_read_buf, the bytes there otherwise.
 */
#include "drivers/tty/n_tty.h"

#define RMASK(i)	((i) & (N_TTY_BUF_SIZE - 1))

static bool is_eol(const struct n_tty *ld, uint32_t i)
{
	return ld->eol[RMASK(i) / 8] & (1u << (RMASK(i) & 7));
}

/* Is the byte at i an EOF that ended its line (stored as a disabled
 * char with the end-of-line mark)? */
static bool is_eof_mark(const struct n_tty *ld, uint32_t i)
{
	return is_eol(ld, i) && ld->rbuf[RMASK(i)] == TTY_DISABLED_CHAR;
}

bool n_tty_readable(const struct n_tty *ld, bool for_poll)
{
	uint32_t amt = 1;

	if (N_L(ld, ICANON))
		return ld->canon_head != ld->read_tail;
	if (for_poll && !ld->t.c_cc[VTIME] && ld->t.c_cc[VMIN])
		amt = ld->t.c_cc[VMIN];
	return ld->read_head - ld->read_tail >= amt;
}

size_t n_tty_in_count(const struct n_tty *ld)
{
	size_t n = 0;

	if (!N_L(ld, ICANON))
		return ld->read_head - ld->read_tail;
	for (uint32_t i = ld->read_tail; i != ld->canon_head; i++)
		n += !is_eof_mark(ld, i);
	return n;
}

static void copy_out(struct n_tty *ld, uint8_t *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = ld->rbuf[RMASK(ld->read_tail + i)];
	ld->read_tail += (uint32_t)n;
}

/* Canonical: up to the end of the first complete line. */
static size_t read_canon(struct n_tty *ld, uint8_t *buf, size_t len,
			 bool *eol)
{
	uint32_t avail = ld->canon_head - ld->read_tail;
	uint32_t line = 0;

	while (line < avail && !is_eol(ld, ld->read_tail + line))
		line++;
	if (line == avail || len < line) {	/* no end in reach */
		size_t n = len < avail ? len : avail;

		if (n > line)
			n = line;
		copy_out(ld, buf, n);
		*eol = false;
		return n;
	}
	/* The line is line + 1 bytes with its end; an EOF end is dropped. */
	if (is_eof_mark(ld, ld->read_tail + line)) {
		copy_out(ld, buf, line);
		ld->read_tail++;
		*eol = true;
		return line;
	}
	if (len == line) {
		copy_out(ld, buf, line);
		*eol = false;
		return line;
	}
	copy_out(ld, buf, line + 1);
	*eol = true;
	return line + 1;
}

size_t n_tty_read(struct n_tty *ld, uint8_t *buf, size_t len, bool *eol)
{
	size_t n;

	*eol = false;
	if (N_L(ld, ICANON))
		return read_canon(ld, buf, len, eol);
	n = ld->read_head - ld->read_tail;
	if (n > len)
		n = len;
	copy_out(ld, buf, n);
	if ((int32_t)(ld->canon_head - ld->read_tail) < 0)
		ld->canon_head = ld->read_tail;
	return n;
}
