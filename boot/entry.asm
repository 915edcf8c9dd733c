; entry.asm: the Multiboot 1 header and the first instructions of maestro.
;
; GRUB (or qemu -kernel) jumps to _start, linked at its physical address,
; in 32-bit protected mode with paging off, EAX = Multiboot magic and
; EBX = physical address of the Multiboot information block.  We load a boot page directory that maps
; physical 0..4 MiB at 0 (just for the jump) and physical 0..256 MiB at
; KERNEL_BASE with 4 MiB PSE pages, turn paging on, move to the higher half
; and call kmain(magic, info_phys) on the boot stack.  mm_init later
; replaces this directory with the real kernel map.

KERNEL_BASE	equ 0xC0000000
MB_MAGIC	equ 0x1BADB002
MB_FLAGS	equ 0x00000003		; page-align modules, give memory info
PDE_4M		equ 0x83		; present | writable | 4 MiB page
EARLY_PDES	equ 64			; 64 x 4 MiB = 256 MiB
BOOT_STACK_SIZE	equ 16384

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)

section .data
align 4096
global boot_pgdir
boot_pgdir:
	dd PDE_4M			; identity map of the first 4 MiB
	times (KERNEL_BASE >> 22) - 1 dd 0
%assign i 0
%rep EARLY_PDES
	dd (i << 22) | PDE_4M
%assign i i + 1
%endrep
	times 1024 - (KERNEL_BASE >> 22) - EARLY_PDES dd 0

section .bss
align 16
global boot_stack_bottom, boot_stack_top
boot_stack_bottom:
	resb BOOT_STACK_SIZE
boot_stack_top:

section .boot.text
global _start
extern kmain
_start:
	cli
	cld
	mov ecx, boot_pgdir - KERNEL_BASE
	mov cr3, ecx
	mov ecx, cr4
	or ecx, 0x10			; CR4.PSE: 4 MiB pages
	mov cr4, ecx
	mov ecx, cr0
	or ecx, 0x80010000		; CR0.PG | CR0.WP
	mov cr0, ecx
	lea ecx, [higher_half]
	jmp ecx

section .text
higher_half:
	mov esp, boot_stack_top
	xor ebp, ebp			; ends the frame-pointer chain
	push ebx
	push eax
	call kmain
.hang:
	cli
	hlt
	jmp .hang
