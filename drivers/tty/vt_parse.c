/*
 * vt_parse.c: the terminal emulator's byte-level state machine (see
 * vt_term.h for the interface).
 *
 * Control characters act in every state (as on a VT100 and Linux), except
 * inside an OSC string: BEL, BS, HT, LF/VT/FF, CR, SO/SI (G1/G0), CAN and
 * SUB (abandon a sequence), ESC (start a new one).  ESC sequences: [ CSI,
 * ] OSC (Linux's P palette and R reset, or a string ended by BEL or ST),
 * ( ) charset designations, # 8 screen alignment, % (ignored), c reset,
 * D index, E next line, H tab stop, M reverse index, Z identify, 7 / 8
 * save and restore, = / > keypad modes.  A CSI keeps at most
 * VT_MAX_PARAMS parameters, each saturated at VT_PARAM_MAX, so any length
 * of input is safe; malformed sequences are skipped to their final byte.
 */
#include "drivers/tty/vt_internal.h"
#include "lib/string.h"

void vt_respond(struct vt_term *t, const char *s)
{
	size_t len = strlen(s);

	if (len > sizeof(t->response) - t->response_len)
		return;		/* nobody reads the answers: drop them */
	memcpy(t->response + t->response_len, s, len);
	t->response_len += len;
}

/* DA and DECID: Linux's console says it is a VT102. */
void vt_report_identity(struct vt_term *t)
{
	vt_respond(t, "\033[?6c");
}

size_t vt_term_take_response(struct vt_term *t, uint8_t *buf, size_t len)
{
	size_t n = len < t->response_len ? len : t->response_len;

	memcpy(buf, t->response, n);
	memmove(t->response, t->response + n, t->response_len - n);
	t->response_len -= n;
	return n;
}

bool vt_term_cursor_visible(const struct vt_term *t)
{
	return t->cursor_on && t->cursor_type != 1;
}

/* ESC c and power-on: every mode to its default, a blank screen. */
void vt_reset(struct vt_term *t)
{
	vt_rendition_reset(&t->rend);
	vt_update_attr(t);
	t->g[0] = VT_CS_ASCII;
	t->g[1] = VT_CS_GRAPHICS;
	t->gl = 0;
	t->autowrap = true;
	t->origin = t->insert = t->newline = false;
	t->cursor_on = true;
	t->cursor_type = 0;
	t->app_cursor = t->app_keypad = false;
	t->top = 0;
	t->bottom = t->rows - 1;
	for (unsigned int i = 0; i < sizeof(t->tabs); i++)
		t->tabs[i] = 0x01;	/* every eighth column */
	vt_goto(t, 0, 0);
	vt_erase_display(t, 2);
	vt_save_cursor(t);
}

void vt_term_init(struct vt_term *t, uint16_t *cells, unsigned int rows,
		  unsigned int cols)
{
	memset(t, 0, sizeof(*t));
	t->cells = cells;
	t->rows = rows;
	t->cols = cols > VT_MAX_COLS ? VT_MAX_COLS : cols;
	vt_reset(t);
}

static void start_sequence(struct vt_parser *p, enum vt_state state)
{
	p->state = state;
	p->private = p->intermediate = 0;
	p->nparams = 0;
	p->params_full = false;
	memset(p->params, 0, sizeof(p->params));
}

/* A UTF-8 sequence cut short by another byte shows as one '?'. */
static void utf8_abandon(struct vt_term *t, struct vt_parser *p)
{
	if (p->utf8_left) {
		p->utf8_left = 0;
		vt_put_glyph(t, vt_glyph(t, VT_REPLACEMENT));
	}
}

static void control(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	utf8_abandon(t, p);
	switch (c) {
	case 0x07: t->bells++; break;
	case 0x08: vt_backspace(t); break;
	case 0x09: vt_tab_forward(t, 1); break;
	case 0x0a: case 0x0b: case 0x0c:
		if (t->newline)
			vt_carriage_return(t);
		vt_linefeed(t);
		break;
	case 0x0d: vt_carriage_return(t); break;
	case 0x0e: t->gl = 1; break;
	case 0x0f: t->gl = 0; break;
	case 0x18: case 0x1a: p->state = VT_GROUND; break;
	case 0x1b: start_sequence(p, VT_ESC); break;
	default: break;		/* NUL, DEL and the rest: nothing */
	}
}

static void ground(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	uint32_t cp;

	if (p->utf8_left && (c & 0xC0) != 0x80)
		utf8_abandon(t, p);
	if (c < 0x80) {
		vt_put_glyph(t, vt_glyph(t, c));
		return;
	}
	cp = vt_utf8_feed(p, c);
	if (cp != VT_UTF8_MORE)
		vt_put_glyph(t, vt_glyph(t, cp));
}

