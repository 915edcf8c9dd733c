; isr.asm: entry stubs for interrupt vectors 0-47, the system call
; vector 0x80 and the local APIC's 0xef and 0xff, and the way into user
; mode.
;
; Each stub pushes a zero error code when the CPU does not push one, then
; the vector number, and jumps to isr_common, which saves the registers as a
; struct trap_frame (kernel/x86/interrupt.h), loads the kernel data segments and
; calls trap_dispatch(frame).  isr_stub_table lists the stubs for idt_init.

SEL_KDATA equ 0x10

%macro ISR_NOERR 1
isr_stub_%1:
	push dword 0
	push dword %1
	jmp isr_common
%endmacro

%macro ISR_ERR 1
isr_stub_%1:
	push dword %1
	jmp isr_common
%endmacro

section .text
extern trap_dispatch

%assign v 0
%rep 48
%if v == 8 || v == 10 || v == 11 || v == 12 || v == 13 || v == 14 || v == 17 || v == 21 || v == 29 || v == 30
	ISR_ERR v
%else
	ISR_NOERR v
%endif
%assign v v + 1
%endrep

isr_common:
	pusha
	push ds
	push es
	push fs
	push gs
	mov ax, SEL_KDATA
	mov ds, ax
	mov es, ax
	; The kernel runs with null fs and gs: a frame saved in the kernel
	; then never holds a user TLS selector whose GDT slot may change
	; (another task's, or cleared by exec) before it is restored.
	xor eax, eax
	mov fs, ax
	mov gs, ax
	cld
	push esp
	call trap_dispatch
	add esp, 4
global trap_return
trap_return:
	; A saved selector may have become invalid meanwhile (set_thread_area
	; or sigreturn changed its descriptor): the pop faults in ring 0, the
	; exception table sends it to a fixup that zeroes the saved selector,
	; and the pop is tried again, as Linux does.
.pop_gs:
	pop gs
.pop_fs:
	pop fs
.pop_es:
	pop es
.pop_ds:
	pop ds
	popa
	add esp, 8			; vector and error code
	iret

section .fixup progbits alloc exec nowrite
.fix_gs:
	mov dword [esp], 0
	jmp .pop_gs
.fix_fs:
	mov dword [esp], 0
	jmp .pop_fs
.fix_es:
	mov dword [esp], 0
	jmp .pop_es
.fix_ds:
	mov dword [esp], 0
	jmp .pop_ds

section __extable progbits alloc noexec nowrite align=4
	dd .pop_gs, .fix_gs
	dd .pop_fs, .fix_fs
	dd .pop_es, .fix_es
	dd .pop_ds, .fix_ds

section .text
; int 0x80: the system call gate (kernel/syscall/syscall.c).
global isr_syscall
isr_syscall:
	push dword 0
	push dword 0x80
	jmp isr_common

; SYSENTER (kernel/x86/sysenter.c): the CPU comes here with the kernel's
; CS and SS, esp the current task's kernel stack top (kept equal to the
; TSS's esp0) and interrupts off; the user's eip is lost and its esp is in
; ebp (__kernel_vsyscall's convention).  Build the frame int 0x80 builds,
; tagged SYSENTER_VECTOR, its eip and ebp left for sysenter_frame
; (trap_dispatch calls it) to fill in, with the flags
; the user had (interrupts on) and the kernel's cleared (NT, TF, AC, DF:
; SYSENTER clears only IF).  A user single-stepping itself (TF) takes
; debug traps on the first instructions here: trap.c ignores them, and
; its TF comes back with its flags.
SEL_UCODE equ 0x1b
SEL_UDATA equ 0x23
SYSENTER_VECTOR equ 0x81		; kernel/x86/sysenter.h
global isr_sysenter
isr_sysenter:
	push dword SEL_UDATA		; user ss
	push ebp			; user esp
	pushfd				; user eflags...
	or dword [esp], 0x200		; ...which had interrupts on
	push dword 2			; the kernel's: only the fixed bit
	popfd
global isr_sysenter_tf_clear
isr_sysenter_tf_clear:			; a user's TF traps up to here
	push dword SEL_UCODE		; user cs
	push dword 0			; eip: sysenter_frame
	push dword 0			; error code
	push dword SYSENTER_VECTOR	; trap_dispatch hands it on
	jmp isr_common

; The local APIC's timer and spurious vectors (kernel/x86/lapic.c).
global isr_lapic_timer, isr_lapic_spurious
isr_lapic_timer:
	push dword 0
	push dword 0xef
	jmp isr_common
isr_lapic_spurious:
	push dword 0
	push dword 0xff
	jmp isr_common

; void user_mode_enter(struct trap_frame *f): continue on f, which lies at
; the top of the current kernel stack, as if returning from an interrupt
; (to ring 3 when f says so).
global user_mode_enter
user_mode_enter:
	mov esp, [esp + 4]
	jmp trap_return

section .rodata
global isr_stub_table
isr_stub_table:
%assign v 0
%rep 48
	dd isr_stub_ %+ v
%assign v v + 1
%endrep
