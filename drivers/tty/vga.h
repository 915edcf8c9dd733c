/*
 * vga.h: the VGA text console (80x25, colours, hardware cursor).
 *
 * vga_init() clears the screen and registers the "tty0" console.
 * vga_write() prints bytes at the cursor: "\n", "\r", "\t" and "\b" move
 * it, the screen scrolls up at the bottom.  vga_set_color() picks the
 * attribute for the following text.
 */
#ifndef DRIVERS_TTY_VGA_H
#define DRIVERS_TTY_VGA_H

#include <stddef.h>
#include <stdint.h>

void vga_init(void);
void vga_write(const char *s, size_t len);
void vga_set_color(uint8_t fg, uint8_t bg);

#endif
