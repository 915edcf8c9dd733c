#!/usr/bin/env python3
"""run.py: maestro's system tests.

Boots the real maestro.iso (and, for options GRUB's menu cannot pass, the
kernel image directly) in QEMU under TCG, reads the serial console and
checks what a person would see.  One line per test, then
"N passed, N failed"; exit status 1 when a test failed.

    tests/system/run.py [--iso maestro.iso] [--kernel build/maestro.elf]
                        [-k NAME_SUBSTRING] [-v]
"""

import argparse
import os
import re
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import machine  # noqa: E402
from machine import LockdepReport, Machine, Timeout, ram_root, test_image, test_tree  # noqa: E402
import faults  # noqa: E402
import locking  # noqa: E402
import init  # noqa: E402
import memory  # noqa: E402
import proc_resource  # noqa: E402
import profiler  # noqa: E402
import randomness  # noqa: E402
import session  # noqa: E402
import shell  # noqa: E402
import storage  # noqa: E402
import sysfs  # noqa: E402
import modules  # noqa: E402
import terminal  # noqa: E402
import userprogs  # noqa: E402
import vgaconsole  # noqa: E402

BOOT_TIMEOUT = int(os.environ.get("BOOT_TIMEOUT", "180"))
WORKLOAD_TIMEOUT = 600
CORPUS_TIMEOUT = 600
READY = r"maestro: kernel ready in ([0-9.]+) ms"
BAD = re.compile(r"panic|System halted|Call trace|unknown option")

TESTS = []


def system_test(fn):
    TESTS.append(fn)
    return fn


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def boot_clean(args, **kw):
    """Boot, wait for the kernel to be ready and idle, check nothing went
    wrong, and return the machine's output and the host-side boot time."""
    with Machine(args, **kw) as m:
        m.expect(r"maestro \S+ \(i686\) booting", BOOT_TIMEOUT)
        banner_at = m.elapsed()
        ready = m.expect(READY, BOOT_TIMEOUT)
        ready_at = m.elapsed()
        # The kernel idles, or runs init, which starts the shells.
        m.expect(r"maestro: idle|proc: starting /sbin/init", 30)
        m.settle(1)
        check(m.running(), "QEMU stopped while the kernel should idle")
        bad = BAD.search(m.output)
        check(not bad, "unexpected %r in the boot log" % (bad and bad.group(0)))
        return m.output, banner_at, ready_at, float(ready.group(1))


def iso_boot(opts, args, **kw):
    out, banner_at, ready_at, kernel_ms = boot_clean(args, **kw)
    check("boot loader: GRUB" in out, "not booted by GRUB")
    check(re.search(r"mm: \d+ KiB of RAM found", out), "no memory report")
    check(re.search(r"boot: memory +[0-9.]+ ms", out), "no boot timeline")
    # The ISO carries the root image's used start; the module string gives
    # the whole size, which /dev/ram0 takes (drivers/block/ramdisk.c).
    mod = re.search(r"module 0: 'rootfs size=(\d+)', (\d+) KiB", out)
    check(mod, "GRUB did not load rootfs.ext2 with its size")
    check(int(mod.group(2)) < int(mod.group(1)),
          "the ISO's root module is the whole image, not its used start")
    ram = re.search(r"block: ram0: (\d+) sectors", out)
    check(ram and int(ram.group(1)) == 2 * int(mod.group(1)),
          "/dev/ram0 is not the size the module string gives")
    check("vfs: mounted /dev/ram0 on /" in out, "the root was not mounted")
    return "GRUB to banner %.1fs, to ready %.1fs, kernel %.1f ms" % (
        banner_at, ready_at, kernel_ms)


@system_test
def iso_cdrom(opts):
    return iso_boot(opts, ["-cdrom", opts.iso])


@system_test
def ata_empty_channel(opts):
    """An IDE channel without drives (the primary one when QEMU has only a
    CD) is found empty at once: its registers do not keep what is written
    (Linux's ata_devchk), so no IDENTIFY goes to it, and the probe does not
    wait out IDENTIFY's retries (15 ms).  loglevel=8 shows the debug line
    an IDENTIFY there would log."""
    with ram_root(opts, "console=ttyS0 loglevel=8 init=/bin/true "
                  "shutdown=poweroff",
                  drive="file=%s,if=ide,index=2,media=cdrom" % opts.iso) as m:
        m.expect(r"ata: \d+ drives?\n", BOOT_TIMEOUT)
        out = m.output
    check("ata: primary master: no drive" in out, "no word on the primary master")
    check("secondary master: not an ATA disk" in out, "the CD was not seen")
    check(not re.search(r"primary unit \d: status 0 after IDENTIFY", out),
          "IDENTIFY was sent to the empty primary channel")
    return "empty primary channel, CD on the secondary"


