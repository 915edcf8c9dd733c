/*
 * mod_main.c: the first half of the test module (see mod.h): data of
 * every kind, pointers to its own and to external data, an init function
 * in .init.text, hand-written calls, and its .modinfo.
 */
#include "tests/host/elfmod/mod.h"

extern int ext_weak_missing __attribute__((weak));

int mod_counter = 5;
static int mod_scratch[16];
int mod_bss_global[8];
const char *const mod_greeting = MOD_GREETING;
int *const mod_ptrs[4] = { &ext_counter, &mod_counter, &mod_scratch[3],
			   &ext_table[2] };
int (*const mod_fn)(int, int) = ext_add;
int *const mod_weak_ptr = &ext_weak_missing;

__attribute__((section(".init.data"))) int mod_init_value = 7;

__attribute__((section(".init.text"))) int init_module(void)
{
	mod_scratch[0] = mod_init_value;
	mod_bss_global[1] = mod_greeting[0];
	return ext_add(mod_counter, ext_counter) + mod_helper(mod_scratch[0]);
}

void cleanup_module(void)
{
	ext_counter = mod_scratch[0];
}

/* Calls and words at known offsets (MOD_ASM_* in mod.h). */
__asm__(".text\n"
	".globl mod_asm_calls\n"
	".type mod_asm_calls, @function\n"
	"mod_asm_calls:\n"
	"	call ext_add\n"
	"	call ext_add@PLT\n"
	"	call mod_helper\n"
	"	jmp ext_add\n"
	"	.long ext_counter\n"
	"	.long mod_counter + 8\n"
	"	.long mod_asm_calls + 2\n"
	".size mod_asm_calls, . - mod_asm_calls\n");

#define MODINFO(id, s)							\
	static const char mod_info_##id[]				\
	__attribute__((section(".modinfo"), used, aligned(1))) = s

MODINFO(license, "license=GPL");
MODINFO(description, "description=a test module for the ELF loader");
MODINFO(empty, "");
MODINFO(vermagic, "vermagic=6.1.0-maestro 686");
MODINFO(depends, "depends=");
