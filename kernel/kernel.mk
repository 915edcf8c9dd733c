KERNEL_SRCS += boot/entry.asm kernel/x86/isr.asm \
	kernel/main.c kernel/x86/multiboot.c kernel/cmdline.c kernel/printk.c \
	kernel/x86/gdt.c kernel/x86/sysenter.c kernel/x86/ldt.c kernel/x86/idt.c kernel/x86/irq.c kernel/x86/trap.c kernel/extable.c \
	kernel/panic.c kernel/x86/pit.c kernel/x86/tsc.c kernel/x86/rtc.c \
	kernel/timeline.c kernel/ktest.c kernel/crash.c \
	kernel/init.c kernel/wait.c kernel/power.c kernel/uts.c kernel/mutex.c kernel/lockdep.c kernel/spinlock.c kernel/x86/fpu.c kernel/x86/fpu_sigframe.c kernel/timer.c \
	kernel/ktimer.c
KTEST_SRCS += tests/kernel/test_core.c tests/kernel/test_mutex.c tests/kernel/test_lockdep.c tests/kernel/test_fpu.c \
	tests/kernel/test_futex.c tests/kernel/test_ktimer.c
# The local APIC timer and the profiler (kernel/prof/prof.h).
KERNEL_SRCS += kernel/x86/lapic.c kernel/prof/log.c kernel/prof/unwind.c \
	kernel/prof/sample.c kernel/prof/control.c kernel/prof/events.c \
	kernel/prof/sysstat.c kernel/prof/memprof.c kernel/prof/dev.c \
	kernel/prof/boot.c
KTEST_SRCS += tests/kernel/test_prof.c
# The kernel log's records and their readers (kernel/logbuf.h, syslog.h).
KERNEL_SRCS += kernel/logbuf.c kernel/logfmt.c kernel/syslog.c \
	kernel/syscall/sys_syslog.c
KTEST_SRCS += tests/kernel/test_log.c
