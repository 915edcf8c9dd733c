; image.asm: the vDSO image (build/vdso/vdso.so, linked from vdso/vdso.S
; and checked by tools/vdso-check.py) as read-only kernel data, between
; vdso_image and vdso_image_end.  vdso/vdso.c copies it into the frames
; that every process maps.  VDSO_IMAGE is the file's path (vdso/vdso.mk).

section .rodata
align 16
global vdso_image, vdso_image_end
vdso_image:
	incbin VDSO_IMAGE
vdso_image_end:
