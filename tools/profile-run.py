#!/usr/bin/env python3
"""profile-run.py: `make profile`, the host side of maestro's profiler.

Boots maestro (the kernel and root image that maestro.iso carries) in QEMU
under TCG with the profiler on, brings the recording back over the second
serial port and turns it into pages:

    tools/profile-run.py --kernel build/maestro.elf --rootfs build/rootfs.ext2
        --root build/rootfs --nm build/maestro.nm --decoder build/tools/prof-decode
        --out build/profile [--hz 1000] [--cmd 'COMMAND']

Without --cmd: the boot is recorded ("profile=boot hz=N"), from the
kernel's first milliseconds to the first bash prompt, then the guest is
powered off.  With --cmd: at the prompt, `profile -F N -- sh -c 'COMMAND'`
records the command and its children (the command's output shows on the
console), then the guest is powered off; with --memory too, the record
is of the kernel's allocations (`profile --memory`), and the stacks are
those still allocated when the command ended, weighed in bytes.  In both cases the kernel sends
the log of the last recording, raw, to COM2 at shutdown
("profile_dump=com2"), which QEMU writes to OUT/NAME.log; the log is
decoded on the host (--decoder, with the kernel's symbols from --nm and
the programs' ELF files under --root, the tree the root image was made
from) into:
    OUT/NAME.folded        folded stacks ("a;b;c COUNT")
    OUT/NAME.timeline.tsv  the boot timeline (boot only)
    OUT/NAME.svg           a flamegraph
    OUT/NAME.html          a self-contained interactive page
NAME is "boot", "cmd" or "memory".  The GRUB menu of maestro.iso has no way to take
kernel options from QEMU, so the kernel is booted directly (-kernel,
-initrd): the same files, GRUB's second or so left out.
"""

import argparse
import os
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "system"))
from machine import Machine  # noqa: E402

PROMPT = r"root@maestro:[^\n]*# $"
BOOT_LIMIT = 300


def record(opts, name):
    """Boot, record, power off; return the path of the raw log."""
    log = os.path.join(opts.out, name + ".log")
    if os.path.exists(log):
        os.remove(log)
    append = "profile_dump=com2"
    if not opts.cmd:
        append += " profile=boot hz=%d" % opts.hz
    args = ["-kernel", opts.kernel, "-initrd", opts.rootfs + " rootfs",
            "-append", append, "-serial", "file:" + log]
    with Machine(args, memory=256) as m:
        m.expect(PROMPT, BOOT_LIMIT)
        if opts.cmd:
            start = len(m.output)
            what = "--memory" if opts.memory else "-F %d" % opts.hz
            m.send("profile %s --raw -o /dev/null -- sh -c %s\n"
                   % (what, shlex.quote(opts.cmd)))
            m.expect(r"\n" + PROMPT, opts.timeout, start)
        m.send("poweroff\n")
        status = m.wait_exit(120)
        sys.stdout.write(m.output[-3000:] if opts.verbose else "")
        if status is None:
            sys.exit("profile-run: the guest did not power off")
    if not os.path.getsize(log):
        sys.exit("profile-run: nothing came from COM2 (%s)" % log)
    return log


def decode(opts, log, name, what=None):
    """Run the decoder on log; return the path of its output."""
    suffix = {None: ".folded", "--memory": ".folded",
              "--timeline": ".timeline.tsv"}[what]
    out = os.path.join(opts.out, name + suffix)
    cmd = [opts.decoder, "--kallsyms", opts.nm, "--root", opts.root]
    cmd += [what] if what else []
    with open(out, "w") as f:
        subprocess.run(cmd + [log], stdout=f, check=True)
    return out


def pages(opts, folded, timeline, name, title):
    prefix = os.path.join(opts.out, name)
    cmd = [os.path.join(opts.tools, "prof-pages"), "--title", title]
    cmd += ["--unit", "bytes"] if opts.memory else []
    cmd += ["--timeline", timeline] if timeline else []
    subprocess.run(cmd + [folded, prefix], check=True)
    return prefix


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--rootfs", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--nm", required=True)
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tools", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--hz", type=int, default=1000)
    ap.add_argument("--cmd", default="")
    ap.add_argument("--cmd-env", help="take --cmd from this variable")
    ap.add_argument("--memory", action="store_true",
                    help="with --cmd: its kernel allocations still live "
                    "at its end, in bytes, not samples")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("-v", dest="verbose", action="store_true")
    opts = ap.parse_args()
    if opts.cmd_env:
        opts.cmd = os.environ.get(opts.cmd_env, "")
    os.makedirs(opts.out, exist_ok=True)
    if opts.memory and not opts.cmd:
        sys.exit("profile-run: --memory needs --cmd")
    name = ("memory" if opts.memory else "cmd") if opts.cmd else "boot"
    t0 = time.monotonic()
    log = record(opts, name)
    folded = decode(opts, log, name, "--memory" if opts.memory else None)
    timeline = None if opts.cmd else decode(opts, log, name, "--timeline")
    title = ("maestro: %s" % opts.cmd) if opts.cmd else "maestro: the boot"
    if opts.memory:
        title += " (kernel memory still allocated at its end)"
    prefix = pages(opts, folded, timeline, name, title)
    weight = sum(int(line.rsplit(" ", 1)[1]) for line in open(folded)
                 if line.strip())
    print("profile: %d %s in %s; %s.svg, %s.html (%.0f s)"
          % (weight, "bytes" if opts.memory else "samples", folded, prefix,
             prefix, time.monotonic() - t0))


if __name__ == "__main__":
    main()
