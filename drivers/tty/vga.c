/*
 * vga.c: VGA text console (see vga.h for the interface).
 */
#include "drivers/tty/vga.h"
#include "drivers/tty/vgareg.h"
#include "kernel/cpu.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "lib/string.h"
#include "mm/mm.h"

static volatile uint16_t *vga_buf;
static unsigned int vga_row, vga_col;
static uint8_t vga_attr = VGA_ATTR(VGA_LIGHT_GREY, VGA_BLACK);
static struct spinlock vga_lock = SPINLOCK_INIT;

static uint16_t vga_cell(char c) { return (uint16_t)vga_attr << 8 | (uint8_t)c; }

static void vga_move_cursor(void)
{
	uint16_t pos = vga_row * VGA_COLS + vga_col;

	outb(VGA_CRTC_INDEX, VGA_CRTC_CURSOR_HIGH);
	outb(VGA_CRTC_DATA, pos >> 8);
	outb(VGA_CRTC_INDEX, VGA_CRTC_CURSOR_LOW);
	outb(VGA_CRTC_DATA, pos & 0xff);
}

static void vga_clear_row(unsigned int row)
{
	for (unsigned int c = 0; c < VGA_COLS; c++)
		vga_buf[row * VGA_COLS + c] = vga_cell(' ');
}

static void vga_scroll(void)
{
	memmove((void *)vga_buf, (const void *)(vga_buf + VGA_COLS),
		(VGA_ROWS - 1) * VGA_COLS * sizeof(uint16_t));
	vga_clear_row(VGA_ROWS - 1);
	vga_row = VGA_ROWS - 1;
}

static void vga_newline(void)
{
	vga_col = 0;
	if (++vga_row == VGA_ROWS)
		vga_scroll();
}

static void vga_putc(char c)
{
	switch (c) {
	case '\n':
		vga_newline();
		return;
	case '\r':
		vga_col = 0;
		return;
	case '\t':
		vga_col = ALIGN_UP(vga_col + 1, 8u);
		break;
	case '\b':
		if (vga_col > 0)
			vga_col--;
		return;
	default:
		vga_buf[vga_row * VGA_COLS + vga_col++] = vga_cell(c);
		break;
	}
	if (vga_col >= VGA_COLS)
		vga_newline();
}

void vga_write(const char *s, size_t len)
{
	uint32_t flags = spin_lock_irqsave(&vga_lock);

	for (size_t i = 0; i < len; i++)
		vga_putc(s[i]);
	vga_move_cursor();
	spin_unlock_irqrestore(&vga_lock, flags);
}

void vga_set_color(uint8_t fg, uint8_t bg)
{
	vga_attr = VGA_ATTR(fg, bg);
}

static struct console vga_console = {
	.name = "tty0",
	.write = vga_write,
};

void vga_init(void)
{
	vga_buf = phys_to_virt(VGA_TEXT_PHYS);
	for (unsigned int r = 0; r < VGA_ROWS; r++)
		vga_clear_row(r);
	vga_row = vga_col = 0;
	vga_move_cursor();
	console_register(&vga_console);
}
