/*
 * test_vt_sgr.c: the terminal emulator's rendition (SGR colours and
 * attributes as VGA attribute bytes), character sets and UTF-8, and its
 * behaviour on malformed, truncated, overlong and random input.
 */
#include <stdio.h>
#include <stdlib.h>
#include "tests/host/util.h"
#include "tests/host/vt_util.h"

/* The attribute of the glyph that sgr puts at the home position. */
static uint8_t attr_after(const char *sgr)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, sgr);
	vt_feed(&f, "\033[Hx");
	return vt_attr_at(&f, 0, 0);
}

TEST(vt_sgr_colours)
{
	CHECK_EQ(attr_after(""), 0x07);
	CHECK_EQ(attr_after("\033[31m"), 0x04);		/* red */
	CHECK_EQ(attr_after("\033[34m"), 0x01);		/* blue */
	CHECK_EQ(attr_after("\033[33;44m"), 0x16);	/* brown on blue */
	CHECK_EQ(attr_after("\033[1;31m"), 0x0c);	/* bold: bright */
	CHECK_EQ(attr_after("\033[92m"), 0x0a);
	CHECK_EQ(attr_after("\033[102m"), 0xa7);	/* bit 7 */
	CHECK_EQ(attr_after("\033[31;42m\033[39m"), 0x27);
	CHECK_EQ(attr_after("\033[31;42m\033[49m"), 0x04);
	CHECK_EQ(attr_after("\033[31;42m\033[m"), 0x07);
	CHECK_EQ(attr_after("\033[31;42m\033[0m"), 0x07);
	CHECK_EQ(attr_after("\033[37;40m"), 0x07);
}

TEST(vt_sgr_attributes)
{
	CHECK_EQ(attr_after("\033[7m"), 0x70);		/* reverse */
	CHECK_EQ(attr_after("\033[1;7m"), 0x78);
	CHECK_EQ(attr_after("\033[7;27m"), 0x07);
	CHECK_EQ(attr_after("\033[4m"), 0x03);		/* underline: cyan */
	CHECK_EQ(attr_after("\033[4;24m"), 0x07);
	CHECK_EQ(attr_after("\033[2m"), 0x08);		/* dim: dark grey */
	CHECK_EQ(attr_after("\033[1;22m"), 0x07);
	CHECK_EQ(attr_after("\033[5m"), 0x87);		/* blink */
	CHECK_EQ(attr_after("\033[5;25m"), 0x07);
	CHECK_EQ(attr_after("\033[3m"), 0x02);		/* italic: green */
	CHECK_EQ(attr_after("\033[3;23m"), 0x07);
	/* terminfo linux's sgr with standout and bold, then sgr0 */
	CHECK_EQ(attr_after("\033[0;10;7;1m"), 0x78);
	CHECK_EQ(attr_after("\033[0;10;7;1m\033[m\017"), 0x07);
}

TEST(vt_sgr_extended_colours)
{
	CHECK_EQ(attr_after("\033[38;5;1m"), 0x04);
	CHECK_EQ(attr_after("\033[38;5;12m"), 0x09);	/* bright blue */
	CHECK_EQ(attr_after("\033[38;5;196m"), 0x0c);	/* cube red */
	CHECK_EQ(attr_after("\033[48;5;21m"), 0x17);	/* cube blue */
	CHECK_EQ(attr_after("\033[38;2;0;200;0m"), 0x0a);
	CHECK_EQ(attr_after("\033[38;2;0;128;0m"), 0x02);
	CHECK_EQ(attr_after("\033[38;5;232m"), 0x00);	/* dark grey ramp */
	CHECK_EQ(attr_after("\033[38:5:4m"), 0x01);	/* colon form */
	/* a truncated one must not read 5 as blink or 1 as bold */
	CHECK_EQ(attr_after("\033[38;5m"), 0x07);
	CHECK_EQ(attr_after("\033[48;2;1m"), 0x07);
}

