# tests/modules/: the test modules, built as every module is (kernel/module/
# kmodule.mak) and installed in the test image only, under
# /lib/modules/RELEASE/kernel/tests/: modtest_a exports a function and a
# variable, modtest_b uses them (so depends=modtest_a); modtest_bad's
# init_module is data, which the loader refuses.
$(eval $(call kmodule,modtest_a,tests/modules/modtest_a.c,tests,test))
$(eval $(call kmodule,modtest_b,tests/modules/modtest_b.c,tests,test))
$(eval $(call kmodule,modtest_bad,tests/modules/modtest_bad.c,tests,test))

# The in-kernel tests (tests/kernel/test_module.c) load the test modules
# from memory: each .ko embedded in the test kernel as
# _binary_NAME_ko_start/_end.
define ktest_embed_module
$(B)/ktest-mod/$(1).ko.o: $(B)/mod/$(1)/$(1).ko
	@mkdir -p $$(@D)
	cd $$(<D) && $$(OBJCOPY) -I binary -O elf32-i386 -B i386 \
		--rename-section .data=.rodata,alloc,load,readonly,data,contents \
		$$(<F) $$(abspath $$@)
KTEST_EXTRA_OBJS += $(B)/ktest-mod/$(1).ko.o
endef
$(foreach m,modtest_a modtest_b modtest_bad brd,$(eval $(call ktest_embed_module,$(m))))
KTEST_SRCS += tests/kernel/test_module.c
