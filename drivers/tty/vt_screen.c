/*
 * vt_screen.c: the terminal's grid (see vt_term.h): putting glyphs with
 * autowrap, moving the cursor, scrolling a region, erasing, inserting and
 * deleting characters and lines.
 *
 * Every function keeps the cursor on the screen and every index inside
 * the grid, whatever the counts asked for.  Erased cells are blanks in
 * the current erase attribute (the background colour of SGR, as Linux's
 * "bce").  Whole rows move with one memmove.
 */
#include "drivers/tty/vt_internal.h"
#include "lib/string.h"

static uint16_t *cell_at(struct vt_term *t, unsigned int x, unsigned int y)
{
	return &t->cells[y * t->cols + x];
}

static uint16_t blank(const struct vt_term *t)
{
	return VT_CELL(' ', t->erase_attr);
}

static void clear_cells(struct vt_term *t, uint16_t *from, size_t count)
{
	uint16_t b = blank(t);

	for (size_t i = 0; i < count; i++)
		from[i] = b;
}

static unsigned int clamp_count(unsigned int n, unsigned int max)
{
	if (n == 0)
		return 1;
	return n > max ? max : n;
}

/* Absolute move; in origin mode y stays inside the scrolling region. */
void vt_goto(struct vt_term *t, int x, int y)
{
	int min_y = t->origin ? (int)t->top : 0;
	int max_y = t->origin ? (int)t->bottom : (int)t->rows - 1;

	if (x < 0)
		x = 0;
	else if (x >= (int)t->cols)
		x = (int)t->cols - 1;
	if (y < min_y)
		y = min_y;
	else if (y > max_y)
		y = max_y;
	t->x = (unsigned int)x;
	t->y = (unsigned int)y;
	t->wrap_pending = false;
}

/* A move whose row counts from the region's top in origin mode (CUP). */
void vt_goto_origin(struct vt_term *t, int x, int y)
{
	vt_goto(t, x, t->origin ? (int)t->top + y : y);
}

void vt_scroll_up(struct vt_term *t, unsigned int top, unsigned int bottom,
		  unsigned int n)
{
	unsigned int height = bottom - top + 1;

	if (top > bottom || bottom >= t->rows)
		return;
	n = clamp_count(n, height);
	memmove(cell_at(t, 0, top), cell_at(t, 0, top + n),
		(size_t)(height - n) * t->cols * sizeof(uint16_t));
	clear_cells(t, cell_at(t, 0, bottom + 1 - n), (size_t)n * t->cols);
}

void vt_scroll_down(struct vt_term *t, unsigned int top, unsigned int bottom,
		    unsigned int n)
{
	unsigned int height = bottom - top + 1;

	if (top > bottom || bottom >= t->rows)
		return;
	n = clamp_count(n, height);
	memmove(cell_at(t, 0, top + n), cell_at(t, 0, top),
		(size_t)(height - n) * t->cols * sizeof(uint16_t));
	clear_cells(t, cell_at(t, 0, top), (size_t)n * t->cols);
}

/* Scroll the region up (LF at its bottom, SU); when it is the whole
 * screen, the rows leaving it go to the scrolled_out hook first. */
void vt_scroll_region_up(struct vt_term *t, unsigned int n)
{
	n = clamp_count(n, t->bottom - t->top + 1);
	if (t->scrolled_out && t->top == 0 && t->bottom == t->rows - 1)
		for (unsigned int i = 0; i < n; i++)
			t->scrolled_out(t, cell_at(t, 0, i));
	vt_scroll_up(t, t->top, t->bottom, n);
}

/* LF, IND: down one row, scrolling at the bottom of the region. */
void vt_linefeed(struct vt_term *t)
{
	if (t->y == t->bottom)
		vt_scroll_region_up(t, 1);
	else if (t->y < t->rows - 1)
		t->y++;
	t->wrap_pending = false;
}

/* RI: up one row, scrolling down at the top of the region. */
void vt_reverse_index(struct vt_term *t)
{
	if (t->y == t->top)
		vt_scroll_down(t, t->top, t->bottom, 1);
	else if (t->y > 0)
		t->y--;
	t->wrap_pending = false;
}

void vt_carriage_return(struct vt_term *t)
{
	t->x = 0;
	t->wrap_pending = false;
}

void vt_backspace(struct vt_term *t)
{
	if (t->x > 0)
		t->x--;
	t->wrap_pending = false;
}

static bool tab_stop(const struct vt_term *t, unsigned int x)
{
	return t->tabs[x / 8] & (1u << (x % 8));
}

/* HT, CHT: to the next tab stop, or the last column when there is none. */
void vt_tab_forward(struct vt_term *t, unsigned int n)
{
	n = clamp_count(n, t->cols);
	while (n-- && t->x < t->cols - 1) {
		do
			t->x++;
		while (t->x < t->cols - 1 && !tab_stop(t, t->x));
	}
	t->wrap_pending = false;
}