@system_test
def iso_as_hard_disk(opts):
    """The ISO written to a USB stick boots as a hard disk."""
    return iso_boot(opts, ["-drive", "file=%s,format=raw,snapshot=on" % opts.iso])


@system_test
def iso_q35(opts):
    return iso_boot(opts, ["-cdrom", opts.iso], machine="q35")


@system_test
def iso_16_mib(opts):
    out, _, _, _ = boot_clean(["-cdrom", opts.iso], memory=16)
    found = re.search(r"mm: (\d+) KiB of RAM found", out)
    check(found and 14000 < int(found.group(1)) <= 16384,
          "16 MiB machine: wrong RAM size")
    # QEMU's default CPU (qemu32) has PAE but not NX: paging without it.
    check("paging: no NX in this CPU" in out, "no word on NX being off")


@system_test
def iso_3_gib(opts):
    out, _, _, _ = boot_clean(["-cdrom", opts.iso], memory=3072)
    check(re.search(r"not used", out), "no message about unused high memory")
    check(re.search(r"paging: PAE, 896 MiB mapped", out),
          "lowmem not fully mapped")


@system_test
def ktest_paging_with_nx(opts):
    """make test-kernel runs on QEMU's default CPU, without NX; the page
    table, address-space and module suites run again here on a CPU with
    NX (a module's data must not be executable)."""
    with Machine(["-kernel", opts.test_kernel, "-append",
                  "ktest=paging,vm,vm_nx,vm_uaccess,module,elf_mod "
                  "loglevel=7",
                  "-cpu", "qemu32,+nx"], debug_exit=True) as m:
        found = m.expect(r"ktest: (\d+) passed, (\d+) failed", 120)
        check("paging: NX on" in m.output, "NX is not on")
        failed = re.findall(r"ktest: FAIL.*", m.output)
        check(found.group(2) == "0", "failures: " + "; ".join(failed[:5]))
        return "%s passed" % found.group(1)


@system_test
def cpu_without_pae_refused(opts):
    """A 486 has no PAE: a clear message, then the CPU halts."""
    with Machine(["-kernel", opts.kernel, "-cpu", "486"]) as m:
        m.expect(r"maestro: this CPU has no PAE; .*System halted\.", 60)
        m.settle(1)
        check(m.running(), "QEMU exited instead of halting")
        check("booting" not in m.output, "the kernel went on booting")


@system_test
def cmdline_unknown_option_warns(opts):
    with Machine(["-kernel", opts.kernel, "-append",
                  "bogus_option=1 loglevel=x loglevel=7"]) as m:
        m.expect(READY, BOOT_TIMEOUT)
        m.expect(r"maestro: idle", 30)
        check("unknown option 'bogus_option' ignored" in m.output,
              "no warning for an unknown option")
        check("bad value 'x' for 'loglevel' ignored" in m.output,
              "no warning for a malformed value")
        check("panic" not in m.output, "panic")


def ata_boot(opts, cmdline, machine=None, extra=()):
    """Boot the kernel with the ISO as the primary master disk; return the
    boot log once the kernel idles."""
    disk = ["-drive", "file=%s,if=ide,index=0,format=raw,snapshot=on" % opts.iso]
    with Machine(["-kernel", opts.kernel, "-append", cmdline] + disk +
                 list(extra), machine=machine) as m:
        m.expect(READY, BOOT_TIMEOUT)
        m.expect(r"maestro: idle", 30)
        check("panic" not in m.output, "panic")
        check(re.search(r"block: hda1: \d+ sectors", m.output),
              "the disk's partition was not found; the log says:\n" +
              "\n".join(re.findall(r".*(?:ata|block|mbr).*", m.output)))
        return m.output


@system_test
def ata_pio_switch(opts):
    """ata=pio drives the disk by PIO although the controller can DMA."""
    out = ata_boot(opts, "ata=pio")
    check(re.search(r"ata: IDE controller .* bus master at 0x", out),
          "no bus-master controller found")
    check(re.search(r"ata: hda: QEMU HARDDISK.*driven by PIO", out),
          "hda not driven by PIO")


