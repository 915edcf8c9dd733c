/*
 * kernel/proc/cred.h: changing a process's ids (kernel/proc/cred.c).
 *
 * Each function applies Linux's rules for the system call it is named
 * after and returns 0, -EPERM or -EINVAL; an id of 0xffffffff (-1) means
 * "unchanged" where the call allows it.  cred_setfsuid/cred_setfsgid
 * return the previous id.  cred_init_root gives a process the kernel
 * starts root's ids; cred_exec applies a program's set-user-id and
 * set-group-id bits and copies the effective ids to the saved ones.
 * cred_may_signal says whether kill() from one process may reach another
 * (else -EPERM); cred_may_inspect whether one may read another's
 * details as ptrace's read access (get_robust_list).
 */
#ifndef KERNEL_PROC_CRED_H
#define KERNEL_PROC_CRED_H

#include <stdbool.h>
#include <stdint.h>
#include "kernel/cred.h"

struct inode;
struct proc;

void cred_init_root(struct proc *p);
int cred_setresuid(struct proc *p, uint32_t r, uint32_t e, uint32_t s);
int cred_setresgid(struct proc *p, uint32_t r, uint32_t e, uint32_t s);
int cred_setreuid(struct proc *p, uint32_t r, uint32_t e);
int cred_setregid(struct proc *p, uint32_t r, uint32_t e);
int cred_setuid(struct proc *p, uint32_t uid);
int cred_setgid(struct proc *p, uint32_t gid);
uint32_t cred_setfsuid(struct proc *p, uint32_t uid);
uint32_t cred_setfsgid(struct proc *p, uint32_t gid);
int cred_setgroups(struct proc *p, const uint32_t *groups, uint32_t n);
void cred_exec(struct proc *p, const struct inode *exe, bool no_suid);
bool cred_may_signal(const struct proc *from, const struct proc *to, int sig);
bool cred_may_inspect(const struct proc *from, const struct proc *to);

#endif
