#!/usr/bin/env python3
"""elf-drop-gnu-stack.py IN OUT: copy the ELF32 little-endian executable IN
to OUT with its PT_GNU_STACK program header turned into PT_NULL, as if it
had been linked by a toolchain that does not write one (old i386
programs).  Linux runs such a program with READ_IMPLIES_EXEC; the
differential test fault-nognustack (tests/user/fault.c) checks that
maestro does the same.  Fails when IN is not ELF32 or has no PT_GNU_STACK.
"""

import os
import struct
import sys

PT_NULL = 0
PT_GNU_STACK = 0x6474E551


def drop_gnu_stack(data):
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        sys.exit("elf-drop-gnu-stack: not a little-endian ELF32 file")
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    for i in range(phnum):
        off = phoff + i * phentsize
        p_type, = struct.unpack_from("<I", data, off)
        if p_type == PT_GNU_STACK:
            struct.pack_into("<I", data, off, PT_NULL)
            return
    sys.exit("elf-drop-gnu-stack: no PT_GNU_STACK header")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: elf-drop-gnu-stack.py IN OUT")
    with open(sys.argv[1], "rb") as f:
        data = bytearray(f.read())
    drop_gnu_stack(data)
    with open(sys.argv[2], "wb") as f:
        f.write(data)
    os.chmod(sys.argv[2], 0o755)


if __name__ == "__main__":
    main()
