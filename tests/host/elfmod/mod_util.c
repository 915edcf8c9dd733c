/*
 * mod_util.c: the second half of the test module (see mod.h): a function
 * the first half calls across objects, a string literal, and one more
 * .modinfo entry, which `ld -r` appends to the first half's.
 */
#include "tests/host/elfmod/mod.h"

static const char *const mod_names[] = { "alpha", "beta" };

int mod_helper(int x)
{
	return ext_add(x, mod_names[x & 1][0]) + ext_table[1];
}

static const char mod_info_author[]
	__attribute__((section(".modinfo"), used, aligned(1))) =
	"author=maestro";