@system_test
def ata_without_pci_uses_pio(opts):
    """An ISA-only PC (no PCI, so no bus master): legacy ports and PIO."""
    out = ata_boot(opts, "", machine="isapc", extra=["-cpu", "pentium3"])
    check("pci: no PCI host bridge answers" in out, "PCI found on isapc")
    check(re.search(r"ata: hda: QEMU HARDDISK.*driven by PIO", out),
          "hda not driven by PIO")


def crash_test(opts, kind, report):
    with Machine(["-kernel", opts.kernel, "-append", "crash=" + kind]) as m:
        m.expect(r"System halted\.", BOOT_TIMEOUT)
        m.settle(2)
        check(re.search(report, m.output), "no report matching %r" % report)
        check(re.search(r"Call trace:\n.*\n.*kmain(_thread)?\+0x", m.output),
              "backtrace does not reach kmain")
        check(m.running(), "QEMU exited: the kernel rebooted instead of halting")
        check(m.output.count("booting") == 1, "the kernel booted twice")


@system_test
def crash_page_fault_report(opts):
    crash_test(opts, "pagefault",
               r"panic: page fault at 0x00000008 in crash_page_fault\+0x[0-9a-f]+"
               r" \(write, page not present, kernel mode\)\n.*EIP: 0008:")


@system_test
def crash_invalid_opcode_report(opts):
    crash_test(opts, "ud2", r"panic: invalid opcode in crash_invalid_opcode\+0x")


@system_test
def crash_panic_report(opts):
    crash_test(opts, "panic", r"panic: deliberate panic \(crash=panic\)\n"
               r".*Call trace:\n.*crash_if_asked\+0x")


def shutdown_test(opts, kind, machine, message):
    with Machine(["-kernel", opts.kernel, "-append", "shutdown=" + kind],
                 machine=machine) as m:
        m.expect(READY, BOOT_TIMEOUT)
        m.expect(message, 30)
        status = m.wait_exit(30)
        check(status == 0, "QEMU did not stop by itself (status %r)" % status)
        check("did not turn off" not in m.output, "power-off failed")
        check(m.output.count("booting") == 1, "the kernel booted twice")


@system_test
def poweroff_acpi_pc(opts):
    shutdown_test(opts, "poweroff", None, r"acpi: .* S5 found")


@system_test
def poweroff_acpi_q35(opts):
    shutdown_test(opts, "poweroff", "q35", r"Power down\.")


@system_test
def reboot_syscall_powers_off(opts):
    """A user program (init) checks reboot(2)'s refusals, syncs and powers
    the machine off with LINUX_REBOOT_CMD_POWER_OFF."""
    with ram_root(opts, "init=/test/poweroff console=ttyS0") as m:
        m.expect(r"powering off", BOOT_TIMEOUT)
        status = m.wait_exit(30)
        check("reboot(bad magic): -1 Invalid argument" in m.output,
              "wrong magic not refused with EINVAL")
        check("reboot(bad command): -1 Invalid argument" in m.output,
              "unknown command not refused with EINVAL")
        check("still running" not in m.output, "reboot returned")
        check(status == 0, "QEMU did not stop by itself (status %r)" % status)


@system_test
def proc_self_and_pid_dirs(opts):
    """A user program (init) checks /proc/self and /proc/<pid>/ (stat,
    status, cmdline, the listing of /proc) against its own pid, parent,
    name and argv, and a child's; every check line must say yes."""
    with ram_root(opts, "init=/test/procself shutdown=poweroff "
                  "console=ttyS0") as m:
        m.expect(r"procself: (all yes|FAILED)", BOOT_TIMEOUT)
        status = m.wait_exit(30)
        lines = re.findall(r"^([^\n:]+): (yes|no)\r?$", m.output, re.M)
        check(len(lines) >= 15, "only %d check lines" % len(lines))
        bad = [what for what, ans in lines if ans != "yes"]
        check(not bad, "checks said no: " + "; ".join(bad))
        check(status == 0, "QEMU did not stop by itself (status %r)" % status)


