/*
 * test_vt_term.c: the terminal emulator (drivers/tty/vt_term.h) fed with
 * what bash, vi, less and top send to a Linux console: text, wraps,
 * controls, cursor motion, erasing, insert and delete, scrolling regions,
 * reports, modes, saved cursors and reset.  Rendition, charsets and
 * malformed input are in test_vt_sgr.c.
 */
#include <stdio.h>
#include "tests/host/vt_util.h"

TEST(vt_text_cr_lf)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	CHECK_CURSOR(&f, 0, 0);
	vt_feed(&f, "hello\r\nworld");
	CHECK_ROW(&f, 0, "hello");
	CHECK_ROW(&f, 1, "world");
	CHECK_CURSOR(&f, 5, 1);
	vt_feed(&f, "\n!");		/* LF alone keeps the column */
	CHECK_ROW(&f, 2, "     !");
	CHECK_EQ(vt_attr_at(&f, 0, 0), VT_DEFAULT_ATTR);
	CHECK_EQ(vt_attr_at(&f, 70, 20), VT_DEFAULT_ATTR);
	CHECK_EQ(vt_glyph_at(&f, 70, 20), ' ');
}

static void fill_row(struct vt_fixture *f, char c, unsigned int n)
{
	char buf[VT_TEST_COLS + 1];

	memset(buf, c, n);
	buf[n] = 0;
	vt_feed(f, buf);
}

TEST(vt_autowrap_pending_at_last_column)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	fill_row(&f, 'a', 80);
	CHECK_CURSOR(&f, 79, 0);
	CHECK(f.t.wrap_pending);
	CHECK_ROW(&f, 1, "");
	vt_feed(&f, "b");
	CHECK_CURSOR(&f, 1, 1);
	CHECK_ROW(&f, 1, "b");
	CHECK_EQ(vt_glyph_at(&f, 79, 0), 'a');

	/* 80 columns then CR LF: one line, no blank one (xenl) */
	vt_fixture_init(&f);
	fill_row(&f, 'x', 80);
	vt_feed(&f, "\r\nnext");
	CHECK_ROW(&f, 1, "next");
	CHECK_CURSOR(&f, 4, 1);
}

TEST(vt_pending_wrap_cleared_by_motion)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	fill_row(&f, 'a', 80);
	vt_feed(&f, "\b");		/* Linux: back to column 78 */
	CHECK_CURSOR(&f, 78, 0);
	CHECK(!f.t.wrap_pending);
	vt_feed(&f, "XY");
	CHECK_EQ(vt_glyph_at(&f, 78, 0), 'X');
	CHECK_EQ(vt_glyph_at(&f, 79, 0), 'Y');
	CHECK(f.t.wrap_pending);
	vt_feed(&f, "\033[1;80H" "Z");	/* a move clears it: overwrite */
	CHECK_EQ(vt_glyph_at(&f, 79, 0), 'Z');
	CHECK_ROW(&f, 1, "");
	vt_feed(&f, "\r");
	CHECK(!f.t.wrap_pending);
	CHECK_CURSOR(&f, 0, 0);
}

TEST(vt_autowrap_off)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[?7l");
	fill_row(&f, 'a', 79);
	vt_feed(&f, "bcd");
	CHECK_CURSOR(&f, 79, 0);
	CHECK_EQ(vt_glyph_at(&f, 79, 0), 'd');
	CHECK_ROW(&f, 1, "");
	vt_feed(&f, "\033[?7h");
	CHECK(f.t.autowrap);
}

TEST(vt_tab_stops)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\tA\tB");
	CHECK_EQ(vt_glyph_at(&f, 8, 0), 'A');
	CHECK_EQ(vt_glyph_at(&f, 16, 0), 'B');
	vt_feed(&f, "\r\033[75G\t\t");	/* no stop left: the last column */
	CHECK_CURSOR(&f, 79, 0);
	vt_feed(&f, "\r\033[4G\033H\r\t");	/* ESC H sets one at column 3 */
	CHECK_CURSOR(&f, 3, 0);
	vt_feed(&f, "\033[g\r\t");		/* CSI g clears it */
	CHECK_CURSOR(&f, 8, 0);
	vt_feed(&f, "\033[3g\r\t");		/* CSI 3 g clears them all */
	CHECK_CURSOR(&f, 79, 0);
	vt_feed(&f, "\033c\033[2I");		/* CHT: two stops */
	CHECK_CURSOR(&f, 16, 0);
	vt_feed(&f, "\033[Z");			/* CBT */
	CHECK_CURSOR(&f, 8, 0);
}

