"""modules.py: loadable modules driven with busybox's tools over the serial
console, as a person would (issue 13).

modules_busybox_session boots the root image from RAM with an 8 MiB raw
IDE disk and checks at the prompt:
  - lsmod lists nothing; modinfo brd shows its description, parameters and
    vermagic; depmod rewrites modules.dep, where modtest_b needs modtest_a;
  - modprobe modtest_b greeting=hi loads modtest_a first (depends=), whose
    export modtest_b calls at init (the kernel log says "hi, ... = 42");
    lsmod shows modtest_a used by modtest_b; rmmod modtest_a is refused
    while modtest_b uses it; modprobe -r modtest_b removes both;
  - modprobe brd rd_size=4096 makes a RAM disk (the first free ramN):
    mke2fs, mount, a file written and read back; rmmod brd is refused while
    it is mounted; after umount the disk is copied to the raw disk with dd,
    brd is removed, and loaded again (a new, empty disk);
  - insmod of a file that is not a module fails (ENOEXEC) and leaves
    nothing loaded.
Then on the host, e2fsck -fn finds the filesystem copied from the RAM disk
clean and debugfs reads the file back.
"""

import os
import re
import subprocess

import session
from machine import ram_root

SLOW = 120


def register(system_test, check, failure):
    def busybox_module_tools(sh):
        out = sh.run("lsmod")
        check(out.strip() == "Module                  Size  Used by",
              "lsmod at boot:\n" + out)
        out = sh.run("modinfo brd")
        for want in ("description:    RAM-backed block devices",
                     "parm:           rd_size:the size of each device in KiB",
                     "vermagic:       6.1.0-maestro maestro-0.1.0 HZ=100 i686"):
            check(want in out, "modinfo brd lacks %r:\n%s" % (want, out))
        out = sh.run("depmod && cat /lib/modules/$(uname -r)/modules.dep")
        check("kernel/tests/modtest_b.ko: kernel/tests/modtest_a.ko" in out,
              "modules.dep after depmod:\n" + out)

    def dependent_pair(sh):
        out = sh.run("modprobe modtest_b greeting=hi; echo rc $?; "
                     "dmesg | grep modtest_b: | tail -1; lsmod")
        check("rc 0" in out, "modprobe modtest_b failed:\n" + out)
        check("modtest_b: hi, modtest_a_add(2) = 42" in out,
              "modtest_b's init did not call modtest_a:\n" + out)
        check(re.search(r"^modtest_a +\d+ +1 +modtest_b$", out, re.M),
              "lsmod does not show modtest_a used by modtest_b:\n" + out)
        out = sh.run("rmmod modtest_a; echo rc $?")
        check("rc 0" not in out, "rmmod of a module in use worked:\n" + out)
        out = sh.run("modprobe -r modtest_b; echo rc $?; lsmod")
        check("rc 0" in out and not re.search(r"^modtest_\w+ +\d+", out,
                                              re.M),
              "modprobe -r modtest_b left modules:\n" + out)

    def ram_disk_workload(sh):
        out = sh.run("modprobe brd rd_size=4096 && "
                     "dev=/dev/$(dmesg | sed -n 's/.*block: \\(ram[0-9]*\\): "
                     "8192 sectors.*/\\1/p' | tail -1) && echo dev $dev && "
                     "mke2fs -q $dev && mkdir -p /mnt/rd && mount $dev /mnt/rd"
                     " && echo module data > /mnt/rd/hello && sync && "
                     "cat /mnt/rd/hello; lsmod | grep brd", SLOW)
        dev = re.search(r"^dev (/dev/ram\d+)$", out, re.M)
        check(dev and "module data" in out, "brd workload:\n" + out)
        check(re.search(r"^brd +\d+ +1 *$", out, re.M),
              "a mounted brd disk holds no reference:\n" + out)
        out = sh.run("rmmod brd; echo rc $?")
        check("rc 0" not in out, "rmmod brd worked while mounted:\n" + out)
        out = sh.run("umount /mnt/rd && dd if=%s of=/dev/hda bs=64k "
                     "2>/dev/null && sync && rmmod brd && echo removed; "
                     "ls %s; lsmod" % (dev.group(1), dev.group(1)), SLOW)
        check("removed" in out and not re.search(r"^brd +\d+", out, re.M),
              "rmmod brd after umount:\n" + out)
        out = sh.run("modprobe brd && blkid %s; echo rc $?; rmmod brd"
                     % dev.group(1))
        check("TYPE=" not in out, "a reloaded brd disk is not empty:\n"
              + out)

    @system_test
    def modules_busybox_session(opts):
        image = os.path.join(opts.build, "modules-disk.img")
        with open(image, "wb") as f:
            f.truncate(8 << 20)
        with ram_root(opts, disk=image) as m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            busybox_module_tools(sh)
            dependent_pair(sh)
            ram_disk_workload(sh)
            out = sh.run("echo not a module > /tmp/x.ko; insmod /tmp/x.ko; "
                         "echo rc $?; lsmod | wc -l")
            check("rc 0" not in out and out.strip().endswith("1"),
                  "insmod of a text file:\n" + out)
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
        fsck = subprocess.run(["e2fsck", "-fn", image], capture_output=True,
                              text=True)
        check(fsck.returncode == 0, "e2fsck -fn of the RAM disk's copy:\n"
              + fsck.stdout + fsck.stderr)
        data = subprocess.run(["debugfs", "-R", "cat /hello", image],
                              capture_output=True, text=True).stdout
        check(data == "module data\n", "the file read back: %r" % data)
        os.unlink(image)
        return "modprobe/rmmod/lsmod/modinfo/depmod; brd: mke2fs, " \
            "mount, e2fsck clean"
