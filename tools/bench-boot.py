#!/usr/bin/env python3
"""bench-boot.py: time from QEMU's start to the first bash prompt on the
serial line, for maestro and for Linux in the same QEMU (make bench-boot).

    bench-boot.py --runs N --kernel build/maestro.elf --rootfs build/rootfs.ext2
                  --iso maestro.iso --linux-kernel DIR/vmlinuz
                  --linux-initramfs build/bench/linux-boot.cpio

Each round boots, one after the other so that they never share the CPU:
  maestro   -kernel maestro.elf -initrd "rootfs.ext2 rootfs" (Multiboot
            straight from QEMU, as Linux below: no boot loader);
  Linux     -kernel vmlinuz -initrd linux-boot.cpio -append "console=ttyS0
            quiet": Debian's i386 kernel, whose initramfs holds maestro's
            init as /init, the same static bash and the same /etc/profile,
            so that both print the same prompt after the same steps (init
            mounts /proc and /dev, sets the hostname, runs /etc/rc, starts
            bash -l on tty1 and ttyS0);
  ISO       -cdrom maestro.iso: what a person sees, GRUB included.
All TCG, -m 128, -display none.  The clock starts before QEMU is started
and stops when "root@maestro:~# " arrives on the serial line.  At the
prompt the shell is asked for /proc/meminfo (bash's $(<file): no program
runs): MemTotal - MemFree is the memory in use, kernel and the two shells.
Prints one table of medians, with Linux's time over maestro's (the target
is at least 3), and the ISO's size.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "system"))
from machine import Machine, Timeout  # noqa: E402

PROMPT = r"root@maestro:~# $"
TIMEOUT = int(os.environ.get("BENCH_BOOT_TIMEOUT", "240"))


def boot_once(args):
    """(seconds to the prompt, KiB in use at the prompt) for one boot."""
    with Machine(args) as m:
        m.expect(PROMPT, TIMEOUT)
        took = m.elapsed()
        start = len(m.output)
        m.send("echo MEM $(</proc/meminfo)\n")
        found = m.expect(r"MEM MemTotal: (\d+) kB MemFree: (\d+) kB", 60, start)
        return took, int(found.group(1)) - int(found.group(2))


def run(opts):
    sides = {
        "maestro": ["-kernel", opts.kernel, "-initrd", opts.rootfs + " rootfs"],
        "Linux": ["-kernel", opts.linux_kernel, "-initrd", opts.linux_initramfs,
                  "-append", "console=ttyS0 quiet"],
        "ISO": ["-cdrom", opts.iso],
    }
    times = {k: [] for k in sides}
    mem = {k: [] for k in sides}
    for r in range(opts.runs):
        for name, args in sides.items():
            try:
                took, used = boot_once(args)
            except Timeout as e:
                sys.exit("bench-boot: %s: no prompt (%s)" % (name, e))
            times[name].append(took)
            mem[name].append(used)
            print("bench-boot: round %d %-8s %6.2f s, %6d KiB in use" %
                  (r + 1, name, took, used), flush=True)
    return times, mem


def table(times, mem, iso):
    med = {k: statistics.median(v) for k, v in times.items()}
    kib = {k: statistics.median(v) for k, v in mem.items()}
    runs = len(times["maestro"])
    print()
    print("Boot to the first bash prompt on the serial line: QEMU TCG, -m 128,")
    print("median of %d boots each (from QEMU's start to the prompt)." % runs)
    print("%-36s %9s %9s %9s" % ("", "maestro", "Linux", "Linux/"))
    print("%-36s %9s %9s %9s" % ("", "", "6.1", "maestro"))
    print("%-36s %8.2fs %8.2fs %8.1fx" % (
        "-kernel + -initrd, to the prompt", med["maestro"], med["Linux"],
        med["Linux"] / med["maestro"]))
    print("%-36s %8.2fs %9s" % ("maestro.iso (GRUB), to the prompt",
                                med["ISO"], "-"))
    print("%-36s %6.1f MiB %6.1f MiB %8.1fx" % (
        "memory in use at the prompt", kib["maestro"] / 1024,
        kib["Linux"] / 1024, kib["Linux"] / kib["maestro"]))
    print("%-36s %6.1f MiB" % ("size of maestro.iso",
                               os.path.getsize(iso) / 2**20))
    print("Memory in use: MemTotal - MemFree of /proc/meminfo, at the prompt "
          "(kernel,\npage cache, init and the shells).")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--rootfs", required=True)
    ap.add_argument("--iso", required=True)
    ap.add_argument("--linux-kernel", required=True)
    ap.add_argument("--linux-initramfs", required=True)
    opts = ap.parse_args()
    times, mem = run(opts)
    table(times, mem, opts.iso)


if __name__ == "__main__":
    main()
