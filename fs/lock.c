/*
 * lock.c: the VFS lock (see internal.h).
 */
#include "fs/internal.h"
#include "kernel/mutex.h"

static struct mutex vfs_mutex = MUTEX_INIT(vfs_mutex);

void vfs_lock(void)
{
	mutex_lock(&vfs_mutex);
}

void vfs_unlock(void)
{
	mutex_unlock(&vfs_mutex);
}

bool vfs_trylock(void)
{
	return mutex_trylock(&vfs_mutex);
}

bool vfs_lock_outermost(void)
{
	return mutex_held(&vfs_mutex) && vfs_mutex.depth == 1;
}

bool vfs_lock_held(void)
{
	return mutex_held(&vfs_mutex);
}