TEST(vt_scrolls_at_bottom)
{
	struct vt_fixture f;
	char line[16];

	vt_fixture_init(&f);
	for (int i = 0; i < 30; i++) {
		snprintf(line, sizeof(line), "%sline%d", i ? "\r\n" : "", i);
		vt_feed(&f, line);
	}
	CHECK_ROW(&f, 0, "line5");
	CHECK_ROW(&f, 24, "line29");
	CHECK_CURSOR(&f, 6, 24);
	vt_feed(&f, "\033D");		/* IND scrolls too */
	CHECK_ROW(&f, 0, "line6");
	CHECK_ROW(&f, 24, "");
	vt_feed(&f, "\033[H\033M");	/* RI at the top scrolls down */
	CHECK_ROW(&f, 0, "");
	CHECK_ROW(&f, 1, "line6");
	vt_feed(&f, "\033[3;1H\033E");	/* NEL */
	CHECK_CURSOR(&f, 0, 3);
}

TEST(vt_scrolling_region)
{
	struct vt_fixture f;
	char line[16];

	vt_fixture_init(&f);
	for (int i = 0; i < 25; i++) {
		snprintf(line, sizeof(line), "\033[%d;1Hrow%d", i + 1, i);
		vt_feed(&f, line);
	}
	vt_feed(&f, "\033[5;10r");
	CHECK_EQ(f.t.top, 4);
	CHECK_EQ(f.t.bottom, 9);
	CHECK_CURSOR(&f, 0, 0);		/* DECSTBM homes the cursor */
	vt_feed(&f, "\033[10;1H\n");	/* LF at the region's bottom */
	CHECK_ROW(&f, 3, "row3");
	CHECK_ROW(&f, 4, "row5");
	CHECK_ROW(&f, 8, "row9");
	CHECK_ROW(&f, 9, "");
	CHECK_ROW(&f, 10, "row10");
	CHECK_CURSOR(&f, 0, 9);
	vt_feed(&f, "\033[5;1H\033M\033M");	/* RI at its top, twice */
	CHECK_ROW(&f, 4, "");
	CHECK_ROW(&f, 5, "");
	CHECK_ROW(&f, 6, "row5");
	CHECK_ROW(&f, 9, "row8");
	CHECK_ROW(&f, 10, "row10");
	vt_feed(&f, "\033[20;1H\n\n");	/* below the region: no scroll */
	CHECK_CURSOR(&f, 0, 21);
	CHECK_ROW(&f, 20, "row20");
	vt_feed(&f, "\033[25;1H\n");	/* last row outside: stays */
	CHECK_CURSOR(&f, 0, 24);
	CHECK_ROW(&f, 24, "row24");
	vt_feed(&f, "\033[r");		/* whole screen again */
	CHECK_EQ(f.t.top, 0);
	CHECK_EQ(f.t.bottom, 24);
	vt_feed(&f, "\033[9;5r");	/* top >= bottom: ignored */
	CHECK_EQ(f.t.top, 0);
	vt_feed(&f, "\033[2;26r");	/* beyond the screen: ignored */
	CHECK_EQ(f.t.bottom, 24);
}

TEST(vt_scroll_up_down_sequences)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "a\r\nb\r\nc\033[2;3r\033[S");
	CHECK_ROW(&f, 0, "a");
	CHECK_ROW(&f, 1, "c");
	CHECK_ROW(&f, 2, "");
	vt_feed(&f, "\033[2T");
	CHECK_ROW(&f, 1, "");
	CHECK_ROW(&f, 2, "");
	vt_feed(&f, "\033[r\033[3;1Hz\033[9999S");	/* huge counts clamp */
	for (int y = 0; y < 25; y++)
		CHECK_ROW(&f, y, "");
	vt_feed(&f, "\033[Hq\033[1;2;3T");	/* xterm's mouse form: ignored */
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 'q');
}

