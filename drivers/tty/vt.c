/*
 * vt.c: the virtual consoles on the VGA text screen (see vt.h for the
 * interface and the design).
 */
#include "drivers/tty/kbd_map.h"
#include "drivers/tty/vga.h"
#include "drivers/tty/vgareg.h"
#include "drivers/tty/vt.h"
#include "drivers/tty/vt_term.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"
#include "lib/string.h"

#define SCREEN_CELLS	(VGA_ROWS * VGA_COLS)

struct vt {
	struct vt_term term;		/* with the user's parser */
	struct vt_parser kernel;	/* kernel messages' parser */
	uint16_t grid[SCREEN_CELLS];	/* the terminal's cells */
	uint16_t history[VT_HISTORY][VGA_COLS];	/* rows scrolled off */
	unsigned int history_next;	/* the slot the next row goes to */
	unsigned int history_count;
};

static struct vt vts[VT_COUNT];
static unsigned int fg;			/* the console on the screen */
static unsigned int view_back;		/* history rows shown above fg's grid */
static uint16_t shown[SCREEN_CELLS];	/* what the frame buffer holds */
static bool shown_stale;		/* shown[] means nothing: copy all */
static bool screen_dirty;		/* fg wrote since the last sync */
static bool responses_pending;
static struct spinlock vt_lock = SPINLOCK_INIT;

/* The emulator's scrolled_out hook: keep the row in the scrollback. */
static void remember_row(struct vt_term *t, const uint16_t *row)
{
	struct vt *v = container_of(t, struct vt, term);

	memcpy(v->history[v->history_next], row, sizeof(v->history[0]));
	v->history_next = (v->history_next + 1) % VT_HISTORY;
	if (v->history_count < VT_HISTORY)
		v->history_count++;
}

/* What row r of the screen shows: the foreground's grid, view_back rows
 * down, under the newest rows of its history. */
static const uint16_t *screen_row(unsigned int r)
{
	struct vt *v = &vts[fg];

	if (r < view_back) {
		unsigned int age = view_back - r;	/* 1: the newest */

		return v->history[(v->history_next + VT_HISTORY - age) %
				  VT_HISTORY];
	}
	return &v->grid[(r - view_back) * VGA_COLS];
}

/*
 * Bring the screen up to date with the foreground console: the rows that
 * differ from what the frame buffer holds are copied to it (writes only:
 * reading video memory is slow), then the hardware cursor follows (hidden
 * while the view is scrolled back).  Called with vt_lock held.
 */
static void sync_screen(void)
{
	const struct vt_term *t = &vts[fg].term;
	uint16_t *screen = vga_frame_buffer();
	size_t row_bytes = VGA_COLS * sizeof(uint16_t);

	for (unsigned int r = 0; r < VGA_ROWS; r++) {
		const uint16_t *want = screen_row(r);

		if (!shown_stale && !memcmp(&shown[r * VGA_COLS], want,
					    row_bytes))
			continue;
		memcpy(&screen[r * VGA_COLS], want, row_bytes);
		memcpy(&shown[r * VGA_COLS], want, row_bytes);
	}
	shown_stale = false;
	screen_dirty = false;
	vga_cursor_set(t->y, t->x, vt_term_cursor_visible(t) && !view_back);
}

void vt_scroll_view(int lines)
{
	uint32_t flags = spin_lock_irqsave(&vt_lock);
	int back = (int)view_back + lines;

	if (back < 0)
		back = 0;
	if (back > (int)vts[fg].history_count)
		back = (int)vts[fg].history_count;
	if ((unsigned int)back != view_back) {
		view_back = (unsigned int)back;
		sync_screen();
	}
	spin_unlock_irqrestore(&vt_lock, flags);
}

size_t vt_write(unsigned int n, const uint8_t *buf, size_t len)
{
	struct vt *v;
	uint32_t flags;

	if (n >= VT_COUNT)
		return 0;
	v = &vts[n];
	flags = spin_lock_irqsave(&vt_lock);
	vt_term_write(&v->term, &v->term.user, buf, len);
	if (v->term.response_len)
		responses_pending = true;
	if (n == fg) {
		screen_dirty = true;	/* drawn at the next tick */
		view_back = 0;
	}
	spin_unlock_irqrestore(&vt_lock, flags);
	return len;
}

void vt_flush(void)
{
	uint32_t flags = spin_lock_irqsave(&vt_lock);

	sync_screen();
	spin_unlock_irqrestore(&vt_lock, flags);
}

/* Kernel messages: "\n" becomes CR LF (the tty layer's ONLCR does that
 * for user space).  They reach the screen at once, even in a panic. */
