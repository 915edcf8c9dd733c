; entry.asm: the Multiboot 1 header and the first instructions of maestro.
;
; GRUB (or qemu -kernel) jumps to _start, linked at its physical address,
; in 32-bit protected mode with paging off, EAX = Multiboot magic and
; EBX = physical address of the Multiboot information block.  maestro
; pages with PAE (64-bit entries, for the NX bit): a CPU without CPUID or
; without PAE gets a message on COM1 and the VGA screen, and halts.
; Otherwise we load a boot page-directory-pointer table whose slots 0 and
; 3 both point to one directory mapping physical 0..256 MiB with 2 MiB
; pages: the identity map (slot 0, just for the jump) and the higher half
; (slot 3).  Then PAE and paging on, move to the higher half and call
; kmain(magic, info_phys) on the boot stack.  mm_init later replaces these
; tables with the real kernel map (mm/paging_init.c).

KERNEL_BASE	equ 0xC0000000
MB_MAGIC	equ 0x1BADB002
MB_FLAGS	equ 0x00000003		; page-align modules, give memory info
PDE_2M		equ 0x83		; present | writable | 2 MiB page
EARLY_PDES	equ 128			; 128 x 2 MiB = 256 MiB
PDPTE_PRESENT	equ 0x1
CR4_PAE		equ 0x20
CPUID_PAE	equ 1 << 6		; leaf 1, EDX
EFLAGS_ID	equ 1 << 21
COM1		equ 0x3F8
VGA_TEXT	equ 0xB8000
BOOT_STACK_SIZE	equ 16384

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)

section .data
align 4096
boot_pmd:
%assign i 0
%rep EARLY_PDES
	dd (i << 21) | PDE_2M, 0
%assign i i + 1
%endrep
	times 512 - EARLY_PDES dq 0

align 32
boot_pdpt:
	dd boot_pmd - KERNEL_BASE + PDPTE_PRESENT, 0	; identity
	dq 0, 0
	dd boot_pmd - KERNEL_BASE + PDPTE_PRESENT, 0	; higher half

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
	mov esi, eax			; keep the Multiboot magic
	call cpu_check_pae
	mov ecx, boot_pdpt - KERNEL_BASE
	mov cr3, ecx
	mov ecx, cr4
	or ecx, CR4_PAE
	mov cr4, ecx
	mov ecx, cr0
	or ecx, 0x80010000		; CR0.PG | CR0.WP
	mov cr0, ecx
	mov eax, esi
	lea ecx, [higher_half]
	jmp ecx

; Return when the CPU has CPUID and PAE; otherwise say so and halt.
; Clobbers eax, ecx, edx, edi (ebx, esi kept).
cpu_check_pae:
	pushfd				; CPUID exists if EFLAGS.ID can flip
	pop eax
	mov ecx, eax
	xor eax, EFLAGS_ID
	push eax
	popfd
	pushfd
	pop eax
	push ecx
	popfd
	xor eax, ecx
	jz .no_pae
	push ebx
	mov eax, 1
	cpuid
	pop ebx
	test edx, CPUID_PAE
	jz .no_pae
	ret
.no_pae:
	mov ecx, no_pae_msg - KERNEL_BASE
	mov edi, VGA_TEXT
.next:
	mov al, [ecx]
	test al, al
	jz .halt
	cmp al, ' '
	jb .serial			; CR, LF: serial only
	mov ah, 0x4f			; white on red
	mov [edi], ax
	add edi, 2
.serial:
	mov edx, COM1 + 5		; wait for the transmitter
.busy:
	in al, dx
	test al, 0x20
	jz .busy
	mov al, [ecx]
	mov edx, COM1
	out dx, al
	inc ecx
	jmp .next
.halt:
	cli
	hlt
	jmp .halt

section .rodata
no_pae_msg:
	db "maestro: this CPU has no PAE; maestro needs a CPU with PAE ", \
	   "(Pentium Pro or newer) for its page tables. System halted.", 13, 10, 0

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
