/*
 * modules.c: /proc/modules, Linux's format, one loaded module a line:
 * "name size refcount users state address", where users lists the
 * modules using this one's exports, each followed by a comma ("-" when
 * none), state is Live, Loading or Unloading, and address is its text's.
 * lsmod (busybox) reads it.
 *
 * Interface: none; the file is registered with procfs at INIT_FS.
 */
#include "fs/procfs/procfs.h"
#include "kernel/init.h"
#include "kernel/modules.h"

static const char *const module_state_names[] = {
	[MODULE_LIVE] = "Live",
	[MODULE_COMING] = "Loading",
	[MODULE_GOING] = "Unloading",
};

struct users_line {
	struct procfs_buf *b;
	bool any;
};

static void show_user(const char *user, void *arg)
{
	struct users_line *l = arg;

	procfs_printf(l->b, "%s,", user);
	l->any = true;
}

static void show_module(const struct module_info *m, void *arg)
{
	struct users_line l = { .b = arg, .any = false };

	procfs_printf(l.b, "%s %u %u ", m->name, m->size, m->refs);
	module_users_of(m->mod, show_user, &l);
	procfs_printf(l.b, "%s %s 0x%08x\n", l.any ? "" : "-",
		      module_state_names[m->state], (unsigned int)m->address);
}

static void modules_show(struct procfs_buf *b)
{
	module_for_each(show_module, b);
}

static int modules_procfs_init(void)
{
	return procfs_register("modules", modules_show);
}
INITCALL(INIT_FS, modules_procfs_init);
