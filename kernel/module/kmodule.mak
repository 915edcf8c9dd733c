# kernel/module/kmodule.mak: the rules that build loadable modules, read by
# the Makefile before the fragments (*.mk), which call kmodule.
#
# Building a module NAME from its sources, Linux's kbuild in short:
#   each source is compiled with the kernel's flags and -DMODULE into
#   $(B)/mod/NAME/, and the objects are linked with ld -r into NAME.o;
#   tools/modpost.py lists what NAME.o exports (NAME.exports) and writes
#   NAME.mod.c (name=, vermagic=, depends=: the modules whose exports it
#   uses), refusing a symbol nobody exports; tools/gnuhash.py makes
#   NAME.exports.c, the GNU hash table of its exports (__module_exports);
#   NAME.ko is NAME.o with both, linked with ld -r, without debug
#   sections, and copied to /lib/modules/RELEASE/kernel/DIR/ of the test
#   image and, unless it is a test module, of the user's root image.
#   Fragments list modules with
#       $(eval $(call kmodule,NAME,SOURCES,DIR[,test]))
#   A kernel refuses a module whose vermagic is not its own
#   (MODULE_VERMAGIC, kernel/module.h: release, maestro's version, HZ).
.SECONDEXPANSION:
MODULES_EXPORTS :=
KERNEL_EXPORTS_LIST := $(B)/maestro.exports
# The user's modules (ROOTFS) and all of them (TESTFS, which stages its
# tree after the user's, so that its modules.dep wins).
MODULES_ROOT := $(B)/modroot
MODULES_DIR := $(MODULES_ROOT)/lib/modules/$(LINUX_ABI_RELEASE)
MODULES_ROOT_TEST := $(B)/modroot-test
MODULES_DIR_TEST := $(MODULES_ROOT_TEST)/lib/modules/$(LINUX_ABI_RELEASE)
ROOTFS_EXTRA += $(MODULES_ROOT)=.
TESTFS_EXTRA += $(MODULES_ROOT_TEST)=.

# Each tree's modules.dep, as depmod would write it (modpost.py dep), once
# its modules are installed and any other .ko (a module since removed or
# moved to the tests) taken out of the tree.
MODULES_INSTALLED :=
MODULES_INSTALLED_TEST :=
ROOTFS_DEPS += $(MODULES_DIR)/modules.dep
TESTFS_DEPS += $(MODULES_DIR_TEST)/modules.dep
# $(call kmodule_dep,MODULES_DIR,INSTALLED): the recipe.
define kmodule_dep
	@for ko in $$(find $(1) -name '*.ko'); do \
		case " $(2) " in *" $$ko "*) ;; *) rm -f $$ko ;; esac; \
	done
	OBJCOPY=$(OBJCOPY) $(PYTHON) tools/modpost.py dep $@ $(1)
endef
$(MODULES_DIR)/modules.dep: $$(MODULES_INSTALLED) tools/modpost.py
	$(call kmodule_dep,$(MODULES_DIR),$(MODULES_INSTALLED))
$(MODULES_DIR_TEST)/modules.dep: $$(MODULES_INSTALLED_TEST) tools/modpost.py
	$(call kmodule_dep,$(MODULES_DIR_TEST),$(MODULES_INSTALLED_TEST))

# $(call kmodule_install,NAME,DIR,MODULES_DIR): copy NAME.ko there.
define kmodule_install
$(3)/kernel/$(2)/$(1).ko: $(B)/mod/$(1)/$(1).ko
	@mkdir -p $$(@D)
	cp $$< $$@
modules: $(3)/kernel/$(2)/$(1).ko
endef

define kmodule
MODULES_EXPORTS += $(B)/mod/$(1)/$(1).exports
MODULES_INSTALLED_TEST += $(MODULES_DIR_TEST)/kernel/$(3)/$(1).ko
$(if $(4),,MODULES_INSTALLED += $(MODULES_DIR)/kernel/$(3)/$(1).ko)

$(B)/mod/$(1)/%.o: %.c | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(KCFLAGS) -DMODULE -DKBUILD_MODNAME='"$(1)"' -c $$< -o $$@

$(B)/mod/$(1)/$(1).o: $(patsubst %.c,$(B)/mod/$(1)/%.o,$(2))
	$$(LD) -m elf_i386 -r -o $$@ $$^
$(B)/mod/$(1)/$(1).exports: $(B)/mod/$(1)/$(1).o tools/modpost.py
	OBJCOPY=$$(OBJCOPY) $$(PYTHON) tools/modpost.py exports $$< $$@
# depends= names the modules that export what it uses: every module's
# .exports is a prerequisite, the list taken once all fragments are read
# (secondary expansion).
$(B)/mod/$(1)/$(1).mod.c: $(B)/mod/$(1)/$(1).o tools/modpost.py \
		$$(KERNEL_EXPORTS_LIST) $$$$(MODULES_EXPORTS)
	NM=$$(NM) $$(PYTHON) tools/modpost.py modc $(1) $$< \
		$$(KERNEL_EXPORTS_LIST) $$@ $$(MODULES_EXPORTS)
$(B)/mod/$(1)/$(1).exports.c: $(B)/mod/$(1)/$(1).exports tools/gnuhash.py
	$$(PYTHON) tools/gnuhash.py --name __module_exports $$< $$@
$(B)/mod/$(1)/$(1).mod.o: $(B)/mod/$(1)/$(1).mod.c
	$$(CC) $$(KCFLAGS) -DMODULE -c $$< -o $$@
$(B)/mod/$(1)/$(1).exports.o: $(B)/mod/$(1)/$(1).exports.c
	$$(CC) $$(KCFLAGS) -DMODULE -c $$< -o $$@
$(B)/mod/$(1)/$(1).ko: $(B)/mod/$(1)/$(1).o $(B)/mod/$(1)/$(1).mod.o \
		$(B)/mod/$(1)/$(1).exports.o
	$$(LD) -m elf_i386 -r --strip-debug -o $$@ $$^
$(call kmodule_install,$(1),$(3),$(MODULES_DIR_TEST))
$(if $(4),,$(call kmodule_install,$(1),$(3),$(MODULES_DIR)))
endef

.PHONY: modules
