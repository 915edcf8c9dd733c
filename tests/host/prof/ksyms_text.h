/*
 * ksyms_text.h: the kernel symbol table the profiler's host tests
 * decode with, in nm -n / kallsyms format.
 */
#ifndef TESTS_HOST_PROF_KSYMS_TEXT_H
#define TESTS_HOST_PROF_KSYMS_TEXT_H

#define TEST_KSYMS							\
	"c0100000 T kernel_start\n"					\
	"c0101000 T schedule\n"						\
	"c0101100 t idle_loop\n"					\
	"c0102000 T syscall_entry\n"					\
	"c0102100 T sys_read\n"						\
	"c0102200 T do_read\n"						\
	"c0103000 D some_data\n"

#endif
