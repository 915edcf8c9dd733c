#!/usr/bin/env python3
"""linux-peer.py: Linux in the same QEMU as maestro, for the benchmarks.

maestro's optimisations are measured against the best peer we can run here:
Debian's i386 Linux kernel, booted in the same QEMU configuration with a
tiny initramfs whose /init is tests/bench/linux_disk_bench.c (the disk
benchmark) or tests/bench/proc_bench.c (the process benchmarks, which need
no modules and no disk).  Subcommands:

  fetch DIR [FLAVOUR [MODULE...]]
                  idempotently download Debian's linux-image-6.1.0-N-686:i386
                  (the package linux-image-686:i386 depends on; FLAVOUR
                  686-pae for linux-image-686-pae's, which has NX) with
                  `apt-get download` into DIR, and extract vmlinuz and
                  ata_piix and sd_mod (or the MODULEs) with their
                  dependencies (read from each module's
                  .modinfo "depends=" field: the package ships no
                  modules.dep) into DIR/modules, with DIR/modules/order
                  listing them in load order.  .ko.xz files are
                  decompressed with python's lzma module.
  initramfs DIR INIT OUT [FILE...]
                  write OUT, a newc cpio archive with /init (the static
                  benchmark program), /dev/console, /proc, /sys and
                  /lib/modules/ (the modules and their order), and each
                  FILE under / by its name (e.g. /proc_true), or, given as
                  SRC=PATH, at PATH (e.g. .../busybox=bin/busybox; the
                  directories on the way are made).
  initramfs-tree TREE OUT
                  write OUT, a newc cpio archive of the directory TREE
                  (files, directories and symbolic links, owned by root,
                  with their modes) plus /dev/console: the boot-time
                  benchmark's initramfs (tests/bench/boot.mk), whose /init
                  is maestro's own init.
  run [--prefix=P] DIR CPIO IMG OUT [APPEND...]
                  boot vmlinuz with the initramfs and IMG as the primary
                  IDE master (no disk when IMG is "-"), keep the lines that
                  start with "P: " (default P: linux-bench) in OUT (prefix
                  removed) and fail unless the benchmark printed "done".
                  APPEND is added to the kernel command line (e.g.
                  libata.force=pio4).
  table MAESTRO... -- LINUX...
                  print one table: maestro's bench-ata figures (the tables
                  bench-ata printed) beside Linux's (the files that run
                  wrote), each side's best boot for each row, with the speed
                  ratio maestro/Linux per row.
  proc-table MAESTRO... -- LINUX...
                  the same for the process benchmarks: files of
                  "NAME MICROSECONDS" lines (tests/bench/proc_bench.c, the
                  "proc-bench: " prefix removed), one per boot, each side's
                  best boot per row, and Linux's time over maestro's.
  fileio-table MAESTRO... -- LINUX...
                  the same for bench-fileio (tests/bench/fileio_bench.c):
                  microseconds per 64 MiB, with MB/s.
  dirs-table MAESTRO... -- LINUX...
                  the same for bench-dirs (tests/bench/dirs_bench.c):
                  seconds per row.
  bash-table [--logs DIR] MAESTRO... -- LINUX...
                  the same for bench-bash (tests/bench/bash_bench.c):
                  seconds per script, rows in the order of maestro's
                  first file, then each script's exit status on each
                  side ("status NAME CODE" lines; 0 when its output was
                  the expected one), every boot's; with --logs, the
                  scripts whose outputs (DIR/maestro-N/logs/NAME.log
                  against DIR/linux-N/logs/NAME.log) differ, and how.
  vfslock-table MAESTRO... -- LINUX...
                  the same for bench-vfslock (tests/bench/vfslock_bench.c):
                  cached stat and 4 KiB read latencies idle and while
                  another process streams from the disk, in microseconds
                  (the lowest boot per row), and the stream's MB/s (the
                  highest); then each side's busy latencies over its idle
                  ones, against the issue's goal of 2x.
  random-table PEERDIR HOST... -- MAESTRO... -- LINUX...
                  bench-random's table (tests/bench/random.mk): the host
                  rows of tests/bench/random_bench.c (HOST: its output,
                  one file per word size) against the goals of issue 12,
                  then getrandom(2) and /dev/urandom throughput from
                  tests/bench/getrandom_bench.c's lines ("random-bench: "
                  removed), one file per boot, each side's best boot per
                  row, and Linux's time per call over maestro's.  PEERDIR
                  names the Linux kernel (its "version" file).

Only Debian's archive is used, through apt-get; nothing else is downloaded.
"""
import glob
import lzma
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