TEST(vt_cursor_motion)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[10;20H");
	CHECK_CURSOR(&f, 19, 9);
	vt_feed(&f, "\033[3A");
	CHECK_CURSOR(&f, 19, 6);
	vt_feed(&f, "\033[B");
	CHECK_CURSOR(&f, 19, 7);
	vt_feed(&f, "\033[5C");
	CHECK_CURSOR(&f, 24, 7);
	vt_feed(&f, "\033[0D");		/* zero counts as one */
	CHECK_CURSOR(&f, 23, 7);
	vt_feed(&f, "\033[2E");
	CHECK_CURSOR(&f, 0, 9);
	vt_feed(&f, "\033[9C\033[F");
	CHECK_CURSOR(&f, 0, 8);
	vt_feed(&f, "\033[33G");
	CHECK_CURSOR(&f, 32, 8);
	vt_feed(&f, "\033[4d");
	CHECK_CURSOR(&f, 32, 3);
	vt_feed(&f, "\033[7;8f");
	CHECK_CURSOR(&f, 7, 6);
	vt_feed(&f, "\033[H");
	CHECK_CURSOR(&f, 0, 0);
	vt_feed(&f, "\033[999;999H");
	CHECK_CURSOR(&f, 79, 24);
	vt_feed(&f, "\033[99A\033[99D");
	CHECK_CURSOR(&f, 0, 0);
	vt_feed(&f, "\033[99B\033[99C");
	CHECK_CURSOR(&f, 79, 24);
	vt_feed(&f, "\033[;5H");	/* empty row: 1 */
	CHECK_CURSOR(&f, 4, 0);
	vt_feed(&f, "\033[3e\033[2a\033[10`");
	CHECK_CURSOR(&f, 9, 3);
}

TEST(vt_erase_display_and_line)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "0123456789\r\n0123456789\r\n0123456789");
	vt_feed(&f, "\033[2;5H\033[K");
	CHECK_ROW(&f, 1, "0123");
	vt_feed(&f, "\033[3;5H\033[1K");
	CHECK_ROW(&f, 2, "     56789");
	vt_feed(&f, "\033[1;3H\033[2K");
	CHECK_ROW(&f, 0, "");
	CHECK_CURSOR(&f, 2, 0);
	vt_feed(&f, "\033[1;1Habcdef\033[1;3H\033[2X");
	CHECK_ROW(&f, 0, "ab  ef");
	CHECK_CURSOR(&f, 2, 0);
	vt_feed(&f, "\033[1;79H\033[9X");	/* ECH stops at the edge */
	vt_feed(&f, "\033[2;3H\033[J");
	CHECK_ROW(&f, 0, "ab  ef");
	CHECK_ROW(&f, 1, "01");
	CHECK_ROW(&f, 2, "");
	vt_feed(&f, "\033[3;1Hxyz\033[1;2H\033[1J");
	CHECK_ROW(&f, 0, "    ef");
	CHECK_ROW(&f, 2, "xyz");
	vt_feed(&f, "\033[2J");
	for (int y = 0; y < 25; y++)
		CHECK_ROW(&f, y, "");
	CHECK_CURSOR(&f, 1, 0);		/* ED does not move the cursor */
	vt_feed(&f, "\033[H\033[J");	/* "clear" of terminfo linux */
	CHECK_CURSOR(&f, 0, 0);
}

TEST(vt_insert_delete_chars)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "abcdef\033[1;3H\033[2@");
	CHECK_ROW(&f, 0, "ab  cdef");
	CHECK_CURSOR(&f, 2, 0);
	vt_feed(&f, "\033[3P");
	CHECK_ROW(&f, 0, "abdef");
	vt_feed(&f, "\033[P");
	CHECK_ROW(&f, 0, "abef");
	vt_feed(&f, "\033[1;78Hxyz");	/* x 77, y 78, z 79 */
	vt_feed(&f, "\033[1;79H\033[5@");	/* the rest falls off */
	CHECK_EQ(vt_glyph_at(&f, 77, 0), 'x');
	CHECK_EQ(vt_glyph_at(&f, 78, 0), ' ');
	CHECK_EQ(vt_glyph_at(&f, 79, 0), ' ');
	vt_feed(&f, "\033[1;1H\033[999P");
	CHECK_ROW(&f, 0, "");
	vt_feed(&f, "abc\033[4h\033[1;2HXY\033[4l");	/* insert mode */
	CHECK_ROW(&f, 0, "aXYbc");
	vt_feed(&f, "Z");
	CHECK_ROW(&f, 0, "aXYZc");
}