@system_test
def user_mount_ext2_disk(opts):
    """A user program (init) mounts an ext2 disk with mount(2), writes,
    remounts it read-only and back, unmounts it with umount(2) and mounts
    it again read-only; every check line must say yes, and the disk must
    then be clean for e2fsck -fn and hold the files."""
    image = os.path.join(opts.build, "user-mount.img")
    with open(image, "wb") as f:
        f.truncate(16 << 20)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", "1024", "-F", image],
                   check=True)
    with ram_root(opts, "init=/test/mountdisk shutdown=poweroff "
                  "console=ttyS0", disk=image) as m:
        m.expect(r"mountdisk: (all yes|FAILED)", BOOT_TIMEOUT)
        status = m.wait_exit(60)
        lines = re.findall(r"^([^\n:]+): (yes|no)\r?$", m.output, re.M)
        bad = [what for what, ans in lines if ans != "yes"]
        check(len(lines) >= 15 and not bad, "checks said no: " + "; ".join(bad))
        check(status == 0, "QEMU did not stop by itself (status %r)" % status)
    fsck = subprocess.run(["e2fsck", "-fn", image], capture_output=True,
                          text=True)
    check(fsck.returncode == 0, "e2fsck after the user's umount:\n" +
          fsck.stdout[-2000:])
    cat = subprocess.run(["debugfs", "-R", "cat /hello.txt", image],
                         capture_output=True, text=True)
    check(cat.stdout == "hello from a user-space mount\n",
          "hello.txt reads %r" % cat.stdout[:80])
    stat = subprocess.run(["debugfs", "-R", "stat /dir/big", image],
                          capture_output=True, text=True)
    check(re.search(r"Size: 204800\b", stat.stdout), "dir/big has the wrong size")
    return "e2fsck clean, files read back"


@system_test
def reboot_resets_the_machine(opts):
    shutdown_test(opts, "reboot", None, r"Restarting system\.")


def workload_on_disk(opts, block_size):
    """The scripted workload on a fresh ext2 disk, then the host checks."""
    image = os.path.join(opts.build, "workload-%dk.img" % (block_size // 1024))
    with open(image, "wb") as f:
        f.truncate(96 << 20)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", str(block_size), "-F",
                    image], check=True)
    with Machine(["-kernel", opts.test_kernel, "-append",
                  "fsworkload=/dev/hda loglevel=7",
                  "-drive", "file=%s,if=ide,index=0,format=raw" % image]) as m:
        m.expect(r"fsworkload: done, (\d+) errors", WORKLOAD_TIMEOUT)
        status = m.wait_exit(60)
        errors = re.search(r"fsworkload: done, (\d+) errors", m.output).group(1)
        check(errors == "0", "the workload failed: " + "; ".join(
            re.findall(r"fsworkload: .*error.*", m.output)[:5]))
        check(status == 0, "no clean power-off (status %r)" % status)
        check("block: hda: write cache flushed" in m.output,
              "the disk's write cache was not flushed at shutdown")
        bad = BAD.search(m.output)
        check(not bad, "unexpected %r in the log" % (bad and bad.group(0)))
    problems = storage.check_disk(image)
    check(not problems, "; ".join(problems[:6]))
    return "e2fsck clean, %d files read back" % len(storage.expected_files())


@system_test
def ext2_workload_1k_blocks(opts):
    return workload_on_disk(opts, 1024)


@system_test
def ext2_workload_4k_blocks(opts):
    return workload_on_disk(opts, 4096)


@system_test
def ramdisk_size_beyond_module(opts):
    """A RAM disk whose module string asks for more than the module holds
    ("data size=8192": an 8 MiB ext2 image cut after its used start by
    tools/trim-image.py, as the ISO's root is): the disk has the whole
    size, a 6 MiB file written past the module's end reads back the same
    after the filesystem is unmounted (its cache dropped) and mounted
    again, and the module's own files are intact."""
    image = os.path.join(opts.build, "ramdisk-size.img")
    trimmed, note = image + ".trim", image + ".note"
    with open(note, "w") as f:
        f.write("written by the host\n")
    subprocess.run(["truncate", "-s", "8M", image], check=True)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", "4096", "-F", image],
                   check=True)
    subprocess.run(["debugfs", "-w", "-R", "write %s note" % note, image],
                   check=True, capture_output=True)
    kib = int(subprocess.run([sys.executable, "tools/trim-image.py", image,
                              trimmed], check=True, capture_output=True,
                             text=True).stdout)
    check(os.path.getsize(trimmed) < kib * 1024, "the image was not trimmed")
    modules = "%s rootfs,%s data size=%d" % (
        test_image(opts), trimmed, kib)
    with Machine(["-kernel", opts.kernel, "-initrd", modules, "-append",
                  "console=ttyS0"]) as m:
        sh = session.Shell(m)
        sh.wait_prompt(0, BOOT_TIMEOUT)
        out = sh.run("dmesg | grep 'block: ram1'; mount /dev/ram1 /mnt && "
                     "dd if=/dev/urandom of=/mnt/f bs=1M count=6 2>/dev/null"
                     " && md5sum /mnt/f > /tmp/sum && umount /mnt && "
                     "mount /dev/ram1 /mnt && md5sum -c /tmp/sum && "
                     "cat /mnt/note; umount /mnt", 120)
    check("block: ram1: %d sectors" % (2 * kib) in out,
          "ram1 is not the size asked for:\n" + out)
    check("/mnt/f: OK" in out, "the file did not read back:\n" + out)
    check("written by the host" in out,
          "the module's own file is gone:\n" + out)
    size = os.path.getsize(trimmed) // 1024
    for path in (image, trimmed, note):
        os.remove(path)
    return "%d KiB disk from a %d KiB module" % (kib, size)


