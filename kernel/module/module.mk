# kernel/module/: loadable modules (kernel/modules.h; what a module's
# source writes: kernel/module.h), and the rules that build them.
KERNEL_SRCS += kernel/module/module.c kernel/module/load.c \
	kernel/module/region.c kernel/module/params.c \
	kernel/module/symbols.c kernel/syscall/sys_module.c \
	fs/procfs/modules.c

# The rules that build modules are in kmodule.mak (read before every
# fragment, which may list modules).