void vt_console_write(const char *s, size_t len)
{
	uint32_t flags = spin_lock_irqsave(&vt_lock);
	struct vt *v = &vts[fg];
	size_t start = 0;

	view_back = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != '\n')
			continue;
		vt_term_write(&v->term, &v->kernel, (const uint8_t *)s + start,
			      i - start);
		if (i < len)
			vt_term_write(&v->term, &v->kernel,
				      (const uint8_t *)"\r\n", 2);
		start = i + 1;
	}
	sync_screen();
	spin_unlock_irqrestore(&vt_lock, flags);
}

/* ESC [ params m on the kernel's parser: colours for what follows. */
void vt_console_sgr(const char *params)
{
	char seq[32] = "\033[";

	strlcat(seq, params, sizeof(seq) - 1);
	strlcat(seq, "m", sizeof(seq));
	vt_console_write(seq, strlen(seq));
}

/* Bring console n to the screen. */
int vt_switch(unsigned int n)
{
	uint32_t flags;

	if (n >= VT_COUNT)
		return -EINVAL;
	flags = spin_lock_irqsave(&vt_lock);
	if (n != fg) {
		fg = n;
		view_back = 0;
		sync_screen();
	}
	spin_unlock_irqrestore(&vt_lock, flags);
	return 0;
}

unsigned int vt_foreground(void)
{
	return READ_ONCE(fg);
}

unsigned int vt_keyboard_modes(void)
{
	uint32_t flags = spin_lock_irqsave(&vt_lock);
	const struct vt_term *t = &vts[fg].term;
	unsigned int modes = (t->app_cursor ? KBD_MODE_APP_CURSOR : 0) |
			     (t->app_keypad ? KBD_MODE_APP_KEYPAD : 0);

	spin_unlock_irqrestore(&vt_lock, flags);
	return modes;
}

/* Typing brings the view back down, as on Linux. */
void vt_keyboard_input(const uint8_t *buf, size_t len)
{
	if (READ_ONCE(view_back))
		vt_scroll_view(-(int)VT_HISTORY);
	vt_tty_input(vt_foreground(), buf, len);
}

uint16_t vt_read_cell(unsigned int n, unsigned int row, unsigned int col)
{
	uint32_t flags;
	uint16_t cell;

	if (n >= VT_COUNT || row >= VGA_ROWS || col >= VGA_COLS)
		return 0;
	flags = spin_lock_irqsave(&vt_lock);
	cell = vts[n].term.cells[row * VGA_COLS + col];
	spin_unlock_irqrestore(&vt_lock, flags);
	return cell;
}

void vt_cursor(unsigned int n, unsigned int *row, unsigned int *col)
{
	uint32_t flags = spin_lock_irqsave(&vt_lock);

	*row = vts[n % VT_COUNT].term.y;
	*col = vts[n % VT_COUNT].term.x;
	spin_unlock_irqrestore(&vt_lock, flags);
}

/*
 * Answers to DSR and DA go to the input side from the timer tick: a
 * write comes from the tty layer with its lock held, and its input path
 * takes that lock too.
 */
static void deliver_responses(void)
{
	uint8_t buf[VT_RESPONSE_MAX];

	if (!READ_ONCE(responses_pending))
		return;
	responses_pending = false;
	for (unsigned int n = 0; n < VT_COUNT; n++) {
		uint32_t flags = spin_lock_irqsave(&vt_lock);
		size_t len = vt_term_take_response(&vts[n].term, buf,
						   sizeof(buf));

		spin_unlock_irqrestore(&vt_lock, flags);
		if (len)
			vt_tty_input(n, buf, len);
	}
}

/* Every tick: draw what user space wrote, hand over the answers. */
static void vt_tick(struct tick_hook *hook)
{
	if (READ_ONCE(screen_dirty)) {
		uint32_t flags = spin_lock_irqsave(&vt_lock);

		sync_screen();
		spin_unlock_irqrestore(&vt_lock, flags);
	}
	deliver_responses();
}

static struct tick_hook vt_tick_hook = { .fn = vt_tick };

static int vt_tick_init(void)
{
	tick_hook_register(&vt_tick_hook);
	return 0;
}
INITCALL(INIT_DEVICE, vt_tick_init);

static struct console vt_console = {
	.name = "tty0",
	.write = vt_console_write,
};

/* Early in boot (no allocator yet): every console reset and blank,
 * console 0 on the screen. */
void vt_init(void)
{
	vga_init();
	for (unsigned int n = 0; n < VT_COUNT; n++) {
		vt_term_init(&vts[n].term, vts[n].grid, VGA_ROWS, VGA_COLS);
		vts[n].term.scrolled_out = remember_row;
	}
	fg = 0;
	shown_stale = true;
	sync_screen();
	console_register(&vt_console);
}
