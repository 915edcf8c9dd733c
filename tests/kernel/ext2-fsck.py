#!/usr/bin/env python3
"""ext2-fsck.py KERNEL IMAGE...: check with e2fsprogs what the kernel wrote.

Boots the test kernel (tools/run-ktest.sh) with the images as Multiboot
modules and the guest's RAM in a shared file, so that after QEMU exits the
RAM disks, as the kernel left them, can be cut out of that file at the
physical addresses the boot log gives.  Then, for each ext2-1k/2k/4k
and rev0 image: e2fsck -fn must find nothing to fix, and the files that
tests/kernel/test_ext2_leave.c left under /out must read back (debugfs)
byte for byte.  Ends with the usual "N passed, N failed" line.
"""
import os
import re
import subprocess
import sys

MEM_MIB = 128          # tools/run-ktest.sh runs QEMU with -m 128
# Images to check: name, module, offset in it, size (None: all of it).
# ext2-rev0 is the first partition of ext2-misc.img (ext2-images.sh).
IMAGES = [
    ("ext2-1k.img", "ext2-1k.img", 0, None),
    ("ext2-2k.img", "ext2-2k.img", 0, None),
    ("ext2-4k.img", "ext2-4k.img", 0, None),
    ("ext2-rev0.img", "ext2-misc.img", 2048 * 512, 1024 * 1024),
]


def pattern(start, n):
    return bytes((((i * 131) ^ (i >> 9)) & 0xff) for i in range(start, start + n))


SLOW = ("0123456789abcdefghij" * 5).encode()
EXPECTED = {
    "/out/deep/a/b/c/d/e/f/g/h/leaf": b"leaf\n",
    "/out/big": pattern(0, 400000),
    "/out/holes": pattern(0, 4096) + bytes(5000000 - 4096) +
    pattern(5000000, 4096),
    "/out/moved/renamed": b"renamed\n",
    "/out/hard1": b"hard\n",
    "/out/hard2": b"hard\n",
}


def run_kernel(kernel, images, mem):
    if os.path.exists(mem):
        os.unlink(mem)
    cmd = ["tools/run-ktest.sh", kernel, "-initrd", ",".join(images),
           "-object", "memory-backend-file,id=ext2ram,size=%dM,mem-path=%s,"
           "share=on" % (MEM_MIB, mem), "-machine", "memory-backend=ext2ram"]
    env = dict(os.environ, KTEST="ext2_leave")
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, env=env).stdout
    return out


def module_ranges(log):
    names = dict(re.findall(r"module (\d+): '([^']*)'", log))
    ranges = re.findall(r"mm: module (\d+) at 0x([0-9a-f]+)-0x([0-9a-f]+)", log)
    return {os.path.basename(names[n]): (int(a, 16), int(b, 16))
            for n, a, b in ranges if n in names}


def debugfs(image, request):
    return subprocess.run(["debugfs", "-R", request, image],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
                          ).stdout


def check_image(image):
    """Problems found in image (a list of strings)."""
    problems = []
    fsck = subprocess.run(["e2fsck", "-fn", image], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if fsck.returncode != 0:
        problems.append("e2fsck -fn exit %d:\n%s" % (fsck.returncode,
                                                      fsck.stdout))
    for path, data in EXPECTED.items():
        got = debugfs(image, "cat " + path)
        if got != data:
            problems.append("%s: %d bytes, expected %d%s" % (
                path, len(got), len(data),
                "" if len(got) != len(data) else " (contents differ)"))
    if b'Fast link dest: "big"' not in debugfs(image, "stat /out/fast"):
        problems.append("/out/fast: not a fast symlink to big")
    if debugfs(image, "cat /out/slow") != SLOW:
        problems.append("/out/slow: not a slow symlink to %r" % SLOW)
    return problems


def main():
    kernel, images = sys.argv[1], sys.argv[2:]
    out_dir = os.path.join(os.path.dirname(kernel), "test-images")
    mem = os.path.join(os.path.dirname(kernel), "ext2-fsck.mem")
    log = run_kernel(kernel, images, mem)
    ranges = module_ranges(log)
    passed = failed = 0
    with open(mem, "rb") as ram:
        for name, module, start, size in IMAGES:
            if module not in ranges:
                print("ext2-fsck: FAIL %s: not in the boot log" % name)
                failed += 1
                continue
            start += ranges[module][0]
            end = ranges[module][1] if size is None else start + size
            ram.seek(start)
            after = os.path.join(out_dir, "after-" + name)
            with open(after, "wb") as f:
                f.write(ram.read(end - start))
            problems = check_image(after)
            for p in problems:
                print("ext2-fsck: %s: %s" % (name, p))
            print("ext2-fsck: %s %s" % ("FAIL" if problems else "ok", name))
            failed += bool(problems)
            passed += not problems
    os.unlink(mem)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
