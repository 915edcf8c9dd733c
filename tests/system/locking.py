"""locking.py: the lock-order validator on a running system (issue 14).

  lockdep_file_workload  boots with the validator on (every ram_root boot
                         of the system tests is), mounts a blank ext2 disk
                         and has processes write, read, truncate, map and
                         sync files at the same time (a writer streaming a
                         file with fsync while others stat, read and
                         truncate theirs, and another makes, links,
                         renames, walks and removes directories);
                         /proc/lockdep_stats must show
                         the validator on, the lock classes the file
                         paths take (an inode's lock, an mm's lock, the
                         VFS lock, the page lock and more) with orders
                         recorded between them, and no inversion nor lock
                         held at a return to user space (any "lockdep:
                         BUG:" line fails every test, by machine.py).
"""

import os
import re
import subprocess

from machine import ram_root
import session

SLOW = 120

# Directories changed meanwhile (fs/dirlock.c: a directory's lock, two
# for a rename), walked by find, in a background job the end waits for.
DIRS = (
    "(for j in 1 2 3 4 5 6; do mkdir -p a$j/x b$j && touch a$j/f && "
    "mv a$j/f b$j/g && ln b$j/g a$j/h && ln -s g b$j/s && "
    "mv b$j a$j/x/ && find a$j > /dev/null && rm -r a$j || exit 1; "
    "done) & dirs=$!; ")

WORKLOAD = (
    "mkdir -p /mnt/d; mount /dev/hda /mnt/d; cd /mnt/d; " + DIRS +
    "(dd if=/dev/zero of=big bs=64k count=160 conv=fsync 2>/dev/null &) && "
    "for i in 1 2 3 4 5 6 7 8; do "
    "echo line $i >> log; stat log > /dev/null; cat log > /dev/null; "
    "dd if=/dev/zero of=t$i bs=4k count=8 2>/dev/null; "
    "truncate -s 5000 t$i; head -c 100 t$i > /dev/null; "
    "echo x > t$i; done; wait $dirs; d=$?; wait; sync; "
    "cmp -n 100 /dev/zero big && cd / && umount /mnt/d; echo rc $? dirs $d")


def register(system_test, check, failure):
    @system_test
    def lockdep_file_workload(opts):
        image = os.path.join(opts.build, "lockdep-disk.img")
        if os.path.exists(image):
            os.remove(image)
        subprocess.run(["truncate", "-s", "32M", image], check=True)
        subprocess.run(["mke2fs", "-q", "-t", "ext2", "-F", image],
                       check=True)
        with ram_root(opts, disk=image) as m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            out = sh.run(WORKLOAD, SLOW)
            check("rc 0 dirs 0" in out, "the workload failed:\n" + out)
            stats = sh.run("cat /proc/lockdep_stats")
            fields = dict(
                (k.strip(), int(v)) for k, v in
                re.findall(r"^\s*([a-z -]+):\s+(\d+)", stats, re.M))
            check(fields.get("validator on") == 1,
                  "the validator is off:\n" + stats)
            check(fields.get("lock-classes", 0) >= 5 and
                  fields.get("direct dependencies", 0) >= 4,
                  "too few classes or orders seen:\n" + stats)
            check(fields.get("order inversions") == 0 and
                  fields.get("held at return to user space") == 0,
                  "the validator reported problems:\n" + stats)
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
        fsck = subprocess.run(["e2fsck", "-fn", image], capture_output=True,
                              text=True)
        check(fsck.returncode == 0, "e2fsck -fn:\n" + fsck.stdout[-2000:])
        return "%d classes, %d orders, 0 inversions" % (
            fields["lock-classes"], fields["direct dependencies"])
