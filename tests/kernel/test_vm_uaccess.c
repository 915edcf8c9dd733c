/*
 * test_vm_uaccess.c: in-kernel tests of the user-copy functions.
 *
 * Copies into an anonymous mapping fault its pages in (zero-filled), data
 * comes back intact; unmapped, kernel and straddling ranges give -EFAULT
 * without a panic; string copies follow Linux's strncpy_from_user;
 * get_user/put_user of every size; clear_user; a read-only mapping refuses
 * copy_to_user.
 */
#include "tests/kernel/vm_test.h"
#include "lib/string.h"

static int uaccess_kernel_word = 42;

static void demand_zero_body(struct ktest_ctx *ctx, struct mm *mm)
{
	static char buf[5000], back[5000];
	uintptr_t a = 0;
	unsigned int i;
	char z[100];

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 3 * PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 0);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7 + 1);
	KT_ASSERT_EQ(ctx, copy_to_user((char *)a + 100, buf, sizeof(buf)), 0);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 2);
	KT_ASSERT_EQ(ctx, copy_from_user(back, (char *)a + 100, sizeof(back)), 0);
	KT_EXPECT(ctx, memcmp(buf, back, sizeof(buf)) == 0);
	memset(z, 1, sizeof(z));
	KT_ASSERT_EQ(ctx, copy_from_user(z, (char *)a, sizeof(z)), 0);
	for (i = 0; i < sizeof(z); i++)
		KT_ASSERT_EQ(ctx, z[i], 0);
	/* Reading the untouched third page maps a zero page too. */
	KT_ASSERT_EQ(ctx, copy_from_user(z, (char *)a + 2 * PAGE_SIZE + 50, 10), 0);
	KT_EXPECT_EQ(ctx, z[9], 0);
	KT_EXPECT_EQ(ctx, mm_rss(mm), 3);
}

KTEST(vm_uaccess, demand_zero_copy)
{
	VMT_RUN(ctx, demand_zero_body);
}

static void efault_body(struct ktest_ctx *ctx, struct mm *mm)
{
	char buf[64];
	uintptr_t a = 0;

	KT_EXPECT_EQ(ctx, copy_from_user(buf, (void *)0x20000000, 8), -EFAULT);
	KT_EXPECT_EQ(ctx, copy_to_user((void *)0x20000000, buf, 8), -EFAULT);
	KT_EXPECT_EQ(ctx, copy_from_user(buf, NULL, 4), -EFAULT);
	KT_EXPECT_EQ(ctx, copy_from_user(buf, &uaccess_kernel_word, 4), -EFAULT);
	KT_EXPECT_EQ(ctx, copy_to_user(&uaccess_kernel_word, buf, 4), -EFAULT);
	KT_EXPECT_EQ(ctx, uaccess_kernel_word, 42);
	KT_EXPECT_EQ(ctx, copy_from_user(buf, (void *)(KERNEL_BASE - 4), 8),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, copy_from_user(buf, (void *)0x1000, 0xFFFFFFF0u),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, (void *)0x20000000, 10), -EFAULT);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, (void *)KERNEL_BASE, 10), -EFAULT);
	KT_EXPECT_EQ(ctx, clear_user((void *)0x20000000, 10), -EFAULT);
	/* A copy running off the end of a mapping stops with -EFAULT. */
	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT(ctx, vma_find(mm, a + PAGE_SIZE) == NULL);
	KT_EXPECT_EQ(ctx, copy_to_user((char *)a + PAGE_SIZE - 8, buf, 16),
		     -EFAULT);
	KT_EXPECT_EQ(ctx, copy_to_user((char *)a + PAGE_SIZE - 16, buf, 16), 0);
}

KTEST(vm_uaccess, efault)
{
	char buf[8];

	VMT_RUN(ctx, efault_body);
	/* The kernel's own directory: no address space, still no panic. */
	KT_ASSERT(ctx, vm_current == NULL);
	KT_EXPECT_EQ(ctx, copy_from_user(buf, (void *)0x20000000, 4), -EFAULT);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)0x20000000), -EFAULT);
}

