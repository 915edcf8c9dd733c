"""profiler.py: the profiler, driven as a person would (issue 10).

profile_commands boots the test image and, at the bash prompt on the serial
line, runs the `profile` command on:
  - /test/spin, which spends nearly all its time in main -> spin_here:
    "spin;...;main;spin_here" must hold at least 80% of its samples;
  - dd if=/dev/zero of=/dev/null bs=1 count=200000: most samples must be
    under the read and write system calls, named ([sys_read]_[k],
    [sys_write]_[k]: the call a sample was taken in);
  - --syscalls on a smaller dd: strace -c's table, with read and write
    each called as often as dd says;
  - --memory on a shell command: the allocations it made, by stack;
  - -a -d 1: the whole system for a second, idle included.
The folded files are read back with cat and checked on the host.

profile_boot_in_guest boots with "profile=boot hz=2000" and reads the
boot's recording back at the prompt: `profile --boot` (the kernel's init
functions are in it), `profile --boot --timeline` (a stage, an
initcall, init's exec, the first prompt) and /proc/timeline.

make_profile_boot runs what `make profile` runs (tools/profile-run.py)
into build/profile-test/: the boot recorded from the first milliseconds
to the prompt, dumped to COM2 at power-off, decoded on the host; the
folded stacks must contain the kernel's init functions, the timeline the
initcalls and the first prompt, and the HTML page is opened in headless
Chromium (tools/prof-page-check), which checks that the flamegraph was
drawn and that a search finds initcalls_run; its screenshot is kept.
"""

import os
import re
import subprocess

from machine import Machine, ram_root
from session import Shell, PROMPT

BOOT_TIMEOUT = 180


def parse_folded(text):
    """{stack: count} from folded text (other lines are ignored)."""
    stacks = {}
    for line in text.splitlines():
        m = re.match(r"^(\S.*) (\d+)$", line.strip())
        if m:
            stacks[m.group(1)] = stacks.get(m.group(1), 0) + int(m.group(2))
    return stacks


def share(stacks, pred):
    total = sum(stacks.values())
    return (sum(c for s, c in stacks.items() if pred(s)) / total
            if total else 0.0), total


