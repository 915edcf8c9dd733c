# drivers/pci/: configuration space access and bus enumeration.
KERNEL_SRCS += drivers/pci/pci.c drivers/pci/scan.c
