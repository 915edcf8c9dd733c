/*
 * shm.c: System V shared memory (shmget, shmat, shmdt, shmctl), as
 * Linux's with its default limits.
 *
 * A segment's memory is shared anonymous memory (mm/vm/shmem.c): the
 * segment holds one reference, every VMA attaching it another (fork's
 * copies and the pieces of a split one included), so shm_nattch is the
 * object's count of mappers, and pages nobody touched yet are still one
 * for all.  The object tells the segment when a VMA goes (detach, exit,
 * munmap): that updates shm_dtime and shm_lpid, and ends a segment that
 * IPC_RMID marked SHM_DEST once nothing maps it.  While shmat maps a
 * segment without the lock, the segment is pinned so that IPC_RMID
 * cannot end it meanwhile.
 *
 * /proc/sysvipc/shm lists the segments in Linux's (32-bit) format.
 *
 * Lock order: the shm lock is never held while taking an mm lock; the
 * object's hook takes the shm lock inside an mm lock.
 *
 * Interface (kernel/ipc/ipc.h): ipc_shmget, ipc_shmat, ipc_shmdt,
 * ipc_shmctl.
 */
#include "kernel/ipc/util.h"
#include "lib/compiler.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "fs/procfs/procfs.h"
#include "kernel/proc/proc.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "mm/vm.h"

#define SHMMAX	(0xffffffffu - (1u << 24))
#define SHMMIN	1
#define SHMMNI	4096
#define SHMALL	SHMMAX
#define SHMLBA	PAGE_SIZE

struct shm_seg {
	struct ipc_obj obj;
	uint32_t size;
	struct vm_shmem *mem;
	uint32_t pins;			/* shmat calls mapping it now */
	uint32_t atime, dtime, ctime;
	int cpid, lpid;
};

struct shminfo64 {
	uint32_t shmmax, shmmin, shmmni, shmseg, shmall, unused[4];
};

struct shm_info {
	int32_t used_ids;
	uint32_t shm_tot, shm_rss, shm_swp, swap_attempts, swap_successes;
};

static struct ipc_ids shm_ids = IPC_IDS_INIT(shm_ids);
static uint32_t shm_total_pages;

static void shm_unmapped(int id);

static struct ipc_obj *shm_create(const void *arg)
{
	uint32_t size = *(const uint32_t *)arg;
	uint32_t npages = (uint32_t)((size + (uint64_t)PAGE_SIZE - 1) >> PAGE_SHIFT);
	struct shm_seg *seg;

	if (size < SHMMIN || size > SHMMAX)
		return ERR_PTR(-EINVAL);
	seg = kzalloc(sizeof(*seg));
	if (seg)
		seg->mem = shmem_create(npages);
	if (!seg || !seg->mem) {
		kfree(seg);
		return ERR_PTR(-ENOMEM);
	}
	seg->size = size;
	seg->ctime = ipc_now();
	seg->cpid = ipc_caller_pid();
	shm_total_pages += npages;
	return &seg->obj;
}

static int shm_check(struct ipc_obj *obj, const void *arg)
{
	return *(const uint32_t *)arg > ((struct shm_seg *)obj)->size ?
		-EINVAL : 0;
}

static const struct ipc_get_ops shm_get_ops = {
	.create = shm_create,
	.check = shm_check,
};

long ipc_shmget(int32_t key, uint32_t size, int flag)
{
	struct shm_seg *seg;
	long id = ipc_get(&shm_ids, key, flag, &shm_get_ops, &size);

	if (id < 0)
		return id;
	mutex_lock(&shm_ids.lock);
	seg = (struct shm_seg *)ipc_find(&shm_ids, (int)id);
	if (seg && seg->obj.key == key) {	/* not IPC_RMID'd meanwhile */
		shmem_on_unmapped(seg->mem, shm_unmapped, (int)id);
		shmem_set_sysv(seg->mem, (uint32_t)id, key);
	}
	mutex_unlock(&shm_ids.lock);
	return id;
}

static struct shm_seg *shm_find(int id)
{
	return (struct shm_seg *)ipc_find(&shm_ids, id);
}

/* Lock held: end seg if IPC_RMID asked for it and nothing maps it. */
static void shm_end_if_unused(struct shm_seg *seg)
{
	if (!(seg->obj.mode & SHM_DEST) || seg->pins ||
	    shmem_mappers(seg->mem))
		return;
	ipc_del(&shm_ids, &seg->obj);
	shm_total_pages -= shmem_npages(seg->mem);
	shmem_put(seg->mem);
	kfree(seg);
}