@system_test
def root_on_hda1(opts):
    """root=/dev/hda1: the root comes from a partition of an IDE disk, and
    a clean power-off leaves it clean for e2fsck.  init=/bin/true ends at
    once, so that shutdown=poweroff applies (/sbin/init would run on)."""
    image = os.path.join(opts.build, "root-disk.img")
    subprocess.run([sys.executable, "tools/mkdisk.py", image, "16"], check=True)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", "4096", "-E",
                    "offset=1048576,root_owner=0:0", "-d",
                    os.path.join(opts.build, "rootfs"), "-F", image, "15M"],
                   check=True)
    with Machine(["-kernel", opts.kernel, "-append",
                  "root=/dev/hda1 init=/bin/true shutdown=poweroff",
                  "-drive", "file=%s,if=ide,index=0,format=raw" % image]) as m:
        m.expect(r"vfs: mounted /dev/hda1 on /", BOOT_TIMEOUT)
        check(m.wait_exit(60) == 0, "no clean power-off")
    fsck = subprocess.run(["e2fsck", "-fn", image + "?offset=1048576"],
                          capture_output=True, text=True)
    check(fsck.returncode == 0, "e2fsck after the root's unmount:\n" +
          fsck.stdout[-2000:])


def mapdisk_expected():
    """path -> contents of the files tests/user/mapdisk.c writes."""
    a = bytes(((i * 37 + (i >> 11)) & 0xFF) for i in range(3 * 4096 + 100))
    b = bytearray(b"b" * 3 * 4096)
    b[0:8] = b"fiSECOND"
    b[4096:4112] = b"onebbbbbbbsecond"
    b[8292:8297] = b"third"
    return {"/mapped-a": a, "/mapped-b": bytes(b)}


def block_tail(image, offset, path, size, block_size):
    """The bytes past size in the last block of path, read raw from the
    filesystem at offset in image."""
    out = storage.debugfs(image + "?offset=%d" % offset, "blocks " + path)
    last = int(out.split()[-1])
    with open(image, "rb") as f:
        f.seek(offset + last * block_size + size % block_size)
        return f.read(block_size - size % block_size)


