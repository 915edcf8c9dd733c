/*
 * load.c: loading a module (module_load, kernel/modules.h).
 *
 * The image is validated whole by elf/module.h before anything uses it.
 * Then: its .modinfo must name it (name=, written by tools/modpost.py)
 * and carry this kernel's vermagic (release, maestro's version, HZ)
 * unless finit_module's MODULE_INIT_IGNORE_VERMAGIC says otherwise; no
 * module of that name may be loaded.  Its sections are laid out in
 * regions (region.c), copied, relocated against the kernel's and the
 * loaded modules' exports (symbols.c), its __this_module pointer set,
 * its export table checked, its parameters set from the arguments
 * (params.c), and its regions given their final rights.  It is listed
 * as coming, and its init_module runs without module_mutex held (an
 * init may sleep; the list shows the module as Loading meanwhile).  A
 * failed init unloads it again and returns init's error.  Its .init
 * regions are freed after init.  Every refusal is logged with the
 * module's file-level problem ("module: relocation 12 of section 5
 * (.rel.text): offset outside the target section").
 */
#include "kernel/module/internal.h"
#include "elf/module.h"
#include "kernel/clock.h"
#include "kernel/module.h"
#include "kernel/printk.h"
#include "lib/errno.h"
#include "lib/gnuhash.h"
#include "lib/string.h"
#include "mm/mm.h"

static const char module_vermagic[] = MODULE_VERMAGIC;

_Static_assert((int)ELF_MOD_NREGIONS == (int)REGION_COUNT &&
	       (int)ELF_MOD_TEXT == (int)REGION_TEXT &&
	       (int)ELF_MOD_RODATA == (int)REGION_RODATA &&
	       (int)ELF_MOD_DATA == (int)REGION_DATA &&
	       (int)ELF_MOD_INIT_TEXT == (int)REGION_INIT_TEXT &&
	       (int)ELF_MOD_INIT_DATA == (int)REGION_INIT_DATA,
	       "elf/module.h's regions are region.c's");

/* What one load works with. */
struct module_loading {
	struct elf_mod elf;
	struct elf_mod_bases bases;
	struct module *mod;
	const char *name;
	uint64_t start_ns, link_ns;	/* for the log's timing line */
};

static int load_refuse(struct module_loading *l, int err)
{
	char line[160];

	elf_mod_strerror(&l->elf, line, sizeof(line));
	pr_err("module: %s: %s\n", l->name ? l->name : "?", line);
	return err;
}

/* name= and vermagic= of .modinfo, checked. */
static int load_check_info(struct module_loading *l, unsigned int flags)
{
	const char *vermagic = elf_mod_modinfo_get(&l->elf, "vermagic");

	l->name = elf_mod_modinfo_get(&l->elf, "name");
	if (!l->name || !l->name[0] || strlen(l->name) >= MODULE_NAME_LEN) {
		pr_err("module: no valid name= in .modinfo\n");
		return -ENOEXEC;
	}
	if (!(flags & MODULE_INIT_IGNORE_VERMAGIC) &&
	    (!vermagic || strcmp(vermagic, module_vermagic))) {
		pr_err("module: %s: built for '%s', this kernel is '%s'\n",
		       l->name, vermagic ? vermagic : "(no vermagic)",
		       module_vermagic);
		return -ENOEXEC;
	}
	if (module_find_locked(l->name))
		return -EEXIST;
	return 0;
}

/* Lay out, allocate, copy and relocate. */
static int load_place(struct module_loading *l, struct elf_mod_sec *secs)
{
	struct module *m = l->mod;
	int err = elf_mod_layout(&l->elf, secs);

	for (int r = 0; !err && r < ELF_MOD_NREGIONS; r++) {
		err = region_alloc(&m->regions[r], l->elf.region[r].size,
				   (enum region_kind)r);
		l->bases.mem[r] = (uint8_t *)m->regions[r].va;
		l->bases.addr[r] = (uint32_t)m->regions[r].va;
	}
	if (err)
		return err == -ENOEXEC ? load_refuse(l, err) : err;
	err = elf_mod_copy(&l->elf, &l->bases);
	l->link_ns = clock_ns();
	if (!err)
		err = elf_mod_relocate(&l->elf, &l->bases, module_resolve, m);
	l->link_ns = clock_ns() - l->link_ns;
	if (err == -ENOENT)
		pr_err("module: %s: unknown symbol %s\n", l->name,
		       l->elf.error_name ? l->elf.error_name : "?");
	else if (err == -ENOEXEC)
		load_refuse(l, err);
	return err;
}