def register(system_test, check, failure):
    def folded_of(sh, path):
        return parse_folded(sh.run("cat " + path, timeout=60))

    def spin_case(sh):
        out = sh.run("profile -o /tmp/spin.folded /test/spin 2", timeout=120)
        check(re.search(r"profile: \d+ samples", out), "no summary:\n" + out)
        stacks = folded_of(sh, "/tmp/spin.folded")
        frac, total = share(stacks, lambda s: ";main;spin_here" in s)
        check(total >= 100, "only %d samples for 2 s:\n%s" % (total, out))
        check(frac >= 0.8, "main;spin_here in %.0f%% of %d samples:\n%s"
              % (100 * frac, total, "\n".join(sorted(stacks))[:2000]))
        return "spin: main;spin_here %.0f%% of %d" % (100 * frac, total)

    def dd_case(sh):
        out = sh.run("profile -o /tmp/dd.folded dd if=/dev/zero "
                     "of=/dev/null bs=1 count=200000", timeout=300)
        check("200000+0 records out" in out, "dd did not finish:\n" + out)
        stacks = folded_of(sh, "/tmp/dd.folded")
        frac, total = share(stacks, lambda s: "[sys_read]_[k]" in s or
                            "[sys_write]_[k]" in s)
        check(frac > 0.5, "read/write in %.0f%% of %d samples" %
              (100 * frac, total))
        named = share(stacks, lambda s: s.startswith("dd;") or
                      s.startswith("busybox;"))[0]
        check(named > 0.9, "samples not under dd: %.0f%%" % (100 * named))
        return "dd: read/write %.0f%% of %d" % (100 * frac, total)

    def syscalls_case(sh):
        out = sh.run("profile --syscalls -- dd if=/dev/zero of=/dev/null "
                     "bs=1 count=20000", timeout=120)
        check(re.search(r"% time +seconds +usecs/call +calls +errors "
                        r"syscall", out), "no table:\n" + out)
        for call in ("read", "write"):
            m = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(\d*)\s*%s$"
                          % call, out, re.M)
            check(m and int(m.group(1)) >= 20000,
                  "%s not counted 20000 times:\n%s" % (call, out))
        check(re.search(r"^\s*100\.00\s.*total$", out, re.M),
              "no total line:\n" + out)
        return "syscalls: read and write counted"

    def memory_case(sh):
        out = sh.run("profile --memory -o /tmp/mem.folded -- "
                     "sh -c 'echo hi > /tmp/memtest'", timeout=120)
        m = re.search(r"(\d+) allocations", out)
        check(m and int(m.group(1)) > 0, "no allocations counted:\n" + out)
        stacks = folded_of(sh, "/tmp/mem.folded")
        check(all(s.split(";")[0] in ("kmalloc", "pages") for s in stacks),
              "memory stacks not rooted at kmalloc/pages")
        return "memory: %s allocations" % m.group(1)

    def all_case(sh):
        out = sh.run("profile -a -d 1 -o /tmp/all.folded", timeout=120)
        check(re.search(r"profile: \d+ samples", out), "no summary:\n" + out)
        stacks = folded_of(sh, "/tmp/all.folded")
        check(any(s.startswith("idle;") for s in stacks),
              "no idle samples system-wide")
        return "all: %d stacks" % len(stacks)

    @system_test
    def profile_commands(opts):
        notes = []
        with ram_root(opts, memory=256) as m:
            sh = Shell(m)
            sh.wait_prompt(0, BOOT_TIMEOUT)
            for case in (spin_case, dd_case, syscalls_case, memory_case,
                         all_case):
                notes.append(case(sh))
            bad = re.search(r"panic|Call trace", m.output)
            check(not bad, "unexpected %r" % (bad and bad.group(0)))
        return "; ".join(notes)

    @system_test
    def profile_boot_in_guest(opts):
        with ram_root(opts, "profile=boot hz=2000", memory=256) as m:
            sh = Shell(m)
            sh.wait_prompt(0, BOOT_TIMEOUT)
            out = sh.run("profile --boot -o /tmp/boot.folded; "
                         "grep -c initcalls_run_ /tmp/boot.folded", 120)
            check(re.search(r"^[1-9]\d*$", out, re.M),
                  "no initcalls_run in the boot's stacks:\n" + out)
            tl = sh.run("profile --boot --timeline", 60)
            for kind, name in (("stage", "memory"), ("initcall", "root_mount"),
                               ("exec", "1 exec init"), ("prompt", "first prompt")):
                check(re.search(r"\t%s\t%s" % (kind, re.escape(name)), tl),
                      "no %s %s in the timeline:\n%s" % (kind, name, tl[-1500:]))
            proc = sh.run("grep -c initcall /proc/timeline", 30)
            check(re.search(r"^([2-9]\d|\d{3,})$", proc, re.M),
                  "/proc/timeline:\n" + proc)
        return "boot recorded at 2000 Hz, its timeline read back"

    @system_test
    def make_profile_boot(opts):
        out = os.path.join(opts.build, "profile-test")
        b = opts.build
        res = subprocess.run(
            ["python3", "tools/profile-run.py", "--kernel", opts.kernel,
             "--rootfs", os.path.join(b, "rootfs.ext2"),
             "--root", os.path.join(b, "rootfs"),
             "--nm", os.path.join(b, "maestro.nm"),
             "--decoder", os.path.join(b, "tools", "prof-decode"),
             "--out", out], capture_output=True, text=True, timeout=600)
        check(res.returncode == 0, "profile-run failed:\n" +
              (res.stdout + res.stderr)[-3000:])
        for name in ("boot.folded", "boot.svg", "boot.html"):
            check(os.path.getsize(os.path.join(out, name)) > 0,
                  name + " is empty")
        stacks = parse_folded(open(os.path.join(out, "boot.folded")).read())
        for fn in ("kmain_thread_[k]", "initcalls_run_[k]"):
            check(any(fn in s for s in stacks), "no %s in the boot" % fn)
        tl = open(os.path.join(out, "boot.timeline.tsv")).read()
        check(re.search(r"\tinitcall\troot_mount$", tl, re.M),
              "no initcall root_mount in the timeline")
        check(re.search(r"\tprompt\t", tl), "no first prompt in the timeline")
        shot = os.path.join(out, "boot-check.png")
        res = subprocess.run(["tools/prof-page-check",
                              os.path.join(out, "boot.html"),
                              "initcalls_run", shot],
                             capture_output=True, text=True, timeout=180)
        check(res.returncode == 0, "the page check failed:\n" +
              (res.stdout + res.stderr)[-2000:])
        return "%d samples; %s" % (sum(stacks.values()),
                                   res.stdout.strip().splitlines()[-1][:120])
