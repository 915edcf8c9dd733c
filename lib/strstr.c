/*
 * strstr.c: find a substring.
 *
 * Interface (lib/string.h):
 *   strstr(haystack, needle)	pointer to the first occurrence of needle
 *				in haystack, haystack itself for an empty
 *				needle, or NULL.
 *
 * A plain quadratic search: the kernel uses it on short strings (module
 * names, command lines), where anything cleverer costs more than it saves.
 */
#define LIB_STRING_NO_BUILTINS
#include "lib/string.h"

char *strstr(const char *haystack, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return (char *)haystack;
	for (; *haystack; haystack++)
		if (*haystack == *needle && strncmp(haystack, needle, n) == 0)
			return (char *)haystack;
	return NULL;
}