QEMU = os.environ.get("QEMU", "qemu-system-i386")
QEMU_ACCEL = os.environ.get("QEMU_ACCEL", "-accel tcg").split()
DRIVE_OPTS = os.environ.get("BENCH_ATA_DRIVE_OPTS", "aio=io_uring,cache=none")
TIMEOUT = int(os.environ.get("LINUX_PEER_TIMEOUT", "240"))
ROOT_MODULE = "ata_piix"
# sd_mod finds the disk; scsi_mod loads no upper driver by itself.
EXTRA_MODULES = ["sd_mod"]


def log(msg):
    print("linux-peer: " + msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- fetch

def kernel_package(flavour):
    """Name of the versioned i386 kernel image package of flavour (686 or
    686-pae), from apt."""
    out = subprocess.run(["apt-cache", "depends", "linux-image-%s:i386" % flavour],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"Depends:\s*(linux-image-6\.1\.0-[0-9]+-%s)(:i386)?"
                  % re.escape(flavour), out)
    if not m:
        sys.exit("linux-peer: no linux-image-6.1.0-*-%s:i386 in apt-cache "
                 % flavour +
                 "(run tools/setup.sh, which adds the i386 architecture)")
    return m.group(1) + ":i386"


def elf_section(data, wanted):
    """Contents of section `wanted` of a 32-bit little-endian ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 1:
        raise ValueError("not an ELF32 file")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2e)

    def header(i):
        return struct.unpack_from("<IIIIII", data, shoff + i * shentsize)
    stroff = header(shstrndx)[4]
    for i in range(shnum):
        name, _, _, _, off, size = header(i)
        end = data.index(b"\0", stroff + name)
        if data[stroff + name:end].decode() == wanted:
            return data[off:off + size]
    return b""


def read_ko(path):
    data = open(path, "rb").read()
    if path.endswith(".xz"):
        data = lzma.decompress(data)
    return data


def modinfo(data, key):
    for field in elf_section(data, ".modinfo").split(b"\0"):
        if field.startswith(key.encode() + b"="):
            return field[len(key) + 1:].decode()
    return ""


def module_index(moddir):
    """Map module name (dashes as underscores) to its .ko file."""
    index = {}
    for path in glob.glob(os.path.join(moddir, "kernel", "**", "*.ko*"),
                          recursive=True):
        name = os.path.basename(path).split(".ko")[0].replace("-", "_")
        index[name] = path
    return index


def load_order(index, roots):
    """Modules in dependency order (dependencies first), with contents."""
    order, seen = [], {}

    def visit(name):
        if name in seen:
            return
        seen[name] = None
        data = read_ko(index[name])
        deps = [d.replace("-", "_") for d in modinfo(data, "depends").split(",") if d]
        for dep in deps:
            visit(dep)
        order.append((name, data))
    for root in roots:
        visit(root)
    return order


def fetch(outdir, flavour="686", *modules):
    outdir = os.path.abspath(outdir)
    stamp = os.path.join(outdir, ".done")
    if os.path.exists(stamp):
        return
    os.makedirs(outdir, exist_ok=True)
    pkg = kernel_package(flavour)
    debs = glob.glob(os.path.join(outdir, pkg.split(":")[0] + "_*_i386.deb"))
    if not debs:
        log("apt-get download " + pkg)
        subprocess.run(["apt-get", "download", "-q", pkg], cwd=outdir,
                       check=True)
        debs = glob.glob(os.path.join(outdir, pkg.split(":")[0] + "_*_i386.deb"))
    tree = tempfile.mkdtemp(prefix="linux-peer-", dir=outdir)
    try:
        subprocess.run(["dpkg-deb", "-x", debs[0], tree], check=True)
        vmlinuz, = glob.glob(os.path.join(tree, "boot", "vmlinuz-*"))
        moddir, = glob.glob(os.path.join(tree, "lib", "modules", "*"))
        order = load_order(module_index(moddir),
                           list(modules) or [ROOT_MODULE] + EXTRA_MODULES)
        shutil.rmtree(os.path.join(outdir, "modules"), ignore_errors=True)
        os.makedirs(os.path.join(outdir, "modules"))
        for name, data in order:
            open(os.path.join(outdir, "modules", name + ".ko"), "wb").write(data)
        with open(os.path.join(outdir, "modules", "order"), "w") as f:
            f.write("".join(name + ".ko\n" for name, _ in order))
        shutil.copyfile(vmlinuz, os.path.join(outdir, "vmlinuz"))
        with open(os.path.join(outdir, "version"), "w") as f:
            f.write(os.path.basename(debs[0]) + "\n")
    finally:
        shutil.rmtree(tree)
    log("%s: vmlinuz and %s" % (os.path.basename(debs[0]),
                                " ".join(n for n, _ in order)))
    open(stamp, "w").close()


# ---------------------------------------------------------------- initramfs

S_IFDIR, S_IFREG, S_IFCHR, S_IFLNK = 0o040000, 0o100000, 0o020000, 0o120000


def cpio_entry(ino, name, mode, data=b"", rdev=(0, 0)):
    """One newc ("070701") record: header, name and data, each 4-aligned."""
    fields = (ino, mode, 0, 0, 2 if mode & S_IFDIR else 1, 0, len(data),
              0, 0, rdev[0], rdev[1], len(name) + 1, 0)
    head = b"070701" + b"".join(b"%08X" % v for v in fields)
    head += name.encode() + b"\0"
    head += b"\0" * (-len(head) % 4)
    return head + data + b"\0" * (-len(data) % 4)


def initramfs(kdir, init, out, extra=()):
    entries = [(".", S_IFDIR | 0o755, b""), ("dev", S_IFDIR | 0o755, b""),
               ("proc", S_IFDIR | 0o755, b""), ("sys", S_IFDIR | 0o755, b""),
               ("lib", S_IFDIR | 0o755, b""),
               ("lib/modules", S_IFDIR | 0o755, b"")]
    moddir = os.path.join(kdir, "modules")
    for name in sorted(os.listdir(moddir)):
        entries.append(("lib/modules/" + name, S_IFREG | 0o644,
                        open(os.path.join(moddir, name), "rb").read()))
    entries.append(("init", S_IFREG | 0o755, open(init, "rb").read()))
    for path in extra:
        src, _, dest = path.partition("=")
        dest = dest.strip("/") or os.path.basename(src)
        parts = dest.split("/")
        for i in range(1, len(parts)):
            parent = "/".join(parts[:i])
            if not any(n == parent for n, _, _ in entries):
                entries.append((parent, S_IFDIR | 0o755, b""))
        entries.append((dest, S_IFREG | 0o755, open(src, "rb").read()))
    blob = b"".join(cpio_entry(i + 1, n, m, d) for i, (n, m, d) in enumerate(entries))
    blob += cpio_entry(len(entries) + 1, "dev/console", S_IFCHR | 0o600,
                       rdev=(5, 1))
    blob += cpio_entry(0, "TRAILER!!!", 0)
    blob += b"\0" * (-len(blob) % 512)
    tmp = out + ".tmp"
    open(tmp, "wb").write(blob)
    os.replace(tmp, out)


def tree_entries(tree):
    """(name, mode, data) of everything under tree, parents first."""
    entries = [(".", S_IFDIR | 0o755, b"")]
    for top, dirs, files in os.walk(tree):
        dirs.sort()
        for name in sorted(dirs) + sorted(files):
            path = os.path.join(top, name)
            rel = os.path.relpath(path, tree)
            st = os.lstat(path)
            perm = st.st_mode & 0o7777
            if os.path.islink(path):
                entries.append((rel, S_IFLNK | 0o777,
                                os.readlink(path).encode()))
            elif os.path.isdir(path):
                entries.append((rel, S_IFDIR | perm, b""))
            else:
                entries.append((rel, S_IFREG | perm,
                                open(path, "rb").read()))
    return entries


def write_cpio(entries, out):
    """OUT: a newc archive of entries (name, mode, data), owned by root,
    plus /dev/console when they have none."""
    blob = b"".join(cpio_entry(i + 1, n, m, d) for i, (n, m, d) in enumerate(entries))
    if not any(n == "dev/console" for n, _, _ in entries):
        blob += cpio_entry(len(entries) + 1, "dev/console", S_IFCHR | 0o600,
                           rdev=(5, 1))
    blob += cpio_entry(0, "TRAILER!!!", 0)
    blob += b"\0" * (-len(blob) % 512)
    tmp = out + ".tmp"
    open(tmp, "wb").write(blob)
    os.replace(tmp, out)


def initramfs_tree(tree, out):
    write_cpio(tree_entries(tree), out)


# ---------------------------------------------------------------- run

def run(kdir, cpio, img, out, append, prefix="linux-bench"):
    marker = prefix + ": "
    drive = [] if img == "-" else [
        "-drive", "file=%s,if=ide,index=0,format=raw,%s" % (img, DRIVE_OPTS)]
    cmd = [QEMU] + QEMU_ACCEL + [
        "-m", "128", "-kernel", os.path.join(kdir, "vmlinuz"),
        "-initrd", cpio, "-append", " ".join(["console=ttyS0 quiet"] + append)
        ] + drive + [
        "-display", "none", "-serial", "stdio", "-monitor", "none",
        "-no-reboot"]
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        sys.stderr.write((e.stdout or b"").decode(errors="replace")[-3000:])
        sys.exit("linux-peer: Linux did not power off within %d s" % TIMEOUT)
    text = proc.stdout.decode(errors="replace").replace("\r", "")
    lines = [l.split(marker, 1)[1] for l in text.splitlines()
             if marker in l]
    if "done" not in lines:
        sys.stderr.write(text[-3000:] + proc.stderr.decode(errors="replace"))
        sys.exit("linux-peer: the benchmark in Linux did not finish")
    with open(out, "w") as f:
        f.write("".join(l + "\n" for l in lines if l != "done"))


# ---------------------------------------------------------------- table

def keep_best(res, key, figures):
    """Keep in res[key] the faster of it and figures (MiB/s, us/req)."""
    if key not in res or figures[0] > res[key][0]:
        res[key] = figures


def parse_maestro(path, res):
    """Add {(mode, row): (MiB/s, us)} from maestro's bench-ata table."""
    section = None
    num = r"\s+([0-9.]+)"
    for line in open(path):
        line = line.rstrip()
        if line.startswith("read "):
            section = "raw"
        elif line.startswith("cached read"):
            section = "cached"
        elif section == "raw":
            m = re.match(r"(.+?)" + num * 4, line)
            if m:
                dma = float(m.group(2)), float(m.group(3))
                pio = float(m.group(4)), float(m.group(5))
                keep_best(res, ("dma", m.group(1)), dma)
                keep_best(res, ("pio", m.group(1)), pio)
        elif section == "cached":
            m = re.match(r"(.+?)" + num * 2, line)
            if m:
                keep_best(res, ("cached", m.group(1)),
                          (float(m.group(2)), float(m.group(3))))


def parse_linux(path, res):
    """Add Linux's figures: lines "MODE ROW: B bytes, R requests, N ns"."""
    info = []
    for line in open(path):
        m = re.match(r"(\w+) (.+?): (\d+) bytes, (\d+) requests, (\d+) ns", line)
        if m:
            nbytes, reqs, ns = int(m.group(3)), int(m.group(4)), int(m.group(5))
            keep_best(res, (m.group(1), m.group(2)),
                      (nbytes * 1e9 / ns / 2**20, ns / 1e3 / reqs))
        else:
            info.append(line.rstrip())
    return info


ROWS = [("dma", "sequential 64 KiB"), ("dma", "sequential 1 MiB"),
        ("dma", "random 4 KiB"), ("pio", "sequential 64 KiB"),
        ("pio", "sequential 1 MiB"), ("pio", "random 4 KiB"),
        ("cached", "random 4 KiB"), ("cached", "sequential 4 KiB")]


def table(maestro_files, linux_files):
    m, lx, info = {}, {}, {}
    for path in maestro_files:
        parse_maestro(path, m)
    for path in linux_files:
        for line in parse_linux(path, lx):
            # One null-system-call figure is enough (the first boot's).
            info.setdefault(re.sub(r"[0-9.]+ us$", "", line), line)
    boots = len(maestro_files)
    print("maestro against Linux in the same QEMU, best of %d boot%s each.  "
          "maestro/Linux:\nthroughput ratio, or Linux's time per request "
          "over maestro's; above 1, maestro is faster." %
          (boots, "" if boots == 1 else "s"))
    print("%-24s %9s %9s %10s %10s %9s" % ("", "maestro", "Linux", "maestro",
          "Linux", "maestro/"))
    print("%-24s %9s %9s %10s %10s %9s" % ("", "MiB/s", "MiB/s", "us/req",
          "us/req", "Linux"))
    for mode, row in ROWS:
        a, b = m.get((mode, row)), lx.get((mode, row))
        if not a or not b:
            continue
        # Same bytes per request on both sides, so the throughput ratio is
        # also Linux's time per request over maestro's.
        print("%-24s %9.1f %9.1f %10.2f %10.2f %8.2fx" % (
            mode.upper() + " " + row, a[0], b[0], a[1], b[1],
            a[0] / b[0] if b[0] else 0))
    for line in info.values():
        print("Linux: " + line)
    print("Linux reads with pread() from user space (a system call each, "
          "O_DIRECT for DMA and PIO);\nmaestro's benchmark calls blk_rw() "
          "and bread() in the kernel.")


PROC_ROWS = ["null-syscall", "fork-exit-wait", "fork-exec-wait",
             "vfork-exec-wait", "thread-create-join", "pipe-pingpong"]


def parse_proc(paths):
    """{name: best (lowest) microseconds per operation} over the boots."""
    best = {}
    for path in paths:
        for line in open(path):
            m = re.match(r"(\S+) ([0-9.]+)$", line.strip())
            if m and (m.group(1) not in best or
                      float(m.group(2)) < best[m.group(1)]):
                best[m.group(1)] = float(m.group(2))
    return best


def time_table(title, unit, rows, maestro_files, linux_files):
    """One table of "NAME TIME" rows (lower is better), each side's best
    boot, and Linux's time over maestro's; returns those best times,
    ({row: maestro's}, {row: Linux's})."""
    m, lx = parse_proc(maestro_files), parse_proc(linux_files)
    print("%s: maestro against Linux in the same QEMU, best of %d and %d "
          "boots.\nLinux/maestro: Linux's time over maestro's; above 1, "
          "maestro is faster." % (title, len(maestro_files), len(linux_files)))
    print("%-18s %12s %12s %9s" % ("", "maestro", "Linux", "Linux/"))
    print("%-18s %12s %12s %9s" % ("", unit, unit, "maestro"))
    for row in rows:
        a, b = m.get(row), lx.get(row)
        print("%-18s %12s %12s %9s" % (
            row, "%.3f" % a if a else "failed", "%.3f" % b if b else "failed",
            "%.2fx" % (b / a) if a and b else "-"))
    return m, lx


def proc_table(maestro_files, linux_files):
    time_table("Process benchmarks", "us per op", PROC_ROWS, maestro_files,
               linux_files)


FILEIO_ROWS = ["write-64M-fsync", "read-cold-1M", "read-cold-4K",
               "read-warm-1M", "read-warm-4K"]


def fileio_table(maestro_files, linux_files):
    """bench-fileio's rows, in microseconds for 64 MiB, with MB/s."""
    m, lx = time_table("File I/O, 64 MiB through read(2)/write(2) on ext2",
                       "us", FILEIO_ROWS, maestro_files, linux_files)
    print("MB/s:", "  ".join("%s %.1f/%.1f" % (
        row, 64 * 1.048576e6 / m[row] if m.get(row) else 0,
        64 * 1.048576e6 / lx[row] if lx.get(row) else 0)
        for row in FILEIO_ROWS), "(maestro/Linux)")


DIRS_ROWS = ["create-10k", "stat-10k", "unlink-10k", "find-cold",
             "find-warm", "tar-x"]


def dirs_table(maestro_files, linux_files):
    """bench-dirs' rows, in seconds."""
    time_table("Directories and path lookup on ext2", "s", DIRS_ROWS,
               maestro_files, linux_files)
    print("create/stat/unlink: 10,000 empty files in one directory, by "
          "absolute path;\nfind: busybox find over 20,000 files, cold "
          "(after a remount), then warm;\ntar-x: busybox tar x of 4,480 "
          "files (24 MiB in a 27 MiB archive), then sync.")


def bash_statuses(paths):
    """({script: [exit status of each boot]}, [scripts in order])."""
    codes, order = {}, []
    for path in paths:
        for line in open(path):
            f = line.split()
            if len(f) == 2 and f[0] not in order:
                order.append(f[0])
            if len(f) == 3 and f[0] == "status":
                codes.setdefault(f[1], []).append(f[2])
    return codes, order


def bash_log_diffs(logdir, rows):
    """Print the scripts whose output differs between the kernels in any
    boot of DIR (maestro-N against linux-N), with the first such diff."""
    import difflib
    boots = sorted(d[len("maestro-"):] for d in os.listdir(logdir)
                   if d.startswith("maestro-") and
                   os.path.isdir(os.path.join(logdir, "linux-" + d[8:])))
    differ = []
    for row in rows:
        for n in boots:
            a, b = (os.path.join(logdir, "%s-%s" % (side, n), "logs",
                                 row + ".log") for side in ("maestro", "linux"))
            if not (os.path.exists(a) and os.path.exists(b)):
                continue
            la, lb = (open(p, errors="replace").readlines() for p in (a, b))
            if la != lb:
                differ.append((row, n, list(difflib.unified_diff(
                    la, lb, "maestro-%s" % n, "linux-%s" % n, n=0))))
                break
    print("Output (its diff against the expected), maestro against Linux, "
          "%d boot%s each: %s" % (len(boots), "" if len(boots) == 1 else "s",
                                  "the same" if not differ else
                                  "differs for " + " ".join(r for r, _, _ in
                                                            differ)))
    for row, n, diff in differ:
        print("  %s, boot %s:" % (row, n))
        sys.stdout.write("".join("    " + l for l in diff[:12]))
        if len(diff) > 12:
            print("    ... (%d more lines)" % (len(diff) - 12))


def bash_table(maestro_files, linux_files, logdir=None):
    """bench-bash's rows, in seconds, then the scripts' exit statuses."""
    m_codes, rows = bash_statuses(maestro_files)
    lx_codes, lx_rows = bash_statuses(linux_files)
    rows += [r for r in lx_rows if r not in rows]
    rows = [r for r in rows if r != "total"] + ["total"]
    time_table("bash's test scripts and one of the same shape", "s", rows,
               maestro_files, linux_files)
    print("Each row: `sh run-NAME` in bash's tests/ (THIS_SH=/bin/bash), "
          "fork to waitpid;\nshape: tests/bench/bash-shape.sh; total: "
          "the sum of one boot's rows (the smallest such sum).")
    print("Exit status per boot (0: the output was the expected one), "
          "maestro | Linux:")
    for row in rows:
        if row in m_codes or row in lx_codes:
            a = " ".join(m_codes.get(row, ["-"]))
            b = " ".join(lx_codes.get(row, ["-"]))
            print("  %-16s %-12s | %-12s%s" % (row, a, b,
                  "" if set(a.split()) == set(b.split()) else "  differs"))
    if logdir and os.path.isdir(logdir):
        bash_log_diffs(logdir, rows)
VFSLOCK_LATENCIES = ["%s-%s-%s" % (op, phase, pct)
                     for phase in ("idle", "busy", "write", "walk")
                     for op in ("stat", "read") for pct in ("p50", "p99")]
VFSLOCK_GOAL = 2.0  # issue 14: busy within 2x of idle


def parse_vfslock(paths):
    """{row: best figure} over the boots: the lowest of each latency and
    of idle-s; the highest stream-MBps, with stream-MB, busy-s and
    busy-rounds from the same boot; the same for scribble-MBps (the
    write phase), and the highest walk-fps with walk-files, walk-s and
    walk-rounds (the walk phase)."""
    best = {}
    for path in paths:
        boot = parse_proc([path])
        for row in VFSLOCK_LATENCIES + ["idle-s"]:
            if row in boot and (row not in best or boot[row] < best[row]):
                best[row] = boot[row]
        for child, phase in (("stream", "busy"), ("scribble", "write")):
            rate = child + "-MBps"
            if boot.get(rate, -1) > best.get(rate, -1):
                for row in (rate, child + "-MB", phase + "-s",
                            phase + "-rounds"):
                    if row in boot:
                        best[row] = boot[row]
        if boot.get("walk-fps", -1) > best.get("walk-fps", -1):
            for row in ("walk-fps", "walk-files", "walk-s", "walk-rounds"):
                if row in boot:
                    best[row] = boot[row]
    return best


def vfslock_table(maestro_files, linux_files):
    """bench-vfslock's rows: latencies in microseconds, the stream's MB/s,
    and each side's busy latencies over its idle ones."""
    m, lx = parse_vfslock(maestro_files), parse_vfslock(linux_files)
    fmt = "%-16s %12s %12s %9s"

    def cell(v, f="%.1f"):
        return f % v if v is not None else "failed"

    def ratio(r):
        return "-" if r is None else "%.2fx" % r if r >= 0.01 else "%.1ex" % r
    print("The global VFS lock: cached stat(2) and 4 KiB pread(2) latencies "
          "on one file, idle,\nwhile another process streams an "
          "uncached file from the disk (busy), while\nit writes a file "
          "with fsync (write), and while it walks a tree never read\n(walk); "
          "each side's best of %d and %d boots\nper row.  "
          "Linux/maestro: Linux's time over maestro's (for the stream and\n"
          "the scribbler, per byte); above 1, maestro is faster." %
          (len(maestro_files), len(linux_files)))
    print(fmt % ("", "maestro", "Linux", "Linux/"))
    print(fmt % ("", "us", "us", "maestro"))
    for row in VFSLOCK_LATENCIES:
        a, b = m.get(row), lx.get(row)
        print(fmt % (row, cell(a), cell(b), ratio(b / a if a and b else None)))
    for rate in ("stream-MBps", "scribble-MBps", "walk-fps"):
        a, b = m.get(rate), lx.get(rate)
        print(fmt % (rate, cell(a), cell(b),
                     ratio(a / b if a and b else None)))
    for name, side in (("maestro", m), ("Linux", lx)):
        print("%s: idle phase %s s (2000 rounds); busy phase %s s, %s "
              "rounds, the stream read %s MB; write phase %s s, %s rounds, "
              "the scribbler wrote %s MB." % (
                  name, cell(side.get("idle-s"), "%.2f"),
                  cell(side.get("busy-s"), "%.2f"),
                  cell(side.get("busy-rounds"), "%.0f"),
                  cell(side.get("stream-MB"), "%.0f"),
                  cell(side.get("write-s"), "%.2f"),
                  cell(side.get("write-rounds"), "%.0f"),
                  cell(side.get("scribble-MB"), "%.0f")))
        print("%s: walk phase %s s, %s rounds, the walker lstat'ed %s "
              "names." % (name, cell(side.get("walk-s"), "%.2f"),
                          cell(side.get("walk-rounds"), "%.0f"),
                          cell(side.get("walk-files"), "%.0f")))
    print("\nBusy and write over idle, from the figures above (the issue's "
          "goal: within %gx on\nmaestro):" % VFSLOCK_GOAL)
    print(fmt % ("", "maestro", "Linux", ""))
    for phase in ("busy", "write", "walk"):
        for what in ("stat-p50", "stat-p99", "read-p50", "read-p99"):
            op, pct = what.split("-")
            ratios = []
            for side in (m, lx):
                idle = side.get("%s-idle-%s" % (op, pct))
                busy = side.get("%s-%s-%s" % (op, phase, pct))
                ratios.append(busy / idle if idle and busy else None)
            mark = "" if ratios[0] is None else (
                "ok" if ratios[0] <= VFSLOCK_GOAL else "MISS")
            print(fmt % (("%s-%s" % (phase, what),) +
                         tuple(ratio(r) for r in ratios) + (mark,)))


# (key, label, goal in ticks or None, the issue's figure); "hook-x" is the
# hook over rdtsc alone.
RANDOM_HOST_ROWS = [
    ("rdtsc", "rdtsc alone", None, "~25"),
    ("fastmix", "fast_pool_add alone", None, "~10"),
    ("hook", "hook: rdtsc + fast_pool_add", None, "~35"),
    ("hook-x", "  hook - rdtsc", 15, ""),
    ("maestro", "Maestro: rdtsc + chacha20_block", None, ""),
    ("irqflags", "pushf;pop + IF test", None, ""),
    ("pushf", "pushf;pop alone", None, ""),
    ("u32", "get_random_u32 batched", 35, "~31"),
    ("u32-1blk", "get_random_u32 1 block/call", None, "~300"),
    ("u64", "get_random_u64 batched", None, ""),
    ("u64-1blk", "get_random_u64 1 block/call", None, ""),
    ("chacha20", "chacha20_block (64 B)", None, "~290"),
    ("blake2s", "BLAKE2s compress (update 64 B)", None, "~420"),
]

RANDOM_QEMU_ROWS = [("getrandom-16", "getrandom 16 B"),
                    ("getrandom-4096", "getrandom 4 KiB"),
                    ("getrandom-1048576", "getrandom 1 MiB"),
                    ("urandom-4096", "read /dev/urandom 4 KiB")]


def parse_random_host(paths):
    """{bits: {name: ticks}} from random_bench's lines."""
    res = {}
    for path in paths:
        for line in open(path):
            f = line.split()
            if len(f) >= 4 and f[0] == "random-host:":
                res.setdefault(f[1], {})[f[2]] = [float(x) for x in f[3:]]
    for rows in res.values():
        if "hook" in rows and "rdtsc" in rows:
            rows["hook-x"] = [h - t for h, t in zip(rows["hook"],
                                                    rows["rdtsc"])]
    return res


def parse_random_boots(paths):
    """({row: (MB/s, us per call)} best per row, [seed times in ms],
    {row: failure})."""
    best, seeds, failed = {}, [], {}
    for path in paths:
        for line in open(path):
            f = line.split()
            if len(f) == 2 and f[0] == "seeded":
                seeds.append(int(f[1]) / 1e6)
            elif len(f) >= 2 and f[1] == "failed":
                failed[f[0]] = " ".join(f[1:])
            elif len(f) == 4:
                nbytes, calls, ns = (int(x) for x in f[1:])
                fig = (nbytes * 1e3 / ns, ns / 1e3 / calls)
                if f[0] not in best or fig[0] > best[f[0]][0]:
                    best[f[0]] = fig
    return best, seeds, failed


def git_describe():
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"],
                              capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def cpu_model():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "?"


def random_host_table(host):
    bits = [b for b in ("32", "64") if b in host]
    any_rows = host[bits[0]] if bits else {}
    runs, iters = (int(x) for x in any_rows.get("method", [0, 0]))
    print("Host CPU (%s), TSC ticks per call, the kernel's sources built "
          "with its flags:\nthe median and the fastest of %d runs of %d "
          "calls after a warm-up, the empty call loop's\nsubtracted "
          "(%s ticks)." % (cpu_model(), runs, iters, ", ".join(
              "%s-bit %.1f/%.1f" % (b, host[b]["empty"][0], host[b]["empty"][1])
              for b in bits)))
    print("Core cycles per TSC tick here (dependent adds): %s.  irq_save/"
          "irq_restore are pushf;pop\nand a test of the saved IF, as the "
          "kernel's without their cli and sti (which fault in user mode)." %
          ", ".join("%s-bit %.2f" % (b, host[b]["clock"][0]) for b in bits))
    if "32" not in host:
        print("No i386 rows: i386 programs would run emulated here.")
    head = "%-32s" + " %8s %8s" * len(bits) + " %9s %6s"
    names = ["i386" if b == "32" else "x86_64" for b in bits]
    print(head % (("",) + tuple(n for n in names for _ in (0, 1)) +
                  ("goal", "issue")))
    print(head % (("",) + ("median", "fastest") * len(bits) +
                  ("(median)", "")))
    for key, label, goal, issue in RANDOM_HOST_ROWS:
        cells = []
        for b in bits:
            figs = host[b].get(key, [])
            cells += ["%.1f" % v for v in figs[:2]]
            cells += ["-"] * (2 - len(figs[:2]))
        mark = ""
        if goal is not None:
            mark = "<= %d" % goal
            med = host.get(bits[0], {}).get(key) if bits else None
            if med:
                mark += " ok" if med[0] <= goal else " MISS"
        print(head % ((label,) + tuple(cells) + (mark, issue)))
    print("rdtsc does not wait for the instructions around it: the mix "
          "runs partly in its shadow,\nso \"hook - rdtsc\" can be less "
          "than fast_pool_add alone.")
    for b in bits:
        r = host[b]
        if all(k in r for k in ("hook", "maestro", "u32", "u32-1blk")):
            print("%s (medians): the hook costs %.1f%% of Maestro's block "
                  "per interrupt; batched get_random_u32\nis %.1fx as fast "
                  "as a block per call." % (
                      "i386" if b == "32" else "x86_64",
                      100 * r["hook"][0] / r["maestro"][0],
                      r["u32-1blk"][0] / r["u32"][0]))


def random_table(peerdir, host_files, maestro_files, linux_files):
    host = parse_random_host(host_files)
    m, m_seed, m_fail = parse_random_boots(maestro_files)
    lx, lx_seed, lx_fail = parse_random_boots(linux_files)
    try:
        deb = open(os.path.join(peerdir, "version")).read().strip()
        linux = " ".join(deb.split("_")[:2])
    except OSError:
        linux = "?"
    print("bench-random (issue 12): maestro at %s; Linux: %s" %
          (git_describe(), linux))
    random_host_table(host)
    print()
    print("In QEMU (TCG, -m 128): getrandom(2) and /dev/urandom, best of %d "
          "and %d boots.\nLinux/maestro: Linux's time per call over "
          "maestro's; above 1, maestro is faster." %
          (len(maestro_files), len(linux_files)))
    print("%-24s %9s %9s %10s %10s %8s" % ("", "maestro", "Linux",
                                           "maestro", "Linux", "Linux/"))
    print("%-24s %9s %9s %10s %10s %8s" % ("", "MB/s", "MB/s", "us/call",
                                           "us/call", "maestro"))
    for key, label in RANDOM_QEMU_ROWS:
        a, b = m.get(key), lx.get(key)
        print("%-24s %9s %9s %10s %10s %8s" % (
            label, "%.2f" % a[0] if a else m_fail.get(key, "-"),
            "%.2f" % b[0] if b else lx_fail.get(key, "-"),
            "%.2f" % a[1] if a else "-", "%.2f" % b[1] if b else "-",
            "%.2fx" % (a[0] / b[0]) if a and b else "-"))
    for name, seeds in (("maestro", m_seed), ("Linux", lx_seed)):
        if seeds:
            print("%s: the first blocking getrandom() returned after "
                  "%.1f to %.1f ms" % (name, min(seeds), max(seeds)))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    cmd, args = argv[1], argv[2:]
    if cmd == "fetch" and args:
        fetch(*args)
    elif cmd == "initramfs-tree" and len(args) == 2:
        initramfs_tree(*args)
    elif cmd == "initramfs" and len(args) >= 3:
        initramfs(args[0], args[1], args[2], args[3:])
    elif cmd == "run" and args and args[0].startswith("--prefix="):
        if len(args) < 5:
            sys.exit(__doc__)
        run(args[1], args[2], args[3], args[4], args[5:],
            prefix=args[0].split("=", 1)[1])
    elif cmd == "run" and len(args) >= 4:
        run(args[0], args[1], args[2], args[3], args[4:])
    elif cmd == "fileio-table" and "--" in args[1:-1]:
        cut = args.index("--")
        fileio_table(args[:cut], args[cut + 1:])
    elif cmd == "dirs-table" and "--" in args[1:-1]:
        cut = args.index("--")
        dirs_table(args[:cut], args[cut + 1:])
    elif cmd == "bash-table" and "--" in args[1:-1]:
        logdir = None
        if args[0] == "--logs":
            logdir, args = args[1], args[2:]
        cut = args.index("--")
        bash_table(args[:cut], args[cut + 1:], logdir)
    elif cmd == "vfslock-table" and "--" in args[1:-1]:
        cut = args.index("--")
        vfslock_table(args[:cut], args[cut + 1:])
    elif cmd == "proc-table" and "--" in args[1:-1]:
        cut = args.index("--")
        proc_table(args[:cut], args[cut + 1:])
    elif cmd == "random-table" and args.count("--") == 2:
        cut = args.index("--")
        cut2 = args.index("--", cut + 1)
        random_table(args[0], args[1:cut], args[cut + 1:cut2],
                     args[cut2 + 1:])
    elif cmd == "table" and "--" in args[1:-1]:
        cut = args.index("--")
        table(args[:cut], args[cut + 1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
