/*
 * vt_csi.c: the CSI sequences (ESC [ parameters final) of Linux's console:
 * cursor motion (A-G, H, f, d, e, a, `, I, Z), erasing (J, K, X),
 * inserting and deleting (@, P, L, M), scrolling (S, T, r), rendition (m),
 * modes (h, l: IRM, LNM; ?1 cursor keys, ?6 origin, ?7 autowrap, ?25
 * cursor), reports (n: DSR and CPR; c: DA), tab stops (g), save and
 * restore (s, u) and Linux's cursor type (? n c).  Anything else, and any
 * sequence with an intermediate byte, is ignored.
 *
 * A missing or zero count means 1; positions count from 1.
 */
#include "drivers/tty/vt_internal.h"
#include "lib/printf.h"

/* Parameter i, or def when it is missing or zero. */
static unsigned int param(const struct vt_parser *p, unsigned int i,
			  unsigned int def)
{
	if (i >= p->nparams || p->params[i] == 0)
		return def;
	return p->params[i];
}

static void set_private_mode(struct vt_term *t, unsigned int mode, bool on)
{
	switch (mode) {
	case 1:
		t->app_cursor = on;
		break;
	case 6:
		t->origin = on;
		vt_goto_origin(t, 0, 0);
		break;
	case 7:
		t->autowrap = on;
		if (!on)
			t->wrap_pending = false;
		break;
	case 25:
		t->cursor_on = on;
		break;
	default:
		break;	/* 3, 5, 1000...: not on a text console */
	}
}

static void set_modes(struct vt_term *t, const struct vt_parser *p, bool on)
{
	for (unsigned int i = 0; i < p->nparams; i++) {
		unsigned int mode = p->params[i];

		if (p->private == '?')
			set_private_mode(t, mode, on);
		else if (mode == 4)
			t->insert = on;
		else if (mode == 20)
			t->newline = on;
	}
}

/* DSR 5 (status: fine) and 6 (cursor position report). */
static void device_status(struct vt_term *t, unsigned int what)
{
	char buf[32];
	unsigned int row = t->y + 1;

	if (what == 5) {
		vt_respond(t, "\033[0n");
	} else if (what == 6) {
		if (t->origin)
			row -= t->top;
		snprintf(buf, sizeof(buf), "\033[%u;%uR", row, t->x + 1);
		vt_respond(t, buf);
	}
}

/* DECSTBM: a region of at least two rows, then the cursor goes home. */
static void set_region(struct vt_term *t, const struct vt_parser *p)
{
	unsigned int top = param(p, 0, 1);
	unsigned int bottom = param(p, 1, t->rows);

	if (top >= bottom || bottom > t->rows)
		return;
	t->top = top - 1;
	t->bottom = bottom - 1;
	vt_goto_origin(t, 0, 0);
}

static void clear_tabs(struct vt_term *t, unsigned int how)
{
	if (how == 0)
		t->tabs[t->x / 8] &= (uint8_t)~(1u << (t->x % 8));
	else if (how == 3)
		for (unsigned int i = 0; i < sizeof(t->tabs); i++)
			t->tabs[i] = 0;
}

/* Sequences with a private marker ('?', '>', ...). */
static void csi_private(struct vt_term *t, struct vt_parser *p, uint8_t final)
{
	if (final == 'h' || final == 'l')
		set_modes(t, p, final == 'h');
	else if (final == 'c' && p->private == '?')
		t->cursor_type = (uint8_t)(param(p, 0, 0) & 0x0f);
}

static void csi_move(struct vt_term *t, const struct vt_parser *p,
		     uint8_t final)
{
	int n = (int)param(p, 0, 1), x = (int)t->x, y = (int)t->y;

	switch (final) {
	case 'A': vt_goto(t, x, y - n); break;
	case 'B': case 'e': vt_goto(t, x, y + n); break;
	case 'C': case 'a': vt_goto(t, x + n, y); break;
	case 'D': vt_goto(t, x - n, y); break;
	case 'E': vt_goto(t, 0, y + n); break;
	case 'F': vt_goto(t, 0, y - n); break;
	case 'G': case '`': vt_goto(t, n - 1, y); break;
	case 'd': vt_goto_origin(t, x, n - 1); break;
	case 'H': case 'f':
		vt_goto_origin(t, (int)param(p, 1, 1) - 1, n - 1);
		break;
	}
}

static void csi_edit(struct vt_term *t, const struct vt_parser *p,
		     uint8_t final)
{
	unsigned int n = param(p, 0, 1);

	switch (final) {
	case '@': vt_insert_chars(t, n); break;
	case 'P': vt_delete_chars(t, n); break;
	case 'X': vt_erase_chars(t, n); break;
	case 'L': vt_insert_lines(t, n); break;
	case 'M': vt_delete_lines(t, n); break;
	case 'J': vt_erase_display(t, param(p, 0, 0)); break;
	case 'K': vt_erase_line(t, param(p, 0, 0)); break;
	case 'S': vt_scroll_region_up(t, n); break;
	case 'T':
		if (p->nparams <= 1)	/* more is xterm's mouse tracking */
			vt_scroll_down(t, t->top, t->bottom, n);
		break;
	case 'I': vt_tab_forward(t, n); break;
	case 'Z': vt_tab_backward(t, n); break;
	}
}

void vt_csi_dispatch(struct vt_term *t, struct vt_parser *p, uint8_t final)
{
	if (p->intermediate)
		return;
	if (p->private) {
		csi_private(t, p, final);
		return;
	}
	switch (final) {
	case 'A': case 'B': case 'C': case 'D': case 'E': case 'F': case 'G':
	case 'H': case 'f': case 'd': case 'e': case 'a': case '`':
		csi_move(t, p, final);
		break;
	case '@': case 'P': case 'X': case 'L': case 'M': case 'J': case 'K':
	case 'S': case 'T': case 'I': case 'Z':
		csi_edit(t, p, final);
		break;
	case 'm': vt_sgr(t, p); break;
	case 'h': set_modes(t, p, true); break;
	case 'l': set_modes(t, p, false); break;
	case 'n': device_status(t, param(p, 0, 0)); break;
	case 'c':
		if (param(p, 0, 0) == 0)
			vt_report_identity(t);
		break;
	case 'r': set_region(t, p); break;
	case 'g': clear_tabs(t, param(p, 0, 0)); break;
	case 's': vt_save_cursor(t); break;
	case 'u': vt_restore_cursor(t); break;
	default:
		break;
	}
}