/* CBT: to the previous tab stop, or the first column. */
void vt_tab_backward(struct vt_term *t, unsigned int n)
{
	n = clamp_count(n, t->cols);
	while (n-- && t->x > 0) {
		do
			t->x--;
		while (t->x > 0 && !tab_stop(t, t->x));
	}
	t->wrap_pending = false;
}

/*
 * A printable glyph at the cursor.  In the last column the cursor stays
 * and a wrap is left pending (as the VT100 and Linux: "xenl"); the next
 * glyph first goes to the start of the next line, if autowrap is on.
 */
void vt_put_glyph(struct vt_term *t, uint8_t glyph)
{
	if (t->wrap_pending) {
		vt_carriage_return(t);
		vt_linefeed(t);
	}
	if (t->insert)
		vt_insert_chars(t, 1);
	*cell_at(t, t->x, t->y) = VT_CELL(glyph, t->attr);
	if (t->x == t->cols - 1)
		t->wrap_pending = t->autowrap;
	else
		t->x++;
}

/* ED: 0 cursor to end, 1 start to cursor, 2 and 3 all of it. */
void vt_erase_display(struct vt_term *t, unsigned int mode)
{
	size_t here = (size_t)t->y * t->cols + t->x;
	size_t total = (size_t)t->rows * t->cols;

	if (mode == 0)
		clear_cells(t, t->cells + here, total - here);
	else if (mode == 1)
		clear_cells(t, t->cells, here + 1);
	else if (mode == 2 || mode == 3)
		clear_cells(t, t->cells, total);
	t->wrap_pending = false;
}

/* EL: 0 cursor to end of line, 1 start of line to cursor, 2 the line. */
void vt_erase_line(struct vt_term *t, unsigned int mode)
{
	if (mode == 0)
		clear_cells(t, cell_at(t, t->x, t->y), t->cols - t->x);
	else if (mode == 1)
		clear_cells(t, cell_at(t, 0, t->y), t->x + 1);
	else if (mode == 2)
		clear_cells(t, cell_at(t, 0, t->y), t->cols);
	t->wrap_pending = false;
}

/* ECH: blank n cells from the cursor; the cursor stays. */
void vt_erase_chars(struct vt_term *t, unsigned int n)
{
	n = clamp_count(n, t->cols - t->x);
	clear_cells(t, cell_at(t, t->x, t->y), n);
	t->wrap_pending = false;
}

/* ICH: shift the rest of the line right by n, blanks at the cursor. */
void vt_insert_chars(struct vt_term *t, unsigned int n)
{
	unsigned int room = t->cols - t->x;
	uint16_t *here = cell_at(t, t->x, t->y);

	n = clamp_count(n, room);
	memmove(here + n, here, (size_t)(room - n) * sizeof(uint16_t));
	clear_cells(t, here, n);
	t->wrap_pending = false;
}

/* DCH: pull the rest of the line left by n, blanks at its end. */
void vt_delete_chars(struct vt_term *t, unsigned int n)
{
	unsigned int room = t->cols - t->x;
	uint16_t *here = cell_at(t, t->x, t->y);

	n = clamp_count(n, room);
	memmove(here, here + n, (size_t)(room - n) * sizeof(uint16_t));
	clear_cells(t, here + room - n, n);
	t->wrap_pending = false;
}

/* IL: blank lines at the cursor's row, pushing the rest of the region
 * down; nothing when the cursor is below the region. */
void vt_insert_lines(struct vt_term *t, unsigned int n)
{
	if (t->y <= t->bottom)
		vt_scroll_down(t, t->y, t->bottom, n);
	t->wrap_pending = false;
}

/* DL: remove lines at the cursor's row, pulling the region up. */
void vt_delete_lines(struct vt_term *t, unsigned int n)
{
	if (t->y <= t->bottom)
		vt_scroll_up(t, t->y, t->bottom, n);
	t->wrap_pending = false;
}

void vt_fill_screen(struct vt_term *t, uint16_t cell)
{
	for (size_t i = 0; i < (size_t)t->rows * t->cols; i++)
		t->cells[i] = cell;
}

void vt_save_cursor(struct vt_term *t)
{
	t->saved.x = t->x;
	t->saved.y = t->y;
	t->saved.rend = t->rend;
	t->saved.g[0] = t->g[0];
	t->saved.g[1] = t->g[1];
	t->saved.gl = t->gl;
}

void vt_restore_cursor(struct vt_term *t)
{
	t->rend = t->saved.rend;
	t->g[0] = t->saved.g[0];
	t->g[1] = t->saved.g[1];
	t->gl = t->saved.gl;
	vt_update_attr(t);
	vt_goto(t, (int)t->saved.x, (int)t->saved.y);
}
