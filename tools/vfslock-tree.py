#!/usr/bin/env python3
"""vfslock-tree.py DIR: write DIR, the contents of bench-vfslock's disk
image (tests/bench/vfslock.mk, which turns it into an ext2 image with
mke2fs -d), deterministically (a fixed seed; no download):

  DIR/small   64 KiB, the cached file whose stat and reads are timed;
  DIR/big     256 MiB, the file streamed from the disk meanwhile: twice
              the guest's memory, so that reading it over and over in a
              loop never finds it in the page cache;
  DIR/tree    TREE_DIRS directories of TREE_FILES empty files each, the
              tree walked meanwhile (its directories and inode tables
              read from the disk).

Both hold pseudo-random bytes, never a whole block of zeros, so that
mke2fs -d leaves no holes and every block is really read from the disk.
DIR is emptied first."""
import os
import random
import shutil
import sys

SMALL = 64 << 10
BIG = 256 << 20
CHUNK = 1 << 20
TREE_DIRS = 800
TREE_FILES = 200


def write(path, size, rnd):
    with open(path, "wb") as f:
        for _ in range(0, size, CHUNK):
            f.write(rnd.randbytes(min(CHUNK, size)))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    rnd = random.Random(14)
    write(os.path.join(out, "small"), SMALL, rnd)
    write(os.path.join(out, "big"), BIG, rnd)
    for d in range(TREE_DIRS):
        sub = os.path.join(out, "tree", "d%03d" % d)
        os.makedirs(sub)
        for f in range(TREE_FILES):
            open(os.path.join(sub, "file-%03d" % f), "wb").close()
    print("vfslock-tree: small %d KiB, big %d MiB, tree %d files" %
          (SMALL >> 10, BIG >> 20, TREE_DIRS * TREE_FILES))


if __name__ == "__main__":
    main()
