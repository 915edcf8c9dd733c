/*
 * modtest_bad.c: a module whose init_module is data, not code: the loader
 * must refuse it (-ENOEXEC) instead of jumping into a non-executable page.
 */
#include "kernel/module.h"

int init_module = 42;

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("maestro's test module: an entry point that is data");
