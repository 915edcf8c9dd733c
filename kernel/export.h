/*
 * export.h: the symbols the kernel exports to modules.
 *
 * EXPORT_SYMBOL(sym), written at file scope next to sym's definition,
 * puts sym's name in .kexport_names, a section that is never loaded (the
 * linker script keeps it in the ELF file only, so it costs no memory).
 * The build reads the names back from the first link (tools/modpost.py
 * exports, which serves modules too), fails naming any that is not a defined
 * global symbol, and tools/gnuhash.py turns them into ksyms_exports, a
 * GNU-style hash table (lib/gnuhash.h) linked into the final kernel's
 * .ksyms section with the rest of the embedded symbol table.  A module's
 * own exports use the same macro and the same generator.
 * EXPORT_SYMBOL_GPL is the same: maestro does not restrict by licence.
 *
 * Interface:
 *	EXPORT_SYMBOL(sym), EXPORT_SYMBOL_GPL(sym)
 *	kexport_lookup(name, &value)	the kernel's export called name
 *	ksyms_exports			the kernel's table; the module core
 *					searches it and every loaded module's
 *					with gnuhash_find_hash, hashing the
 *					name once
 * The lookup only reads the table: no lock, safe anywhere.
 */
#ifndef KERNEL_EXPORT_H
#define KERNEL_EXPORT_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/gnuhash.h"

/*
 * The name as a NUL-terminated string in a non-allocated section, through
 * the assembler (C cannot make a section that is not loaded); the
 * declaration makes the compiler check that sym is declared.
 */
#define EXPORT_SYMBOL(sym)						\
	extern __typeof__(sym) sym;					\
	__asm__(".pushsection .kexport_names,\"\",@progbits\n\t"	\
		".asciz \"" #sym "\"\n\t"				\
		".popsection")

#define EXPORT_SYMBOL_GPL(sym)	EXPORT_SYMBOL(sym)

extern const struct gnuhash_table ksyms_exports;

/*
 * Find the kernel's export called name and store its address in *value
 * (when value is not NULL).  Return false when name is not exported.
 */
bool kexport_lookup(const char *name, uintptr_t *value);

#endif
