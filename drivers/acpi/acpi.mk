KERNEL_SRCS += drivers/acpi/acpi.c