TEST(vt_insert_delete_lines)
{
	struct vt_fixture f;
	char line[16];

	vt_fixture_init(&f);
	for (int i = 0; i < 25; i++) {
		snprintf(line, sizeof(line), "\033[%d;1Hr%d", i + 1, i);
		vt_feed(&f, line);
	}
	vt_feed(&f, "\033[3;1H\033[2L");
	CHECK_ROW(&f, 2, "");
	CHECK_ROW(&f, 3, "");
	CHECK_ROW(&f, 4, "r2");
	CHECK_ROW(&f, 24, "r22");
	vt_feed(&f, "\033[M");
	CHECK_ROW(&f, 2, "");
	CHECK_ROW(&f, 3, "r2");
	CHECK_ROW(&f, 24, "");
	vt_feed(&f, "\033[5;8r\033[6;1H\033[L");	/* inside a region */
	CHECK_ROW(&f, 5, "");
	CHECK_ROW(&f, 6, "r4");
	CHECK_ROW(&f, 7, "r5");
	CHECK_ROW(&f, 8, "r7");		/* r6 fell off the region */
	vt_feed(&f, "\033[5;1H\033[99M");
	for (int y = 4; y < 8; y++)
		CHECK_ROW(&f, y, "");
	CHECK_ROW(&f, 8, "r7");
	vt_feed(&f, "\033[20;1H\033[L");	/* below it: nothing */
	CHECK_ROW(&f, 19, "r18");
}