/* init_module, cleanup_module, __this_module, __module_exports. */
static int load_link_entries(struct module_loading *l)
{
	struct module *m = l->mod;
	uint32_t v;

	if (!elf_mod_symbol(&l->elf, &l->bases, "init_module", &v)) {
		if (!module_holds_in(m, (const void *)v, 1,
				     REGION_BIT(REGION_TEXT) |
				     REGION_BIT(REGION_INIT_TEXT)))
			goto not_code;
		m->init = (int (*)(void))v;
	}
	if (!elf_mod_symbol(&l->elf, &l->bases, "cleanup_module", &v)) {
		if (!module_holds_in(m, (const void *)v, 1,
				     REGION_BIT(REGION_TEXT)))
			goto not_code;		/* .init text is freed */
		m->exit = (void (*)(void))v;
	}
	if (!elf_mod_symbol(&l->elf, &l->bases, "__this_module", &v)) {
		if (!module_holds(m, (const void *)v, sizeof(m)))
			return -ENOEXEC;
		*(struct module **)v = m;
	}
	if (elf_mod_symbol(&l->elf, &l->bases, "__module_exports", &v))
		return 0;
	if (module_exports_check(m, (const struct gnuhash_table *)v)) {
		pr_err("module: %s: its export table is corrupt\n", l->name);
		return -ENOEXEC;
	}
	m->exports = (const struct gnuhash_table *)v;
	return 0;
not_code:
	pr_err("module: %s: its entry points are not in its code\n", l->name);
	return -ENOEXEC;
}

/* Whether the n entries at p, and what they point to, are the module's. */
static bool load_params_sane(const struct module *m,
			     const struct module_param *p, uint32_t n)
{
	if (!module_holds(m, p, (uint64_t)n * sizeof(*p)))
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (!module_holds_string(m, p[i].name) ||
		    !module_holds(m, p[i].value, sizeof(int32_t)))
			return false;
	return true;
}

/* Its __param entries, from the arguments. */
static int load_params(struct module_loading *l, const char *args)
{
	const void *data;
	uint32_t size, addr;
	int index = elf_mod_section(&l->elf, "__param", &data, &size);
	struct module *m = l->mod;

	m->args = kmalloc(strlen(args) + 1);
	if (!m->args)
		return -ENOMEM;
	strcpy(m->args, args);
	if (index < 0)
		return module_params_apply(l->name, NULL, 0, m->args);
	addr = elf_mod_section_addr(&l->elf, &l->bases, (uint32_t)index);
	if (!addr || size % sizeof(struct module_param) ||
	    !load_params_sane(m, (const struct module_param *)addr,
			      size / sizeof(struct module_param))) {
		pr_err("module: %s: its __param section is corrupt\n",
		       l->name);
		return -ENOEXEC;
	}
	return module_params_apply(l->name, (const struct module_param *)addr,
				   size / sizeof(struct module_param),
				   m->args);
}

/* With module_mutex held: everything up to running init.  On failure
 * l->mod is freed. */
static int load_prepare(struct module_loading *l, const void *image,
			size_t len, const char *args, unsigned int flags)
{
	struct elf_mod_sec *secs = NULL;
	int err = elf_mod_parse(image, len, &l->elf);

	if (err)
		return load_refuse(l, err);
	err = load_check_info(l, flags);
	if (err)
		return err;
	secs = kmalloc(ELF_MOD_SECS_SIZE(&l->elf) + 1);
	l->mod = kzalloc(sizeof(*l->mod));
	if (!secs || !l->mod) {
		kfree(secs);
		kfree(l->mod);
		return -ENOMEM;
	}
	strcpy(l->mod->name, l->name);
	list_init(&l->mod->uses);
	l->mod->state = MODULE_COMING;
	err = load_place(l, secs);
	if (!err)
		err = load_link_entries(l);
	if (!err)
		err = load_params(l, args);
	kfree(secs);
	if (err) {
		module_free(l->mod);
		return err;
	}
	for (int r = 0; r < REGION_COUNT; r++)
		region_seal(&l->mod->regions[r]);
	list_add(&l->mod->link, &module_list);
	return 0;
}

/* After a successful init: the .init regions go, the module is live.
 * The timing line (debug level: dmesg, not the console) is what
 * bench-modload reads. */
static void load_finish(struct module_loading *l)
{
	struct module *m = l->mod;

	region_free(&m->regions[REGION_INIT_TEXT]);
	region_free(&m->regions[REGION_INIT_DATA]);
	for (int r = 0; r < REGION_COUNT; r++)
		m->size += m->regions[r].npages * PAGE_SIZE;
	m->state = MODULE_LIVE;
	pr_info("module: %s loaded at 0x%08x\n", m->name,
		(unsigned int)m->regions[REGION_TEXT].va);
	pr_debug("module: %s: %u us to load, %u us of it linking %u symbols\n",
		 m->name, (unsigned int)((clock_ns() - l->start_ns) / 1000),
		 (unsigned int)(l->link_ns / 1000), m->links);
}

int module_load(const void *image, size_t len, const char *args,
		unsigned int flags)
{
	struct module_loading l;
	int err;

	memset(&l, 0, sizeof(l));
	l.start_ns = clock_ns();
	mutex_lock(&module_mutex);
	err = load_prepare(&l, image, len, args, flags);
	mutex_unlock(&module_mutex);
	if (err)
		return err;
	err = l.mod->init ? l.mod->init() : 0;
	mutex_lock(&module_mutex);
	if (err < 0) {
		pr_err("module: %s: init failed (%d)\n", l.mod->name, err);
		list_del(&l.mod->link);
		module_free(l.mod);
	} else {
		err = 0;
		load_finish(&l);
	}
	mutex_unlock(&module_mutex);
	return err;
}
