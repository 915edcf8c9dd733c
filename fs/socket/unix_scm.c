/*
 * unix_scm.c: the control messages of AF_UNIX sockets: SCM_RIGHTS
 * (passing open files) and SCM_CREDENTIALS, in Linux's i386 layout
 * (struct cmsghdr: a 32-bit length, level, type, then the data, each
 * header 4-byte aligned).
 *
 * Sending: every message carries the sender's pid and real ids; an
 * SCM_CREDENTIALS message replaces them with others the sender may claim
 * (its own pid and any of its real, effective or saved ids; root may
 * claim any, but the pid must exist: -ESRCH), else -EPERM.  SCM_RIGHTS
 * takes a reference to each open file named (-EBADF), at most
 * SCM_MAX_FD in all (-EINVAL).  A header whose length leaves the buffer
 * or is shorter than a header, another SOL_SOCKET type, or credentials
 * of another size: -EINVAL.  Levels other than SOL_SOCKET are skipped.
 *
 * Receiving: SCM_CREDENTIALS first (with SO_PASSCRED), then SCM_RIGHTS
 * with as many new descriptors as fit (MSG_CMSG_CLOEXEC: close-on-exec);
 * those that do not fit are closed and MSG_CTRUNC is set, as when a
 * message does not fit at all.  Descriptors that no longer fit the
 * table are closed, also with MSG_CTRUNC.  Files passed in a message
 * still queued when its receiver closes are closed then; a socket sent
 * over itself (a cycle) is never freed: there is no garbage collector.
 *
 * Interface (unix.h): unix_scm_parse, unix_scm_put, unix_scm_release.
 */
#include "fs/socket/unix.h"
#include "fs/vfs.h"
#include "kernel/proc/proc.h"
#include "lib/string.h"
#include "mm/mm.h"

struct cmsghdr {
	uint32_t len;
	int32_t level, type;
};
_Static_assert(sizeof(struct cmsghdr) == 12, "i386 struct cmsghdr");

#define CMSG_ALIGN(n)	(((n) + 3) & ~(size_t)3)

/* May the caller claim c?  0, -EPERM or -ESRCH. */
static int scm_check_cred(const struct ucred *c)
{
	struct proc *p = proc_current();
	bool root = p->euid == 0;

	if (c->pid != p->pid && !root)
		return -EPERM;
	if (c->uid != p->uid && c->uid != p->euid && c->uid != p->suid &&
	    !root)
		return -EPERM;
	if (c->gid != p->gid && c->gid != p->egid && c->gid != p->sgid &&
	    !root)
		return -EPERM;
	return proc_find(c->pid) ? 0 : -ESRCH;
}

/* Add the files of an SCM_RIGHTS message's n descriptors to scm. */
static int scm_add_fds(struct unix_scm *scm, const int32_t *fd, size_t n)
{
	struct file **fds;

	if (!n)
		return 0;
	if (scm->nfds + n > SCM_MAX_FD)
		return -EINVAL;
	fds = kmalloc((scm->nfds + n) * sizeof(*fds));
	if (!fds)
		return -ENOMEM;
	memcpy(fds, scm->fds, scm->nfds * sizeof(*fds));
	kfree(scm->fds);
	scm->fds = fds;
	for (size_t i = 0; i < n; i++) {
		struct file *f = fd_get(fd[i]);

		if (!f)
			return -EBADF;
		fds[scm->nfds++] = file_ref_get(f);
	}
	return 0;
}

/* One SOL_SOCKET control message of len bytes of data. */
static int scm_parse_one(struct unix_scm *scm, const struct cmsghdr *h,
			 const void *data, size_t len)
{
	struct ucred c;
	int err;

	switch (h->type) {
	case SCM_RIGHTS:
		return scm_add_fds(scm, data, len / sizeof(int32_t));
	case SCM_CREDENTIALS:
		if (len != sizeof(c))
			return -EINVAL;
		memcpy(&c, data, sizeof(c));
		err = scm_check_cred(&c);
		if (!err)
			scm->cred = c;
		return err;
	default:
		return -EINVAL;
	}
}

int unix_scm_parse(const struct sock_msg *m, struct unix_scm *scm)
{
	size_t at = 0;
	int err = 0;

	memset(scm, 0, sizeof(*scm));
	unix_cred_current(&scm->cred, false);
	while (!err && m->controllen - at >= sizeof(struct cmsghdr)) {
		struct cmsghdr h;

		memcpy(&h, m->control + at, sizeof(h));
		if (h.len < sizeof(h) || h.len > m->controllen - at) {
			err = -EINVAL;
			break;
		}
		if (h.level == SOL_SOCKET)
			err = scm_parse_one(scm, &h, m->control + at + sizeof(h),
					    h.len - sizeof(h));
		at += CMSG_ALIGN(h.len);
		if (at > m->controllen)
			break;
	}
	if (err)
		unix_scm_release(scm);
	return err;
}

void unix_scm_release(struct unix_scm *scm)
{
	for (unsigned int i = 0; i < scm->nfds; i++)
		vfs_close(scm->fds[i]);
	kfree(scm->fds);
	scm->fds = NULL;
	scm->nfds = 0;
}

/* Room for a message of len data bytes at the end of m's control buffer
 * (MSG_CTRUNC when not all of it fits): the bytes of data that fit. */
static size_t scm_room(struct sock_msg *m, size_t len)
{
	size_t room = m->controllen - MIN(m->controllen, m->out_controllen);

	if (room < sizeof(struct cmsghdr) + len)
		m->out_flags |= MSG_CTRUNC;
	return room < sizeof(struct cmsghdr) ? 0 :
	       MIN(len, room - sizeof(struct cmsghdr));
}

/* Write a message of n data bytes into m's control buffer. */
static void scm_put(struct sock_msg *m, int type, const void *data, size_t n)
{
	struct cmsghdr h = { sizeof(h) + n, SOL_SOCKET, type };
	uint8_t *at = m->control + m->out_controllen;

	memcpy(at, &h, sizeof(h));
	memmove(at + sizeof(h), data, n);	/* data may be in place */
	m->out_controllen += MIN(CMSG_ALIGN(h.len),
				 m->controllen - m->out_controllen);
}

static void scm_put_fds(struct sock_msg *m, struct unix_scm *scm)
{
	size_t fit = scm_room(m, scm->nfds * sizeof(int32_t)) / sizeof(int32_t);
	int32_t *fds = (int32_t *)(m->control + m->out_controllen +
				   sizeof(struct cmsghdr));	/* if fit */
	size_t n = 0;

	for (unsigned int i = 0; i < scm->nfds; i++) {
		int fd = -1;

		if (i < fit)		/* fd_install closes it on failure */
			fd = fd_install(scm->fds[i], m->flags & MSG_CMSG_CLOEXEC);
		else
			vfs_close(scm->fds[i]);
		if (fd < 0) {
			m->out_flags |= MSG_CTRUNC;
			fit = 0;
		} else {
			fds[n++] = fd;
		}
	}
	if (n)
		scm_put(m, SCM_RIGHTS, fds, n * sizeof(int32_t));
	kfree(scm->fds);
	scm->fds = NULL;
	scm->nfds = 0;
}

void unix_scm_put(struct sock_msg *m, struct unix_scm *scm, bool passcred)
{
	if (passcred) {
		size_t n = scm_room(m, sizeof(scm->cred));

		if (n)
			scm_put(m, SCM_CREDENTIALS, &scm->cred, n);
	}
	if (scm->nfds)
		scm_put_fds(m, scm);
}
