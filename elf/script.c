/*
 * script.c: "#!" interpreter lines, split as Linux's fs/binfmt_script.c
 * does (5.1 and later).
 *
 * Interface (elf/elf.h):
 *   elf_is_script(buf, len)	the file starts with "#!";
 *   elf_script_parse(buf, len, s)
 *				0 with s->interp (never empty) and s->arg
 *				(NULL when absent), both pointing into
 *				s->buf; -ENOEXEC otherwise.
 *
 * The rules: only the first ELF_SCRIPT_BUF - 1 bytes count (255).  The
 * line ends at the first newline.  When there is none in those bytes, the
 * line is accepted only if the interpreter name is visibly complete (a
 * space, tab or NUL follows it inside the buffer); the argument is then
 * cut at the buffer's end.  Spaces and tabs around the line are trimmed;
 * the interpreter name ends at the first space, tab or NUL; everything
 * after the following blanks, inner blanks included, is the one argument.
 * exec then runs: interp [arg] path-of-script argv[1..].
 */
#include "elf/elf.h"
#include "lib/errno.h"
#include "lib/string.h"

static bool script_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* First character in [p, end) that is not a blank, or NULL. */
static char *script_skip_blanks(char *p, char *end)
{
	for (; p < end; p++)
		if (!script_blank(*p))
			return p;
	return NULL;
}

/* First blank or NUL in [p, end), or NULL. */
static char *script_next_terminator(char *p, char *end)
{
	for (; p < end; p++)
		if (script_blank(*p) || *p == '\0')
			return p;
	return NULL;
}

bool elf_is_script(const void *buf, size_t len)
{
	const char *c = buf;

	return len >= 2 && c[0] == '#' && c[1] == '!';
}

/* The end of the line in s->buf, or NULL when the name may be cut. */
static char *script_line_end(struct elf_script *s)
{
	char *buf_end = s->buf + ELF_SCRIPT_BUF - 1;
	char *nl = memchr(s->buf, '\n', ELF_SCRIPT_BUF - 1);
	char *name;

	if (nl)
		return nl;
	name = script_skip_blanks(s->buf + 2, buf_end);
	if (!name || !script_next_terminator(name, buf_end))
		return NULL;
	return buf_end;
}

int elf_script_parse(const void *buf, size_t len, struct elf_script *s)
{
	char *end, *name, *sep;

	memset(s, 0, sizeof(*s));
	if (!elf_is_script(buf, len))
		return -ENOEXEC;
	memcpy(s->buf, buf, len < ELF_SCRIPT_BUF - 1 ? len : ELF_SCRIPT_BUF - 1);
	end = script_line_end(s);
	if (!end)
		return -ENOEXEC;
	while (end > s->buf + 2 && script_blank(end[-1]))
		end--;
	*end = '\0';
	name = script_skip_blanks(s->buf + 2, end);
	if (!name || *name == '\0')
		return -ENOEXEC;
	sep = script_next_terminator(name, end);
	if (sep && *sep != '\0')
		s->arg = script_skip_blanks(sep, end);
	if (sep)
		*sep = '\0';
	s->interp = name;
	return 0;
}
