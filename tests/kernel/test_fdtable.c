/*
 * test_fdtable.c: the size of a descriptor table (kernel/proc/share.c),
 * which select's bits past it ignore and /proc/<pid>/status shows as
 * FDSize: Linux i386's fdtable sizes, 32 slots, then the power of two
 * above the descriptor (as measured on Linux 6.1 i386: FDSize after a
 * dup2 to fd).
 */
#include "kernel/ktest.h"
#include "kernel/proc/proc.h"

KTEST(fdtable, linux_i386_sizes)
{
	static const struct { unsigned int fd, size; } cases[] = {
		{ 0, 32 }, { 31, 32 }, { 32, 64 }, { 40, 64 }, { 63, 64 },
		{ 64, 128 }, { 127, 128 }, { 128, 256 }, { 255, 256 },
		{ 256, 512 }, { 600, 1024 }, { 1023, 1024 }, { 1024, 2048 },
		{ 1048575, 1048576 },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++)
		KT_EXPECT_EQ(ctx, files_size_for(cases[i].fd), cases[i].size);
}
