/*
 * vt_internal.h: the pieces of the terminal emulator (vt_term.h) that its
 * files share; nothing outside drivers/tty/vt_*.c includes this.
 *
 *	vt_screen.c	the grid: glyphs, cursor motion, scrolling, erasing,
 *			inserting and deleting
 *	vt_sgr.c	SGR and the VGA attributes it gives
 *	vt_charset.c	UTF-8 decoding and the map to code page 437
 *	vt_csi.c	CSI sequences
 *	vt_parse.c	the byte-level state machine, ESC sequences, reset
 */
#ifndef DRIVERS_TTY_VT_INTERNAL_H
#define DRIVERS_TTY_VT_INTERNAL_H

#include "drivers/tty/vt_term.h"

/* vt_screen.c */
void vt_put_glyph(struct vt_term *t, uint8_t glyph);
void vt_goto(struct vt_term *t, int x, int y);
void vt_goto_origin(struct vt_term *t, int x, int y);
void vt_linefeed(struct vt_term *t);
void vt_reverse_index(struct vt_term *t);
void vt_carriage_return(struct vt_term *t);
void vt_backspace(struct vt_term *t);
void vt_tab_forward(struct vt_term *t, unsigned int n);
void vt_tab_backward(struct vt_term *t, unsigned int n);
void vt_scroll_up(struct vt_term *t, unsigned int top, unsigned int bottom,
		  unsigned int n);
void vt_scroll_down(struct vt_term *t, unsigned int top, unsigned int bottom,
		    unsigned int n);
void vt_scroll_region_up(struct vt_term *t, unsigned int n);
void vt_erase_display(struct vt_term *t, unsigned int mode);
void vt_erase_line(struct vt_term *t, unsigned int mode);
void vt_erase_chars(struct vt_term *t, unsigned int n);
void vt_insert_chars(struct vt_term *t, unsigned int n);
void vt_delete_chars(struct vt_term *t, unsigned int n);
void vt_insert_lines(struct vt_term *t, unsigned int n);
void vt_delete_lines(struct vt_term *t, unsigned int n);
void vt_fill_screen(struct vt_term *t, uint16_t cell);
void vt_save_cursor(struct vt_term *t);
void vt_restore_cursor(struct vt_term *t);

/* vt_sgr.c */
void vt_sgr(struct vt_term *t, const struct vt_parser *p);
void vt_rendition_reset(struct vt_rendition *r);
void vt_update_attr(struct vt_term *t);

/* vt_charset.c */
#define VT_UTF8_MORE	0xFFFFFFFFu	/* vt_utf8_feed: wait for more bytes */
#define VT_REPLACEMENT	0xFFFDu
uint32_t vt_utf8_feed(struct vt_parser *p, uint8_t byte);
uint8_t vt_glyph(const struct vt_term *t, uint32_t cp);

/* vt_csi.c */
void vt_csi_dispatch(struct vt_term *t, struct vt_parser *p, uint8_t final);

/* vt_parse.c */
void vt_respond(struct vt_term *t, const char *s);
void vt_reset(struct vt_term *t);
void vt_report_identity(struct vt_term *t);

#endif
