/*
 * init.h: maestro's init, the first user program (/sbin/init, pid 1).
 *
 * main.c      brings the system up (setup.c), starts a login shell on each
 *             terminal (term.c), then waits: it reaps every child (its
 *             own and the orphans the kernel gives it), restarts a shell
 *             that ended, and shuts down on a signal (shutdown.c);
 * setup.c     mounts /proc, /dev and /dev/shm when they are not, sets
 *             the hostname from /etc/hostname, runs /etc/rc;
 * term.c      a login shell (bash -l) on a terminal: its own session, the
 *             terminal as its controlling tty and its stdin/out/err;
 * seed.c      the random seed file, /var/lib/random-seed: mixed into the
 *             pool at boot and rewritten at once, credited only when this
 *             system wrote it and it cannot come back; saved at shutdown;
 * shutdown.c  the end: every other process is sent SIGTERM, then SIGKILL,
 *             the seed is saved, the disks are synced, and reboot(2)
 *             powers off or restarts.
 *
 * Messages go to init's stderr (/dev/console, as the kernel opened it),
 * one line each, "init: ...".
 */
#ifndef USERLAND_INIT_INIT_H
#define USERLAND_INIT_INIT_H

#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

/* A terminal init keeps a login shell on. */
struct term {
	const char *path;	/* /dev/tty1, /dev/ttyS0 */
	const char *term;	/* the TERM variable */
	pid_t shell;		/* the running shell, 0: none */
	time_t started;		/* when the shell was started */
	unsigned int quick_exits;	/* shells in a row that ended at once */
};

/* What the signals init handles ask for. */
enum init_request { REQ_NONE, REQ_POWEROFF, REQ_REBOOT };

void init_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* setup.c */
void setup_mounts(void);
void setup_hostname(void);
void setup_run_rc(void);

/* term.c */
bool term_exists(const char *path);
pid_t term_start_shell(struct term *t);

/* seed.c */
void seed_load(void);
void seed_save(void);

/* shutdown.c */
void shutdown_system(enum init_request req) __attribute__((noreturn));

#endif
