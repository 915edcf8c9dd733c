#!/usr/bin/env python3
"""linux-oracle.py: Linux i386 in QEMU, the oracle of the differential tests.

A static i386 test program must print on maestro what it prints on Linux.
The reference is Debian's i386 Linux kernel (linux-image-6.1.0-N-686-pae,
fetched by tools/linux-peer.py with apt-get download: the PAE flavour,
which has NX as maestro's utest boot does) booted in qemu-system-i386 under
TCG, never the build machine's own kernel (which may not run i386 code at
all).  Its initramfs holds tests/user/oracle-init.c as /init and maestro's
root image (build/rootfs-test.ext2: the same /test programs, bash, busybox and
/etc on the same ext2), which /init mounts as the root; then one boot runs
every line of /test/programs.txt as maestro's utest runner does, and
/test/shell/run.sh as pid 1 as maestro's shell boot does.

    linux-oracle.py KERNEL_DIR TREE IMAGE INIT OUT_DIR [QUIRKS]

KERNEL_DIR holds vmlinuz, version and modules/ (linux-peer.py fetch: ext4,
which provides ext2, and loop, with their dependencies), TREE the root
tree that IMAGE was made from, INIT the oracle's /init.  The transcripts
go to

    OUT_DIR/expected/user/NN-NAME.out   (output, then "exit N")
    OUT_DIR/expected/shell/NAME.out     (the same for each shell case)
    OUT_DIR/expected/console.log        (the whole serial log)

and are cached in OUT_DIR/cache/KEY/, where KEY hashes the tree (every
file's path, mode and contents), INIT, the kernel package's name and
version, its modules, this script, linux-peer.py and the QEMU command
line: a second run with the same inputs boots nothing.  A boot in which a
run failed or timed out, or the runners did not finish, is not cached (it
is kept in OUT_DIR/incomplete/, and the end of its log is shown).  QUIRKS (tests/user/linux-quirks.txt)
lists the few lines where this Linux in QEMU is known not to do what Linux
does, and what it does instead: they are replaced in expected/ (the cache
keeps what Linux printed), each replacement logged, and a quirk whose line
Linux no longer prints fails.  Prints "ok" or "FAIL" for each run and each
case (a run fails on Linux when it does not exit 0, or is missing), then
"N passed, N failed"; exit status 1 when something failed.
"""
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
QEMU = os.environ.get("QEMU", "qemu-system-i386")
TIMEOUT = int(os.environ.get("LINUX_ORACLE_TIMEOUT", "1500"))
MEMORY = "256"
# loglevel=2: only the kernel's alerts (a panic) reach the console that the
# programs write on; its error lines (a failed mount's) would land in
# their transcripts.
APPEND = "console=ttyS0 loglevel=2 panic=-1 rdinit=/init"
# As maestro's utest boot (tests/system/userprogs.py): a CPU with NX.
CPU = ["-cpu", "qemu32,+nx"]
UTEST = re.compile(r"^utest: begin (\S+)\n(.*?)^utest: end \1\n", re.S | re.M)
SHELL = re.compile(r"^shell: begin (\S+)\n(.*?)^shell: end \1\n", re.S | re.M)


def log(msg):
    print("linux-oracle: " + msg, file=sys.stderr, flush=True)


