; elf_mod_image.asm: the test module build/elfmod/test.ko (made by
; elf/elf.mk from tests/host/elfmod/) as read-only data of the test kernel,
; between elf_mod_test_image and elf_mod_test_image_end, for
; tests/kernel/test_elf_mod.c.  ELFMOD_IMAGE is the file's path.

section .rodata
align 16
global elf_mod_test_image, elf_mod_test_image_end
elf_mod_test_image:
	incbin ELFMOD_IMAGE
elf_mod_test_image_end:
