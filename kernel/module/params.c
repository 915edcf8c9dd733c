/*
 * params.c: a module's parameters from the arguments of insmod, Linux's
 * way: "name=value" words separated by spaces (a value may be quoted
 * with double quotes to hold spaces), a bare "name" for a bool meaning
 * true.  Types: int and uint (decimal, or 0x hex), bool (1/0, y/n, Y/N),
 * charp (a pointer into the module's own copy of the arguments, kept as
 * long as it is loaded).  An unknown name is logged and ignored, as
 * Linux does; a value that does not parse fails the load with -EINVAL.
 *
 * Interface (internal.h): module_params_apply.
 */
#include "kernel/module/internal.h"
#include "kernel/cmdline.h"
#include "kernel/module.h"
#include "kernel/printk.h"
#include "lib/errno.h"
#include "lib/string.h"

static const struct module_param *param_find(const struct module_param *p,
					     size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].name && !strcmp(p[i].name, name))
			return &p[i];
	return NULL;
}

static int param_int(const char *s, bool is_signed, int32_t *out)
{
	unsigned long v;
	bool neg = is_signed && *s == '-';

	if (cmdline_parse_uint(s + neg, &v) || v > (neg ? 0x80000000ul :
		    is_signed ? 0x7ffffffful : 0xfffffffful))
		return -EINVAL;
	*out = neg ? (int32_t)(0u - (uint32_t)v) : (int32_t)(uint32_t)v;
	return 0;
}

static int param_bool(const char *s, bool *out)
{
	if (!s || !strcmp(s, "1") || !strcmp(s, "y") || !strcmp(s, "Y")) {
		*out = true;
		return 0;
	}
	if (!strcmp(s, "0") || !strcmp(s, "n") || !strcmp(s, "N")) {
		*out = false;
		return 0;
	}
	return -EINVAL;
}

/* Store value (NULL: the name stood alone) into p. */
static int param_set(const struct module_param *p, char *value)
{
	int32_t v;
	int err;

	switch (p->type) {
	case MODULE_PARAM_INT:
	case MODULE_PARAM_UINT:
		err = value ? param_int(value, p->type == MODULE_PARAM_INT,
					&v) : -EINVAL;
		if (!err)
			*(int32_t *)p->value = v;
		return err;
	case MODULE_PARAM_BOOL:
		return param_bool(value, (bool *)p->value);
	case MODULE_PARAM_CHARP:
		if (!value)
			return -EINVAL;
		*(char **)p->value = value;
		return 0;
	default:
		return -EINVAL;
	}
}

/* The next word of *s, cut out in place (quotes removed); NULL at the
 * end. */
static char *next_word(char **s)
{
	char *p = *s, *word, *out;
	bool quoted = false;

	while (*p == ' ')
		p++;
	if (!*p)
		return NULL;
	word = out = p;
	for (; *p && (quoted || *p != ' '); p++) {
		if (*p == '"')
			quoted = !quoted;
		else
			*out++ = *p;
	}
	*s = *p ? p + 1 : p;
	*out = '\0';
	return word;
}

int module_params_apply(const char *modname, const struct module_param *p,
			size_t n, char *args)
{
	char *word;

	while ((word = next_word(&args))) {
		char *eq = strchr(word, '=');
		const struct module_param *param;

		if (eq)
			*eq++ = '\0';
		param = param_find(p, n, word);
		if (!param) {
			pr_warn("module: %s: unknown parameter '%s' ignored\n",
				modname, word);
			continue;
		}
		if (param_set(param, eq)) {
			pr_err("module: %s: bad value '%s' for parameter '%s'\n",
			       modname, eq ? eq : "", word);
			return -EINVAL;
		}
	}
	return 0;
}
