/*
 * kbd_map.c: scancode set 1 to Linux console bytes, US layout (see
 * kbd_map.h for what each key sends).
 *
 * A make code is the key's number, its break code the same with bit 7
 * set; E0 announces the extended keys (right Ctrl and Alt, the grey
 * editing and arrow keys, keypad Enter and /), E0 2A / E0 AA pairs around
 * them are fake shifts, and E1 starts the 6-byte Pause sequence.  Each
 * key number has an entry in keymap[] (or extmap[] after E0): its kind
 * and one or two values.
 */
#include "drivers/tty/kbd_map.h"
#include "lib/compiler.h"
#include "lib/string.h"

enum key_kind {
	K_NONE,
	K_CHAR,		/* plain, shifted */
	K_LETTER,	/* plain, shifted; Caps Lock swaps them */
	K_ENTER, K_BACKSPACE, K_TAB, K_ESCAPE,
	K_SHIFT, K_CTRL, K_ALT,	/* value: bit in the modifier set */
	K_CAPS, K_NUM,
	K_FN,		/* function key number 1..12 */
	K_CURSOR,	/* 'A' up, 'B' down, 'C' right, 'D' left */
	K_EDIT,		/* ESC [ n ~: 1 Home ... 6 PgDn */
	K_PAD,		/* keypad digit or '.' */
	K_PAD_OP,	/* keypad + - * / Enter: char, application char */
};

struct key {
	uint8_t kind;
	uint8_t a, b;
};

#define CH(p, s)	{ K_CHAR, p, s }
#define LT(p)		{ K_LETTER, p, (uint8_t)((p) - 'a' + 'A') }
#define KEY(k, v)	{ k, v, 0 }

/* Modifier bits in the down[] map's companion: computed from keys held. */
#define MOD_SHIFT_L	0x01
#define MOD_SHIFT_R	0x02
#define MOD_CTRL_L	0x04
#define MOD_CTRL_R	0x08
#define MOD_ALT_L	0x10
#define MOD_ALT_R	0x20

static const struct key keymap[0x59] = {
	[0x01] = KEY(K_ESCAPE, 0),
	[0x02] = CH('1', '!'), [0x03] = CH('2', '@'), [0x04] = CH('3', '#'),
	[0x05] = CH('4', '$'), [0x06] = CH('5', '%'), [0x07] = CH('6', '^'),
	[0x08] = CH('7', '&'), [0x09] = CH('8', '*'), [0x0a] = CH('9', '('),
	[0x0b] = CH('0', ')'), [0x0c] = CH('-', '_'), [0x0d] = CH('=', '+'),
	[0x0e] = KEY(K_BACKSPACE, 0), [0x0f] = KEY(K_TAB, 0),
	[0x10] = LT('q'), [0x11] = LT('w'), [0x12] = LT('e'), [0x13] = LT('r'),
	[0x14] = LT('t'), [0x15] = LT('y'), [0x16] = LT('u'), [0x17] = LT('i'),
	[0x18] = LT('o'), [0x19] = LT('p'),
	[0x1a] = CH('[', '{'), [0x1b] = CH(']', '}'),
	[0x1c] = KEY(K_ENTER, 0), [0x1d] = KEY(K_CTRL, MOD_CTRL_L),
	[0x1e] = LT('a'), [0x1f] = LT('s'), [0x20] = LT('d'), [0x21] = LT('f'),
	[0x22] = LT('g'), [0x23] = LT('h'), [0x24] = LT('j'), [0x25] = LT('k'),
	[0x26] = LT('l'),
	[0x27] = CH(';', ':'), [0x28] = CH('\'', '"'), [0x29] = CH('`', '~'),
	[0x2a] = KEY(K_SHIFT, MOD_SHIFT_L), [0x2b] = CH('\\', '|'),
	[0x2c] = LT('z'), [0x2d] = LT('x'), [0x2e] = LT('c'), [0x2f] = LT('v'),
	[0x30] = LT('b'), [0x31] = LT('n'), [0x32] = LT('m'),
	[0x33] = CH(',', '<'), [0x34] = CH('.', '>'), [0x35] = CH('/', '?'),
	[0x36] = KEY(K_SHIFT, MOD_SHIFT_R),
	[0x37] = { K_PAD_OP, '*', 'j' },
	[0x38] = KEY(K_ALT, MOD_ALT_L), [0x39] = CH(' ', ' '),
	[0x3a] = KEY(K_CAPS, 0),
	[0x3b] = KEY(K_FN, 1), [0x3c] = KEY(K_FN, 2), [0x3d] = KEY(K_FN, 3),
	[0x3e] = KEY(K_FN, 4), [0x3f] = KEY(K_FN, 5), [0x40] = KEY(K_FN, 6),
	[0x41] = KEY(K_FN, 7), [0x42] = KEY(K_FN, 8), [0x43] = KEY(K_FN, 9),
	[0x44] = KEY(K_FN, 10),
	[0x45] = KEY(K_NUM, 0),
	[0x47] = KEY(K_PAD, '7'), [0x48] = KEY(K_PAD, '8'),
	[0x49] = KEY(K_PAD, '9'), [0x4a] = { K_PAD_OP, '-', 'm' },
	[0x4b] = KEY(K_PAD, '4'), [0x4c] = KEY(K_PAD, '5'),
	[0x4d] = KEY(K_PAD, '6'), [0x4e] = { K_PAD_OP, '+', 'k' },
	[0x4f] = KEY(K_PAD, '1'), [0x50] = KEY(K_PAD, '2'),
	[0x51] = KEY(K_PAD, '3'), [0x52] = KEY(K_PAD, '0'),
	[0x53] = KEY(K_PAD, '.'),
	[0x56] = CH('<', '>'),		/* the 102nd key, as Linux's us map */
	[0x57] = KEY(K_FN, 11), [0x58] = KEY(K_FN, 12),
};

