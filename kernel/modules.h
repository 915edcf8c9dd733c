/*
 * modules.h: loadable modules as the rest of the kernel sees them
 * (kernel/module/; what a module's own source writes is kernel/module.h).
 *
 * Interface:
 *   module_load(image, len, args)   link and start a module from its
 *                      ELF image (init_module, finit_module): 0, -EEXIST
 *                      (loaded already), -ENOEXEC (a bad or foreign
 *                      image, logged), -ENOENT (an unknown symbol,
 *                      logged), -ENOMEM, or what its init returned
 *   module_delete(name, flags)   stop and unload it (delete_module):
 *                      0, -ENOENT, -EWOULDBLOCK (in use: another
 *                      module uses it, or something holds a reference),
 *                      -EBUSY (it cannot be stopped: no exit function,
 *                      or it is still coming or going)
 *   module_get(m), module_put(m)   keep a module loaded while its code
 *                      or devices are in use (m NULL: built in; get
 *                      returns false for a module that is going away)
 *   module_for_each(fn, arg)   each loaded module, in load order, newest
 *                      first as /proc/modules lists them; fn sees a
 *                      struct module_info
 */
#ifndef KERNEL_MODULES_H
#define KERNEL_MODULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MODULE_NAME_LEN		56	/* Linux's, with the NUL */
#define MODULE_INIT_IGNORE_MODVERSIONS	1	/* finit_module's flags */
#define MODULE_INIT_IGNORE_VERMAGIC	2

enum module_state { MODULE_LIVE, MODULE_COMING, MODULE_GOING };

struct module;

struct module_info {
	const char *name;
	uint32_t size;
	uint32_t refs;
	enum module_state state;
	uintptr_t address;		/* its text */
	const struct module *mod;	/* for module_users_of */
};

int module_load(const void *image, size_t len, const char *args,
		unsigned int flags);
int module_delete(const char *name, unsigned int flags);
bool module_get(struct module *m);
void module_put(struct module *m);
void module_for_each(void (*fn)(const struct module_info *info, void *arg),
		     void *arg);
/* The names of the modules that use mod, for /proc/modules' fourth
 * column: calls fn for each (only from module_for_each's fn). */
void module_users_of(const struct module *mod,
		     void (*fn)(const char *user, void *arg), void *arg);

#endif
