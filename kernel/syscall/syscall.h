/*
 * syscall.h: the Linux i386 system call interface (int 0x80).
 *
 * A user program puts the call number in eax and up to six arguments in
 * ebx, ecx, edx, esi, edi and ebp; the result comes back in eax, -errno
 * on failure.  Each subsystem registers its own calls where it implements
 * them:
 *	static long sys_getpid(void) { ... }
 *	SYSCALL(NR_getpid, sys_getpid);
 * which places {number, function, name} in the .syscalls linker section;
 * the dispatcher (syscall.c) builds its table, indexed by number, from
 * that section at boot.  An unknown number returns -ENOSYS and is logged
 * once, at debug level.  The functions take their arguments as the
 * registers give them (32-bit words) and return long.
 *
 * Interface: SYSCALL, syscall_dispatch (kernel/x86/interrupt.h),
 * syscall_user_frame, and the NR_* numbers below.
 */
#ifndef KERNEL_SYSCALL_SYSCALL_H
#define KERNEL_SYSCALL_SYSCALL_H

#include <stdint.h>
#include "lib/compiler.h"

#define SYSCALL_MAX	460	/* numbers 0..SYSCALL_MAX - 1 */

typedef long (*syscall_fn_t)(uint32_t, uint32_t, uint32_t, uint32_t,
			     uint32_t, uint32_t);

struct syscall_entry {
	unsigned int nr;
	syscall_fn_t fn;
	const char *name;
};

/* Calls with fewer arguments ignore the others (cdecl lets the caller
 * pass more); the cast through void (*)(void) says so to the compiler. */
#define SYSCALL(nr_, fn_)						\
	static const struct syscall_entry syscall_##fn_##_##nr_	\
		__section(".syscalls") __used __aligned(4) = {		\
		.nr = (nr_), .fn = (syscall_fn_t)(void (*)(void))(fn_),	\
		.name = #fn_,						\
	}

struct trap_frame;
/* The current task's user trap frame (the system call's registers). */
struct trap_frame *syscall_user_frame(void);
/* The kernel's name of call nr ("sys_read"), or NULL. */
const char *syscall_name(uint32_t nr);
/* The address of the function serving call nr, or 0 (the profiler). */
uintptr_t syscall_handler(uint32_t nr);

