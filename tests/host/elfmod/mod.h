/*
 * mod.h: the test module that tests/host/test_elf_mod*.c and
 * tests/kernel/test_elf_mod.c load with elf/module.h.
 *
 * elf/elf.mk builds mod_main.c and mod_util.c with the kernel's compiler
 * and flags into build/elfmod/ and combines them with `ld -r` into
 * test.ko, as a module is built.  What the module needs from its host
 * (ext_*) is given by the tests' resolver; MOD_ASM_* are the offsets in
 * mod_asm_calls, hand-written code whose bytes the tests know.
 */
#ifndef TESTS_HOST_ELFMOD_MOD_H
#define TESTS_HOST_ELFMOD_MOD_H

/* From the host (the tests' resolver). */
extern int ext_counter;
extern int ext_table[4];
int ext_add(int a, int b);

/* mod_main.c */
extern int mod_counter;
extern int mod_bss_global[8];
extern const char *const mod_greeting;
extern int *const mod_ptrs[4];
extern int (*const mod_fn)(int, int);
int init_module(void);
void cleanup_module(void);
void mod_asm_calls(void);

/* mod_util.c */
int mod_helper(int x);

#define MOD_GREETING		"hello from the module"
#define MOD_ASM_CALL_PC32	1	/* call ext_add: rel32 */
#define MOD_ASM_CALL_PLT32	6	/* call ext_add@PLT: rel32 */
#define MOD_ASM_CALL_HELPER	11	/* call mod_helper: rel32 */
#define MOD_ASM_JMP		16	/* jmp ext_add: rel32 */
#define MOD_ASM_ABS_EXT		20	/* .long ext_counter */
#define MOD_ASM_ABS_DATA	24	/* .long mod_counter + 8 */
#define MOD_ASM_ABS_SELF	28	/* .long mod_asm_calls + 2 */

#endif
