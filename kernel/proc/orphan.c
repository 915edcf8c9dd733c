/*
 * orphan.c: what happens to the children and the process group of a
 * process that ends (Linux's rules).
 *
 * Its children get their parent-death signal if they asked for one
 * (prctl PR_SET_PDEATHSIG) and a new parent: the nearest live ancestor
 * that asked to adopt orphans (prctl PR_SET_CHILD_SUBREAPER), else init
 * (pid 1) when that is a process.  The new parent hears of those that
 * have already ended (their exit signal, now SIGCHLD) and waits for the
 * others as for its own children.  Without either, as when maestro runs
 * programs as the kernel's children (the utest runner), nobody adopts
 * them: getppid gives 0, and each frees itself when it ends.
 *
 * POSIX orphaned process groups: a group is orphaned when none of its
 * members has a parent in another group of the same session (init does
 * not count).  When an end makes a group orphaned, and the group has a
 * stopped member, every member gets SIGHUP then SIGCONT, so that no job
 * stays stopped with nobody left to continue it.  Two groups are looked
 * at: each child's, if it is not the ending process's own (the ending
 * process may have been the link), and the ending process's own, if its
 * parent is in another group of the session (it may have been the link).
 *
 * Interface (proc.h): proc_orphan_children, proc_orphan_own_group.  Both
 * run with preemption off, from proc_end.
 */
#include "kernel/proc/proc.h"
#include "kernel/sched/task.h"

/* The nearest ancestor of p that asked to adopt orphans (prctl
 * PR_SET_CHILD_SUBREAPER) and is alive, else init when it is a live
 * process other than p, else NULL. */
static struct proc *find_reaper(struct proc *p)
{
	struct proc *init;

	for (struct proc *a = p->parent; a; a = a->parent)
		if (a->child_subreaper && !a->zombie)
			return a;
	init = proc_find(1);
	return init && init != p && !init->zombie ? init : NULL;
}

struct pgrp_scan {
	int pgid;
	const struct proc *ignore;	/* ending: not a link any more */
};

/* 1 when p, a member of the group, links it to another group of its
 * session through its parent. */
static int links_group(struct proc *p, void *arg)
{
	struct pgrp_scan *s = arg;
	struct proc *parent = p->parent;

	if (p->pgid != s->pgid || p == s->ignore || !parent ||
	    parent->pid == 1)
		return 0;
	return parent->pgid != s->pgid && parent->sid == p->sid;
}

static int stopped_member(struct proc *p, void *arg)
{
	return p->pgid == ((struct pgrp_scan *)arg)->pgid && p->stopped;
}

static int hup_member(struct proc *p, void *arg)
{
	if (p->pgid != ((struct pgrp_scan *)arg)->pgid)
		return 0;
	signal_send(p, SIGHUP, NULL);
	signal_send(p, SIGCONT, NULL);
	return 1;
}

/*
 * member's group loses outside, a process in another group that may have
 * been its link (the ending process, or its parent); ignore is a member
 * that no longer counts, or NULL.  When the group is left orphaned with a
 * stopped member, every member gets SIGHUP and SIGCONT.
 */
static void pgrp_check_orphaned(struct proc *member, struct proc *outside,
				const struct proc *ignore)
{
	struct pgrp_scan s = { .pgid = member->pgid, .ignore = ignore };

	if (!outside || outside->pgid == s.pgid || outside->sid != member->sid)
		return;
	if (proc_for_each(links_group, &s) || !proc_for_each(stopped_member, &s))
		return;
	proc_for_each(hup_member, &s);
}

/* The children of p, which is ending, go to their new parent (or to
 * nobody); each child's group is checked as the child leaves p. */
void proc_orphan_children(struct proc *p)
{
	struct proc *c, *tmp, *reaper = find_reaper(p);

	list_for_each_entry_safe(c, tmp, &p->children, sibling) {
		list_del(&c->sibling);
		list_init(&c->sibling);
		if (c->pdeath_sig && !c->zombie)
			signal_send_user(c, NULL, c->pdeath_sig, SI_USER);
		c->parent = reaper;
		if (reaper) {
			c->exit_signal = SIGCHLD;
			list_add_tail(&c->sibling, &reaper->children);
			if (c->zombie)
				proc_notify_parent(c);
		} else {
			c->orphan = true;
		}
		if (c->zombie && c->orphan)
			proc_free(c);
		else if (!c->zombie)
			pgrp_check_orphaned(c, p, NULL);
	}
}

/* p ends: its own group may have had it as its link to the session. */
void proc_orphan_own_group(struct proc *p)
{
	pgrp_check_orphaned(p, p->parent, p);
}