def load_peer():
    spec = importlib.util.spec_from_file_location(
        "linux_peer", os.path.join(HERE, "linux-peer.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def qemu_cmd(kdir, cpio):
    return [QEMU, "-accel", "tcg"] + CPU + [
        "-m", MEMORY, "-kernel", os.path.join(kdir, "vmlinuz"),
        "-initrd", cpio, "-append", APPEND, "-display", "none",
        "-serial", "stdio", "-monitor", "none", "-no-reboot"]


def cache_key(entries, init, kdir):
    """A hash of the root tree's entries (its image is not reproducible:
    mke2fs stamps it with times and random ids), /init, the kernel and its
    modules, this script and the QEMU command line."""
    h = hashlib.sha256()
    for name, mode, data in entries:
        h.update(b"%s\0%o\0%d\0" % (name.encode(), mode, len(data)))
        h.update(data)
    moddir = os.path.join(kdir, "modules")
    for path in [init, os.path.join(kdir, "version"), os.path.abspath(__file__),
                 os.path.join(HERE, "linux-peer.py"), os.path.join(moddir, "order")]:
        h.update(open(path, "rb").read())
    h.update(" ".join(qemu_cmd("K", "I")).encode())
    return h.hexdigest()[:16]


def boot(kdir, cpio):
    """Boot Linux once; the serial log without carriage returns."""
    t0 = time.monotonic()
    try:
        proc = subprocess.run(qemu_cmd(kdir, cpio), stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=TIMEOUT)
        out = proc.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout or b""
        log("Linux did not stop within %d s" % TIMEOUT)
    log("the Linux boot took %.1f s" % (time.monotonic() - t0))
    return out.decode("utf-8", "replace").replace("\r", "")


def write_transcripts(text, entry):
    """Split the log into entry/user/*.out and entry/shell/*.out."""
    tmp = entry + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    for sub, frame in (("user", UTEST), ("shell", SHELL)):
        os.makedirs(os.path.join(tmp, sub))
        for name, body in frame.findall(text):
            with open(os.path.join(tmp, sub, name + ".out"), "w") as f:
                f.write(body)
    with open(os.path.join(tmp, "console.log"), "w") as f:
        f.write(text)
    shutil.rmtree(entry, ignore_errors=True)
    os.replace(tmp, entry)


def cacheable(text):
    """Did both runners finish, every run and case with exit 0?  Only
    then is a boot kept: a run that failed or timed out once (a loaded
    machine) must not fail every later make test."""
    bodies = [b for frame in (UTEST, SHELL) for _, b in frame.findall(text)]
    return bool(re.search(r"^utest: \d+ runs done$", text, re.M) and
                re.search(r"^shell: \d+ cases done$", text, re.M) and
                all(b.endswith("exit 0\n") for b in bodies))


def program_runs(tree):
    """(NN-NAME, line) of every run of programs.txt, numbered as the
    runners number them; line is the run's words joined by one blank."""
    runs = []
    with open(os.path.join(tree, "test", "programs.txt")) as f:
        for line in f:
            words = line.split()
            if words and not words[0].startswith("#"):
                runs.append(("%02d-%s" % (len(runs) + 1, words[0]),
                             " ".join(words)))
    return runs


def expected_cases(tree):
    names = []
    cases_dir = os.path.join(tree, "test", "shell")
    for cases in sorted(f for f in os.listdir(cases_dir) if f.endswith(".cases")):
        with open(os.path.join(cases_dir, cases)) as f:
            names += [l[3:].strip() for l in f if l.startswith("## ")]
    return names


def load_quirks(path):
    """{programs.txt line: [(Linux's line, the right one)]}."""
    quirks, run = {}, None
    for line in open(path).read().splitlines():
        if line.startswith("## "):
            run = " ".join(line[3:].split())
            quirks[run] = []
        elif line.startswith("- ") and run:
            quirks[run].append([line[2:], None])
        elif line.startswith("+ ") and run and quirks[run] and \
                quirks[run][-1][1] is None:
            quirks[run][-1][1] = line[2:]
        elif line.strip() and not line.startswith("#"):
            sys.exit("linux-oracle: %s: cannot read %r" % (path, line))
    return quirks


def apply_quirks(expected, tree, quirks):
    """Rewrite expected/user/ by quirks; the number of stale quirks."""
    runs = {}
    for run, line in program_runs(tree):
        runs.setdefault(line, []).append(run)
    stale = 0
    for key, pairs in quirks.items():
        for run in runs.get(key, []):
            path = os.path.join(expected, "user", run + ".out")
            if not os.path.exists(path):
                continue
            lines = open(path).read().split("\n")
            for old, new in pairs:
                if old not in lines or new is None:
                    print("FAIL quirk %s: Linux no longer prints %r"
                          % (run, old))
                    stale += 1
                    continue
                lines = [new if l == old else l for l in lines]
                log("quirk %s: %r for Linux's %r" % (run, new, old))
            with open(path, "w") as f:
                f.write("\n".join(lines))
        if key not in runs:
            print("FAIL quirk %r: no such line in programs.txt" % key)
            stale += 1
    return stale


def report(entry, tree):
    """Print ok/FAIL per run and case; (passed, failed)."""
    failed = passed = 0
    for sub, names in (("user", [run for run, _ in program_runs(tree)]),
                       ("shell", expected_cases(tree))):
        for name in names:
            path = os.path.join(entry, sub, name + ".out")
            body = open(path).read() if os.path.exists(path) else None
            if body is not None and body.endswith("exit 0\n"):
                print("ok   %s %s" % (sub, name))
                passed += 1
                continue
            failed += 1
            why = "missing from the serial log" if body is None else \
                "did not exit 0"
            print("FAIL %s %s: %s on Linux" % (sub, name, why))
            if body:
                print("".join("    " + l + "\n" for l in body.splitlines()[-20:]),
                      end="")
    return passed, failed


def initramfs_entries(kdir, image, init):
    """/init, /dev, and /.oracle/: the modules (linux-peer.py fetch's
    order), which /init loads, and the root image it mounts."""
    moddir = os.path.join(kdir, "modules")
    names = open(os.path.join(moddir, "order")).read().split()
    entries = [("dev", 0o040755, b""),
               ("init", 0o100755, open(init, "rb").read()),
               (".oracle", 0o040755, b""),
               (".oracle/order", 0o100644,
                "".join(n + "\n" for n in names).encode())]
    for name in names:
        entries.append((".oracle/" + name, 0o100644,
                        open(os.path.join(moddir, name), "rb").read()))
    entries.append((".oracle/rootfs.ext2", 0o100644, open(image, "rb").read()))
    return entries


def main(argv):
    if len(argv) not in (6, 7):
        sys.exit(__doc__)
    kdir, tree, image, init, out = argv[1:6]
    peer = load_peer()
    key = cache_key(peer.tree_entries(tree), init, kdir)
    entry = os.path.join(out, "cache", key)
    version = open(os.path.join(kdir, "version")).read().strip()
    if os.path.exists(os.path.join(entry, "console.log")):
        log("transcripts of %s from the cache (%s)" % (version, entry))
    else:
        os.makedirs(os.path.join(out, "cache"), exist_ok=True)
        cpio = os.path.join(out, "oracle.cpio")
        peer.write_cpio(initramfs_entries(kdir, image, init), cpio)
        log("booting %s in QEMU (TCG) with the root image; key %s"
            % (version, key))
        text = boot(kdir, cpio)
        shutil.rmtree(os.path.join(out, "incomplete"), ignore_errors=True)
        if not cacheable(text):
            # Shown, never cached: the next run boots again.
            entry = os.path.join(out, "incomplete")
            log("the runs did not all finish; the end of the serial log:\n"
                + text[-2000:])
        write_transcripts(text, entry)
    expected = os.path.join(out, "expected")
    shutil.rmtree(expected, ignore_errors=True)
    shutil.copytree(entry, expected)
    passed, failed = report(expected, tree)
    if len(argv) == 7:
        failed += apply_quirks(expected, tree, load_quirks(argv[6]))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