/* The memory's hook: a VMA of segment id went. */
static void shm_unmapped(int id)
{
	struct shm_seg *seg;

	mutex_lock(&shm_ids.lock);
	seg = shm_find(id);
	if (seg) {
		seg->dtime = ipc_now();
		seg->lpid = ipc_caller_pid();
		shm_end_if_unused(seg);
	}
	mutex_unlock(&shm_ids.lock);
}

/* Where shmat maps: *where (0: anywhere) and the mmap flags; 0 or
 * -EINVAL. */
static int shm_where(uintptr_t uaddr, int flag, uintptr_t *where,
		     uint32_t *mflags)
{
	*mflags = flag & SHM_REMAP ? MAP_FIXED : MAP_FIXED_NOREPLACE;
	if (!uaddr) {
		*mflags = 0;
		*where = 0;
		return flag & SHM_REMAP ? -EINVAL : 0;
	}
	if (uaddr & (SHMLBA - 1)) {
		if (!(flag & SHM_RND))
			return -EINVAL;
		uaddr &= ~(uintptr_t)(SHMLBA - 1);
	}
	*where = uaddr;
	return 0;
}

/* Pin segment id for an attach with access acc: its memory and size;
 * 0, -EINVAL or -EACCES. */
static int shm_pin(int id, int acc, struct vm_shmem **mem, uint32_t *size)
{
	struct shm_seg *seg;
	int ret = 0;

	mutex_lock(&shm_ids.lock);
	seg = shm_find(id);
	if (!seg) {
		ret = -EINVAL;
	} else if (!ipc_allowed(&seg->obj, acc)) {
		ret = -EACCES;
	} else {
		seg->pins++;
		*mem = seg->mem;
		*size = seg->size;
	}
	mutex_unlock(&shm_ids.lock);
	return ret;
}

static void shm_unpin(int id, bool attached)
{
	struct shm_seg *seg;

	mutex_lock(&shm_ids.lock);
	seg = shm_find(id);
	if (seg) {
		seg->pins--;
		if (attached) {
			seg->atime = ipc_now();
			seg->lpid = ipc_caller_pid();
		}
		shm_end_if_unused(seg);
	}
	mutex_unlock(&shm_ids.lock);
}

long ipc_shmat(int id, uintptr_t uaddr, int flag, uintptr_t *addr)
{
	uint32_t prot = PROT_READ, mflags;
	int acc = flag & SHM_RDONLY ? 0444 : 0666;
	struct mm *mm = proc_current()->mm;
	struct vm_shmem *mem;
	uint32_t size;
	int err;

	err = id < 0 ? -EINVAL : shm_where(uaddr, flag, addr, &mflags);
	if (err)
		return err;
	if (!(flag & SHM_RDONLY))
		prot |= PROT_WRITE;
	if (flag & SHM_EXEC) {
		prot |= PROT_EXEC;
		acc |= 0111;
	}
	err = shm_pin(id, acc, &mem, &size);
	if (err)
		return err;
	mm_lock(mm);
	err = vm_map_shmem(mm, addr, (size_t)size, prot, mflags, mem);
	mm_unlock(mm);
	shm_unpin(id, err == 0);
	return err == -EEXIST ? -EINVAL : err;
}

long ipc_shmdt(uintptr_t uaddr)
{
	struct mm *mm = proc_current()->mm;
	long err;

	if (uaddr & (PAGE_SIZE - 1))
		return -EINVAL;
	mm_lock(mm);
	err = vm_shmdt(mm, uaddr);
	mm_unlock(mm);
	return err;
}

static long shm_info(int cmd, uintptr_t ubuf)
{
	struct shminfo64 info = {
		.shmmax = SHMMAX, .shmmin = SHMMIN, .shmmni = SHMMNI,
		.shmseg = SHMMNI, .shmall = SHMALL,
	};
	struct shm_info usage = { 0 };
	long ret;

	mutex_lock(&shm_ids.lock);
	usage.used_ids = (int32_t)shm_ids.count;
	usage.shm_tot = usage.shm_rss = shm_total_pages;
	ret = ipc_max_index(&shm_ids);
	mutex_unlock(&shm_ids.lock);
	if (cmd == SHM_INFO)
		return copy_to_user((void *)ubuf, &usage, sizeof(usage)) ?
			-EFAULT : ret;
	return copy_to_user((void *)ubuf, &info, sizeof(info)) ? -EFAULT : ret;
}