TEST(vt_erase_uses_background)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[1;4;44m\033[2J");
	CHECK_EQ(vt_attr_at(&f, 5, 5), 0x17);	/* bce: blue, no bold */
	vt_feed(&f, "\033[7mab\033[K");
	CHECK_EQ(vt_attr_at(&f, 10, 0), 0x17);	/* not reversed */
	vt_feed(&f, "\033[m\033[L");
	CHECK_EQ(vt_attr_at(&f, 10, 0), 0x07);
}

TEST(vt_charsets)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\016lqk\017q");		/* G1 is line drawing */
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 0xda);
	CHECK_EQ(vt_glyph_at(&f, 1, 0), 0xc4);
	CHECK_EQ(vt_glyph_at(&f, 2, 0), 0xbf);
	CHECK_EQ(vt_glyph_at(&f, 3, 0), 'q');
	vt_feed(&f, "\033(0x\033(Bx");		/* G0 designations */
	CHECK_EQ(vt_glyph_at(&f, 4, 0), 0xb3);
	CHECK_EQ(vt_glyph_at(&f, 5, 0), 'x');
	vt_feed(&f, "\033)B\016q\017\033)0");
	CHECK_EQ(vt_glyph_at(&f, 6, 0), 'q');
	vt_feed(&f, "\016+0~A\017");		/* arrows, block, dot */
	CHECK_EQ(vt_glyph_at(&f, 7, 0), 0x10);
	CHECK_EQ(vt_glyph_at(&f, 8, 0), 0xdb);
	CHECK_EQ(vt_glyph_at(&f, 9, 0), 0xfa);
	CHECK_EQ(vt_glyph_at(&f, 10, 0), 'A');
	vt_feed(&f, "\033*0\033+0q");		/* G2, G3: ignored */
	CHECK_EQ(vt_glyph_at(&f, 11, 0), 'q');
}

TEST(vt_utf8)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\xc3\xa9\xe2\x94\x80\xe2\x96\x88\xc2\xb0");
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 0x82);	/* é */
	CHECK_EQ(vt_glyph_at(&f, 1, 0), 0xc4);	/* ─ */
	CHECK_EQ(vt_glyph_at(&f, 2, 0), 0xdb);	/* █ */
	CHECK_EQ(vt_glyph_at(&f, 3, 0), 0xf8);	/* ° */
	CHECK_CURSOR(&f, 4, 0);
	vt_feed(&f, "\r\n\xc3(\xc0\x80|\xf8|\xe2\x82|\x80|\xed\xa0\x80|"
		"\xf4\x90\x80\x80|\xf0\x9f\x98\x80|");
	CHECK_ROW(&f, 1, "?(?|?|?|?|?|?|?|");
	vt_feed(&f, "\r\n\xe2\x94\033[31m\x80z");	/* cut by ESC */
	CHECK_ROW(&f, 2, "??z");
}

TEST(vt_malformed_sequences)
{
	struct vt_fixture f;

	vt_fixture_init(&f);
	vt_feed(&f, "\033[31\030m");		/* CAN abandons it */
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 'm');
	CHECK_EQ(vt_attr_at(&f, 0, 0), 0x07);
	vt_feed(&f, "\033[1$pa");		/* intermediate: ignored */
	CHECK_EQ(vt_glyph_at(&f, 1, 0), 'a');
	vt_feed(&f, "\033[1 2qb");		/* digit after it: skipped */
	CHECK_EQ(vt_glyph_at(&f, 2, 0), 'b');
	vt_feed(&f, "\033[5?Ac");		/* '?' in the middle */
	CHECK_EQ(vt_glyph_at(&f, 3, 0), 'c');
	CHECK_CURSOR(&f, 4, 0);
	vt_feed(&f, "\033[2\nB");		/* LF acts inside a CSI */
	CHECK_CURSOR(&f, 4, 3);
	vt_feed(&f, "\033[\033[Hd");		/* ESC restarts */
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 'd');
	vt_feed(&f, "\033[[Ae\033Qf");		/* echoed F1; unknown ESC */
	CHECK_ROW(&f, 0, "defc");
	vt_feed(&f, "\033[2;1H\033]0;title\007g\033]2;t\033\\h\033]P0a0b0c0i");
	vt_feed(&f, "\033]Rj\033]0;x\033[Hk");	/* ESC [ ends an OSC */
	CHECK_ROW(&f, 1, "ghij");
	CHECK_EQ(vt_glyph_at(&f, 0, 0), 'k');
	vt_feed(&f, "\033[9;99]\033[?1000h\033[>4;1m\033[?5hl");
	CHECK_EQ(vt_glyph_at(&f, 1, 0), 'l');
	CHECK_EQ(vt_attr_at(&f, 1, 0), 0x07);
	vt_feed(&f, "\033 Fm\033#3n\033%Go");
	CHECK_ROW(&f, 0, "klmno");
}

