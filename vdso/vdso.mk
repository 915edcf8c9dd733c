# vdso/: the vDSO.  vdso.S is assembled by the cross compiler and linked
# by vdso.lds into build/vdso/vdso.so, an ELF shared object;
# tools/vdso-check.py refuses it unless it is what the kernel expects (no
# relocations, one read+exec segment, Linux's symbols, versions and
# sigreturn bytes) and writes build/vdso/vdso-syms.h, the offsets of its
# symbols.  image.asm puts the file in the kernel's .rodata; vdso.c maps
# it into every process.  `make test-host` runs the checker's self-test.
VDSO_DIR := $(B)/vdso
VDSO_SO := $(VDSO_DIR)/vdso.so
VDSO_SYMS := $(VDSO_DIR)/vdso-syms.h
VDSO_LDFLAGS := -m elf_i386 -shared -s -soname linux-gate.so.1 \
	--hash-style=both --eh-frame-hdr -Bsymbolic --build-id=none \
	-z max-page-size=4096 -z noexecstack --no-undefined

KERNEL_SRCS += vdso/image.asm vdso/vdso.c
KTEST_SRCS += tests/kernel/test_vdso.c

$(VDSO_DIR)/vdso.o: vdso/vdso.S | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) -m32 -march=i686 -c $< -o $@
$(VDSO_SO): $(VDSO_DIR)/vdso.o vdso/vdso.lds
	$(LD) $(VDSO_LDFLAGS) -T vdso/vdso.lds -o $@ $<
$(VDSO_SYMS): $(VDSO_SO) tools/vdso-check.py
	$(PYTHON) tools/vdso-check.py $< $@.tmp && mv $@.tmp $@

$(B)/k/vdso/image.o: $(VDSO_SO) $(VDSO_SYMS)
$(B)/k/vdso/image.o: KASFLAGS += -DVDSO_IMAGE='"$(VDSO_SO)"'
# vdso/vdso.h includes the generated header: the objects that include it
# wait for it.
KCFLAGS += -I$(VDSO_DIR)
$(B)/k/vdso/vdso.o $(B)/k/kernel/proc/exec.o $(B)/k/kernel/proc/sigframe.o \
	$(B)/k/kernel/x86/sysenter.o $(B)/k/tests/kernel/test_vdso.o: $(VDSO_SYMS)

test-host: $(VDSO_SO)
