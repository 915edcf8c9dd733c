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
#   sections, and copied to the root image's
#   /lib/modules/RELEASE/kernel/DIR/.  Fragments list modules with
#       $(eval $(call kmodule,NAME,SOURCES,DIR))
#   A kernel refuses a module whose vermagic is not its own
#   (MODULE_VERMAGIC, kernel/module.h: release, maestro's version, HZ).
.SECONDEXPANSION:
MODULES_EXPORTS :=
MODULES_ROOT := $(B)/modroot
MODULES_DIR := $(MODULES_ROOT)/lib/modules/$(LINUX_ABI_RELEASE)
KERNEL_EXPORTS_LIST := $(B)/maestro.exports
ROOTFS_EXTRA += $(MODULES_ROOT)=.

# The root image's modules.dep, as depmod would write it (modpost.py dep),
# once every module is installed.
MODULES_INSTALLED :=
ROOTFS_DEPS += $(MODULES_DIR)/modules.dep
$(MODULES_DIR)/modules.dep: $$(MODULES_INSTALLED) tools/modpost.py
	OBJCOPY=$(OBJCOPY) $(PYTHON) tools/modpost.py dep $@ $(MODULES_DIR)

define kmodule
MODULES_EXPORTS += $(B)/mod/$(1)/$(1).exports
MODULES_INSTALLED += $(MODULES_DIR)/kernel/$(3)/$(1).ko
ROOTFS_DEPS += $(MODULES_DIR)/kernel/$(3)/$(1).ko

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
$(MODULES_DIR)/kernel/$(3)/$(1).ko: $(B)/mod/$(1)/$(1).ko
	@mkdir -p $$(@D)
	cp $$< $$@
modules: $(MODULES_DIR)/kernel/$(3)/$(1).ko
endef

.PHONY: modules
