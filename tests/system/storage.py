"""storage.py: what the kernel's scripted filesystem workload
(tests/kernel/fsworkload.c) must leave on the disk, and the host-side
checks: e2fsck -fn finds nothing, debugfs reads every file back byte for
byte, directories hold exactly the expected names, link counts and ".."
entries are right.  Keep it in step with fsworkload.c."""

import re
import subprocess

DEEP_LEVELS = 24
SMALL_FILES = 120
WIDE_FILES = 3000
WIDE_NEW = 1000
MIB = 1 << 20
SLOW_TARGET = ("/mnt/many/../many/./f102/../../many/f102-with-a-long-"
               "target-name-that-does-not-fit-in-the-inode-itself")


def pattern(off, n):
    return bytes(((i * 31 + (i >> 12)) & 0xFF) for i in range(off, off + n))


def small_text(i):
    return "".join("file %d line %d\n" % (i, k) for k in range(i % 7 + 1)).encode()


def holes_file():
    data = bytearray(70 * MIB + 3000)
    for off, n in ((0, 4096), (MIB, 4096), (10 * MIB, 5000), (70 * MIB, 3000)):
        data[off:off + n] = pattern(off, n)
    return bytes(data)


def expected_files():
    """path -> contents of every regular file the workload leaves."""
    files = {}
    leaf = "/big/moved-d1/" + "/".join("d%d" % i for i in range(2, DEEP_LEVELS))
    files[leaf + "/leaf.txt"] = b"the bottom of the deep tree\n"
    for i in range(SMALL_FILES):
        if 10 <= i < 50 or i in (0, 1, 3):
            continue
        files["/many/f%03d" % i] = small_text(i)
    files["/many/f002"] = small_text(1)
    files["/many/g003"] = small_text(3)
    files["/renamed-f000"] = small_text(0)
    files["/hardlink-f100"] = small_text(100)
    files["/big/seq"] = pattern(0, MIB + 123)
    files["/big/holes"] = holes_file()
    return files


def debugfs(image, request):
    out = subprocess.run(["debugfs", "-R", request, image], capture_output=True)
    return out.stdout


def listing(image, path):
    """name -> inode number of the entries of directory path (an unused
    entry, inode 0, as the first of a block whose name was removed, is
    not one)."""
    entries = {}
    for line in debugfs(image, "ls -p " + path).decode().splitlines():
        fields = line.split("/")
        if len(fields) >= 6 and fields[1].isdigit() and int(fields[1]):
            entries[fields[5]] = int(fields[1])
    return entries


def inode_of(image, path):
    m = re.search(rb"Inode: (\d+)", debugfs(image, "stat " + path))
    return int(m.group(1)) if m else None


def check_disk(image):
    """A list of problems found on the disk image (empty when all is well)."""
    problems = []
    fsck = subprocess.run(["e2fsck", "-fn", image], capture_output=True, text=True)
    if fsck.returncode != 0:
        problems.append("e2fsck -fn: exit %d:\n%s" % (fsck.returncode,
                                                       fsck.stdout[-3000:]))
    for path, want in expected_files().items():
        got = debugfs(image, "cat " + path)
        if got != want:
            problems.append("%s: %d bytes read back, %d expected%s" % (
                path, len(got), len(want), "" if len(got) != len(want)
                else ", contents differ"))
    want_many = {"f%03d" % i for i in range(SMALL_FILES)
                 if not (10 <= i < 50 or i in (0, 1, 3))} | {"g003", ".", ".."}
    if set(listing(image, "/many")) != want_many:
        problems.append("/many holds %s" % sorted(set(listing(image, "/many")) ^ want_many))
    want_wide = ({"w%04d" % i for i in range(WIDE_FILES) if i % 3}
                 | {"x%05d-a-longer-name" % i for i in range(WIDE_NEW)}
                 | {".", ".."})
    wide = set(listing(image, "/wide"))
    if wide != want_wide:
        diff = sorted(wide ^ want_wide)
        problems.append("/wide: %d names wrong, e.g. %s" % (len(diff), diff[:5]))
    root = set(listing(image, "/"))
    for name in ("deep", "many", "big", "wide", "renamed-f000",
                 "hardlink-f100", "fast-link", "slow-link"):
        if name not in root:
            problems.append("/%s is missing" % name)
    if "empty" in root:
        problems.append("/empty was not removed")
    if listing(image, "/deep/d0") != {".": inode_of(image, "/deep/d0"),
                                      "..": inode_of(image, "/deep")}:
        problems.append("/deep/d0 should be empty")
    if listing(image, "/big/moved-d1").get("..") != inode_of(image, "/big"):
        problems.append("'..' of the moved directory does not point to /big")
    if not re.search(rb"Links: 2", debugfs(image, "stat /many/f100")):
        problems.append("/many/f100 should have 2 links")
    if b'Fast link dest: "many/f101"' not in debugfs(image, "stat /fast-link"):
        problems.append("fast symlink target wrong")
    if SLOW_TARGET.encode() not in debugfs(image, "cat /slow-link"):
        problems.append("slow symlink target wrong")
    return problems
