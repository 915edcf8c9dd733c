"""faults.py: disk errors and power cuts (issue 11, fault injection).

  fault_disk_errors      an ext2 disk behind QEMU's blkdebug driver, which
                         fails every read of one file's first block and
                         every write of another's: reading the first gives
                         the user EIO ("I/O error"), the kernel logs the
                         failed command and its retries, the other files
                         read back whole, a write to the second fails at
                         fsync with EIO, the system keeps running (new
                         files, sync, umount), and e2fsck -fn finds the
                         disk clean afterwards: only the failed file's
                         data went unwritten.
  fault_power_cut        QEMU is killed in the middle of a write-heavy
                         workload on an ext2 root (a loop that writes
                         files and fsyncs each, then its directory, as a
                         program must for a new name to last, printing
                         its checksum; and one that writes and removes
                         files without syncing); e2fsck -fy repairs the
                         disk, every file reported synced reads back
                         with its checksum on the host (debugfs), and
                         maestro boots from the disk again and reads
                         them too.
"""

import hashlib
import os
import re
import shutil
import subprocess

import init
import session
from machine import Machine, ram_root

SLOW = 300
BLOCK = 1024
FILE_BYTES = 16384


def debugfs(image, request):
    return subprocess.run(["debugfs", "-R", request, image],
                          capture_output=True).stdout


def fault_disk(opts):
    """A whole-disk ext2 image with readbad, readgood and writebad, the
    blkdebug rules failing readbad's and writebad's first blocks, and
    readgood's checksum: (drive argument, image, md5)."""
    tree = os.path.join(opts.build, "fault-tree")
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    for name in ("readbad", "readgood", "writebad"):
        with open(os.path.join(tree, name), "wb") as f:
            f.write(hashlib.sha256(name.encode()).digest() * (FILE_BYTES // 32))
    with open(os.path.join(tree, "readgood"), "rb") as f:
        md5 = hashlib.md5(f.read()).hexdigest()
    image = os.path.join(opts.build, "fault-disk.img")
    with open(image, "wb") as f:
        f.truncate(16 << 20)
    subprocess.run(["mke2fs", "-q", "-t", "ext2", "-b", str(BLOCK), "-d", tree,
                    "-F", image], check=True)
    shutil.rmtree(tree)
    rules = []
    for name, event in (("readbad", "read_aio"), ("writebad", "write_aio")):
        block = int(debugfs(image, "bmap /%s 0" % name).split()[0])
        rules.append('[inject-error]\nevent = "%s"\nerrno = "5"\n'
                     'sector = "%d"\n' % (event, block * BLOCK // 512))
    conf = os.path.join(opts.build, "fault-blkdebug.conf")
    with open(conf, "w") as f:
        f.write("\n".join(rules))
    return ("file=blkdebug:%s:%s,if=ide,index=0,format=raw" % (conf, image),
            image, md5)


def register(system_test, check, failure):
    @system_test
    def fault_disk_errors(opts):
        drive, image, md5 = fault_disk(opts)
        with ram_root(opts, drive=drive) as m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            out = sh.run("mkdir -p /mnt/d && mount /dev/hda /mnt/d; "
                         "echo rc $?", SLOW)
            check("rc 0" in out, "mount failed:\n" + out)
            out = sh.run("cat /mnt/d/readbad > /dev/null; echo rc $?", SLOW)
            check("I/O error" in out and "rc 1" in out,
                  "reading the bad block:\n" + out)
            out = sh.run("dmesg | grep -c 'I/O error'", SLOW)
            check(re.search(r"^[1-9]\d*$", out, re.M),
                  "the kernel did not log the error:\n" + out)
            out = sh.run("md5sum /mnt/d/readgood", SLOW)
            check(md5 in out, "readgood does not read back:\n" + out)
            out = sh.run("dd if=/dev/zero of=/mnt/d/writebad bs=1k count=16 "
                         "conv=notrunc,fsync; echo rc $?", SLOW)
            check("I/O error" in out and "rc 1" in out,
                  "fsync after a failed write:\n" + out)
            out = sh.run("echo still here > /mnt/d/new && sync && "
                         "cat /mnt/d/new && umount /mnt/d; echo rc $?", SLOW)
            check("still here" in out and "rc 0" in out,
                  "the system did not go on:\n" + out)
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
            check("panic" not in m.output, "a panic:\n" + m.output[-3000:])
        fsck = subprocess.run(["e2fsck", "-fn", image], capture_output=True,
                              text=True)
        check(fsck.returncode == 0, "e2fsck -fn:\n" + fsck.stdout[-2000:])
        check(debugfs(image, "cat /new") == b"still here\n",
              "/new did not reach the disk")

    @system_test
    def fault_power_cut(opts):
        image = init.root_disk(opts, "cut-disk.img", size_mib=32)
        drive = "file=%s,if=ide,index=0,format=raw" % image
        on_disk = "%s?offset=%d" % (image, init.OFFSET)
        m = Machine(["-kernel", opts.kernel, "-append", "root=/dev/hda1",
                     "-drive", drive])
        with m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            start = len(m.output)
            sh.run("mkdir -p /root/s /root/j && sync", SLOW)
            sh.type("(j=0; while :; do j=$((j+1)); "
                    "dd if=/dev/zero of=/root/j/junk$j bs=64k count=8 "
                    "2>/dev/null; rm -f /root/j/junk$((j-3)); done) & "
                    "i=0; while :; do i=$((i+1)); "
                    "head -c $((4096 * (i % 7 + 1))) /dev/urandom > /tmp/src; "
                    "dd if=/tmp/src of=/root/s/f$i bs=4k conv=fsync "
                    "2>/dev/null && sync /root/s && echo \"synced f$i "
                    "$(md5sum < /tmp/src | cut -c1-32)\"; done\n")
            m.expect(r"synced f12 [0-9a-f]{32}", SLOW)
            m.proc.kill()
            m.proc.wait()
            synced = re.findall(r"^synced (f\d+) ([0-9a-f]{32})$",
                                m.output[start:], re.M)
        check(len(synced) >= 12, "%d files synced" % len(synced))
        repair = subprocess.run(["e2fsck", "-fy", on_disk],
                                capture_output=True, text=True)
        check(repair.returncode in (0, 1), "e2fsck -fy could not repair "
              "(status %d):\n%s" % (repair.returncode, repair.stdout[-2000:]))
        fsck = subprocess.run(["e2fsck", "-fn", on_disk], capture_output=True,
                              text=True)
        check(fsck.returncode == 0, "still damaged:\n" + fsck.stdout[-2000:])
        for name, md5 in synced:
            data = debugfs(on_disk, "cat /root/s/" + name)
            check(hashlib.md5(data).hexdigest() == md5,
                  "%s lost its data (%d bytes on the disk)" % (name, len(data)))
        name, md5 = synced[-1]
        with Machine(["-kernel", opts.kernel, "-append", "root=/dev/hda1",
                      "-drive", drive]) as m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            out = sh.run("md5sum /root/s/" + name, SLOW)
            check(md5 in out, "after the reboot:\n" + out)
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
        return "%d synced files intact" % len(synced)