@system_test
def file_mapping_reaches_the_disk(opts):
    """init=/test/mapdisk on an ext2 root on an IDE disk (1 KiB blocks)
    writes two files through MAP_SHARED mappings only (holes given blocks
    by the fault, a store after msync, a child's store left at exit); after
    the power-off, debugfs reads them back on the host, the bytes stored
    past the end of a file are zeros on the disk, and e2fsck -fn is
    clean."""
    offset = 1048576
    image = os.path.join(opts.build, "mapdisk.img")
    subprocess.run([sys.executable, "tools/mkdisk.py", image, "16"], check=True)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", "1024", "-E",
                    "offset=%d,root_owner=0:0" % offset, "-d",
                    test_tree(opts), "-F", image, "15M"],
                   check=True)
    with Machine(["-kernel", opts.kernel, "-append",
                  "root=/dev/hda1 init=/test/mapdisk shutdown=poweroff "
                  "console=ttyS0",
                  "-drive", "file=%s,if=ide,index=0,format=raw" % image]) as m:
        m.expect(r"mapdisk: (done|FAILED.*)", BOOT_TIMEOUT)
        status = m.wait_exit(60)
        check("mapdisk: done" in m.output, "the program failed: " +
              (re.findall(r"mapdisk: FAILED.*", m.output) or ["?"])[0])
        check(status == 0, "no clean power-off (status %r)" % status)
        bad = BAD.search(m.output)
        check(not bad, "unexpected %r in the log" % (bad and bad.group(0)))
    fsck = subprocess.run(["e2fsck", "-fn", image + "?offset=%d" % offset],
                          capture_output=True, text=True)
    check(fsck.returncode == 0, "e2fsck:\n" + fsck.stdout[-2000:])
    for path, want in mapdisk_expected().items():
        got = storage.debugfs(image + "?offset=%d" % offset, "cat " + path)
        if got != want:
            diff = [i for i in range(min(len(got), len(want)))
                    if got[i] != want[i]][:1]
            check(False, "%s: %d bytes read back, %d expected, first "
                  "difference at %s" % (path, len(got), len(want), diff))
    tail = block_tail(image, offset, "/mapped-a", 3 * 4096 + 100, 1024)
    check(tail == bytes(len(tail)), "stores past the end of the file "
          "reached the disk")
    return "e2fsck clean, both files read back"


@system_test
def root_missing_is_reported(opts):
    with Machine(["-kernel", opts.kernel, "-append", "root=/dev/hdz"]) as m:
        m.expect(r"maestro: idle", BOOT_TIMEOUT)
        check("vfs: root device /dev/hdz does not exist; no root filesystem"
              in m.output, "no clear message about the missing root")
        check("panic" not in m.output, "panic")


@system_test
def ext2_corrupt_corpus(opts):
    """Every image of e2fsprogs' test corpus mounts read-only and is walked,
    or is refused, and nothing crashes or hangs."""
    listing = os.path.join(opts.build, "corpus", "batches.txt")
    check(os.path.exists(listing), "no corpus (make corpus)")
    mounted = refused = 0
    for batch in open(listing).read().split():
        memory = max(128, os.path.getsize(batch) // (1 << 20) + 96)
        with Machine(["-kernel", opts.test_kernel, "-append", "corpus",
                      "-initrd", batch + " corpus"], memory=memory,
                     debug_exit=True) as m:
            try:
                found = m.expect(r"corpus: (\d+) mounted, (\d+) refused",
                                 CORPUS_TIMEOUT)
            except Timeout:
                last = re.findall(r"corpus: (\S+):", m.output)
                raise Failure("%s: no summary (crash or hang) after image %s"
                              % (batch, last[-1] if last else "none"))
            mounted += int(found.group(1))
            refused += int(found.group(2))
            bad = BAD.search(m.output)
            check(not bad, "%s: %r in the log" % (batch, bad and bad.group(0)))
    return "%d mounted, %d refused, none crashed" % (mounted, refused)


userprogs.register(system_test, check, Failure)
proc_resource.register(system_test, check, Failure)
profiler.register(system_test, check, Failure)
shell.register(system_test, check, Failure)
terminal.register(system_test, check, Failure)
vgaconsole.register(system_test, check, Failure)
init.register(system_test, check, Failure)
session.register(system_test, check, Failure)
memory.register(system_test, check, Failure)
faults.register(system_test, check, Failure)
locking.register(system_test, check, Failure)
sysfs.register(system_test, check, Failure)
modules.register(system_test, check, Failure)
randomness.register(system_test, check, Failure)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iso", default="maestro.iso")
    ap.add_argument("--kernel", default="build/maestro.elf")
    ap.add_argument("--test-kernel", default="build/maestro-test.elf")
    ap.add_argument("--build", default="build")
    ap.add_argument("-k", dest="filter", default="")
    ap.add_argument("-v", dest="verbose", action="store_true")
    opts = ap.parse_args()
    machine.LOCKDEP = True  # every -append boot validates its lock order
    passed = failed = 0
    for test in TESTS:
        if opts.filter not in test.__name__:
            continue
        start = time.monotonic()
        try:
            note = test(opts)
            passed += 1
            status = "ok"
        except (Failure, Timeout, LockdepReport) as e:
            failed += 1
            status, note = "FAIL", str(e)
        except Exception:
            failed += 1
            status, note = "FAIL", traceback.format_exc()
        print("system: %-4s %s (%.1fs)%s" % (status, test.__name__,
              time.monotonic() - start, ": " + note if note else ""),
              flush=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