TEST(vt_cursor_reports)
{
	struct vt_fixture f;
	uint8_t buf[64];
	size_t n;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[5;10H\033[6n");
	n = vt_term_take_response(&f.t, buf, sizeof(buf));
	CHECK_EQ(n, 7);
	CHECK(memcmp(buf, "\033[5;10R", n) == 0);
	CHECK_EQ(vt_term_take_response(&f.t, buf, sizeof(buf)), 0);
	vt_feed(&f, "\033[5n\033[c\033Z\033[>c");
	n = vt_term_take_response(&f.t, buf, sizeof(buf));
	CHECK_EQ(n, 14);
	CHECK(memcmp(buf, "\033[0n\033[?6c\033[?6c", n) == 0);
	/* a partial take leaves the rest */
	vt_feed(&f, "\033[6n");
	CHECK_EQ(vt_term_take_response(&f.t, buf, 3), 3);
	CHECK_EQ(vt_term_take_response(&f.t, buf, sizeof(buf)), 4);
	CHECK(memcmp(buf, ";10R", 4) == 0);
	/* nobody reading: the buffer fills and answers are dropped whole */
	for (int i = 0; i < 100; i++)
		vt_feed(&f, "\033[6n");
	n = vt_term_take_response(&f.t, buf, sizeof(buf));
	CHECK(n <= VT_RESPONSE_MAX && n % 7 == 0);
}

TEST(vt_origin_mode)
{
	struct vt_fixture f;
	uint8_t buf[32];
	size_t n;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[5;10r\033[?6h");
	CHECK_CURSOR(&f, 0, 4);
	vt_feed(&f, "\033[2;3H");
	CHECK_CURSOR(&f, 2, 5);
	vt_feed(&f, "\033[99;1H");
	CHECK_CURSOR(&f, 0, 9);
	vt_feed(&f, "\033[99A");
	CHECK_CURSOR(&f, 0, 4);
	vt_feed(&f, "\033[3;4H\033[6n");
	n = vt_term_take_response(&f.t, buf, sizeof(buf));
	CHECK(n == 6 && memcmp(buf, "\033[3;4R", n) == 0);
	vt_feed(&f, "\033[?6l");
	CHECK_CURSOR(&f, 0, 0);
}

TEST(vt_save_restore_cursor)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[3;4H\033[31m\0337\033[10;10H\033[0mx\0338y");
	CHECK_EQ(vt_glyph_at(&f, 3, 2), 'y');
	CHECK_EQ(vt_attr_at(&f, 3, 2), 0x04);	/* red came back */
	CHECK_EQ(vt_attr_at(&f, 9, 9), 0x07);
	vt_feed(&f, "\033[20;30H\033[s\033[1;1H\033[u");
	CHECK_CURSOR(&f, 29, 19);
	vt_feed(&f, "\033)B\0337\033)0\0338\016q");	/* charsets too */
	CHECK_EQ(vt_glyph_at(&f, 29, 19), 'q');
}

TEST(vt_modes_cursor_and_keys)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	CHECK(vt_term_cursor_visible(&f.t));
	vt_feed(&f, "\033[?25l\033[?1c");	/* civis of terminfo linux */
	CHECK(!vt_term_cursor_visible(&f.t));
	vt_feed(&f, "\033[?25h\033[?0c");	/* cnorm */
	CHECK(vt_term_cursor_visible(&f.t));
	vt_feed(&f, "\033[?1c");
	CHECK(!vt_term_cursor_visible(&f.t));
	vt_feed(&f, "\033[?8c");		/* cvvis */
	CHECK(vt_term_cursor_visible(&f.t));
	CHECK(!f.t.app_cursor);
	vt_feed(&f, "\033[?1h");
	CHECK(f.t.app_cursor);
	vt_feed(&f, "\033[?1l\033=");
	CHECK(!f.t.app_cursor);
	CHECK(f.t.app_keypad);
	vt_feed(&f, "\033>");
	CHECK(!f.t.app_keypad);
	vt_feed(&f, "\033[?1;25l");		/* several at once */
	CHECK(!f.t.cursor_on);
	vt_feed(&f, "\033[20h\033[2;5Hab\ncd");	/* LNM */
	CHECK_ROW(&f, 2, "cd");
	vt_feed(&f, "\033[20l\a\a");
	CHECK_EQ(f.t.bells, 2);
}

TEST(vt_reset)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "junk\033[5;9r\033[?7l\033[?25l\033[44;1m\033[?1h\016");
	vt_feed(&f, "\033c");
	CHECK_ROW(&f, 0, "");
	CHECK_CURSOR(&f, 0, 0);
	CHECK(f.t.autowrap && f.t.cursor_on && !f.t.app_cursor);
	CHECK_EQ(f.t.top, 0);
	CHECK_EQ(f.t.bottom, 24);
	CHECK_EQ(f.t.attr, VT_DEFAULT_ATTR);
	CHECK_EQ(f.t.gl, 0);
	CHECK_EQ(vt_attr_at(&f, 40, 12), VT_DEFAULT_ATTR);
	vt_feed(&f, "\033#8");		/* DECALN */
	CHECK_EQ(vt_glyph_at(&f, 79, 24), 'E');
	CHECK_CURSOR(&f, 0, 0);
}

TEST(vt_kernel_parser_separate)
{
	struct vt_fixture f;
	struct vt_parser kernel = { 0 };
	const char *msg = "[0.1] disk\r\n";

	vt_fixture_init(&f);
	vt_feed(&f, "\033[3");		/* user space is mid-sequence */
	vt_term_write(&f.t, &kernel, (const uint8_t *)msg, strlen(msg));
	vt_feed(&f, "1mX");
	CHECK_ROW(&f, 0, "[0.1] disk");
	CHECK_EQ(vt_glyph_at(&f, 0, 1), 'X');
	CHECK_EQ(vt_attr_at(&f, 0, 1), 0x04);
}

static char scrolled[64][VT_TEST_COLS + 1];
static int nscrolled;

static void keep_row(struct vt_term *t, const uint16_t *row)
{
	unsigned int n = 0;

	for (unsigned int x = 0; x < t->cols; x++)
		if ((row[x] & 0xff) != ' ')
			n = x + 1;
	for (unsigned int x = 0; x < n; x++)
		scrolled[nscrolled][x] = (char)(row[x] & 0xff);
	scrolled[nscrolled++][n] = 0;
}

TEST(vt_rows_scrolled_off_the_top)
{
	struct vt_fixture f;
	char line[16];

	vt_fixture_init(&f);
	f.t.scrolled_out = keep_row;
	nscrolled = 0;
	for (int i = 0; i < 27; i++) {
		snprintf(line, sizeof(line), "%sl%d", i ? "\r\n" : "", i);
		vt_feed(&f, line);
	}
	CHECK_EQ(nscrolled, 2);
	CHECK(strcmp(scrolled[0], "l0") == 0 && strcmp(scrolled[1], "l1") == 0);
	vt_feed(&f, "\033[3S");			/* SU of the whole screen */
	CHECK_EQ(nscrolled, 5);
	CHECK(strcmp(scrolled[4], "l4") == 0);
	vt_feed(&f, "\033[2;25r\033[25;1H\n\033[5S");	/* regions: no */
	vt_feed(&f, "\033[1;10r\033[10;1H\n\033[r");
	CHECK_EQ(nscrolled, 5);
	vt_feed(&f, "\033[1;1Htop\033[25;1H\033D");		/* IND */
	CHECK_EQ(nscrolled, 6);
	CHECK(strncmp(scrolled[5], "top", 3) == 0);
	vt_feed(&f, "\033[2J\033[H\033M\033[T\033[L\033[M");	/* not lost */
	CHECK_EQ(nscrolled, 6);
	vt_feed(&f, "\033c");
	CHECK(f.t.scrolled_out == keep_row);	/* a reset keeps the hook */
}
