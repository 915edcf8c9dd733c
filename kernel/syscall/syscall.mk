# The int 0x80 system call dispatcher and the calls that are not part of
# another subsystem's files.
KERNEL_SRCS += kernel/syscall/syscall.c kernel/syscall/sys_proc.c kernel/syscall/sys_reboot.c \
	kernel/syscall/sys_mm.c kernel/syscall/sys_time.c \
	kernel/syscall/sys_fs.c kernel/syscall/sys_stat.c kernel/syscall/sys_old.c \
	kernel/syscall/sys_eventfd.c kernel/syscall/sys_timerfd.c kernel/syscall/sys_signalfd.c kernel/syscall/sys_timer.c kernel/syscall/sys_epoll.c kernel/syscall/sys_flock.c \
	kernel/syscall/sys_socket.c \
	kernel/syscall/sys_signal.c kernel/syscall/sys_sigqueue.c \
	kernel/syscall/sys_restart.c \
	kernel/syscall/sys_link.c \
	kernel/syscall/sys_attr.c kernel/syscall/sys_futex.c \
	kernel/syscall/sys_sendfile.c \
	kernel/syscall/sys_poll.c kernel/syscall/sys_select.c \
	kernel/syscall/sys_cred.c kernel/syscall/sys_cap.c kernel/syscall/sys_xattr.c kernel/syscall/sys_mlock.c kernel/syscall/sys_splice.c kernel/syscall/sys_ldt.c \
	kernel/syscall/sys_rlimit.c kernel/syscall/sys_info.c \
	kernel/syscall/sys_uts.c kernel/syscall/sys_sched.c \
	kernel/syscall/sys_prctl.c kernel/syscall/sys_statx.c \
	kernel/syscall/sys_mount.c kernel/syscall/timeout.c \
	kernel/syscall/sys_ipc.c kernel/syscall/sys_memfd.c
