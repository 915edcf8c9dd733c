/*
 * test_vt.c: the VGA console on the real (emulated) hardware: output
 * reaches the frame buffer at 0xB8000, the CRT controller's cursor
 * follows, scrolling moves the screen, console switching saves and
 * restores screens, kernel messages keep their own parser, and keyboard
 * scancodes switch consoles.  Every test leaves console 0 in front.
 */
#include "drivers/tty/kbd.h"
#include "drivers/tty/vga.h"
#include "drivers/tty/vgareg.h"
#include "drivers/tty/vt.h"
#include "lib/errno.h"
#include "kernel/ktest.h"
#include "kernel/sched/task.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "mm/mm.h"

static const volatile uint16_t *screen(void)
{
	return phys_to_virt(VGA_TEXT_PHYS);
}

static uint8_t screen_glyph(unsigned int row, unsigned int col)
{
	return (uint8_t)(screen()[row * VGA_COLS + col] & 0xff);
}

static uint8_t screen_attr(unsigned int row, unsigned int col)
{
	return (uint8_t)(screen()[row * VGA_COLS + col] >> 8);
}

/* Output to console n, drawn on the screen at once. */
static void put(unsigned int n, const char *s)
{
	vt_write(n, (const uint8_t *)s, strlen(s));
	vt_flush();
}

/* True when row of the physical screen starts with text. */
static bool screen_row_is(unsigned int row, const char *text)
{
	for (unsigned int c = 0; text[c]; c++)
		if (screen_glyph(row, c) != (uint8_t)text[c])
			return false;
	return true;
}

KTEST(vt, output_reaches_frame_buffer)
{
	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	put(0, "\033[2J\033[5;10Hmaestro\033[1;31m!\033[m");
	KT_EXPECT(ctx, screen_row_is(4, "         maestro!"));
	KT_EXPECT_EQ(ctx, screen_attr(4, 9), 0x07);
	KT_EXPECT_EQ(ctx, screen_attr(4, 16), 0x0c);		/* bright red */
	KT_EXPECT_EQ(ctx, vga_frame_buffer()[4 * VGA_COLS + 9] & 0xff, 'm');
}

KTEST(vt, user_output_drawn_at_the_tick)
{
	static const char text[] = "\033[2J\033[Hlater";

	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	put(0, "\033[2J");
	vt_write(0, (const uint8_t *)text, sizeof(text) - 1);
	sleep_ns(50 * 1000 * 1000);		/* a few ticks */
	KT_EXPECT(ctx, screen_row_is(0, "later"));
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), 5);
}

KTEST(vt, hardware_cursor_follows)
{
	put(0, "\033[?25h\033[12;34H");
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), 11 * VGA_COLS + 33);
	KT_EXPECT(ctx, !vga_cursor_hidden());
	put(0, "ab");
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), 11 * VGA_COLS + 35);
	put(0, "\033[?25l");
	KT_EXPECT(ctx, vga_cursor_hidden());
	put(0, "\033[?25h\033[H");
	KT_EXPECT(ctx, !vga_cursor_hidden());
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), 0);
}

KTEST(vt, scrolling_moves_the_screen)
{
	put(0, "\033[2J\033[1;1Htop\033[2;1Hsecond\033[25;1Hbottom\n");
	KT_EXPECT(ctx, screen_row_is(0, "second"));
	KT_EXPECT(ctx, screen_row_is(23, "bottom"));
	KT_EXPECT_EQ(ctx, screen_glyph(24, 0), ' ');
	put(0, "\033[3;5r\033[5;1Hregion\n");	/* a region scrolls alone */
	KT_EXPECT(ctx, screen_row_is(3, "region"));
	KT_EXPECT(ctx, screen_row_is(23, "bottom"));
	put(0, "\033[r\033[2J\033[H");
}

