/*
 * uts.c: the system's names (see uts.h).  They change rarely and are
 * read whole: preemption off around each copy (one CPU) keeps a reader
 * from seeing half of a new name.
 */
#include "kernel/uts.h"
#include "lib/errno.h"
#include "kernel/sched/task.h"
#include "lib/string.h"

static struct utsname uts = {
	.sysname = "Maestro", .nodename = "maestro",
	.release = LINUX_ABI_RELEASE, .version = "#1 maestro " MAESTRO_VERSION,
	.machine = "i686", .domainname = "(none)",
};

void uts_get(struct utsname *out)
{
	preempt_disable();
	*out = uts;
	preempt_enable();
}

int uts_set(enum uts_name which, const char *name, size_t len)
{
	char *field = which == UTS_HOSTNAME ? uts.nodename : uts.domainname;
	char tmp[UTS_LEN + 1] = { 0 };

	if (len > UTS_LEN)
		return -EINVAL;
	memcpy(tmp, name, len);
	preempt_disable();
	memcpy(field, tmp, sizeof(tmp));
	preempt_enable();
	return 0;
}
