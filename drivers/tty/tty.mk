# drivers/tty/: the tty layer (core, device files, ioctls, job control,
# /dev/console), the line discipline (pure, also built for the host
# tests: tests/host/test_n_tty*.c), the 16550 serial port and VGA.
N_TTY_SRCS := drivers/tty/n_tty.c drivers/tty/n_tty_output.c \
	drivers/tty/n_tty_read.c
KERNEL_SRCS += drivers/tty/serial.c drivers/tty/vga.c drivers/tty/console.c \
	drivers/tty/tty_core.c drivers/tty/tty_file.c drivers/tty/tty_ioctl.c \
	drivers/tty/tty_jobctl.c $(N_TTY_SRCS)
HOST_TEST_UNITS += $(N_TTY_SRCS)
KTEST_SRCS += tests/kernel/test_tty.c
