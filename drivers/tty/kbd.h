/*
 * kbd.h: the PS/2 keyboard on the i8042 controller.
 *
 * At INIT_DEVICE the driver checks that a controller answers, turns on
 * scancode translation (set 1) and the keyboard interrupt, turns the
 * mouse port off, and handles IRQ 1: each scancode byte goes through the
 * US keymap (kbd_map.h) with the foreground console's key modes; bytes
 * go to the foreground console's terminal, Alt+Fn and Alt+arrows switch
 * consoles, Shift+PgUp/PgDn move through its scrollback, Caps Lock and Num Lock set the LEDs (the 0xED command, its
 * value sent when the keyboard acknowledges).
 *
 * kbd_scancode() handles one byte as if the controller had sent it (the
 * interrupt handler uses it; so do the kernel tests).
 */
#ifndef DRIVERS_TTY_KBD_H
#define DRIVERS_TTY_KBD_H

#include <stdint.h>

void kbd_scancode(uint8_t byte);

#endif