KTEST(vt, switching_saves_and_restores_screens)
{
	unsigned int row, col;

	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	put(0, "\033[2J\033[H" "console one");
	put(1, "\033[2J\033[3;1H" "console two");
	KT_EXPECT(ctx, screen_row_is(0, "console one"));	/* 2 is behind */
	KT_EXPECT_EQ(ctx, screen_glyph(2, 0), ' ');
	KT_ASSERT_EQ(ctx, vt_switch(1), 0);
	KT_EXPECT_EQ(ctx, vt_foreground(), 1);
	KT_EXPECT(ctx, screen_row_is(2, "console two"));
	KT_EXPECT_EQ(ctx, screen_glyph(0, 0), ' ');
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), 2 * VGA_COLS + 11);
	put(0, "\r\nwhile behind");		/* into its own buffer */
	KT_EXPECT_EQ(ctx, screen_glyph(1, 0), ' ');
	KT_EXPECT_EQ(ctx, vt_read_cell(0, 1, 0) & 0xff, 'w');
	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	KT_EXPECT(ctx, screen_row_is(0, "console one"));
	KT_EXPECT(ctx, screen_row_is(1, "while behind"));
	vt_cursor(0, &row, &col);
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), row * VGA_COLS + col);
	KT_EXPECT_EQ(ctx, vt_read_cell(1, 2, 0) & 0xff, 'c');	/* saved */
	KT_EXPECT_EQ(ctx, vt_switch(VT_COUNT), -EINVAL);
	KT_EXPECT_EQ(ctx, vt_foreground(), 0);
}

KTEST(vt, kernel_messages_keep_their_parser)
{
	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	put(0, "\033[2J\033[H\033[3");		/* user space mid-sequence */
	vt_console_write("kernel says\n", 12);
	put(0, "1mR\033[m");
	KT_EXPECT(ctx, screen_row_is(0, "kernel says"));
	KT_EXPECT_EQ(ctx, screen_glyph(1, 0), 'R');		/* CR LF for "\n" */
	KT_EXPECT_EQ(ctx, screen_attr(1, 0), 0x04);
}

KTEST(vt, keyboard_switches_consoles)
{
	static const uint8_t alt_f3[] = { 0x38, 0x3d, 0xbd };
	static const uint8_t alt_left[] = { 0xe0, 0x4b, 0xe0, 0xcb };
	static const uint8_t alt_right[] = { 0xe0, 0x4d, 0xe0, 0xcd, 0xb8 };

	KT_ASSERT_EQ(ctx, vt_switch(0), 0);
	for (unsigned int i = 0; i < sizeof(alt_f3); i++)
		kbd_scancode(alt_f3[i]);
	KT_EXPECT_EQ(ctx, vt_foreground(), 2);
	for (unsigned int i = 0; i < sizeof(alt_left); i++)
		kbd_scancode(alt_left[i]);
	KT_EXPECT_EQ(ctx, vt_foreground(), 1);
	for (unsigned int i = 0; i < sizeof(alt_right); i++)
		kbd_scancode(alt_right[i]);
	KT_EXPECT_EQ(ctx, vt_foreground(), 2);
	KT_EXPECT_EQ(ctx, vt_switch(0), 0);
}

KTEST(vt, scrollback_view)
{
	char line[16];
	unsigned int row, col;

	KT_ASSERT_EQ(ctx, vt_switch(1), 0);
	put(1, "\033c");
	for (int i = 0; i < 40; i++) {
		snprintf(line, sizeof(line), "%sline %d", i ? "\r\n" : "", i);
		put(1, line);
	}
	KT_EXPECT(ctx, screen_row_is(0, "line 15"));	/* 0-14 scrolled off */
	vt_scroll_view(VT_SCROLL_STEP);
	KT_EXPECT(ctx, screen_row_is(0, "line 3"));
	KT_EXPECT(ctx, screen_row_is(12, "line 15"));
	KT_EXPECT(ctx, vga_cursor_hidden());
	vt_scroll_view(1000);				/* only 15 rows kept */
	KT_EXPECT(ctx, screen_row_is(0, "line 0"));
	KT_EXPECT(ctx, screen_row_is(15, "line 15"));
	vt_scroll_view(-VT_SCROLL_STEP);
	KT_EXPECT(ctx, screen_row_is(0, "line 12"));
	put(1, "!");					/* output: back down */
	KT_EXPECT(ctx, screen_row_is(0, "line 15"));
	KT_EXPECT(ctx, !vga_cursor_hidden());
	vt_cursor(1, &row, &col);
	KT_EXPECT_EQ(ctx, vga_cursor_offset(), row * VGA_COLS + col);
	vt_scroll_view(5);
	KT_ASSERT_EQ(ctx, vt_switch(0), 0);		/* a switch too */
	KT_ASSERT_EQ(ctx, vt_switch(1), 0);
	KT_EXPECT(ctx, screen_row_is(0, "line 15"));
	KT_EXPECT_EQ(ctx, vt_switch(0), 0);
}
