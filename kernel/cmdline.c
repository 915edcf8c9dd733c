/*
 * cmdline.c: kernel command line parsing (see cmdline.h for the interface).
 */
#include "kernel/cmdline.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "lib/string.h"

#define CMDLINE_WORD_MAX	256

extern const struct kernel_param __kparam_start[], __kparam_end[];

/*
 * Copy the next word of *line into word (at most size - 1 bytes; the rest
 * of a longer word is skipped), dropping double quotes.  Advances *line.
 * Returns false at the end of the line.
 */
static bool cmdline_next_word(const char **line, char *word, size_t size)
{
	const char *s = *line;
	bool quoted = false;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return false;
	for (; *s && (quoted || (*s != ' ' && *s != '\t')); s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (n + 1 < size)
			word[n++] = *s;
	}
	word[n] = '\0';
	*line = s;
	return true;
}

static const struct kernel_param *kparam_find(const char *key)
{
	for (const struct kernel_param *p = __kparam_start; p < __kparam_end; p++)
		if (strcmp(p->key, key) == 0)
			return p;
	return NULL;
}

/* Run the handler of one "key[=value]" word; returns true when it warned. */
static bool cmdline_apply(char *word)
{
	char *eq = strchr(word, '=');
	const char *value = "";
	const struct kernel_param *p;

	if (eq) {
		*eq = '\0';
		value = eq + 1;
	}
	p = kparam_find(word);
	if (!p) {
		pr_warn("cmdline: unknown option '%s' ignored\n", word);
		return true;
	}
	if (p->handler(value) < 0) {
		pr_warn("cmdline: bad value '%s' for '%s' ignored\n", value, word);
		return true;
	}
	return false;
}

int cmdline_parse(const char *line)
{
	char word[CMDLINE_WORD_MAX];
	int warnings = 0;

	while (cmdline_next_word(&line, word, sizeof(word)))
		warnings += cmdline_apply(word);
	return warnings;
}

const char *cmdline_get(const char *line, const char *key, char *buf,
			unsigned int buflen)
{
	char word[CMDLINE_WORD_MAX];
	size_t keylen = strlen(key);
	const char *found = NULL;

	while (cmdline_next_word(&line, word, sizeof(word))) {
		if (strncmp(word, key, keylen) != 0)
			continue;
		if (word[keylen] == '=') {
			strlcpy(buf, word + keylen + 1, buflen);
			found = buf;
		} else if (word[keylen] == '\0') {
			strlcpy(buf, "", buflen);
			found = buf;
		}
	}
	return found;
}

int cmdline_parse_uint(const char *s, unsigned long *out)
{
	unsigned long v = 0, base = 10, digit;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9')
			digit = *s - '0';
		else if (base == 16 && (*s | 0x20) >= 'a' && (*s | 0x20) <= 'f')
			digit = (*s | 0x20) - 'a' + 10;
		else
			return -EINVAL;
		if (v > (~0ul - digit) / base)
			return -EINVAL;
		v = v * base + digit;
	}
	*out = v;
	return 0;
}
