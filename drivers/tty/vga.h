/*
 * vga.h: the VGA text-mode hardware under the virtual consoles (vt.h):
 * the 80x25 frame buffer and the hardware cursor.  It knows nothing of
 * terminals; the consoles draw into the frame buffer themselves.
 *
 * vga_init() maps the frame buffer and sets Linux's underline cursor.
 * vga_frame_buffer() returns the VGA_ROWS * VGA_COLS cells (glyph in the
 * low byte, attribute in the high byte).  vga_cursor_set() moves the
 * cursor to a cell, or hides it; it programs the CRT controller only when
 * something changed.  vga_cursor_offset() and vga_cursor_hidden() read
 * the controller back (for tests).  Callers serialize (the console lock).
 */
#ifndef DRIVERS_TTY_VGA_H
#define DRIVERS_TTY_VGA_H

#include <stdbool.h>
#include <stdint.h>

void vga_init(void);
uint16_t *vga_frame_buffer(void);
void vga_cursor_set(unsigned int row, unsigned int col, bool visible);
unsigned int vga_cursor_offset(void);
bool vga_cursor_hidden(void);

#endif
