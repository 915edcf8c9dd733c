/*
 * vt_sgr.c: Select Graphic Rendition (CSI ... m) and the VGA attribute
 * byte it gives, as Linux's console draws it on a VGA text screen:
 *
 *  - colours 30-37/40-47 (ANSI order, turned into VGA's), 39/49 default,
 *    90-97 bright foreground (bold), 100-107 bright background (the
 *    attribute's bit 7, which the VGA shows as blink unless reprogrammed),
 *    38/48 with 5;n (256 colours) or 2;r;g;b, brought down to 16 colours;
 *  - bold is the bright foreground, dim is dark grey, underline and
 *    italic have no glyph form in text mode and are shown as a colour
 *    (cyan and green), reverse swaps the colours, blink is bit 7.
 *
 * Erased cells take the current colours without bold, underline or
 * reverse (Linux's erase character).
 */
#include "drivers/tty/vt_internal.h"

#define VGA_DARK_GREY	8
#define UNDERLINE_COLOR	3	/* cyan */
#define ITALIC_COLOR	2	/* green */
#define DEFAULT_FG	7
#define DEFAULT_BG	0

/* ANSI colour numbers (red = 1, blue = 4) to VGA's (blue = 1, red = 4). */
static const uint8_t ansi_to_vga[8] = { 0, 4, 2, 6, 1, 5, 3, 7 };

void vt_rendition_reset(struct vt_rendition *r)
{
	*r = (struct vt_rendition){ .fg = DEFAULT_FG, .bg = DEFAULT_BG };
}

void vt_update_attr(struct vt_term *t)
{
	const struct vt_rendition *r = &t->rend;
	uint8_t a = (uint8_t)(r->bg << 4 | r->fg);

	t->erase_attr = (uint8_t)(a | (r->blink ? 0x80 : 0));
	if (r->italic)
		a = (a & 0xf0) | ITALIC_COLOR;
	else if (r->underline)
		a = (a & 0xf0) | UNDERLINE_COLOR;
	else if (r->dim)
		a = (a & 0xf0) | VGA_DARK_GREY;
	if (r->reverse)
		a = (uint8_t)((a & 0x88) | ((a >> 4) & 0x07) | ((a << 4) & 0x70));
	if (r->blink)
		a ^= 0x80;
	if (r->bold)
		a ^= 0x08;
	t->attr = a;
}

/*
 * An RGB colour brought down to the 8 VGA colours: a channel counts when
 * it is above half of the strongest one; bright when the strongest is
 * high.  Greys below a third of full scale are black.
 */
static uint8_t rgb_to_vga(unsigned int r, unsigned int g, unsigned int b,
			  bool *bright)
{
	unsigned int max = r > g ? r : g;
	uint8_t c = 0;

	if (b > max)
		max = b;
	if (r > max / 2)
		c |= 4;
	if (g > max / 2)
		c |= 2;
	if (b > max / 2)
		c |= 1;
	*bright = max > 0xaa;
	if (c == 7 && max <= 0x55)
		c = 0;
	return c;
}

/* The xterm 256-colour palette: 16 system colours, a 6x6x6 cube, greys. */
static uint8_t color256_to_vga(unsigned int n, bool *bright)
{
	static const uint8_t cube[6] = { 0, 0x5f, 0x87, 0xaf, 0xd7, 0xff };

	if (n < 16) {
		*bright = n >= 8;
		return ansi_to_vga[n & 7];
	}
	if (n < 232) {
		n -= 16;
		return rgb_to_vga(cube[n / 36], cube[n / 6 % 6], cube[n % 6],
				  bright);
	}
	unsigned int grey = 8 + (n - 232) * 10;
	return rgb_to_vga(grey, grey, grey, bright);
}

/*
 * 38 and 48: "5;n" or "2;r;g;b" follow.  Sets the colour and returns the
 * index of the last parameter used (so a short list is not misread).
 */
static unsigned int sgr_extended(struct vt_term *t, const struct vt_parser *p,
				 unsigned int i)
{
	bool fg = p->params[i] == 38, bright = false;
	uint8_t c;

	if (i + 2 < p->nparams && p->params[i + 1] == 5) {
		c = color256_to_vga(p->params[i + 2] & 0xff, &bright);
		i += 2;
	} else if (i + 4 < p->nparams && p->params[i + 1] == 2) {
		c = rgb_to_vga(p->params[i + 2] & 0xff, p->params[i + 3] & 0xff,
			       p->params[i + 4] & 0xff, &bright);
		i += 4;
	} else {
		return p->nparams;	/* malformed: drop the rest */
	}
	if (fg) {
		t->rend.fg = c;
		t->rend.bold = bright;
	} else {
		t->rend.bg = c;
	}
	return i;
}

static void sgr_one(struct vt_rendition *r, unsigned int v)
{
	switch (v) {
	case 0: vt_rendition_reset(r); break;
	case 1: r->bold = true; r->dim = false; break;
	case 2: r->dim = true; r->bold = false; break;
	case 3: r->italic = true; break;
	case 4: case 21: r->underline = true; break;
	case 5: r->blink = true; break;
	case 7: r->reverse = true; break;
	case 22: r->bold = r->dim = false; break;
	case 23: r->italic = false; break;
	case 24: r->underline = false; break;
	case 25: r->blink = false; break;
	case 27: r->reverse = false; break;
	case 39: r->fg = DEFAULT_FG; break;
	case 49: r->bg = DEFAULT_BG; break;
	default:
		if (v >= 30 && v <= 37) {
			r->fg = ansi_to_vga[v - 30];
		} else if (v >= 40 && v <= 47) {
			r->bg = ansi_to_vga[v - 40];
		} else if (v >= 90 && v <= 97) {
			r->fg = ansi_to_vga[v - 90];
			r->bold = true;
			r->dim = false;
		} else if (v >= 100 && v <= 107) {
			r->bg = ansi_to_vga[v - 100];
			r->blink = true;
		}
		break;	/* 10, 11, 12 (Linux's charset switches) and others */
	}
}

/* CSI m: no parameter means 0. */
void vt_sgr(struct vt_term *t, const struct vt_parser *p)
{
	if (p->nparams == 0)
		vt_rendition_reset(&t->rend);
	for (unsigned int i = 0; i < p->nparams; i++) {
		unsigned int v = p->params[i];

		if (v == 38 || v == 48)
			i = sgr_extended(t, p, i);
		else
			sgr_one(&t->rend, v);
	}
	vt_update_attr(t);
}
