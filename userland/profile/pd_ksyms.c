/*
 * pd_ksyms.c: kernel symbols from /proc/kallsyms or `nm -n` text.
 *
 * Interface (pd.h): pd_ksyms_parse(t, text, len).
 *
 * A line is "ADDR TYPE NAME", ADDR in hexadecimal, anything after NAME
 * (a "[module]" column) ignored.  Types T, t, W and w are functions (a
 * global one preferred to a local alias at the same address); other
 * defined types end the function before them, so that an address in
 * data is not named after the last function; U (no address) and A
 * (absolute, not a place in the kernel) lines are skipped, as are lines
 * that do not parse.
 */
#include <errno.h>
#include <string.h>
#include "userland/profile/pd.h"

#define PD_KSYM_NAME_MAX	256

static int pd_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The priority of a symbol type: 2 global function, 1 local, 0 not a
 * function (an end marker), -1 skipped. */
static int pd_ksym_prio(char type)
{
	switch (type) {
	case 'T': case 'W':
		return 2;
	case 't': case 'w':
		return 1;
	case 'U': case 'A': case 'a':
		return -1;
	default:
		return 0;
	}
}

/* Parses the line [p, end): 1 with *addr, *type, name set; 0 if it does
 * not parse. */
static int pd_ksym_line(const char *p, const char *end, uint32_t *addr,
			char *type, char *name)
{
	uint64_t a = 0;
	int digits = 0, v;
	size_t n = 0;

	for (; p < end && (v = pd_hexval(*p)) >= 0; p++, digits++)
		a = (a << 4) | (uint64_t)v;
	if (!digits || digits > 16 || a > UINT32_MAX)
		return 0;
	if (end - p < 4 || p[0] != ' ' || p[2] != ' ')
		return 0;
	*type = p[1];
	for (p += 3; p < end && *p != ' ' && *p != '\t' && *p != '\r'; p++) {
		if (n == PD_KSYM_NAME_MAX - 1)
			return 0;
		name[n++] = *p;
	}
	name[n] = '\0';
	*addr = (uint32_t)a;
	return n > 0;
}

int pd_ksyms_parse(struct pd_symtab *t, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	char name[PD_KSYM_NAME_MAX], type;
	uint32_t addr;
	int funcs = 0, prio, err;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;

		if (pd_ksym_line(p, eol, &addr, &type, name) &&
		    (prio = pd_ksym_prio(type)) >= 0) {
			err = pd_symtab_add(t, addr, prio ? name : NULL, prio);
			if (err)
				return err;
			funcs += prio > 0;
		}
		p = nl ? nl + 1 : end;
	}
	return funcs;
}
