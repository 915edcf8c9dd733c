/*
 * test_n_tty.c: the line discipline (drivers/tty/n_tty*.c) against what
 * Linux's n_tty does with the same bytes and modes: what is echoed (the
 * exact bytes a terminal gets), what a read returns, which signals and
 * flushes are asked for.  Each case starts from Linux's standard termios
 * (ICRNL IXON, OPOST ONLCR, ISIG ICANON ECHO ECHOE ECHOK ECHOCTL ECHOKE
 * IEXTEN, ^C ^\ DEL ^U ^D ... ^W ^V ^R).
 */
#include <string.h>
#include "drivers/tty/n_tty.h"
#include "tests/host/test.h"

static struct n_tty ld;
static const struct termios std_termios = {
	.c_iflag = TTY_STD_IFLAG, .c_oflag = TTY_STD_OFLAG,
	.c_cflag = TTY_STD_CFLAG, .c_lflag = TTY_STD_LFLAG,
	.c_cc = TTY_STD_CC,
};

static void setup(uint32_t lflag_off, uint32_t lflag_on)
{
	struct termios t = std_termios;

	t.c_lflag = (t.c_lflag & ~lflag_off) | lflag_on;
	n_tty_init(&ld, &t);
}

static unsigned int feed(const char *s)
{
	unsigned int ev = 0;

	for (; *s; s++)
		ev |= n_tty_receive(&ld, (uint8_t)*s);
	return ev;
}

/* Everything queued for the terminal, as a string (then emptied). */
static const char *echoed(void)
{
	static char buf[N_TTY_OBUF_SIZE + 1];
	size_t n = 0, len;
	const uint8_t *p;

	while ((len = n_tty_out_count(&ld))) {
		p = n_tty_out_peek(&ld, &len);
		memcpy(buf + n, p, len);
		n += len;
		n_tty_out_consume(&ld, len);
	}
	buf[n] = '\0';
	return buf;
}

static const char *line(size_t len)
{
	static char buf[N_TTY_BUF_SIZE + 1];
	bool eol;
	size_t n = n_tty_read(&ld, (uint8_t *)buf, len, &eol);

	buf[n] = '\0';
	return buf;
}