TEST(vt_long_parameters)
{
	struct vt_fixture f;
	char buf[4096];
	size_t n;

	vt_fixture_init(&f);
	/* a huge value saturates */
	n = (size_t)snprintf(buf, sizeof(buf), "\033[");
	memset(buf + n, '9', 2000);
	strcpy(buf + n + 2000, "Cx");
	vt_feed(&f, buf);
	CHECK_EQ(vt_glyph_at(&f, 79, 0), 'x');
	/* 500 parameters: the first VT_MAX_PARAMS count, the rest do not */
	vt_fixture_init(&f);
	n = (size_t)snprintf(buf, sizeof(buf), "\033[");
	for (int i = 0; i < 500; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s",
				      i == 0 ? "34" : ";31");
	snprintf(buf + n, sizeof(buf) - n, "my\033[%d;%dm", 0, 41);
	vt_feed(&f, buf);
	vt_feed(&f, "z");
	CHECK_EQ(vt_attr_at(&f, 0, 0), 0x04);	/* 31 came last of the 16 */
	CHECK_EQ(vt_attr_at(&f, 1, 0), 0x47);
	CHECK_ROW(&f, 0, "yz");
	CHECK_EQ(f.t.user.state, VT_GROUND);
}

static void check_invariants(const struct vt_term *t)
{
	CHECK(t->x < t->cols && t->y < t->rows);
	CHECK(t->top <= t->bottom && t->bottom < t->rows);
	CHECK(t->response_len <= VT_RESPONSE_MAX);
}

/* Random bytes biased towards escape syntax, on grids of many shapes;
 * AddressSanitizer watches every write. */
TEST(vt_random_input)
{
	static const char alphabet[] = "\033\033\033[[[;;;0123456789?>ABCDEFGHJ"
		"KLMPSTXZ@`abcdefghlmnrsu78=>()#%]PR\r\n\t\b\016\017\030\x7f"
		"\xc3\xe2\x94\x80\x9b xyz";
	static const unsigned int shapes[][2] = {
		{ 25, 80 }, { 1, 1 }, { 2, 3 }, { 3, 1 }, { 1, 9 }, { 7, 300 },
	};

	for (unsigned int s = 0; s < 6; s++) {
		unsigned int rows = shapes[s][0], cols = shapes[s][1];
		uint16_t *cells = malloc(rows * cols * sizeof(uint16_t));
		struct vt_term t;
		struct vt_parser k = { 0 };
		uint8_t buf[256], resp[16];

		vt_term_init(&t, cells, rows, cols);
		for (int round = 0; round < 2000; round++) {
			size_t len = test_rand() % sizeof(buf);

			for (size_t i = 0; i < len; i++)
				buf[i] = test_rand() % 4 ? (uint8_t)alphabet[
					test_rand() % (sizeof(alphabet) - 1)]
					: (uint8_t)test_rand();
			vt_term_write(&t, round % 3 ? &t.user : &k, buf, len);
			check_invariants(&t);
			if (round % 5 == 0)
				vt_term_take_response(&t, resp, sizeof(resp));
		}
		free(cells);
	}
}
