#!/usr/bin/env python3
"""dirs-tree.py DIR: write DIR, the contents of bench-dirs' disk image
(tests/bench/dirs.mk, which turns it into an ext2 image with mke2fs -d),
deterministically (a fixed seed; no download):

  DIR/tree/       20 directories of 10 subdirectories each, every
                  subdirectory holding 100 empty files: 20,000 files for
                  `find` to walk;
  DIR/src.tar     a ustar archive for `tar x`: a source-like tree of
                  about 4,500 files (C-like text, sizes up to 1 MiB, the
                  median 2 KiB) in 160 nested directories holding from none
                  to over 1,000 files, 24 MiB of file data in all (27 MiB of
                  archive); owned by root, one fixed mtime.

DIR is emptied first.  Prints the figures of what it wrote."""
import io
import math
import os
import random
import shutil
import sys
import tarfile

TOP_DIRS, SUB_DIRS, FILES = 20, 10, 100
TAR_DIRS = 160
TAR_BYTES = 24 << 20
MAX_FILE = 1 << 20
MTIME = 1700000000
WORDS = ("static int struct return unsigned char const void if else for "
         "while goto err out size_t len buf page inode dentry lock unlock "
         "block offset count flags NULL sizeof case break switch").split()


def write_tree(top):
    for a in range(TOP_DIRS):
        for b in range(SUB_DIRS):
            d = os.path.join(top, "lib%02d" % a, "mod%02d" % b)
            os.makedirs(d)
            for f in range(FILES):
                open(os.path.join(d, "file%03d.c" % f), "w").close()
    return TOP_DIRS * SUB_DIRS * FILES


def text_pool(rnd, size):
    """size bytes of C-like lines, the source of every file's contents."""
    out, n = [], 0
    while n < size:
        line = "\t" * rnd.randrange(4) + " ".join(
            rnd.choice(WORDS) for _ in range(rnd.randrange(1, 10))) + ";\n"
        out.append(line)
        n += len(line)
    return "".join(out).encode()[:size]


def tar_layout(rnd):
    """([directory], [(path, size)]): a random tree, nested up to 5 deep,
    files spread over directories with very unequal weights."""
    dirs = ["src"]
    for i in range(TAR_DIRS - 1):
        parent = rnd.choice([d for d in dirs if d.count("/") < 5])
        dirs.append("%s/%s%d" % (parent, rnd.choice(
            ("core", "drv", "net", "fs", "util", "arch", "test")), i))
    weights = [rnd.paretovariate(1.2) for _ in dirs]
    files, total, i = [], 0, 0
    while total < TAR_BYTES:
        size = min(MAX_FILE, int(rnd.lognormvariate(math.log(2000), 1.4)))
        size = min(size, TAR_BYTES - total)
        d = rnd.choices(dirs, weights)[0]
        files.append(("%s/f%05d.%s" % (d, i, rnd.choice("chS")), size))
        total += size
        i += 1
    return dirs, files


def write_tar(path, rnd):
    dirs, files = tar_layout(rnd)
    pool = text_pool(rnd, 2 * MAX_FILE)
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as tar:
        def add(name, mode, kind, data=b""):
            info = tarfile.TarInfo(name)
            info.type, info.mode, info.mtime = kind, mode, MTIME
            info.uname = info.gname = "root"
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data else None)
        for d in dirs:
            add(d, 0o755, tarfile.DIRTYPE)
        for name, size in files:
            start = rnd.randrange(len(pool) - size + 1)
            add(name, 0o644, tarfile.REGTYPE, pool[start:start + size])
    return len(dirs), len(files), sum(s for _, s in files)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    n = write_tree(os.path.join(out, "tree"))
    ndirs, nfiles, nbytes = write_tar(os.path.join(out, "src.tar"),
                                      random.Random(14))
    print("dirs-tree: %d files in tree/; src.tar: %d directories, %d files, "
          "%.1f MiB of data, %.1f MiB archive" % (
              n, ndirs, nfiles, nbytes / 2**20,
              os.path.getsize(os.path.join(out, "src.tar")) / 2**20))


if __name__ == "__main__":
    main()
