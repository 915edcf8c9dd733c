#!/usr/bin/env python3
"""trim-image.py: copy a filesystem image without its trailing free space.

    trim-image.py IMAGE OUT

Writes OUT, IMAGE cut after its last 4 KiB block that holds a nonzero
byte, and prints IMAGE's whole size in KiB.  The ISO carries the root image
so: GRUB reads only the used start, and the kernel's RAM disk, told the
whole size by the module string ("rootfs size=KIB",
drivers/block/ramdisk.c), gives zeros for the rest.  mke2fs -d writes a
small filesystem's metadata and files at its start, so what is cut is
free blocks; zeros anywhere read back as zeros, so nothing is lost even
when it is not.
"""

import sys

BLOCK = 4096


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    if len(data) % 1024:
        sys.exit("trim-image: %s: %d bytes, not whole KiB" %
                 (sys.argv[1], len(data)))
    end = len(data)
    while end > 0:
        start = (end - 1) // BLOCK * BLOCK
        if data[start:end].count(0) != end - start:
            break
        end = start
    with open(sys.argv[2], "wb") as f:
        f.write(data[:end])
    print(len(data) // 1024)


if __name__ == "__main__":
    main()
