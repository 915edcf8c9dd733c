/*
 * kbd_map.h: PC keyboard scancodes (set 1) to the bytes a Linux console
 * sends, with a US layout.
 *
 * Pure: it keeps the modifier and lock state in a struct kbd_state and
 * turns one scancode byte at a time into a struct kbd_event, so the host
 * tests run it as it is.  The caller says which modes the terminal is in
 * (application cursor keys, application keypad: set by the terminal
 * emulator's DECCKM and DECKPAM).
 *
 * What comes out (as Linux's default keymap):
 *	letters, digits, symbols; Shift; Caps Lock on letters; Ctrl+key the
 *	control codes (Ctrl+A 0x01, Ctrl+[ ESC, Ctrl+Space NUL, Ctrl+2..8
 *	NUL ESC FS GS RS US DEL, Ctrl+/ DEL...); Alt+key
 *	ESC then the key's bytes;
 *	Enter CR, Backspace DEL (0x7f; Ctrl+Backspace BS), Tab, Shift+Tab
 *	ESC TAB (terminfo's kcbt; kbd's keymaps, not the kernel's), Esc;
 *	arrows ESC [ A..D (ESC O A..D in application cursor mode); Home
 *	ESC [1~, Insert [2~, Delete [3~, End [4~, PgUp [5~, PgDn [6~;
 *	F1..F5 ESC [[A..[[E, F6..F12 ESC [17~ [18~ [19~ [20~ [21~ [23~
 *	[24~, Shift+F1..F10 as F11..F20 ([23~ ... [34~), Ctrl+Fn as Fn;
 *	the keypad with Num Lock off as the editing keys (5: ESC [G), with
 *	it on as digits, in application keypad mode ESC O p..y and friends.
 *	Alt+F1..F12 (with or without Ctrl) ask for console 1..12,
 *	Alt+Left/Right for the previous/next one, Shift+PgUp/PgDn for the
 *	scrollback; Caps Lock and Num Lock
 *	toggle and ask for the LEDs to be set.
 *
 * Interface: kbd_state_init, kbd_translate.
 */
#ifndef DRIVERS_TTY_KBD_MAP_H
#define DRIVERS_TTY_KBD_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KBD_MODE_APP_CURSOR	0x1	/* DECCKM */
#define KBD_MODE_APP_KEYPAD	0x2	/* DECKPAM */

/* The PS/2 "set LEDs" bits. */
#define KBD_LED_SCROLL		0x1
#define KBD_LED_NUM		0x2
#define KBD_LED_CAPS		0x4

#define KBD_EVENT_MAX		8

enum kbd_action {
	KBD_NONE,		/* nothing (a release, a modifier...) */
	KBD_INPUT,		/* bytes[0..len) for the terminal */
	KBD_CONSOLE,		/* switch to console arg (from 0) */
	KBD_CONSOLE_PREV,
	KBD_CONSOLE_NEXT,
	KBD_LEDS,		/* set the LEDs to arg (KBD_LED_*) */
	KBD_SCROLL_BACK,	/* show older lines (Shift+PgUp) */
	KBD_SCROLL_FORWARD,	/* show newer lines (Shift+PgDn) */
};

struct kbd_event {
	enum kbd_action action;
	unsigned int arg;
	size_t len;
	uint8_t bytes[KBD_EVENT_MAX];
};

struct kbd_state {
	uint8_t down[32];	/* keys held: 0-127 plain, 128-255 after E0 */
	bool caps_lock, num_lock;
	bool extended;		/* an E0 prefix came */
	uint8_t skip;		/* bytes of a Pause sequence still to drop */
};

/* All keys up, locks off. */
void kbd_state_init(struct kbd_state *s);
/* One scancode byte: updates s and describes what it means in *ev. */
void kbd_translate(struct kbd_state *s, uint8_t scancode, unsigned int modes,
		   struct kbd_event *ev);

#endif