static const struct key extmap[0x5e] = {
	[0x1c] = { K_PAD_OP, '\r', 'M' },
	[0x1d] = KEY(K_CTRL, MOD_CTRL_R),
	[0x35] = { K_PAD_OP, '/', 'o' },
	[0x38] = KEY(K_ALT, MOD_ALT_R),
	[0x47] = KEY(K_EDIT, 1), [0x48] = KEY(K_CURSOR, 'A'),
	[0x49] = KEY(K_EDIT, 5), [0x4b] = KEY(K_CURSOR, 'D'),
	[0x4d] = KEY(K_CURSOR, 'C'), [0x4f] = KEY(K_EDIT, 4),
	[0x50] = KEY(K_CURSOR, 'B'), [0x51] = KEY(K_EDIT, 6),
	[0x52] = KEY(K_EDIT, 2), [0x53] = KEY(K_EDIT, 3),
};

/* ESC [ n ~ numbers of F6..F20 (F1..F5 are ESC [ [ A..E). */
static const uint8_t fn_tilde[21] = {
	[6] = 17, [7] = 18, [8] = 19, [9] = 20, [10] = 21, [11] = 23,
	[12] = 24, [13] = 25, [14] = 26, [15] = 28, [16] = 29, [17] = 31,
	[18] = 32, [19] = 33, [20] = 34,
};

void kbd_state_init(struct kbd_state *s)
{
	memset(s, 0, sizeof(*s));
}

static bool key_down(const struct kbd_state *s, unsigned int code)
{
	return s->down[code / 8] & (1u << (code % 8));
}

static void set_down(struct kbd_state *s, unsigned int code, bool down)
{
	if (down)
		s->down[code / 8] |= (uint8_t)(1u << (code % 8));
	else
		s->down[code / 8] &= (uint8_t)~(1u << (code % 8));
}

/* The modifiers held, from the keys that are down. */
static unsigned int modifiers(const struct kbd_state *s)
{
	unsigned int m = 0;

	m |= key_down(s, 0x2a) ? MOD_SHIFT_L : 0;
	m |= key_down(s, 0x36) ? MOD_SHIFT_R : 0;
	m |= key_down(s, 0x1d) ? MOD_CTRL_L : 0;
	m |= key_down(s, 0x80 | 0x1d) ? MOD_CTRL_R : 0;
	m |= key_down(s, 0x38) ? MOD_ALT_L : 0;
	m |= key_down(s, 0x80 | 0x38) ? MOD_ALT_R : 0;
	return m;
}

static void put(struct kbd_event *ev, uint8_t c)
{
	if (ev->len < KBD_EVENT_MAX)
		ev->bytes[ev->len++] = c;
	ev->action = KBD_INPUT;
}

static void put_str(struct kbd_event *ev, const char *s)
{
	while (*s)
		put(ev, (uint8_t)*s++);
}

static void put_number(struct kbd_event *ev, unsigned int n)
{
	if (n >= 10)
		put(ev, (uint8_t)('0' + n / 10));
	put(ev, (uint8_t)('0' + n % 10));
}

static void put_tilde(struct kbd_event *ev, unsigned int n)
{
	put_str(ev, "\033[");
	put_number(ev, n);
	put(ev, '~');
}

static void put_cursor(struct kbd_event *ev, uint8_t dir, unsigned int modes)
{
	put(ev, 0x1b);
	put(ev, (modes & KBD_MODE_APP_CURSOR) ? 'O' : '[');
	put(ev, dir);
}

/* The control code of a character, as Linux's default keymap. */
static uint8_t control_code(uint8_t c)
{
	static const uint8_t digits[10] = {
		'0', '1', 0x00, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x7f, '9',
	};

	if (c >= 'a' && c <= 'z')
		return c & 0x1f;
	if (c >= '@' && c <= '_')
		return c & 0x1f;
	if (c >= '0' && c <= '9')
		return digits[c - '0'];
	switch (c) {
	case ' ': case '`': return 0x00;
	case '?': case '/': return 0x7f;
	case '-': return 0x1f;
	case '\'': return 0x07;
	default: return c;
	}
}

#define MOD_SHIFT	(MOD_SHIFT_L | MOD_SHIFT_R)
#define MOD_CTRL	(MOD_CTRL_L | MOD_CTRL_R)
#define MOD_ALT		(MOD_ALT_L | MOD_ALT_R)

static void char_key(const struct kbd_state *s, const struct key *key,
		     unsigned int mods, struct kbd_event *ev)
{
	bool shift = mods & MOD_SHIFT;
	uint8_t c;

	if (key->kind == K_LETTER && s->caps_lock)
		shift = !shift;
	c = shift ? key->b : key->a;
	if (mods & MOD_CTRL)
		c = control_code(c);
	if (mods & MOD_ALT)
		put(ev, 0x1b);
	put(ev, c);
}

/* Keypad digits and '.': application keypad, digits, or editing keys. */
static void pad_key(const struct kbd_state *s, uint8_t c, unsigned int mods,
		    unsigned int modes, struct kbd_event *ev)
{
	if ((modes & KBD_MODE_APP_KEYPAD) && !(mods & MOD_SHIFT)) {
		put_str(ev, "\033O");
		put(ev, c == '.' ? 'n' : (uint8_t)('p' + c - '0'));
		return;
	}
	if (s->num_lock) {
		put(ev, c);
		return;
	}
	switch (c) {
	case '0': put_tilde(ev, 2); break;
	case '1': put_tilde(ev, 4); break;
	case '2': put_cursor(ev, 'B', modes); break;
	case '3': put_tilde(ev, 6); break;
	case '4': put_cursor(ev, 'D', modes); break;
	case '5': put_str(ev, "\033[G"); break;
	case '6': put_cursor(ev, 'C', modes); break;
	case '7': put_tilde(ev, 1); break;
	case '8': put_cursor(ev, 'A', modes); break;
	case '9': put_tilde(ev, 5); break;
	default: put_tilde(ev, 3); break;	/* '.': Delete */
	}
}

static void pad_op_key(const struct key *key, unsigned int mods,
		       unsigned int modes, struct kbd_event *ev)
{
	if ((modes & KBD_MODE_APP_KEYPAD) && !(mods & MOD_SHIFT)) {
		put_str(ev, "\033O");
		put(ev, key->b);
	} else {
		put(ev, key->a);
	}
}

/* F1..F12; Shift+F1..F10 are F11..F20; Alt+Fn switches consoles. */
static void fn_key(unsigned int n, unsigned int mods, struct kbd_event *ev)
{
	if (mods & MOD_ALT) {
		ev->action = KBD_CONSOLE;
		ev->arg = n - 1;
		return;
	}
	if ((mods & MOD_SHIFT) && n <= 10)
		n += 10;
	if (n <= 5) {
		put_str(ev, "\033[[");
		put(ev, (uint8_t)('A' + n - 1));
	} else if (n < ARRAY_SIZE(fn_tilde)) {
		put_tilde(ev, fn_tilde[n]);
	}
}

