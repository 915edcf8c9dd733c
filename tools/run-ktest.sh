#!/bin/sh
# run-ktest.sh KERNEL.elf [QEMU ARGS...]: boot the test kernel in QEMU
# (TCG) with the "ktest" switch and any extra QEMU arguments (disks,
# modules), show its serial console, and end with the tests'
# "N passed, N failed" line.  isa-debug-exit gives QEMU's exit status:
# 1 all passed, 3 some failed, 5 the kernel panicked; 124 is the timeout.
# KTEST=suite1,suite2 in the environment runs only those suites.
kernel=$1
shift
timeout=${KTEST_TIMEOUT:-300}
log=$(dirname "$kernel")/ktest-serial.log
accel="-accel tcg"
[ "${KVM:-0}" = 1 ] && accel="-enable-kvm -cpu host"

timeout --foreground "$timeout" qemu-system-i386 $accel -m 128 \
	-kernel "$kernel" -append "ktest${KTEST:+=$KTEST} kmalloc_debug lockdep loglevel=7" \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-display none -serial stdio -monitor none -no-reboot "$@" < /dev/null |
	tr -d '\r' | tee "$log"
summary=$(grep -E 'ktest: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 |
	sed -E 's/.*ktest: //')
if [ -z "$summary" ]; then
	echo "ktest: the test kernel did not finish (panic, hang or timeout)"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "$summary"
case "$summary" in
*" 0 failed") exit 0 ;;
*) exit 1 ;;
esac
