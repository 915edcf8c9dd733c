#!/usr/bin/env python3
"""mkcorpus.py: pack filesystem images into sparse archives for the kernel.

    mkcorpus.py OUTDIR MAX_MIB IMAGE.img[.gz]...

Writes OUTDIR/batch-0.bin, batch-1.bin, ..., each holding images whose
non-zero data adds up to at most MAX_MIB (an image bigger than that gets a
batch of its own), and OUTDIR/batches.txt listing the files.  The kernel's
sparse RAM disks (tests/kernel/corpus.c) read this format; an archive is
given to the test kernel as a Multiboot module.

Format, little endian, every offset from the start of the archive:
    "MCORPUS1"             magic
    u32 count              images
    count x image header (64 bytes):
        char name[40]      NUL-padded
        u32 size_lo, size_hi   image size in bytes
        u32 nchunks        non-zero 4 KiB blocks stored
        u32 index_off      offset of u32 block numbers[nchunks], ascending
        u32 data_off       offset of nchunks x 4096 bytes of data (4 KiB aligned)
        u32 reserved
Blocks that are not stored read as zeros.
"""

import gzip
import os
import struct
import sys

BLOCK = 4096
HEADER = struct.Struct("<40sIIIIII")
assert HEADER.size == 64


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    name = os.path.basename(path)
    for suffix in (".gz", ".img"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    chunks = [(i // BLOCK, data[i:i + BLOCK].ljust(BLOCK, b"\0"))
              for i in range(0, len(data), BLOCK) if any(data[i:i + BLOCK])]
    return name[:39], len(data), chunks


def pack(images, out):
    head = b"MCORPUS1" + struct.pack("<I", len(images))
    table_end = len(head) + HEADER.size * len(images)
    headers, blobs = [], []
    off = table_end
    for name, size, chunks in images:
        index = b"".join(struct.pack("<I", b) for b, _ in chunks)
        index_off = off
        off += len(index)
        pad = (-off) % BLOCK
        data_off = off + pad
        off = data_off + BLOCK * len(chunks)
        headers.append(HEADER.pack(name.encode(), size & 0xFFFFFFFF, size >> 32,
                                   len(chunks), index_off, data_off, 0))
        blobs.append(index + b"\0" * pad + b"".join(d for _, d in chunks))
    with open(out, "wb") as f:
        f.write(head + b"".join(headers) + b"".join(blobs))


def main():
    outdir, max_mib, paths = sys.argv[1], int(sys.argv[2]), sorted(sys.argv[3:])
    os.makedirs(outdir, exist_ok=True)
    limit = max_mib << 20
    batches, current, used = [], [], 0
    for path in paths:
        img = load(path)
        cost = BLOCK * len(img[2])
        if current and used + cost > limit:
            batches.append(current)
            current, used = [], 0
        current.append(img)
        used += cost
    if current:
        batches.append(current)
    names = []
    for i, batch in enumerate(batches):
        name = os.path.join(outdir, "batch-%d.bin" % i)
        pack(batch, name)
        names.append(name)
    with open(os.path.join(outdir, "batches.txt"), "w") as f:
        f.write("\n".join(names) + "\n")
    print("mkcorpus: %d images in %d batches" % (len(paths), len(batches)))


if __name__ == "__main__":
    main()
