# drivers/tty/: the tty layer (core, device files, ioctls, job control,
# /dev/console), the line discipline (pure, also built for the host
# tests: tests/host/test_n_tty*.c), the 16550 serial port, and the VGA
# virtual consoles with the PS/2 keyboard.
N_TTY_SRCS := drivers/tty/n_tty.c drivers/tty/n_tty_output.c \
	drivers/tty/n_tty_read.c
KERNEL_SRCS += drivers/tty/serial.c drivers/tty/serial_raw.c drivers/tty/vga.c drivers/tty/console.c \
	drivers/tty/tty_core.c drivers/tty/tty_file.c drivers/tty/tty_ioctl.c \
	drivers/tty/tty_jobctl.c $(N_TTY_SRCS) \
	drivers/tty/vt.c drivers/tty/vt_tty.c drivers/tty/kbd.c
HOST_TEST_UNITS += $(N_TTY_SRCS)
KTEST_SRCS += tests/kernel/test_tty.c

# The terminal emulator and the keyboard map are pure: the host tests
# run them as they are.
VT_PURE_SRCS := drivers/tty/vt_parse.c drivers/tty/vt_csi.c \
	drivers/tty/vt_sgr.c drivers/tty/vt_screen.c drivers/tty/vt_charset.c \
	drivers/tty/kbd_map.c
KERNEL_SRCS += $(VT_PURE_SRCS)
HOST_TEST_UNITS += $(VT_PURE_SRCS)
KTEST_SRCS += tests/kernel/test_vt.c
