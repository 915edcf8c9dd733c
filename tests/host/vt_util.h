/*
 * vt_util.h: helpers for the terminal emulator's host tests: a terminal
 * over a plain grid, feeding strings, and reading rows back as text.
 */
#ifndef TESTS_HOST_VT_UTIL_H
#define TESTS_HOST_VT_UTIL_H

#include <string.h>
#include "drivers/tty/vt_term.h"
#include "tests/host/test.h"

#define VT_TEST_ROWS	25
#define VT_TEST_COLS	80

struct vt_fixture {
	struct vt_term t;
	uint16_t cells[VT_TEST_ROWS * VT_TEST_COLS];
};

static inline void vt_fixture_init(struct vt_fixture *f)
{
	vt_term_init(&f->t, f->cells, VT_TEST_ROWS, VT_TEST_COLS);
}

static inline void vt_feed(struct vt_fixture *f, const char *s)
{
	vt_term_write(&f->t, &f->t.user, (const uint8_t *)s, strlen(s));
}

static inline uint8_t vt_glyph_at(const struct vt_fixture *f, unsigned int x,
				  unsigned int y)
{
	return (uint8_t)(f->cells[y * f->t.cols + x] & 0xff);
}

static inline uint8_t vt_attr_at(const struct vt_fixture *f, unsigned int x,
				 unsigned int y)
{
	return (uint8_t)(f->cells[y * f->t.cols + x] >> 8);
}

/* Row y as a string without its trailing blanks (buf holds cols + 1). */
static inline const char *vt_row(const struct vt_fixture *f, unsigned int y,
				 char *buf)
{
	unsigned int n = 0;

	for (unsigned int x = 0; x < f->t.cols; x++)
		buf[x] = (char)vt_glyph_at(f, x, y);
	for (unsigned int x = 0; x < f->t.cols; x++)
		if (buf[x] != ' ')
			n = x + 1;
	buf[n] = 0;
	return buf;
}

#define CHECK_ROW(f, y, text)						\
	do {								\
		char row_[VT_TEST_COLS + 1];				\
		const char *got_ = vt_row((f), (y), row_);		\
		CHECK_MSG(strcmp(got_, (text)) == 0,			\
			  "row %d: \"%s\", expected \"%s\"", (int)(y),	\
			  got_, (text));				\
	} while (0)

#define CHECK_CURSOR(f, cx, cy)						\
	do {								\
		CHECK_MSG((f)->t.x == (cx) && (f)->t.y == (cy),		\
			  "cursor at %u,%u, expected %u,%u",		\
			  (f)->t.x, (f)->t.y, (unsigned)(cx),		\
			  (unsigned)(cy));				\
	} while (0)

#endif
