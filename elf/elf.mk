# elf/: ELF32 parsing, "#!" lines and the initial user stack for exec, and
# the loader of relocatable objects (modules: elf/module.h).  Pure code,
# also built for the host tests (tests/host/test_elf*.c).
ELF_SRCS := elf/elf.c elf/script.c elf/stack.c \
	elf/module.c elf/modcheck.c elf/modlayout.c elf/modreloc.c \
	elf/moderror.c
KERNEL_SRCS += $(ELF_SRCS)
HOST_TEST_UNITS += $(ELF_SRCS)

# The test module (tests/host/elfmod/): its two halves built with the
# kernel's compiler and flags, then combined with `ld -r` as a module is;
# mod_pic.o is the second half built position-independent, whose GOT
# relocations the loader must refuse.  test.ko.rel is readelf's list of
# the relocations, which the host tests check the loader's result against.
ELFMOD_DIR := $(B)/elfmod
ELFMOD_KO := $(ELFMOD_DIR)/test.ko
ELFMOD_FILES := $(ELFMOD_KO) $(ELFMOD_KO).rel $(ELFMOD_DIR)/mod_main.o \
	$(ELFMOD_DIR)/mod_pic.o
ELFMOD_CFLAGS = $(filter-out -MD -MP,$(KCFLAGS))

$(ELFMOD_DIR)/%.o: tests/host/elfmod/%.c tests/host/elfmod/mod.h \
		| $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ELFMOD_CFLAGS) -c $< -o $@
$(ELFMOD_DIR)/mod_pic.o: tests/host/elfmod/mod_util.c \
		tests/host/elfmod/mod.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ELFMOD_CFLAGS) -fpic -c $< -o $@
$(ELFMOD_KO): $(ELFMOD_DIR)/mod_main.o $(ELFMOD_DIR)/mod_util.o
	$(LD) -m elf_i386 -r -o $@ $^
$(ELFMOD_KO).rel: $(ELFMOD_KO)
	readelf -rW $< > $@

test-host: $(ELFMOD_FILES)

# The in-kernel test loads the same test.ko, linked into the test kernel.
KTEST_SRCS += tests/kernel/elf_mod_image.asm tests/kernel/test_elf_mod.c
$(B)/k/tests/kernel/elf_mod_image.o: $(ELFMOD_KO)
$(B)/k/tests/kernel/elf_mod_image.o: KASFLAGS += \
	-DELFMOD_IMAGE='"$(ELFMOD_KO)"'
