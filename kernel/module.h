/*
 * module.h: what a driver writes to be a loadable module (kernel/module/
 * loads it), in Linux's words so that its shape is familiar:
 *
 *	static unsigned int count = 1;
 *	module_param(count, uint, 0444);
 *	MODULE_PARM_DESC(count, "how many devices");
 *
 *	static int __init foo_init(void) { ...; return 0; }
 *	static void __exit foo_exit(void) { ... }
 *	module_init(foo_init);
 *	module_exit(foo_exit);
 *	MODULE_LICENSE("GPL");
 *	MODULE_DESCRIPTION("foo devices");
 *
 * Built as a module (-DMODULE, the modules' rules in kernel/module/
 * module.mk), module_init and module_exit name the entry points
 * init_module and cleanup_module the loader calls; MODULE_* and
 * module_param put "key=value" strings in .modinfo (busybox's modinfo
 * prints them; the loader checks vermagic= and reads depends=), and
 * module_param also a struct module_param in the __param section, which
 * the loader fills from "name=value" arguments (insmod foo.ko count=3).
 * __init code and data go in .init.* sections, freed once init has run.
 * Built into the kernel instead, module_init is an INIT_DEVICE initcall
 * and the rest is ignored.
 *
 * Interface: module_init, module_exit, MODULE_LICENSE, MODULE_AUTHOR,
 * MODULE_DESCRIPTION, MODULE_INFO, module_param (types int, uint, bool,
 * charp), MODULE_PARM_DESC, __init, __initdata, __exit, THIS_MODULE (NULL
 * built in), MODULE_VERMAGIC.
 */
#ifndef KERNEL_MODULE_H
#define KERNEL_MODULE_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/compiler.h"

#define MODULE_PARAM_INT	1
#define MODULE_PARAM_UINT	2
#define MODULE_PARAM_BOOL	3
#define MODULE_PARAM_CHARP	4

/* One module parameter, as the loader finds it in __param. */
struct module_param {
	const char *name;
	uint32_t type;			/* MODULE_PARAM_* */
	void *value;			/* int, unsigned int, bool, char * */
	uint32_t perm;			/* its mode in Linux's sysfs; kept */
};

#define MODULE_PARAM_TYPE_int		MODULE_PARAM_INT
#define MODULE_PARAM_TYPE_uint		MODULE_PARAM_UINT
#define MODULE_PARAM_TYPE_bool		MODULE_PARAM_BOOL
#define MODULE_PARAM_TYPE_charp		MODULE_PARAM_CHARP
#define MODULE_PARAM_CTYPE_int		int
#define MODULE_PARAM_CTYPE_uint		unsigned int
#define MODULE_PARAM_CTYPE_bool		bool
#define MODULE_PARAM_CTYPE_charp	char *

#define MODULE_CONCAT_(a, b)	a##b
#define MODULE_CONCAT(a, b)	MODULE_CONCAT_(a, b)
#define MODULE_STR_(x)		#x
#define MODULE_STR(x)		MODULE_STR_(x)

/* What a module must have been built for: the release, maestro's version
 * and the timer's rate (jiffies).  The loader compares .modinfo's
 * vermagic= with it. */
#define MODULE_VERMAGIC	LINUX_ABI_RELEASE " maestro-" MAESTRO_VERSION \
			" HZ=" MODULE_STR(CONFIG_HZ) " i686"

struct module;

#ifdef MODULE

#define __init		__section(".init.text")
#define __initdata	__section(".init.data")
#define __exit		__section(".exit.text")

#define MODULE_INFO(tag, info)						\
	static const char MODULE_CONCAT(__modinfo_##tag##_, __LINE__)[]	\
		__section(".modinfo") __used __aligned(1) = #tag "=" info

/* The loader points it at the module's struct module (for owner fields:
 * a device open keeps its module loaded); tools/modpost.py defines it. */
extern struct module *__this_module;
#define THIS_MODULE	__this_module

#define module_init(fn)							\
	int init_module(void) __attribute__((alias(#fn)))
#define module_exit(fn)							\
	void cleanup_module(void) __attribute__((alias(#fn)))

/* The parameter's C type is checked against the declared one. */
#define module_param(name_, type_, perm_)				\
	static MODULE_PARAM_CTYPE_##type_ *__param_check_##name_	\
		__attribute__((unused)) = &(name_);			\
	static const struct module_param __param_##name_		\
		__section("__param") __used __aligned(4) = {		\
		.name = #name_, .type = MODULE_PARAM_TYPE_##type_,	\
		.value = &(name_), .perm = (perm_),			\
	};								\
	MODULE_INFO(parmtype, #name_ ":" #type_)

#else	/* built in */

#include "kernel/init.h"
#define THIS_MODULE	((struct module *)0)
#define __init
#define __initdata
#define __exit
#define MODULE_INFO(tag, info)
#define module_init(fn)		INITCALL(INIT_DEVICE, fn)
#define module_exit(fn)
#define module_param(name_, type_, perm_)

#endif

#define MODULE_LICENSE(s)	MODULE_INFO(license, s)
#define MODULE_AUTHOR(s)	MODULE_INFO(author, s)
#define MODULE_DESCRIPTION(s)	MODULE_INFO(description, s)
#define MODULE_PARM_DESC(p, s)	MODULE_INFO(parm, #p ":" s)

#endif
