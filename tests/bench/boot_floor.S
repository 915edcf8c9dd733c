/*
 * boot_floor.S: bench-boot's floor, an empty Multiboot kernel: it prints
 * one line on the first serial port and powers QEMU off at once (the
 * PIIX4/ICH9 ACPI PM1a control port, as kernel/power.c).  Booted from an
 * ISO made as maestro.iso is (same GRUB, same menu, no module), it times
 * what firmware and GRUB cost before any kernel runs: the floor maestro's
 * ISO boot is measured against (tools/bench-boot.py).
 */
	.set MB_MAGIC, 0x1BADB002
	.set MB_FLAGS, 0
	.set COM1, 0x3f8
	.set PM1A_CNT, 0x604
	.set SLP_EN_S5, 0x2000

	.text
	.align 4
	.long MB_MAGIC, MB_FLAGS, -(MB_MAGIC + MB_FLAGS)

	.globl _start
_start:
	mov $message, %esi
	mov $COM1, %dx
1:	lodsb
	test %al, %al
	jz 2f
	out %al, %dx
	jmp 1b
2:	mov $PM1A_CNT, %dx
	mov $SLP_EN_S5, %ax
	out %ax, %dx
3:	cli
	hlt
	jmp 3b

message:
	.asciz "boot floor: kernel entered\r\n"