static void cursor_key(uint8_t dir, unsigned int mods, unsigned int modes,
		       struct kbd_event *ev)
{
	if ((mods & MOD_ALT) && (dir == 'C' || dir == 'D'))
		ev->action = dir == 'C' ? KBD_CONSOLE_NEXT : KBD_CONSOLE_PREV;
	else
		put_cursor(ev, dir, modes);
}

/* ESC [ n ~, except Shift+PgUp/PgDn: the scrollback, as Linux. */
static void edit_key(unsigned int n, unsigned int mods, struct kbd_event *ev)
{
	if ((mods & MOD_SHIFT) && (n == 5 || n == 6))
		ev->action = n == 5 ? KBD_SCROLL_BACK : KBD_SCROLL_FORWARD;
	else
		put_tilde(ev, n);
}

static void leds_event(const struct kbd_state *s, struct kbd_event *ev)
{
	ev->action = KBD_LEDS;
	ev->arg = (s->caps_lock ? KBD_LED_CAPS : 0) |
		  (s->num_lock ? KBD_LED_NUM : 0);
}

/* Keys that send one control character, with ESC first under Alt. */
static void control_key(uint8_t c, unsigned int mods, struct kbd_event *ev)
{
	if (mods & MOD_ALT)
		put(ev, 0x1b);
	put(ev, c);
}

static void press(struct kbd_state *s, const struct key *key, bool repeat,
		  unsigned int modes, struct kbd_event *ev)
{
	unsigned int mods = modifiers(s);

	switch (key->kind) {
	case K_CHAR: case K_LETTER: char_key(s, key, mods, ev); break;
	case K_ENTER: control_key('\r', mods, ev); break;
	case K_BACKSPACE:
		control_key((mods & MOD_CTRL) ? 0x08 : 0x7f, mods, ev);
		break;
	case K_TAB:
		control_key('\t', (mods & MOD_SHIFT) ? mods | MOD_ALT_L : mods,
			    ev);
		break;
	case K_ESCAPE: control_key(0x1b, mods, ev); break;
	case K_CAPS:
	case K_NUM:
		if (repeat)
			break;
		if (key->kind == K_CAPS)
			s->caps_lock = !s->caps_lock;
		else
			s->num_lock = !s->num_lock;
		leds_event(s, ev);
		break;
	case K_FN: fn_key(key->a, mods, ev); break;
	case K_CURSOR: cursor_key(key->a, mods, modes, ev); break;
	case K_EDIT: edit_key(key->a, mods, ev); break;
	case K_PAD: pad_key(s, key->a, mods, modes, ev); break;
	case K_PAD_OP: pad_op_key(key, mods, modes, ev); break;
	default: break;		/* modifiers: their state is in down[] */
	}
}

static const struct key *lookup(bool extended, unsigned int code)
{
	if (extended)
		return code < ARRAY_SIZE(extmap) ? &extmap[code] : NULL;
	return code < ARRAY_SIZE(keymap) ? &keymap[code] : NULL;
}

void kbd_translate(struct kbd_state *s, uint8_t scancode, unsigned int modes,
		   struct kbd_event *ev)
{
	unsigned int code = scancode & 0x7f, id;
	bool release = scancode & 0x80, extended = s->extended, repeat;
	const struct key *key;

	memset(ev, 0, sizeof(*ev));
	if (s->skip) {
		s->skip--;
		return;
	}
	if (scancode == 0xe0 || scancode == 0xe1) {
		s->extended = scancode == 0xe0;
		s->skip = scancode == 0xe1 ? 2 : 0;	/* Pause: E1 1D 45 */
		return;
	}
	s->extended = false;
	if (extended && (code == 0x2a || code == 0x36))
		return;		/* fake shifts around the grey keys */
	id = code | (extended ? 0x80 : 0);
	repeat = !release && key_down(s, id);
	set_down(s, id, !release);
	key = lookup(extended, code);
	if (release || !key || key->kind == K_NONE)
		return;
	press(s, key, repeat, modes, ev);
}
