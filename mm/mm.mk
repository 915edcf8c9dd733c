# mm/: physical frames, page tables, kernel heap; tests/kernel/test_mm_*.c.
KERNEL_SRCS += mm/pagecache.c mm/pagecache_block.c mm/writeback.c mm/init.c mm/buddy.c mm/pressure.c mm/paging.c mm/paging_init.c mm/kmap.c mm/kmalloc.c \
	mm/uaccess.c mm/vm/vma.c mm/vm/mm.c mm/vm/fault.c mm/vm/mmap.c \
	mm/vm/rmap.c mm/vm/filemap.c mm/vm/mremap.c mm/vm/advise.c \
	mm/vm/resolve.c mm/vm/special.c mm/vm/access.c mm/vm/shmem.c \
	mm/vm/limits.c mm/vm/pagemap.c mm/vm/mlock.c
KTEST_SRCS += tests/kernel/test_mm_buddy.c tests/kernel/test_mm_kmalloc.c \
	tests/kernel/test_mm_paging.c tests/kernel/test_vm.c tests/kernel/test_vm_nx.c \
	tests/kernel/test_vm_uaccess.c tests/kernel/test_vm_file.c \
	tests/kernel/test_vm_shmem.c
