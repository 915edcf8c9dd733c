/*
 * vgareg.h: VGA text mode: the frame buffer, the CRT controller registers
 * that place and shape the hardware cursor, and the colour attributes.
 */
#ifndef DRIVERS_TTY_VGAREG_H
#define DRIVERS_TTY_VGAREG_H

#define VGA_TEXT_PHYS		0xB8000	/* 80x25 cells: glyph | attr << 8 */
#define VGA_COLS		80
#define VGA_ROWS		25

/* CRT controller, colour address range: write the index, then the data. */
#define VGA_CRTC_INDEX		0x3D4
#define VGA_CRTC_DATA		0x3D5
#define VGA_CRTC_CURSOR_START	0x0A	/* bits 0-4 first scan line */
#define VGA_CRTC_CURSOR_END	0x0B	/* bits 0-4 last scan line */
#define VGA_CRTC_CURSOR_HIGH	0x0E	/* cursor cell offset, bits 15-8 */
#define VGA_CRTC_CURSOR_LOW	0x0F	/* cursor cell offset, bits 7-0 */
#define VGA_CURSOR_DISABLE	0x20	/* in CURSOR_START */
#define VGA_CURSOR_SCANLINES	0x1F

/* The cursor Linux draws by default: an underline, the last two of the
 * 16 scan lines of a character cell. */
#define VGA_CURSOR_FIRST_LINE	14
#define VGA_CURSOR_LAST_LINE	15

enum vga_color {
	VGA_BLACK, VGA_BLUE, VGA_GREEN, VGA_CYAN, VGA_RED, VGA_MAGENTA,
	VGA_BROWN, VGA_LIGHT_GREY, VGA_DARK_GREY, VGA_LIGHT_BLUE,
	VGA_LIGHT_GREEN, VGA_LIGHT_CYAN, VGA_LIGHT_RED, VGA_LIGHT_MAGENTA,
	VGA_YELLOW, VGA_WHITE,
};

#define VGA_ATTR(fg, bg)	((uint8_t)((bg) << 4 | (fg)))

#endif
