"""sysfs.py: the minimal /sys (issue 11).

sysfs_lists_devices_and_feeds_mdev boots the root image with an 8 MiB
IDE disk (one partition from sector 2048) and checks at the prompt:
  - init mounted sysfs on /sys;
  - /sys/block/hda: size 16384 sectors, dev 3:0, its partition hda1 with
    start 2048, size 14336 and partition 1, as a script listing disks
    reads them; /sys/dev/block/3:1 and /sys/class/block/hda1 lead there;
  - /sys/class/tty/ttyS0/dev and /sys/kernel/uevent_seqnum;
  - busybox mdev -s, run in a chroot whose /sys is a fresh sysfs mount
    and whose /dev is an empty directory, makes the block nodes hda
    (3,0) and hda1 (3,1) and the character nodes null (1,3) and ttyS0
    (4,64).
"""

import os
import re
import subprocess

import session
from machine import ram_root

SLOW = 120


def register(system_test, check, failure):
    @system_test
    def sysfs_lists_devices_and_feeds_mdev(opts):
        image = os.path.join(opts.build, "sysfs-disk.img")
        subprocess.run(["python3", "tools/mkdisk.py", image, "8"], check=True)
        with ram_root(opts, disk=image) as m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            out = sh.run("grep ' /sys ' /proc/mounts")
            check(out.startswith("sysfs /sys sysfs"), "no sysfs on /sys:\n"
                  + out)
            out = sh.run("cd /sys/block/hda && echo $(cat size dev) && "
                         "cd hda1 && echo $(cat start size partition dev); "
                         "cd /")
            check(out.split("\n")[:2] == ["16384 3:0", "2048 14336 1 3:1"],
                  "/sys/block/hda:\n" + out)
            out = sh.run("cat /sys/dev/block/3:1/uevent "
                         "/sys/class/block/hda1/size "
                         "/sys/class/tty/ttyS0/dev /sys/kernel/uevent_seqnum")
            check("DEVNAME=hda1\nDEVTYPE=partition\nPARTN=1\n14336\n4:64\n0"
                  in out, "links and files:\n" + out)
            out = sh.run("mkdir -p /tmp/r/bin /tmp/r/dev /tmp/r/sys && "
                         "cp /bin/busybox /tmp/r/bin/ && "
                         "mount -t sysfs sysfs /tmp/r/sys && "
                         "chroot /tmp/r /bin/busybox mdev -s; echo rc $?; "
                         "ls -l /tmp/r/dev", SLOW)
            check("rc 0" in out, "mdev -s failed:\n" + out)
            for kind, major, minor, name in (("b", 3, 0, "hda"),
                                              ("b", 3, 1, "hda1"),
                                              ("c", 1, 3, "null"),
                                              ("c", 4, 64, "ttyS0")):
                check(re.search(r"^%s\S+ .* %d, +%d .* %s$" % (
                    kind, major, minor, name), out, re.M),
                    "mdev made no %s node %s %d,%d:\n%s" % (
                        kind, name, major, minor, out))
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
