KERNEL_SRCS += drivers/tty/serial.c drivers/tty/vga.c drivers/tty/console.c
