/*
 * test_kbd_map.c: scancode set 1 sequences through drivers/tty/kbd_map.c,
 * checked against the bytes Linux's console sends (infocmp linux, the
 * default US keymap): letters and modifiers, control codes, Alt's ESC
 * prefix, Caps and Num Lock, the extended keys, function keys, the keypad
 * in its three modes, console switching, and garbage.
 */
#include <string.h>
#include "drivers/tty/kbd_map.h"
#include "tests/host/test.h"
#include "tests/host/util.h"

/* Scancodes of the keys the tests press (make codes). */
enum {
	SC_ESC = 0x01, SC_1 = 0x02, SC_2 = 0x03, SC_6 = 0x07, SC_MINUS = 0x0c,
	SC_BACKSPACE = 0x0e, SC_TAB = 0x0f, SC_Q = 0x10, SC_LBRACKET = 0x1a,
	SC_ENTER = 0x1c, SC_CTRL = 0x1d, SC_A = 0x1e, SC_C = 0x2e,
	SC_LSHIFT = 0x2a, SC_BACKSLASH = 0x2b, SC_RSHIFT = 0x36,
	SC_ALT = 0x38, SC_SPACE = 0x39, SC_CAPS = 0x3a, SC_F1 = 0x3b,
	SC_F5 = 0x3f, SC_F6 = 0x40, SC_F10 = 0x44, SC_NUM = 0x45,
	SC_KP7 = 0x47, SC_KP8 = 0x48, SC_KP5 = 0x4c, SC_KPMINUS = 0x4a,
	SC_KP0 = 0x52, SC_KPDOT = 0x53, SC_F11 = 0x57, SC_F12 = 0x58,
	SC_KPSTAR = 0x37, SC_SLASH = 0x35,
};
#define BREAK(sc)	((sc) | 0x80)

/* Feed a list of scancodes (ending at -1) and collect every byte and
 * the last non-input action. */
struct result {
	char bytes[128];
	size_t len;
	struct kbd_event last;
};

static struct result run(struct kbd_state *s, unsigned int modes,
			 const int *codes)
{
	struct result r;
	struct kbd_event ev;

	memset(&r, 0, sizeof(r));
	for (; *codes >= 0; codes++) {
		kbd_translate(s, (uint8_t)*codes, modes, &ev);
		CHECK(ev.len <= KBD_EVENT_MAX);
		if (ev.action == KBD_INPUT) {
			memcpy(r.bytes + r.len, ev.bytes, ev.len);
			r.len += ev.len;
		} else if (ev.action != KBD_NONE) {
			r.last = ev;
		}
		CHECK(ev.action == KBD_INPUT || ev.len == 0);
	}
	return r;
}

#define KEYS(...)	((const int[]){ __VA_ARGS__, -1 })