#define CHECK_STR(got, want)						\
	do {								\
		const char *g_ = (got), *w_ = (want);			\
		CHECK_MSG(strcmp(g_, w_) == 0, "%s: \"%s\" != \"%s\"",	\
			  #got, g_, w_);				\
	} while (0)

TEST(n_tty_canonical_line_and_echo)
{
	setup(0, 0);
	CHECK(!(feed("hi") & NTTY_EV_READ));
	CHECK(!n_tty_readable(&ld, false));
	CHECK(feed("\r") & NTTY_EV_READ);	/* ICRNL: CR ends the line */
	CHECK_STR(echoed(), "hi\r\n");		/* ONLCR on the echo */
	CHECK(n_tty_readable(&ld, false));
	CHECK_EQ(n_tty_in_count(&ld), 3);
	CHECK_STR(line(100), "hi\n");
	CHECK(!n_tty_readable(&ld, false));
}

TEST(n_tty_one_line_per_read)
{
	setup(0, 0);
	feed("ab\ncd\n");
	CHECK_STR(line(100), "ab\n");
	CHECK_STR(line(1), "c");		/* a short buffer: the rest stays */
	CHECK_STR(line(100), "d\n");
	feed("xy\n");
	CHECK_STR(line(2), "xy");		/* the newline comes next */
	CHECK_STR(line(2), "\n");
}

TEST(n_tty_erase_echoe)
{
	setup(0, 0);
	feed("abc\177\177d\n");
	CHECK_STR(echoed(), "abc\b \b\b \bd\r\n");
	CHECK_STR(line(100), "ad\n");
	setup(ECHOE, 0);			/* without ECHOE: ^? is shown */
	feed("ab\177\n");
	CHECK_STR(echoed(), "ab^?\r\n");
	CHECK_STR(line(100), "a\n");
}

TEST(n_tty_erase_at_line_start_does_nothing)
{
	setup(0, 0);
	feed("\177\025\027");
	CHECK_STR(echoed(), "");
	feed("x\n\177");			/* not into the previous line */
	CHECK_STR(echoed(), "x\r\n");
	CHECK_STR(line(100), "x\n");
}

TEST(n_tty_erase_control_char_two_columns)
{
	setup(0, 0);
	feed("a\026\001");			/* LNEXT ^A: shown as ^A */
	CHECK_STR(echoed(), "a^\b^A");
	feed("\177");
	CHECK_STR(echoed(), "\b \b\b \b");
	feed("\n");
	CHECK_STR(line(100), "a\n");
}

TEST(n_tty_kill_echoke_and_echok)
{
	setup(0, 0);				/* ECHOKE: rub the line out */
	feed("ab\025");
	CHECK_STR(echoed(), "ab\b \b\b \b");
	feed("c\n");
	CHECK_STR(line(100), "c\n");
	setup(ECHOKE, 0);			/* ECHOK alone: ^U and a newline */
	feed("ab\025");
	CHECK_STR(echoed(), "ab^U\r\n");
	setup(ECHOKE | ECHOK, 0);		/* neither: ^U only */
	feed("ab\025c\n");
	CHECK_STR(echoed(), "ab^Uc\r\n");
	CHECK_STR(line(100), "c\n");
}

TEST(n_tty_werase_words)
{
	setup(0, 0);
	feed("one two_3  \027");		/* the blanks, then the word */
	CHECK_STR(echoed(), "one two_3  \b \b\b \b\b \b\b \b\b \b\b \b\b \b");
	feed("x.y\027\n");			/* stops at the '.' */
	CHECK_STR(line(100), "one x.\n");
}

TEST(n_tty_eof)
{
	setup(0, 0);
	CHECK(feed("\004") & NTTY_EV_READ);	/* EOF alone: a read of 0 */
	CHECK_STR(echoed(), "");
	CHECK(n_tty_readable(&ld, false));
	CHECK_EQ(n_tty_in_count(&ld), 0);
	CHECK_STR(line(100), "");
	CHECK(!n_tty_readable(&ld, false));
	feed("ab\004");				/* ends the line, not copied */
	CHECK_EQ(n_tty_in_count(&ld), 2);
	CHECK_STR(line(2), "ab");		/* and consumed with it */
	CHECK(!n_tty_readable(&ld, false));
}

TEST(n_tty_eol_eol2)
{
	struct termios t = std_termios;

	t.c_cc[VEOL] = ';';
	t.c_cc[VEOL2] = '|';
	n_tty_init(&ld, &t);
	feed("a;b|");
	CHECK_STR(echoed(), "a;b|");
	CHECK_STR(line(100), "a;");
	CHECK_STR(line(100), "b|");
	t.c_lflag &= ~IEXTEN;			/* EOL2 needs IEXTEN */
	n_tty_set_termios(&ld, &t);
	feed("c|");
	CHECK(!n_tty_readable(&ld, false));
}

TEST(n_tty_lnext_literal)
{
	setup(0, 0);
	feed("\026\003\026\177\026\n\n");	/* ^V^C ^V DEL ^V newline */
	CHECK_STR(echoed(), "^\b^C^\b^?^\b^J\r\n");
	CHECK_STR(line(100), "\003\177\n\n");
}

TEST(n_tty_reprint)
{
	setup(0, 0);
	feed("ab\022");
	CHECK_STR(echoed(), "ab^R\r\nab");
}

TEST(n_tty_echoprt)
{
	setup(ECHOE, ECHOPRT);
	feed("abc\177\177d\n");
	CHECK_STR(echoed(), "abc\\cb/d\r\n");
	CHECK_STR(line(100), "ad\n");
}

TEST(n_tty_erase_tab)
{
	setup(0, 0);
	feed("ab\t\177");			/* back to column 2: 6 backspaces */
	CHECK_STR(echoed(), "ab\t\b\b\b\b\b\b");
	setup(0, 0);
	ld.column = ld.canon_column = 3;	/* after a 3-column prompt */
	feed("\t\177");
	CHECK_STR(echoed(), "\t\b\b\b\b\b");
}

TEST(n_tty_isig_flushes_and_echoes)
{
	unsigned int ev;

	setup(0, 0);
	feed("abc");
	echoed();
	n_tty_write(&ld, (const uint8_t *)"pending", 7);
	ev = feed("\003");
	CHECK(ev & NTTY_EV_SIGINT);
	CHECK(ev & NTTY_EV_FLUSHED);
	CHECK_STR(echoed(), "^C");		/* output dropped, ^C shown */
	feed("\n");
	CHECK_STR(line(100), "\n");		/* "abc" was dropped */
	CHECK(feed("\034") & NTTY_EV_SIGQUIT);
	CHECK(feed("\032") & NTTY_EV_SIGTSTP);
	setup(0, NOFLSH);
	feed("ab\003\n");
	CHECK_STR(line(100), "ab\n");
	setup(ISIG, 0);				/* no ISIG: ^C is data */
	CHECK(!(feed("\003\n") & NTTY_EV_SIGINT));
	CHECK_STR(line(100), "\003\n");
}

TEST(n_tty_no_echo_echonl)
{
	setup(ECHO, 0);
	feed("secret\n");
	CHECK_STR(echoed(), "");
	setup(ECHO, ECHONL);
	feed("secret\n");
	CHECK_STR(echoed(), "\r\n");
	CHECK_STR(line(100), "secret\n");
}

TEST(n_tty_input_translation)
{
	struct termios t = std_termios;

	t.c_iflag = IGNCR;
	n_tty_init(&ld, &t);
	feed("a\rb\n");
	CHECK_STR(line(100), "ab\n");
	t.c_iflag = INLCR;			/* NL becomes CR: no line end */
	t.c_lflag &= ~ICANON;
	n_tty_set_termios(&ld, &t);
	feed("x\n");
	CHECK_STR(line(100), "x\r");
	t.c_iflag = ISTRIP | IUCLC;
	n_tty_set_termios(&ld, &t);
	feed("\xc1Z");
	CHECK_STR(line(100), "az");
}

TEST(n_tty_raw_mode)
{
	struct termios t = std_termios;

	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = 3;
	n_tty_init(&ld, &t);
	CHECK(feed("a") & NTTY_EV_READ);
	CHECK(n_tty_readable(&ld, false));	/* read: one byte will do */
	CHECK(!n_tty_readable(&ld, true));	/* poll: waits for MIN */
	feed("\177b");				/* DEL is data here */
	CHECK(n_tty_readable(&ld, true));
	CHECK_STR(line(100), "a\177b");
	t.c_cc[VTIME] = 5;			/* with TIME, poll wants 1 */
	n_tty_set_termios(&ld, &t);
	feed("z");
	CHECK(n_tty_readable(&ld, true));
}

TEST(n_tty_raw_echo_shows_controls)
{
	setup(ICANON, 0);
	feed("a\001\n\r");			/* LF is not special: ^J */
	CHECK_STR(echoed(), "a^A^J\r\n");
	CHECK_STR(line(100), "a\001\n\n");
}

TEST(n_tty_canon_switch)
{
	struct termios t = std_termios;

	t.c_lflag &= ~ICANON;
	n_tty_init(&ld, &t);
	feed("ab");
	t.c_lflag |= ICANON;			/* pending bytes become a line */
	n_tty_set_termios(&ld, &t);
	CHECK(n_tty_readable(&ld, false));
	CHECK_STR(line(100), "ab");
	feed("cd");
	t.c_lflag &= ~ICANON;			/* a partial line is readable */
	n_tty_set_termios(&ld, &t);
	CHECK_STR(line(100), "cd");
}

TEST(n_tty_flow_control)
{
	unsigned int ev;

	setup(0, 0);
	CHECK(!feed("\023"));			/* ^S stops output */
	CHECK(ld.stopped);
	CHECK_STR(echoed(), "");		/* and is not echoed */
	ev = feed("\021");			/* ^Q starts it again */
	CHECK(ev & NTTY_EV_START);
	CHECK(!ld.stopped);
	feed("\023a");				/* without IXANY, 'a' keeps it */
	CHECK(ld.stopped);
	ld.t.c_iflag |= IXANY;
	CHECK(feed("b") & NTTY_EV_START);
	feed("\n");
	CHECK_STR(line(100), "ab\n");
}

static const char *written(uint32_t oflag, const char *s, unsigned int col)
{
	struct termios t = std_termios;

	t.c_oflag = oflag;
	n_tty_init(&ld, &t);
	ld.column = col;
	CHECK_EQ(n_tty_write(&ld, (const uint8_t *)s, strlen(s)), strlen(s));
	return echoed();
}

TEST(n_tty_output_processing)
{
	CHECK_STR(written(OPOST | ONLCR, "a\nb", 0), "a\r\nb");
	CHECK_STR(written(ONLCR, "a\nb", 0), "a\nb");		/* no OPOST */
	CHECK_STR(written(OPOST | OCRNL, "a\rb", 0), "a\nb");
	CHECK_STR(written(OPOST | ONOCR, "\rab\r", 0), "ab\r");
	CHECK_STR(written(OPOST | OLCUC, "aB1", 0), "AB1");
	CHECK_STR(written(OPOST | XTABS, "ab\tc", 0), "ab      c");
	CHECK_STR(written(OPOST | XTABS, "\t", 5), "   ");
	written(OPOST | ONLRET, "abc\n", 0);
	CHECK_EQ(ld.column, 0);
	written(OPOST, "abc\b\t", 0);
	CHECK_EQ(ld.column, 8);
}

TEST(n_tty_output_ring_full)
{
	static uint8_t big[N_TTY_OBUF_SIZE + 10];
	struct termios t = std_termios;

	n_tty_init(&ld, &t);
	memset(big, 'x', sizeof(big));
	CHECK_EQ(n_tty_write(&ld, big, sizeof(big)), N_TTY_OBUF_SIZE);
	CHECK_EQ(n_tty_out_room(&ld), 0);
	n_tty_out_consume(&ld, 1);		/* a newline needs 2 with ONLCR */
	CHECK_EQ(n_tty_write(&ld, (const uint8_t *)"\n", 1), 0);
	n_tty_flush_output(&ld);
	CHECK_EQ(n_tty_out_count(&ld), 0);
}

TEST(n_tty_input_full_keeps_room_for_newline)
{
	setup(ECHO, 0);
	for (int i = 0; i < N_TTY_BUF_SIZE + 5; i++)
		feed("x");
	CHECK_EQ(ld.read_head - ld.read_tail, N_TTY_BUF_SIZE - 1);
	CHECK(feed("\n") & NTTY_EV_READ);
	CHECK_EQ(n_tty_in_count(&ld), N_TTY_BUF_SIZE);
}

TEST(n_tty_disabled_chars_are_data)
{
	struct termios t = std_termios;

	t.c_cc[VINTR] = 0;			/* _POSIX_VDISABLE */
	n_tty_init(&ld, &t);
	CHECK(!(feed("\003") & NTTY_EV_SIGINT));
	CHECK(!(feed(" ") & NTTY_EV_READ));	/* NUL never ends a line */
	n_tty_receive(&ld, 0);
	CHECK(!n_tty_readable(&ld, false));
}
