/*
 * proc_true.c: the tiny static program proc_bench.c's fork+exec+wait
 * benchmark executes: musl's start-up, then exit status 0.
 */
int main(void)
{
	return 0;
}
