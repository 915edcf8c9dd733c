/*
 * pidfd.h: descriptors that name a process (kernel/proc/pidfd.c).
 *
 *   pidfd_open_file(pid, flags)  a new pidfd file (O_* flags) for the
 *                                process pid (a zombie too); ERR_PTR
 *                                -ESRCH (none), -EINVAL (a thread that
 *                                does not lead its process), -ENOMEM
 *   pidfd_proc(f, &pid)          f's process, NULL once it has been
 *                                reaped, ERR_PTR(-EBADF) when f is not a
 *                                pidfd; *pid (if given) its pid.  Call
 *                                with preemption off, as proc_find
 *   pidfd_proc_exited(p)         proc_end: p's pidfds become readable
 *   pidfd_proc_freed(p)          proc_free: p is gone
 */
#ifndef KERNEL_PROC_PIDFD_H
#define KERNEL_PROC_PIDFD_H

struct file;
struct proc;

struct file *pidfd_open_file(int pid, unsigned int flags);
struct proc *pidfd_proc(struct file *f, int *pid);
void pidfd_proc_exited(struct proc *p);
void pidfd_proc_freed(struct proc *p);

#endif
