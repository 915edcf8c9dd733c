# drivers/ata/: the PATA driver, its tests and their disk images.
KERNEL_SRCS += drivers/ata/probe.c drivers/ata/identify.c drivers/ata/io.c \
	drivers/ata/dma.c drivers/ata/pio.c drivers/ata/error.c \
	drivers/ata/control.c
