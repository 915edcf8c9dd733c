/*
 * prog.c: a small i386 program whose functions the profiler's host
 * tests name (test_elf.c), built unstripped, stripped and static-PIE
 * by userland/profile/profile.mk.  It is never run.
 */
__attribute__((noipa)) int prof_leaf(int x);
__attribute__((noipa)) int prof_middle(int x);

__attribute__((noipa)) int prof_leaf(int x)
{
	return x * 3 + 1;
}

__attribute__((noipa)) int prof_middle(int x)
{
	return prof_leaf(x) + prof_leaf(x + 1);
}

int main(int argc, char **argv)
{
	(void)argv;
	return prof_middle(argc) & 1;
}
