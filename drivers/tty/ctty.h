/*
 * ctty.h: controlling terminals, as the process code sees them
 * (drivers/tty/tty_jobctl.c).
 *
 * A process's controlling terminal is proc->tty (NULL: none), inherited
 * by fork, dropped by setsid.  The terminal knows its session and its
 * foreground process group.
 *
 * Interface:
 *   tty_session_exit(p)   p, a session leader, ends: its terminal (if
 *                         any) is hung up: SIGHUP and SIGCONT to the
 *                         foreground group, files opened on it read EOF
 *                         and fail writes, and the session loses it
 *   tty_proc_nr(p), tty_proc_tpgid(p)   /proc/<pid>/stat's tty fields
 */
#ifndef DRIVERS_TTY_CTTY_H
#define DRIVERS_TTY_CTTY_H

struct proc;

void tty_session_exit(struct proc *p);
/* For /proc/<pid>/stat: p's terminal as Linux encodes tty_nr (0: none),
 * and its foreground group (-1: none). */
unsigned int tty_proc_nr(const struct proc *p);
int tty_proc_tpgid(const struct proc *p);

#endif
