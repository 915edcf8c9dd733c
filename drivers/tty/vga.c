/*
 * vga.c: VGA text mode, the frame buffer and the CRT controller's cursor
 * and display start (see vga.h for the interface).
 *
 * The screen is a window of VGA_ROWS rows into the 32 KiB of text memory
 * at 0xB8000 that starts at `origin`, a cell offset the CRT controller
 * is told (its start address, as Linux's vgacon does): scrolling the
 * whole screen up moves the window down instead of copying 24 rows of
 * slow video memory.  When the window would leave the text memory it
 * goes back to the start, and the caller redraws every row.
 */
#include "drivers/tty/vga.h"
#include "drivers/tty/vgareg.h"
#include "kernel/x86/cpu.h"
#include "mm/mm.h"

#define VGA_SCREEN_CELLS	(VGA_ROWS * VGA_COLS)

static uint16_t *vga_cells;
static unsigned int origin;			/* the screen's first cell */
static unsigned int cursor_offset = ~0u;	/* as last programmed */
static bool cursor_shown;
static bool cursor_known;

static void crtc_write(uint8_t reg, uint8_t v)
{
	outb(VGA_CRTC_INDEX, reg);
	outb(VGA_CRTC_DATA, v);
}

static uint8_t crtc_read(uint8_t reg)
{
	outb(VGA_CRTC_INDEX, reg);
	return inb(VGA_CRTC_DATA);
}

static void cursor_shape(bool visible)
{
	uint8_t start = crtc_read(VGA_CRTC_CURSOR_START);

	start &= (uint8_t)~(VGA_CURSOR_DISABLE | VGA_CURSOR_SCANLINES);
	start |= visible ? VGA_CURSOR_FIRST_LINE : VGA_CURSOR_DISABLE;
	crtc_write(VGA_CRTC_CURSOR_START, start);
}

void vga_cursor_set(unsigned int row, unsigned int col, bool visible)
{
	unsigned int offset = origin + row * VGA_COLS + col;

	if (!cursor_known || visible != cursor_shown)
		cursor_shape(visible);
	if (visible && (!cursor_known || offset != cursor_offset)) {
		crtc_write(VGA_CRTC_CURSOR_HIGH, (uint8_t)(offset >> 8));
		crtc_write(VGA_CRTC_CURSOR_LOW, (uint8_t)offset);
		cursor_offset = offset;
	}
	cursor_shown = visible;
	cursor_known = true;
}

static void set_origin(unsigned int cells)
{
	origin = cells;
	crtc_write(VGA_CRTC_START_HIGH, (uint8_t)(cells >> 8));
	crtc_write(VGA_CRTC_START_LOW, (uint8_t)cells);
}

bool vga_scroll(unsigned int rows)
{
	unsigned int next = origin + rows * VGA_COLS;

	if (next + VGA_SCREEN_CELLS > VGA_TEXT_CELLS) {
		set_origin(0);
		return false;
	}
	set_origin(next);
	return true;
}

unsigned int vga_display_start(void)
{
	return (unsigned int)crtc_read(VGA_CRTC_START_HIGH) << 8 |
	       crtc_read(VGA_CRTC_START_LOW);
}

unsigned int vga_cursor_offset(void)
{
	unsigned int at = (unsigned int)crtc_read(VGA_CRTC_CURSOR_HIGH) << 8 |
			  crtc_read(VGA_CRTC_CURSOR_LOW);

	return at - vga_display_start();
}

bool vga_cursor_hidden(void)
{
	return crtc_read(VGA_CRTC_CURSOR_START) & VGA_CURSOR_DISABLE;
}

uint16_t *vga_frame_buffer(void)
{
	return vga_cells + origin;
}

void vga_init(void)
{
	uint8_t end = crtc_read(VGA_CRTC_CURSOR_END);

	vga_cells = phys_to_virt(VGA_TEXT_PHYS);
	end = (uint8_t)((end & ~VGA_CURSOR_SCANLINES) | VGA_CURSOR_LAST_LINE);
	crtc_write(VGA_CRTC_CURSOR_END, end);
	set_origin(0);
	cursor_known = false;
	vga_cursor_set(0, 0, true);
}
