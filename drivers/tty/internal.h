/*
 * internal.h: the tty layer's own structures, shared by its files:
 *   tty_core.c    registry, input from drivers, output to them, the
 *                 thread that sends the signals typed at a terminal
 *   tty_file.c    the device files: open/read/write/poll, /dev/tty
 *   tty_ioctl.c   termios, window size, flushing and the other ioctls
 *   tty_jobctl.c  controlling terminals, sessions, foreground groups,
 *                 SIGTTIN/SIGTTOU, hang-up at the session leader's exit
 *   console.c     which terminal /dev/console is
 *
 * Locking: tty->lock (a spinlock, interrupts off) covers the line
 * discipline, the window size, session and foreground group and the
 * queued signals; the driver's write op is called under it.  Readers
 * and writers of one terminal take read_mutex / write_mutex (sleeping)
 * so that a read takes whole lines and a write's bytes stay together.
 */
#ifndef DRIVERS_TTY_INTERNAL_H
#define DRIVERS_TTY_INTERNAL_H

#include <stdbool.h>
#include "drivers/tty/n_tty.h"
#include "drivers/tty/tty.h"
#include "kernel/mutex.h"
#include "kernel/spinlock.h"
#include "kernel/wait.h"
#include "lib/list.h"

struct file;
struct proc;

struct tty {
	struct list_head link;		/* all terminals */
	char name[16];
	uint32_t rdev;
	const struct tty_driver_ops *ops;
	void *driver_data;
	struct spinlock lock;
	struct n_tty ld;
	struct winsize ws;
	int session;			/* controlling terminal of; 0: none */
	int pgrp;			/* the foreground group; 0: none */
	unsigned int opens;		/* open files */
	uint32_t hangups;		/* files opened before are hung up */
	unsigned int sig_pending;	/* NTTY_EV_SIG* for tty_sig_thread */
	int sig_pgrp;			/* the group they go to */
	bool winch_pending;
	struct wait_queue read_wq, write_wq;
	struct mutex read_mutex, write_mutex;
};

/* An open terminal file (file->private). */
struct tty_file {
	struct tty *tty;
	uint32_t hangups;		/* tty->hangups when opened */
	bool console;			/* through /dev/console: never hung up */
};

/* tty_core.c */
struct tty *tty_by_rdev(uint32_t rdev);
/* Act on what the line discipline returned (lock not held). */
void tty_events(struct tty *tty, unsigned int ev);
/* Hand queued output to the driver while it takes it. */
void tty_push_output(struct tty *tty);
bool tty_readable(struct tty *tty, bool for_poll);
/* Wait until the driver has sent everything: 0 or -ERESTARTSYS. */
int tty_drain(struct tty *tty);
/* SIGWINCH to the foreground group, from the signal thread. */
void tty_queue_winch(struct tty *tty);
/* Signal every process of group pgrp (process context). */
void tty_kill_pgrp(int pgrp, int sig);
extern const struct file_ops tty_fops;

/* tty_file.c */
struct tty *tty_file_tty(struct file *f);	/* NULL: hung up */

/* tty_ioctl.c */
int tty_ioctl(struct file *f, unsigned int cmd, unsigned long arg);
void tty_get_termios(struct tty *tty, struct termios *t);
/* TCSETS (drain 0), TCSETSW (1), TCSETSF (2: drain and flush input). */
int tty_set_termios(struct tty *tty, const struct termios *t, int how);
/* SIGWINCH when the size changes: sent now (direct: process context) or
 * by the signal thread. */
void tty_resize(struct tty *tty, const struct winsize *ws, bool direct);

/* tty_jobctl.c */
/* The calling process's controlling terminal, or NULL. */
struct tty *tty_current_ctty(void);
/* A session leader opening tty without O_NOCTTY may acquire it. */
void tty_open_ctty(struct tty *tty);
/* Linux's __tty_check_change: may the caller read (SIGTTIN) or write /
 * change (SIGTTOU) tty?  0, -EIO, or -ERESTARTSYS after signalling its
 * group. */
int tty_check_change(struct tty *tty, int sig);
int tty_jobctl_ioctl(struct file *f, struct tty *tty, unsigned int cmd,
		     unsigned long arg);
/* The last close: the session loses its terminal. */
void tty_last_close(struct tty *tty);

/* console.c */
struct tty *tty_console(void);

#endif