static void shm_stat_fill(const struct shm_seg *seg, struct shmid64_ds *ds)
{
	*ds = (struct shmid64_ds){
		.shm_segsz = seg->size, .shm_atime = seg->atime,
		.shm_dtime = seg->dtime, .shm_ctime = seg->ctime,
		.shm_cpid = seg->cpid, .shm_lpid = seg->lpid,
		.shm_nattch = shmem_mappers(seg->mem),
	};
	ipc_perm_out(&seg->obj, &ds->shm_perm);
}

/* IPC_STAT (0), or SHM_STAT and SHM_STAT_ANY (by index: the id). */
static long shm_stat(int id, int cmd, uintptr_t ubuf)
{
	struct shmid64_ds ds;
	struct ipc_obj *seg;
	long ret;

	mutex_lock(&shm_ids.lock);
	ret = ipc_stat_find(&shm_ids, id, cmd, SHM_STAT_ANY, &seg);
	if (ret >= 0)
		shm_stat_fill((struct shm_seg *)seg, &ds);
	mutex_unlock(&shm_ids.lock);
	if (ret >= 0 && copy_to_user((void *)ubuf, &ds, sizeof(ds)))
		ret = -EFAULT;
	return ret;
}

/* IPC_SET (ds from the user), IPC_RMID, SHM_LOCK, SHM_UNLOCK. */
static long shm_change(int id, int cmd, const struct shmid64_ds *ds)
{
	struct shm_seg *seg;
	long err;

	mutex_lock(&shm_ids.lock);
	seg = shm_find(id);
	err = seg ? ipc_may_change(&seg->obj) : -EINVAL;
	if (err)
		goto out;
	if (cmd == IPC_SET) {
		ipc_perm_set(&seg->obj, &ds->shm_perm);
		seg->ctime = ipc_now();
	} else if (cmd == SHM_LOCK) {
		seg->obj.mode |= SHM_LOCKED;
	} else if (cmd == SHM_UNLOCK) {
		seg->obj.mode &= (uint16_t)~SHM_LOCKED;
	} else {
		seg->obj.mode |= SHM_DEST;
		seg->obj.key = IPC_PRIVATE;	/* no shmget finds it now */
		shm_end_if_unused(seg);
	}
out:
	mutex_unlock(&shm_ids.lock);
	return err;
}

long ipc_shmctl(int id, int cmd, uintptr_t ubuf)
{
	struct shmid64_ds ds;

	if (id < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SHM_INFO:
		return shm_info(cmd, ubuf);
	case IPC_STAT:
	case SHM_STAT:
	case SHM_STAT_ANY:
		return shm_stat(id, cmd, ubuf);
	case IPC_SET:
		if (copy_from_user(&ds, (void *)ubuf, sizeof(ds)))
			return -EFAULT;
		return shm_change(id, cmd, &ds);
	case IPC_RMID:
	case SHM_LOCK:
	case SHM_UNLOCK:
		return shm_change(id, cmd, NULL);
	default:
		return -EINVAL;
	}
}

static void shm_proc_row(struct ipc_obj *obj, struct procfs_buf *b)
{
	struct shm_seg *seg = (struct shm_seg *)obj;

	procfs_printf(b, "%10d %10d  %4o %10u %5d %5d  %5u %5u %5u %5u %5u "
		      "%10u %10u %10u %10u %10u\n", obj->key, obj->id,
		      obj->mode, seg->size, seg->cpid, seg->lpid,
		      shmem_mappers(seg->mem), obj->uid, obj->gid, obj->cuid,
		      obj->cgid, seg->atime, seg->dtime, seg->ctime,
		      shmem_resident(seg->mem) * PAGE_SIZE, 0u);
}

static void shm_proc_show(struct procfs_buf *b)
{
	ipc_proc_show(&shm_ids, b, "       key      shmid perms       size"
		      "  cpid  lpid nattch   uid   gid  cuid  cgid      atime"
		      "      dtime      ctime        rss       swap",
		      shm_proc_row);
}

static int shm_proc_init(void)
{
	return procfs_register("sysvipc/shm", shm_proc_show);
}
INITCALL(INIT_FS, shm_proc_init);