static void strings_body(struct ktest_ctx *ctx, struct mm *mm)
{
	static const char s[] = "hello, user";
	char buf[32];
	uintptr_t a = 0;
	char *u;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	u = (char *)a + PAGE_SIZE - sizeof(s);	/* NUL is the last byte */
	KT_ASSERT_EQ(ctx, copy_to_user(u, s, sizeof(s)), 0);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, u, sizeof(buf)), 11);
	KT_EXPECT(ctx, strcmp(buf, s) == 0);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, u, 11), 11);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, u, 5), 5);
	KT_EXPECT(ctx, memcmp(buf, "hello", 5) == 0);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, u, 0), 0);
	KT_EXPECT_EQ(ctx, strcpy_from_user(buf, u, sizeof(buf)), 11);
	KT_EXPECT_EQ(ctx, strcpy_from_user(buf, u, 12), 11);
	KT_EXPECT_EQ(ctx, strcpy_from_user(buf, u, 11), -ENAMETOOLONG);
	KT_EXPECT_EQ(ctx, buf[10], '\0');
	/* Without its NUL the string runs into unmapped memory. */
	KT_ASSERT_EQ(ctx, put_user('x', u + sizeof(s) - 1), 0);
	KT_EXPECT_EQ(ctx, strncpy_from_user(buf, u, sizeof(buf)), -EFAULT);
}

KTEST(vm_uaccess, strings)
{
	VMT_RUN(ctx, strings_body);
}

static void get_put_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0;
	uint8_t b = 0;
	uint16_t h = 0;
	uint32_t w = 0;
	uint32_t *up;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 2 * PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	up = (uint32_t *)(a + PAGE_SIZE - 2);	/* straddles two pages */
	KT_EXPECT_EQ(ctx, put_user(0xdeadbeefu, up), 0);
	KT_EXPECT_EQ(ctx, get_user(w, up), 0);
	KT_EXPECT_EQ(ctx, w, 0xdeadbeefu);
	KT_EXPECT_EQ(ctx, put_user((uint16_t)0x1234, (uint16_t *)a), 0);
	KT_EXPECT_EQ(ctx, get_user(h, (uint16_t *)a), 0);
	KT_EXPECT_EQ(ctx, h, 0x1234);
	KT_EXPECT_EQ(ctx, put_user((uint8_t)0xab, (uint8_t *)a + 5), 0);
	KT_EXPECT_EQ(ctx, get_user(b, (uint8_t *)a + 5), 0);
	KT_EXPECT_EQ(ctx, b, 0xab);
	w = 7;
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)0x30000000), -EFAULT);
	KT_EXPECT_EQ(ctx, w, 0);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)0x30000000), -EFAULT);
	KT_EXPECT_EQ(ctx, put_user(1u, (uint32_t *)(KERNEL_BASE - 2)), -EFAULT);
	KT_EXPECT_EQ(ctx, clear_user((void *)(a + 3), 2 * PAGE_SIZE - 3), 0);
	KT_EXPECT_EQ(ctx, get_user(w, up), 0);
	KT_EXPECT_EQ(ctx, w, 0);
	KT_EXPECT_EQ(ctx, get_user(h, (uint16_t *)a), 0);
	KT_EXPECT_EQ(ctx, h, 0x1234);
}

KTEST(vm_uaccess, get_put_clear)
{
	VMT_RUN(ctx, get_put_body);
}

static void readonly_body(struct ktest_ctx *ctx, struct mm *mm)
{
	uintptr_t a = 0;
	uint32_t w = 0;

	KT_ASSERT_EQ(ctx, vm_mmap(mm, &a, 3 * PAGE_SIZE, VMT_RW, VMT_ANON), 0);
	KT_ASSERT_EQ(ctx, put_user(5u, (uint32_t *)(a + PAGE_SIZE)), 0);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, a + PAGE_SIZE, PAGE_SIZE, PROT_READ), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 3);
	KT_EXPECT_EQ(ctx, put_user(6u, (uint32_t *)(a + PAGE_SIZE)), -EFAULT);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(a + PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, w, 5);
	/* A read-only page not yet touched reads as zero, refuses writes. */
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, a, PAGE_SIZE, PROT_READ), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 2);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)a), 0);
	KT_EXPECT_EQ(ctx, put_user(6u, (uint32_t *)a), -EFAULT);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, a, 2 * PAGE_SIZE, PROT_NONE), 0);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(a + PAGE_SIZE)), -EFAULT);
	KT_ASSERT_EQ(ctx, vm_mprotect(mm, a, 2 * PAGE_SIZE, VMT_RW), 0);
	KT_EXPECT_EQ(ctx, mm->nr_vmas, 1);
	KT_EXPECT_EQ(ctx, get_user(w, (uint32_t *)(a + PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, w, 5);
	KT_EXPECT_EQ(ctx, put_user(6u, (uint32_t *)(a + PAGE_SIZE)), 0);
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, a, 4 * PAGE_SIZE, PROT_READ), -ENOMEM);
	KT_EXPECT_EQ(ctx, vm_mprotect(mm, a + 1, PAGE_SIZE, PROT_READ), -EINVAL);
}

KTEST(vm_uaccess, mprotect_readonly)
{
	VMT_RUN(ctx, readonly_body);
}
