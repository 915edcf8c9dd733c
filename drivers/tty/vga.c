/*
 * vga.c: VGA text mode, the frame buffer and the CRT controller's cursor
 * (see vga.h for the interface).
 */
#include "drivers/tty/vga.h"
#include "drivers/tty/vgareg.h"
#include "kernel/x86/cpu.h"
#include "mm/mm.h"

static uint16_t *vga_cells;
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
	unsigned int offset = row * VGA_COLS + col;

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

unsigned int vga_cursor_offset(void)
{
	return (unsigned int)crtc_read(VGA_CRTC_CURSOR_HIGH) << 8 |
	       crtc_read(VGA_CRTC_CURSOR_LOW);
}

bool vga_cursor_hidden(void)
{
	return crtc_read(VGA_CRTC_CURSOR_START) & VGA_CURSOR_DISABLE;
}

uint16_t *vga_frame_buffer(void)
{
	return vga_cells;
}

void vga_init(void)
{
	uint8_t end = crtc_read(VGA_CRTC_CURSOR_END);

	vga_cells = phys_to_virt(VGA_TEXT_PHYS);
	end = (uint8_t)((end & ~VGA_CURSOR_SCANLINES) | VGA_CURSOR_LAST_LINE);
	crtc_write(VGA_CRTC_CURSOR_END, end);
	cursor_known = false;
	vga_cursor_set(0, 0, true);
}
