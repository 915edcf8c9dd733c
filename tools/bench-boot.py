#!/usr/bin/env python3
"""bench-boot.py: time from QEMU's start to the first bash prompt on the
serial line, for maestro and for Linux in the same QEMU (make bench-boot).

    bench-boot.py --runs N --kernel build/maestro.elf
                  --module "build/rootfs-trim.ext2 rootfs size=KIB"
                  --iso maestro.iso --iso-kernel build/iso/boot/maestro.elf
                  --floor-iso build/bench/floor.iso
                  --linux-kernel DIR/vmlinuz
                  --linux-initramfs build/bench/linux-boot.cpio

Each round boots, one after the other so that they never share the CPU:
  maestro   -kernel maestro.elf -initrd MODULE (Multiboot straight from
            QEMU, as Linux below: no boot loader; the ISO's root module);
  Linux     -kernel vmlinuz -initrd linux-boot.cpio -append "console=ttyS0
            quiet": Debian's i386 kernel, whose initramfs holds maestro's
            init as /init, the same static bash and the same /etc/profile,
            so that both print the same prompt after the same steps (init
            mounts /proc and /dev, sets the hostname, runs /etc/rc, starts
            bash -l on tty1 and ttyS0);
  ISO       -cdrom maestro.iso: what a person sees, GRUB included; besides
            the prompt, the arrival of the kernel's first line (what the
            firmware and GRUB took) and of "kernel ready" are noted;
  floor     -cdrom floor.iso: the same GRUB and menu booting an empty
            Multiboot kernel that prints a line and powers off
            (tests/bench/boot_floor.S): what firmware and GRUB cost
            before any kernel runs.
All TCG, -m 128, -display none.  The clock starts before QEMU is started
and stops when "root@maestro:~# " arrives on the serial line.  At the
prompt the shell is asked for /proc/meminfo (bash's $(<file): no program
runs): MemTotal - MemFree is the memory in use, kernel and the two shells.
Prints one table of medians: Linux's time over maestro's, the ISO's over
the floor's (issue 14's goal: at most 2), the kernel's own "kernel ready"
time (goal: under 50 ms) and the prompt's delay after that line (goal:
under 150 ms), and the sizes of the ISO and of what GRUB loads.
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
FIRST_LINE = r"\] maestro \S+ \(i686\) booting"
READY = r"maestro: kernel ready in ([\d.]+) ms"
FLOOR = r"boot floor: kernel entered"
TIMEOUT = int(os.environ.get("BENCH_BOOT_TIMEOUT", "240"))


def boot_once(args, maestro=True):
    """One boot to the prompt: {"prompt": seconds, "kib": in use at the
    prompt, and for maestro, when its kernel prints them: "first" (its
    first line, seconds), "ready" (the "kernel ready" line, seconds),
    "ready_ms" (the kernel's own figure)}."""
    with Machine(args) as m:
        r = {}
        if maestro:
            m.expect(FIRST_LINE, TIMEOUT)
            r["first"] = m.elapsed()
            r["ready_ms"] = float(m.expect(READY, TIMEOUT).group(1))
            r["ready"] = m.elapsed()
        m.expect(PROMPT, TIMEOUT)
        r["prompt"] = m.elapsed()
        start = len(m.output)
        m.send("echo MEM $(</proc/meminfo)\n")
        found = m.expect(r"MEM MemTotal: (\d+) kB MemFree: (\d+) kB", 60, start)
        r["kib"] = int(found.group(1)) - int(found.group(2))
        return r


def floor_once(args):
    """Seconds from QEMU's start to the floor kernel's line."""
    with Machine(args) as m:
        m.expect(FLOOR, TIMEOUT)
        return {"prompt": m.elapsed()}


def run(opts):
    sides = {
        "maestro": (boot_once, ["-kernel", opts.kernel, "-initrd", opts.module]),
        "Linux": (lambda args: boot_once(args, maestro=False),
                  ["-kernel", opts.linux_kernel, "-initrd",
                   opts.linux_initramfs, "-append", "console=ttyS0 quiet"]),
        "ISO": (boot_once, ["-cdrom", opts.iso]),
        "floor": (floor_once, ["-cdrom", opts.floor_iso]),
    }
    runs = {k: [] for k in sides}
    for r in range(opts.runs):
        for name, (boot, args) in sides.items():
            try:
                got = boot(args)
            except Timeout as e:
                sys.exit("bench-boot: %s: no prompt (%s)" % (name, e))
            runs[name].append(got)
            print("bench-boot: round %d %-8s %6.2f s%s" % (
                r + 1, name, got["prompt"],
                ", %6d KiB in use" % got["kib"] if "kib" in got else ""),
                flush=True)
    return runs


def median(runs, side, key):
    return statistics.median(r[key] for r in runs[side])


def table(runs, opts):
    m = lambda side, key: median(runs, side, key)  # noqa: E731
    print()
    print("Boot to the first bash prompt on the serial line: QEMU TCG, -m 128,")
    print("median of %d boots each (from QEMU's start)." % len(runs["maestro"]))
    print("%-44s %9s %9s %9s" % ("", "maestro", "Linux", "Linux/"))
    print("%-44s %9s %9s %9s" % ("", "", "6.1", "maestro"))
    print("%-44s %8.2fs %8.2fs %8.1fx" % (
        "-kernel + -initrd, to the prompt", m("maestro", "prompt"),
        m("Linux", "prompt"), m("Linux", "prompt") / m("maestro", "prompt")))
    print("%-44s %6.1f MiB %6.1f MiB %8.1fx" % (
        "memory in use at the prompt", m("maestro", "kib") / 1024,
        m("Linux", "kib") / 1024, m("Linux", "kib") / m("maestro", "kib")))
    iso, floor = m("ISO", "prompt"), m("floor", "prompt")
    print()
    print("maestro.iso (GRUB), from QEMU's start:")
    print("  %-42s %8.2fs" % ("GRUB floor: an empty kernel's first line", floor))
    print("  %-42s %8.2fs" % ("maestro's first line (firmware, GRUB, load)",
                              m("ISO", "first")))
    print("  %-42s %8.2fs" % ('"kernel ready"', m("ISO", "ready")))
    print("  %-42s %8.2fs" % ("the prompt", iso))
    print("  %-42s %8.2fx  (goal: <= 2)" % ("ISO to prompt over the floor",
                                            iso / floor))
    print("  %-42s %7.0fms  (goal: < 50)" % (
        "kernel ready, the kernel's own clock", m("ISO", "ready_ms")))
    print("  %-42s %7.0fms  (goal: < 150)" % (
        "the prompt after kernel ready",
        1000 * statistics.median(r["prompt"] - r["ready"] for r in runs["ISO"])))
    print("  %-42s %6.1f MiB" % ("size of maestro.iso",
                                 os.path.getsize(opts.iso) / 2**20))
    print("  %-42s %6.2f + %.2f MiB" % (
        "what GRUB loads: kernel + root module",
        os.path.getsize(opts.iso_kernel) / 2**20,
        os.path.getsize(opts.module.split()[0]) / 2**20))
    print("Memory in use: MemTotal - MemFree of /proc/meminfo, at the prompt "
          "(kernel,\npage cache, init and the shells).")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--iso", required=True)
    ap.add_argument("--floor-iso", required=True)
    ap.add_argument("--iso-kernel", required=True)
    ap.add_argument("--linux-kernel", required=True)
    ap.add_argument("--linux-initramfs", required=True)
    opts = ap.parse_args()
    table(run(opts), opts)


if __name__ == "__main__":
    main()
