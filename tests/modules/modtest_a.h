/*
 * modtest_a.h: what the test module modtest_a exports (modtest_b uses it).
 */
#ifndef TESTS_MODULES_MODTEST_A_H
#define TESTS_MODULES_MODTEST_A_H

extern unsigned int modtest_a_calls;
int modtest_a_add(int x);

#endif