/* A fresh keyboard fed codes in modes must send exactly want. */
#define CHECK_SENDS(modes, want, ...)					\
	do {								\
		struct kbd_state s_;					\
		struct result r_;					\
		kbd_state_init(&s_);					\
		r_ = run(&s_, (modes), KEYS(__VA_ARGS__));		\
		CHECK_MSG(r_.len == sizeof(want) - 1 &&			\
			  memcmp(r_.bytes, want, r_.len) == 0,		\
			  "sent %zu bytes \"%.*s\" for %s", r_.len,	\
			  (int)r_.len, r_.bytes, #__VA_ARGS__);		\
	} while (0)

TEST(kbd_letters_digits_shift)
{
	CHECK_SENDS(0, "qa1", SC_Q, BREAK(SC_Q), SC_A, BREAK(SC_A), SC_1,
		    BREAK(SC_1));
	CHECK_SENDS(0, "Q!a", SC_LSHIFT, SC_Q, SC_1, BREAK(SC_LSHIFT), SC_A);
	CHECK_SENDS(0, "A@", SC_RSHIFT, SC_A, SC_2);
	/* both shifts down, one released: still shifted */
	CHECK_SENDS(0, "AA", SC_LSHIFT, SC_RSHIFT, SC_A, BREAK(SC_RSHIFT),
		    SC_A);
	CHECK_SENDS(0, " -_\\|{", SC_SPACE, SC_MINUS, SC_LSHIFT, SC_MINUS,
		    BREAK(SC_LSHIFT), SC_BACKSLASH, SC_LSHIFT, SC_BACKSLASH,
		    SC_LBRACKET);
	/* typematic repeat: the make code again */
	CHECK_SENDS(0, "aaa", SC_A, SC_A, SC_A, BREAK(SC_A));
}

TEST(kbd_caps_lock)
{
	struct kbd_state s;
	struct result r;

	kbd_state_init(&s);
	r = run(&s, 0, KEYS(SC_CAPS));
	CHECK_EQ(r.last.action, KBD_LEDS);
	CHECK_EQ(r.last.arg, KBD_LED_CAPS);
	r = run(&s, 0, KEYS(SC_CAPS, BREAK(SC_CAPS), SC_A, SC_1, SC_LSHIFT,
			    SC_A, BREAK(SC_LSHIFT)));
	CHECK(r.len == 3 && memcmp(r.bytes, "A1a", 3) == 0);
	/* a held Caps Lock repeating does not toggle again */
	r = run(&s, 0, KEYS(SC_CAPS, SC_CAPS, SC_CAPS, BREAK(SC_CAPS), SC_A));
	CHECK(r.len == 1 && r.bytes[0] == 'a');
	CHECK_EQ(r.last.arg, 0);
}

TEST(kbd_control_codes)
{
	CHECK_SENDS(0, "\x01\x03", SC_CTRL, SC_A, SC_C);
	CHECK_SENDS(0, "\x03", SC_CTRL, SC_LSHIFT, SC_C);
	CHECK_SENDS(0, "\x03" "c", SC_CTRL, SC_C, BREAK(SC_CTRL), SC_C);
	CHECK_SENDS(0, "\x03", 0xe0, SC_CTRL, SC_C);	/* right Ctrl */
	CHECK_SENDS(0, "\x1b\x1c\x1f", SC_CTRL, SC_LBRACKET, SC_BACKSLASH,
		    SC_MINUS);
	CHECK_SENDS(0, "\x00\x1e", SC_CTRL, SC_SPACE, SC_6);
	CHECK_SENDS(0, "\x00", SC_CTRL, SC_2);
	CHECK_SENDS(0, "\x08", SC_CTRL, SC_BACKSPACE);
	CHECK_SENDS(0, "\x7f\x07\x7f", SC_CTRL, SC_SLASH, 0x28, 0x09);
	/* right Ctrl released while left is held: still Ctrl */
	CHECK_SENDS(0, "\x01", SC_CTRL, 0xe0, SC_CTRL, 0xe0, BREAK(SC_CTRL),
		    SC_A);
}

TEST(kbd_alt_sends_escape)
{
	CHECK_SENDS(0, "\033b", SC_ALT, 0x30);
	CHECK_SENDS(0, "\033B", SC_ALT, SC_LSHIFT, 0x30);
	CHECK_SENDS(0, "\033\x01", SC_ALT, SC_CTRL, SC_A);
	CHECK_SENDS(0, "\033\x7f", 0xe0, SC_ALT, SC_BACKSPACE);
	CHECK_SENDS(0, "\033.b", SC_ALT, 0x34, BREAK(SC_ALT), 0x30);
}

TEST(kbd_editing_keys)
{
	CHECK_SENDS(0, "\r\x7f\t\033", SC_ENTER, SC_BACKSPACE, SC_TAB, SC_ESC);
	CHECK_SENDS(0, "\033\t", SC_LSHIFT, SC_TAB);
	CHECK_SENDS(0, "\033[A\033[B\033[C\033[D", 0xe0, 0x48, 0xe0, 0x50,
		    0xe0, 0x4d, 0xe0, 0x4b);
	CHECK_SENDS(KBD_MODE_APP_CURSOR, "\033OA\033OD", 0xe0, 0x48, 0xe0,
		    0xc8, 0xe0, 0x4b);
	CHECK_SENDS(0, "\033[1~\033[2~\033[3~\033[4~\033[5~\033[6~",
		    0xe0, 0x47, 0xe0, 0x52, 0xe0, 0x53, 0xe0, 0x4f,
		    0xe0, 0x49, 0xe0, 0x51);
	/* fake shifts around a grey key (Num Lock on in the BIOS) */
	CHECK_SENDS(0, "\033[1~x", 0xe0, 0x2a, 0xe0, 0x47, 0xe0, 0xc7, 0xe0,
		    0xaa, 0x2d);
	CHECK_SENDS(0, "\r/", 0xe0, SC_ENTER, 0xe0, SC_SLASH);
}

TEST(kbd_function_keys)
{
	CHECK_SENDS(0, "\033[[A\033[[E\033[17~\033[21~\033[23~\033[24~",
		    SC_F1, SC_F5, SC_F6, SC_F10, SC_F11, SC_F12);
	CHECK_SENDS(0, "\033[23~\033[25~\033[34~", SC_LSHIFT, SC_F1, 0x3d,
		    SC_F10);
	CHECK_SENDS(0, "\033[23~\033[24~", SC_LSHIFT, SC_F11, SC_F12);
	CHECK_SENDS(0, "\033[[A", SC_CTRL, SC_F1);
}

TEST(kbd_keypad)
{
	/* Num Lock off (the default): editing keys */
	CHECK_SENDS(0, "\033[1~\033[A\033[G\033[2~\033[3~-*",
		    SC_KP7, SC_KP8, SC_KP5, SC_KP0, SC_KPDOT, SC_KPMINUS,
		    SC_KPSTAR);
	CHECK_SENDS(KBD_MODE_APP_CURSOR, "\033OA", SC_KP8);
	/* Num Lock on: digits */
	CHECK_SENDS(0, "780.", SC_NUM, BREAK(SC_NUM), SC_KP7, SC_KP8, SC_KP0,
		    SC_KPDOT);
	/* application keypad */
	CHECK_SENDS(KBD_MODE_APP_KEYPAD, "\033Ow\033Ou\033Op\033On\033Om"
		    "\033OM", SC_KP7, SC_KP5, SC_KP0, SC_KPDOT, SC_KPMINUS,
		    0xe0, SC_ENTER);
	CHECK_SENDS(KBD_MODE_APP_KEYPAD, "-", SC_LSHIFT, SC_KPMINUS);

	struct kbd_state s;
	struct result r;

	kbd_state_init(&s);
	r = run(&s, 0, KEYS(SC_NUM));
	CHECK_EQ(r.last.action, KBD_LEDS);
	CHECK_EQ(r.last.arg, KBD_LED_NUM);
}

TEST(kbd_console_switching)
{
	struct kbd_state s;
	struct result r;

	kbd_state_init(&s);
	r = run(&s, 0, KEYS(SC_ALT, 0x3c));
	CHECK_EQ(r.last.action, KBD_CONSOLE);
	CHECK_EQ(r.last.arg, 1);
	CHECK_EQ(r.len, 0);
	r = run(&s, 0, KEYS(SC_CTRL, SC_F6));	/* Ctrl+Alt+F6 */
	CHECK_EQ(r.last.action, KBD_CONSOLE);
	CHECK_EQ(r.last.arg, 5);
	r = run(&s, 0, KEYS(0xe0, 0x4d));
	CHECK_EQ(r.last.action, KBD_CONSOLE_NEXT);
	r = run(&s, 0, KEYS(0xe0, 0x4b, BREAK(SC_ALT), BREAK(SC_CTRL), 0xe0,
			    0x4b));
	CHECK_EQ(r.last.action, KBD_CONSOLE_PREV);
	CHECK(r.len == 3 && memcmp(r.bytes, "\033[D", 3) == 0);
	/* Shift+PgUp/PgDn: the scrollback; PgUp alone is a key */
	kbd_state_init(&s);
	r = run(&s, 0, KEYS(SC_LSHIFT, 0xe0, 0x49));
	CHECK_EQ(r.last.action, KBD_SCROLL_BACK);
	CHECK_EQ(r.len, 0);
	r = run(&s, 0, KEYS(0xe0, 0x51, BREAK(SC_LSHIFT), 0xe0, 0x49));
	CHECK_EQ(r.last.action, KBD_SCROLL_FORWARD);
	CHECK(r.len == 4 && memcmp(r.bytes, "\033[5~", 4) == 0);
	/* right Alt switches too */
	kbd_state_init(&s);
	r = run(&s, 0, KEYS(0xe0, SC_ALT, SC_F1));
	CHECK_EQ(r.last.action, KBD_CONSOLE);
	CHECK_EQ(r.last.arg, 0);
}

TEST(kbd_pause_and_garbage)
{
	/* Pause: E1 1D 45 E1 9D C5, nothing comes out, nothing sticks */
	CHECK_SENDS(0, "a", 0xe1, 0x1d, 0x45, 0xe1, 0x9d, 0xc5, SC_A);
	/* ACK, resend, errors, self-test: nothing */
	CHECK_SENDS(0, "a", 0xfa, 0xfe, 0x00, 0xff, 0xee, SC_A);
	/* unknown extended codes */
	CHECK_SENDS(0, "a", 0xe0, 0x5b, 0xe0, 0xdb, 0xe0, 0x7f, SC_A);

	struct kbd_state s;
	struct kbd_event ev;

	kbd_state_init(&s);
	for (int i = 0; i < 100000; i++) {
		kbd_translate(&s, (uint8_t)test_rand(), (unsigned)i & 3, &ev);
		CHECK(ev.len <= KBD_EVENT_MAX);
		CHECK(ev.action != KBD_CONSOLE || ev.arg < 12);
	}
}