/* Linux i386 numbers (arch/x86/entry/syscalls/syscall_32.tbl). */
#define NR_restart_syscall	0
#define NR_exit			1
#define NR_fork			2
#define NR_read			3
#define NR_write		4
#define NR_open			5
#define NR_close		6
#define NR_waitpid		7
#define NR_creat		8
#define NR_link			9
#define NR_unlink		10
#define NR_execve		11
#define NR_chdir		12
#define NR_time			13
#define NR_mknod		14
#define NR_chmod		15
#define NR_lseek		19
#define NR_getpid		20
#define NR_alarm		27
#define NR_pause		29
#define NR_access		33
#define NR_kill			37
#define NR_rename		38
#define NR_mkdir		39
#define NR_rmdir		40
#define NR_dup			41
#define NR_pipe			42
#define NR_brk			45
#define NR_ioctl		54
#define NR_fcntl		55
#define NR_setpgid		57
#define NR_umask		60
#define NR_chroot		61
#define NR_dup2			63
#define NR_getppid		64
#define NR_getpgrp		65
#define NR_setsid		66
#define NR_sigaction		67
#define NR_gettimeofday		78
#define NR_select		82
#define NR_symlink		83
#define NR_readlink		85
#define NR_mmap			90
#define NR_munmap		91
#define NR_truncate		92
#define NR_ftruncate		93
#define NR_fchmod		94
#define NR_syslog		103
#define NR_setitimer		104
#define NR_getitimer		105
#define NR_wait4		114
#define NR_sigreturn		119
#define NR_clone		120
#define NR_sync			36
#define NR_reboot		88
#define NR_fsync		118
#define NR_fdatasync		148
#define NR_uname		122
#define NR_personality		136
#define NR_mprotect		125
#define NR_getpgid		132
#define NR_fchdir		133
#define NR__llseek		140
#define NR__newselect		142
#define NR_msync		144
#define NR_readv		145
#define NR_writev		146
#define NR_getsid		147
#define NR_sched_yield		158
#define NR_nanosleep		162
#define NR_mremap		163
#define NR_poll			168
#define NR_rt_sigreturn		173
#define NR_rt_sigaction		174
#define NR_rt_sigprocmask	175
#define NR_rt_sigpending	176
#define NR_rt_sigtimedwait	177
#define NR_rt_sigqueueinfo	178
#define NR_rt_sigsuspend	179
#define NR_pread64		180
#define NR_pwrite64		181
#define NR_getcwd		183
#define NR_sigaltstack		186
#define NR_sendfile		187
#define NR_vfork		190
#define NR_mmap2		192
#define NR_truncate64		193
#define NR_ftruncate64		194
#define NR_stat64		195
#define NR_lstat64		196
#define NR_fstat64		197
#define NR_lchown32		198
#define NR_getuid32		199
#define NR_getgid32		200
#define NR_geteuid32		201
#define NR_getegid32		202
#define NR_fchown32		207
#define NR_chown32		212
#define NR_mincore		218
#define NR_madvise		219
#define NR_getdents64		220
#define NR_fcntl64		221
#define NR_gettid		224
#define NR_tkill		238
#define NR_sendfile64		239
#define NR_futex		240
#define NR_set_robust_list	311
#define NR_get_robust_list	312
#define NR_set_thread_area	243
#define NR_exit_group		252
#define NR_set_tid_address	258
#define NR_clock_gettime	265
#define NR_clock_getres		266
#define NR_clock_nanosleep	267
#define NR_tgkill		270
#define NR_waitid		284
#define NR_openat		295
#define NR_mkdirat		296
#define NR_mknodat		297
#define NR_fchownat		298
#define NR_fstatat64		300
#define NR_unlinkat		301
#define NR_renameat		302
#define NR_linkat		303
#define NR_symlinkat		304
#define NR_readlinkat		305
#define NR_fchmodat		306
#define NR_faccessat		307
#define NR_pselect6		308
#define NR_ppoll		309
#define NR_utimensat		320
#define NR_dup3			330
#define NR_pipe2		331
#define NR_rt_tgsigqueueinfo	335
#define NR_renameat2		353
#define NR_getrandom		355
#define NR_clock_gettime64	403
#define NR_clock_getres_time64	406
#define NR_clock_nanosleep_time64	407
#define NR_utimensat_time64	412
#define NR_pselect6_time64	413
#define NR_ppoll_time64		414
#define NR_rt_sigtimedwait_time64	421
#define NR_futex_time64		422
#define NR_faccessat2		439
#define NR_fchmodat2		452

/* Process information, limits, ids, mounts and filesystem statistics. */
#define NR_mount		21
#define NR_umount		22
#define NR_setuid		23
#define NR_getuid		24
#define NR_nice			34
#define NR_times		43
#define NR_setgid		46
#define NR_getgid		47
#define NR_geteuid		49
#define NR_getegid		50
#define NR_umount2		52
#define NR_setreuid		70
#define NR_setregid		71
#define NR_sethostname		74
#define NR_setrlimit		75
#define NR_getrlimit		76
#define NR_getrusage		77
#define NR_getgroups		80
#define NR_setgroups		81
#define NR_getpriority		96
#define NR_setpriority		97
#define NR_statfs		99
#define NR_fstatfs		100
#define NR_sysinfo		116
#define NR_setdomainname	121
#define NR_setfsuid		138
#define NR_setfsgid		139
#define NR_sched_setparam	154
#define NR_sched_getparam	155
#define NR_sched_setscheduler	156
#define NR_sched_getscheduler	157
#define NR_sched_get_priority_max	159
#define NR_sched_get_priority_min	160
#define NR_setresuid		164
#define NR_getresuid		165
#define NR_setresgid		170
#define NR_getresgid		171
#define NR_prctl		172
#define NR_ugetrlimit		191
#define NR_setreuid32		203
#define NR_setregid32		204
#define NR_getgroups32		205
#define NR_setgroups32		206
#define NR_setresuid32		208
#define NR_getresuid32		209
#define NR_setresgid32		210
#define NR_getresgid32		211
#define NR_setuid32		213
#define NR_setgid32		214
#define NR_setfsuid32		215
#define NR_setfsgid32		216
#define NR_sched_setaffinity	241
#define NR_sched_getaffinity	242
#define NR_statfs64		268
#define NR_fstatfs64		269
#define NR_prlimit64		340
#define NR_statx		383

#endif
