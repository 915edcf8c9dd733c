#!/usr/bin/env python3
"""mkdisk.py IMAGE SIZE_MIB [START_SECTOR]: make a raw disk image of
SIZE_MIB MiB with an MBR holding one Linux partition (type 0x83) from
START_SECTOR (default 2048) to the end of the disk.  Needs no root, no
loop devices and no sfdisk.  Every sector past the MBR is filled with a
recognisable pattern: its number as a little-endian 32-bit word, repeated,
so that a test can check it read the right sector."""
import struct
import sys


def mbr(total, start):
    entry = struct.pack("<B3sB3sII", 0x00, b"\xff\xff\xfe", 0x83,
                        b"\xff\xff\xfe", start, total - start)
    table = entry + bytes(16 * 3)
    return bytes(440) + struct.pack("<IH", 0x6d616573, 0) + table + b"\x55\xaa"


def main():
    path, size_mib = sys.argv[1], int(sys.argv[2])
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 2048
    total = size_mib * 2048
    with open(path, "wb") as f:
        f.write(mbr(total, start))
        for sector in range(1, total):
            f.write(struct.pack("<I", sector) * 128)


if __name__ == "__main__":
    main()
