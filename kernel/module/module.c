/*
 * module.c: the loaded modules: their list, references, unloading and
 * listing (see kernel/modules.h).
 *
 * A module is referenced by the modules that use its exports (one
 * reference each, taken when the user is linked) and by whatever holds
 * module_get() on it (an open device of its).  delete_module refuses a
 * module that another uses or that is referenced (-EWOULDBLOCK, as
 * Linux without forced unloading: O_TRUNC asks for that and is refused
 * the same way), and one without an exit function (-EBUSY).  Otherwise
 * it is marked going (module_get fails from then on), its exit runs, its
 * references on others are dropped and its memory is freed.
 *
 * Locks: module_mutex for the list and for loading and unloading;
 * module_ref_lock (a spinlock) for refs and state, so that module_get
 * from an open never sleeps.
 */
#include "kernel/module/internal.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "lib/errno.h"
#include "lib/string.h"
#include "mm/mm.h"

struct mutex module_mutex = MUTEX_INIT(module_mutex);
struct list_head module_list = LIST_HEAD_INIT(module_list);
static struct spinlock module_ref_lock = SPINLOCK_INIT;

struct module *module_find_locked(const char *name)
{
	struct module *m;

	list_for_each_entry(m, &module_list, link)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

bool module_get(struct module *m)
{
	uint32_t flags;
	bool ok;

	if (!m)
		return true;
	flags = spin_lock_irqsave(&module_ref_lock);
	ok = m->state != MODULE_GOING;
	if (ok)
		m->refs++;
	spin_unlock_irqrestore(&module_ref_lock, flags);
	return ok;
}

void module_put(struct module *m)
{
	uint32_t flags;

	if (!m)
		return;
	flags = spin_lock_irqsave(&module_ref_lock);
	if (m->refs)
		m->refs--;
	spin_unlock_irqrestore(&module_ref_lock, flags);
}

/* Drop m's uses of other modules, and its memory (m is off the list). */
void module_free(struct module *m)
{
	struct module_use *u, *next;

	list_for_each_entry_safe(u, next, &m->uses, link) {
		module_put(u->target);
		u->target->users--;
		list_del(&u->link);
		kfree(u);
	}
	for (int i = 0; i < REGION_COUNT; i++)
		region_free(&m->regions[i]);
	kfree(m->args);
	kfree(m);
}

/* With module_mutex held: whether m may go, and if so mark it going. */
static int module_may_go(struct module *m)
{
	uint32_t flags;
	int err = 0;

	if (m->users)
		return -EWOULDBLOCK;
	if (m->state != MODULE_LIVE || !m->exit)
		return -EBUSY;
	flags = spin_lock_irqsave(&module_ref_lock);
	if (m->refs)
		err = -EWOULDBLOCK;
	else
		m->state = MODULE_GOING;
	spin_unlock_irqrestore(&module_ref_lock, flags);
	return err;
}

int module_delete(const char *name, unsigned int flags)
{
	struct module *m;
	int err;

	mutex_lock(&module_mutex);
	m = module_find_locked(name);
	err = m ? module_may_go(m) : -ENOENT;
	if (!err) {
		m->exit();
		list_del(&m->link);
		pr_info("module: %s unloaded\n", m->name);
		module_free(m);
	}
	mutex_unlock(&module_mutex);
	return err;
}

void module_for_each(void (*fn)(const struct module_info *info, void *arg),
		     void *arg)
{
	struct module *m;

	mutex_lock(&module_mutex);
	list_for_each_entry(m, &module_list, link) {
		struct module_info info = {
			.name = m->name, .size = m->size, .refs = m->refs,
			.state = m->state, .mod = m,
			.address = m->regions[REGION_TEXT].va,
		};

		fn(&info, arg);
	}
	mutex_unlock(&module_mutex);
}

void module_users_of(const struct module *mod,
		     void (*fn)(const char *user, void *arg), void *arg)
{
	struct module *m;
	struct module_use *u;

	list_for_each_entry(m, &module_list, link)
		list_for_each_entry(u, &m->uses, link)
			if (u->target == mod)
				fn(m->name, arg);
}
