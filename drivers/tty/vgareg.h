/*
 * vgareg.h: VGA text mode: the frame buffer, the CRT controller registers
 * that move the hardware cursor, and the colour attributes.
 */
#ifndef DRIVERS_TTY_VGAREG_H
#define DRIVERS_TTY_VGAREG_H

#define VGA_TEXT_PHYS		0xB8000
#define VGA_COLS		80
#define VGA_ROWS		25

#define VGA_CRTC_INDEX		0x3D4
#define VGA_CRTC_DATA		0x3D5
#define VGA_CRTC_CURSOR_START	0x0A
#define VGA_CRTC_CURSOR_HIGH	0x0E
#define VGA_CRTC_CURSOR_LOW	0x0F

enum vga_color {
	VGA_BLACK, VGA_BLUE, VGA_GREEN, VGA_CYAN, VGA_RED, VGA_MAGENTA,
	VGA_BROWN, VGA_LIGHT_GREY, VGA_DARK_GREY, VGA_LIGHT_BLUE,
	VGA_LIGHT_GREEN, VGA_LIGHT_CYAN, VGA_LIGHT_RED, VGA_LIGHT_MAGENTA,
	VGA_YELLOW, VGA_WHITE,
};

#define VGA_ATTR(fg, bg)	((uint8_t)((bg) << 4 | (fg)))

#endif
