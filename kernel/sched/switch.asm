; switch.asm: the context switch.
;
; void switch_stack(uint32_t *save_esp, uint32_t new_esp)
; Pushes the callee-saved registers (the C calling convention lets the
; caller keep everything else), saves esp in *save_esp, loads new_esp and
; pops the next task's registers; the ret then resumes it where it called
; switch_stack (or, for a new task, at the entry its stack was built with).

section .text
global switch_stack
switch_stack:
	mov eax, [esp + 4]
	mov edx, [esp + 8]
	push ebp
	push ebx
	push esi
	push edi
	mov [eax], esp
	mov esp, edx
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret
