/*
 * shutdown.c: powering off or restarting (see init.h).
 *
 * Every other process gets SIGTERM, SIGHUP (its terminal is going away:
 * an interactive bash ignores SIGTERM but ends on SIGHUP) and SIGCONT
 * (a stopped one must run to end).  Those that have not ended within
 * GRACE_MS get SIGKILL.  Every process is init's child by then (the
 * kernel gives init the orphans), so "no child left" means none is left.
 * Then sync(), the root remounted read-only (init still uses it, so the
 * kernel cannot unmount it: read-only, it is marked clean on the disk),
 * and reboot(2), whose kernel side syncs again, unmounts every filesystem
 * not in use and flushes the disks before the machine stops.
 */
#include "userland/init/init.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

#define GRACE_MS	2000
#define STEP_MS		20

/* Reap until no child is left or ms have passed; whether none is left. */
static bool reap_all(unsigned int ms)
{
	struct timespec step = { 0, STEP_MS * 1000000L };
	pid_t pid;

	for (unsigned int waited = 0;; waited += STEP_MS) {
		while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if (pid < 0 && errno == ECHILD)
			return true;
		if (waited >= ms)
			return false;
		nanosleep(&step, NULL);
	}
}

static void signal_everyone(int sig)
{
	if (kill(-1, sig) && errno != ESRCH)
		init_log("kill(-1, %d): %s", sig, strerror(errno));
}

void shutdown_system(enum init_request req)
{
	init_log(req == REQ_REBOOT ? "restarting the system"
				   : "powering off");
	signal_everyone(SIGTERM);
	signal_everyone(SIGHUP);
	signal_everyone(SIGCONT);
	if (!reap_all(GRACE_MS)) {
		init_log("sending SIGKILL to the processes left");
		signal_everyone(SIGKILL);
		reap_all(GRACE_MS);
	}
	seed_save();
	sync();
	if (mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY, NULL))
		init_log("remounting / read-only: %s", strerror(errno));
	reboot(req == REQ_REBOOT ? RB_AUTOBOOT : RB_POWER_OFF);
	init_log("reboot: %s", strerror(errno));
	for (;;)
		pause();
}
