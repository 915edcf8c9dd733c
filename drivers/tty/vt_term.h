/*
 * vt_term.h: a VT100/ANSI terminal emulator that behaves as Linux's
 * console (TERM=linux).
 *
 * The emulator is pure: it interprets bytes and updates a grid of cells
 * and a cursor, and touches no hardware, so the host tests run it as it
 * is.  A cell is a 16-bit value in the VGA text format: the glyph (code
 * page 437) in the low byte, the colour attribute in the high byte.  The
 * grid may be a plain buffer or the VGA frame buffer itself; scrolling
 * moves whole rows with memmove.
 *
 * The parser state (escape sequence in progress, partial UTF-8 character)
 * is a struct vt_parser of its own, so two byte streams can share one
 * screen without breaking each other's sequences: the console keeps one
 * for user space (term->user) and one for kernel messages.
 *
 * Interface:
 *	vt_term_init(t, cells, rows, cols)	reset everything, clear the grid
 *	vt_term_write(t, p, buf, len)		interpret bytes with parser p
 *	vt_term_take_response(t, buf, len)	answers owed to the host (DSR,
 *						DA), to be fed back as input
 *	vt_term_cursor_visible(t)		DECTCEM and the cursor type
 * Drivers read x, y, app_cursor, app_keypad and bells directly, and may
 * set scrolled_out to keep the rows that leave the top of the screen.
 */
#ifndef DRIVERS_TTY_VT_TERM_H
#define DRIVERS_TTY_VT_TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VT_MAX_COLS		256	/* size of the tab stop map */
#define VT_MAX_PARAMS		16	/* CSI parameters kept; more are skipped */
#define VT_PARAM_MAX		9999	/* larger parameter values saturate */
#define VT_RESPONSE_MAX		64

#define VT_CELL(glyph, attr)	((uint16_t)((uint16_t)(attr) << 8 | (uint8_t)(glyph)))
#define VT_DEFAULT_ATTR		0x07	/* light grey on black */

/* Where a byte stream is in the grammar of escape sequences. */
enum vt_state {
	VT_GROUND,		/* text and control characters */
	VT_ESC,			/* after ESC */
	VT_CSI,			/* after ESC [: parameters, then a final byte */
	VT_CSI_IGNORE,		/* a malformed CSI: skip to its final byte */
	VT_FUNCKEY,		/* ESC [ [: one more byte (echoed F1..F5) */
	VT_CHARSET,		/* ESC ( or ESC ): the charset designator */
	VT_ESC_SKIP,		/* ESC # or ESC %: one byte, then done */
	VT_OSC_START,		/* ESC ]: P palette, R reset, digits: string */
	VT_OSC_PALETTE,		/* ESC ] P: seven hex digits */
	VT_OSC_STRING,		/* ESC ] n ; text, ended by BEL or ESC \ */
	VT_OSC_ESC,		/* ESC inside an OSC string */
};

struct vt_parser {
	enum vt_state state;
	uint8_t private;	/* '?', '>', '=' or '<' after CSI, or 0 */
	uint8_t intermediate;	/* 0x20..0x2f before the final byte, or 0 */
	uint8_t nparams;	/* parameters seen (at most VT_MAX_PARAMS) */
	bool params_full;	/* more than VT_MAX_PARAMS: skip the rest */
	uint8_t count;		/* bytes left (palette digits) */
	uint8_t charset_slot;	/* 0 for G0, 1 for G1 (VT_CHARSET) */
	uint16_t params[VT_MAX_PARAMS];
	uint32_t utf8_cp;	/* code point being assembled */
	uint8_t utf8_left;	/* continuation bytes still expected */
	uint8_t utf8_len;	/* total length of the sequence */
};

/* Graphic rendition (SGR) state; colours are VGA colour numbers 0..7. */
struct vt_rendition {
	uint8_t fg, bg;
	bool bold, dim, italic, underline, blink, reverse;
};

enum vt_charset { VT_CS_ASCII, VT_CS_GRAPHICS, VT_CS_IBM };

/* What ESC 7 / CSI s save and ESC 8 / CSI u restore. */
struct vt_saved {
	unsigned int x, y;
	struct vt_rendition rend;
	enum vt_charset g[2];
	uint8_t gl;
};

struct vt_term {
	uint16_t *cells;		/* rows * cols, row after row */
	unsigned int rows, cols;
	unsigned int x, y;		/* cursor, from 0 */
	bool wrap_pending;		/* a glyph was put in the last column */
	unsigned int top, bottom;	/* scrolling region, inclusive */

	struct vt_rendition rend;
	uint8_t attr;			/* VGA attribute of new glyphs */
	uint8_t erase_attr;		/* VGA attribute of erased cells */
	enum vt_charset g[2];		/* G0 and G1 */
	uint8_t gl;			/* 0 or 1: which one is in use */

	bool autowrap;			/* DECAWM, ?7 */
	bool origin;			/* DECOM, ?6 */
	bool insert;			/* IRM, 4 */
	bool newline;			/* LNM, 20: LF also returns */
	bool cursor_on;			/* DECTCEM, ?25 */
	uint8_t cursor_type;		/* Linux's CSI ? n c; 1 = none */
	bool app_cursor;		/* DECCKM, ?1: arrows send ESC O x */
	bool app_keypad;		/* DECKPAM (ESC =) / DECKPNM (ESC >) */

	struct vt_saved saved;
	uint8_t tabs[VT_MAX_COLS / 8];	/* one bit per column */
	unsigned long bells;		/* BEL characters seen */

	uint8_t response[VT_RESPONSE_MAX];
	size_t response_len;

	/* Optional, set by the owner after vt_term_init: called with each
	 * row that scrolls off the top when the scrolling region is the
	 * whole screen (LF, IND, SU), oldest first; a console keeps them as
	 * its scrollback.  Rows removed by DL or erased are not given. */
	void (*scrolled_out)(struct vt_term *t, const uint16_t *row);

	struct vt_parser user;		/* the parser of the user's stream */
};

/* Reset the terminal (as ESC c) over a grid of rows * cols cells and clear
 * it; cols is at most VT_MAX_COLS. */
void vt_term_init(struct vt_term *t, uint16_t *cells, unsigned int rows,
		  unsigned int cols);
/* Interpret len bytes with parser p (&t->user or another one). */
void vt_term_write(struct vt_term *t, struct vt_parser *p,
		   const uint8_t *buf, size_t len);
/* Move up to len bytes of pending answers into buf; returns the count. */
size_t vt_term_take_response(struct vt_term *t, uint8_t *buf, size_t len);
/* True when the cursor should be drawn. */
bool vt_term_cursor_visible(const struct vt_term *t);

#endif