static void esc_dispatch(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	p->state = VT_GROUND;
	switch (c) {
	case '[': start_sequence(p, VT_CSI); break;
	case ']': p->state = VT_OSC_START; break;
	case '(': case ')':
		p->state = VT_CHARSET;
		p->charset_slot = c == '(' ? 0 : 1;
		break;
	case '*': case '+':		/* G2, G3: not used by Linux */
		p->state = VT_CHARSET;
		p->charset_slot = 2;
		break;
	case '#': case '%':
		p->state = VT_ESC_SKIP;
		p->private = c;
		break;
	case 'c': vt_reset(t); break;
	case 'D': vt_linefeed(t); break;
	case 'E': vt_carriage_return(t); vt_linefeed(t); break;
	case 'H': t->tabs[t->x / 8] |= (uint8_t)(1u << (t->x % 8)); break;
	case 'M': vt_reverse_index(t); break;
	case 'Z': vt_report_identity(t); break;
	case '7': vt_save_cursor(t); break;
	case '8': vt_restore_cursor(t); break;
	case '=': t->app_keypad = true; break;
	case '>': t->app_keypad = false; break;
	default:
		if (c >= 0x20 && c <= 0x2f) {	/* other designations */
			p->state = VT_ESC_SKIP;
			p->private = c;
		}
		break;
	}
}

static void csi_param_byte(struct vt_parser *p, uint8_t c)
{
	if (p->intermediate) {
		p->state = VT_CSI_IGNORE;
		return;
	}
	if (p->nparams == 0)
		p->nparams = 1;
	if (c == ';' || c == ':') {
		if (p->nparams < VT_MAX_PARAMS)
			p->nparams++;
		else
			p->params_full = true;
		return;
	}
	if (!p->params_full) {
		uint16_t *v = &p->params[p->nparams - 1];
		unsigned int next = *v * 10u + (unsigned int)(c - '0');

		*v = (uint16_t)(next > VT_PARAM_MAX ? VT_PARAM_MAX : next);
	}
}

static void csi_byte(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	bool first = !p->nparams && !p->private && !p->intermediate;

	if ((c >= '0' && c <= '9') || c == ';' || c == ':')
		csi_param_byte(p, c);
	else if (c >= '<' && c <= '?' && first)
		p->private = c;
	else if (c == '[' && first)
		p->state = VT_FUNCKEY;
	else if (c >= 0x20 && c <= 0x2f)
		p->intermediate = c;
	else if (c >= 0x40 && c <= 0x7e) {
		p->state = VT_GROUND;
		vt_csi_dispatch(t, p, c);
	} else
		p->state = VT_CSI_IGNORE;
}

static bool is_hex(uint8_t c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

static void osc_byte(struct vt_parser *p, uint8_t c)
{
	switch (p->state) {
	case VT_OSC_START:
		if (c == 'P') {
			p->state = VT_OSC_PALETTE;
			p->count = 7;
		} else if (c >= '0' && c <= '9') {
			p->state = VT_OSC_STRING;
		} else {
			p->state = VT_GROUND;	/* R (palette reset) and others */
		}
		break;
	case VT_OSC_PALETTE:
		if (!is_hex(c) || --p->count == 0)
			p->state = VT_GROUND;
		break;
	case VT_OSC_STRING:
		if (c == 0x07)
			p->state = VT_GROUND;
		else if (c == 0x1b)
			p->state = VT_OSC_ESC;
		else if (c == 0x18 || c == 0x1a)
			p->state = VT_GROUND;
		break;
	default:
		break;
	}
}

static void sequence_byte(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	switch (p->state) {
	case VT_ESC:
		esc_dispatch(t, p, c);
		break;
	case VT_CSI:
		csi_byte(t, p, c);
		break;
	case VT_CSI_IGNORE:
		if (c >= 0x40 && c <= 0x7e)
			p->state = VT_GROUND;
		break;
	case VT_CHARSET:
		if (p->charset_slot < 2)
			t->g[p->charset_slot] = c == '0' ? VT_CS_GRAPHICS :
				c == 'U' ? VT_CS_IBM : VT_CS_ASCII;
		p->state = VT_GROUND;
		break;
	case VT_ESC_SKIP:
		if (p->private == '#' && c == '8')
			vt_fill_screen(t, VT_CELL('E', t->attr));
		p->state = VT_GROUND;
		break;
	case VT_OSC_START:
	case VT_OSC_PALETTE:
		osc_byte(p, c);
		break;
	default:	/* VT_FUNCKEY: the echoed key's last byte */
		p->state = VT_GROUND;
		break;
	}
}

static void feed(struct vt_term *t, struct vt_parser *p, uint8_t c)
{
	if (p->state == VT_OSC_STRING) {
		osc_byte(p, c);
		return;
	}
	if (p->state == VT_OSC_ESC) {
		if (c == '\\') {		/* ST ends the string */
			p->state = VT_GROUND;
			return;
		}
		start_sequence(p, VT_ESC);	/* the ESC begins a sequence */
	}
	if (c < 0x20 || c == 0x7f) {
		control(t, p, c);
		return;
	}
	if (p->state == VT_GROUND || c >= 0x80) {
		p->state = VT_GROUND;
		ground(t, p, c);
		return;
	}
	sequence_byte(t, p, c);
}

void vt_term_write(struct vt_term *t, struct vt_parser *p,
		   const uint8_t *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		feed(t, p, buf[i]);
}
