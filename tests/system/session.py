"""session.py: bash driven over the serial line, as a person would.

maestro.iso boots as a CD (GRUB's default entry: the root on the RAM disk)
and init starts `bash -l` on ttyS0, QEMU's stdio.  Each test types command
lines, waits for the prompt to come back and reads what was printed in
between, as someone at the terminal would.  The tests share one boot, in
the order they are registered; one that fails stops that machine, and the
next test boots a fresh one.  session_poweroff, last, types `poweroff` and
wants QEMU to exit by itself.

session_disk_reboot boots the kernel with root=/dev/hda1 on an ext2 disk
image instead, writes a 5 MiB file with dd, checksums it, syncs and types
`reboot`, then boots the disk again and checksums the file again; debugfs
reads it on the host too, and e2fsck -fn finds the disk clean after each
boot.

Tests in PENDING are not registered, with the reason (the closing notes
list them).

    tests/system/session.py --linux [-k NAME]
runs the cases on Debian's i386 Linux in the same QEMU, with the same root
tree as its initramfs and maestro's init as its first process: the oracle
that the tests (and init) are right.  Each case boots once there.
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import Machine, Timeout  # noqa: E402
import init  # noqa: E402

PROMPT_LIMIT = int(os.environ.get("PROMPT_LIMIT", "60"))
PROMPT = r"root@maestro:[^\n]*# $"
# Escape sequences a terminal interprets (CSI, charset, single ones) and
# the bell: not part of what a person reads.
ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78DEHMNOc])|\x07")

# Tests maestro cannot pass yet, with the reason.
PENDING = {}


def clean(text):
    return ESCAPES.sub("", text)


class Shell:
    """An interactive shell behind a console (a Machine, or a Pty)."""

    def __init__(self, console, prompt=PROMPT):
        self.con = console
        self.prompt = prompt

    def wait_prompt(self, start, timeout=30):
        """Wait for the prompt, the last thing printed after offset start;
        return the text before it."""
        found = self.con.expect(self.prompt, timeout, start)
        return clean(self.con.output[start:found.start()])

    def type(self, keys):
        self.con.send(keys)

    def run(self, line, timeout=30):
        """Type line and Enter; return what was printed before the next
        prompt, without the echoed line itself."""
        start = len(self.con.output)
        self.type(line + "\n")
        text = self.wait_prompt(start, timeout)
        return text.split("\n", 1)[1] if "\n" in text else ""

    def keys(self, *keys, pause=0.5):
        """Type each key (or string), pausing after each, as for vi."""
        for k in keys:
            self.type(k)
            time.sleep(pause)


# ---------------------------------------------------------------- cases
# Each case takes a Shell at a prompt, leaves it at a prompt in /, and
# returns a short note; check() raises the failure.

def want(check, out, *patterns):
    """Every regex (multi-line) of patterns must match out."""
    for p in patterns:
        check(re.search(p, out, re.M), "no %r in:\n%s" % (p, out[-1500:]))


def case_arithmetic(sh, check):
    out = sh.run("echo $((6*7))")
    check(out.strip() == "42", "echo $((6*7)) printed %r" % out)


def case_uname(sh, check):
    out = sh.run("uname -a")
    # The release is the Linux ABI level (programs check it), the
    # version maestro's own.
    want(check, out, r"^Maestro maestro 6\.1\.0-maestro #1 maestro \S+ i686")
    return out.strip()


def case_variables_loops_functions(sh, check):
    want(check, sh.run("x=3; y=4; echo sum=$((x*x + y*y)) ${#PATH}"),
         r"^sum=25 \d+$")
    want(check, sh.run("for i in 1 2 3; do printf '%s-' $i; done; echo"),
         r"^1-2-3-$")
    want(check, sh.run("i=0; while [ $i -lt 5 ]; do i=$((i+1)); done; echo $i"),
         r"^5$")
    sh.run("greet() { echo \"hello $1 ($#)\"; return 3; }")
    want(check, sh.run("greet world x; echo rc=$?"),
         r"^hello world \(2\)$", r"^rc=3$")
    want(check, sh.run("a=(x y z); echo ${a[1]} ${#a[@]} ${a[@]^^}"),
         r"^y 3 X Y Z$")
    want(check, sh.run("case abc in a*) echo starts-with-a;; esac"),
         r"^starts-with-a$")


def case_pipes_redirections(sh, check):
    sh.run("cd /tmp && rm -f r.txt")
    sh.run("echo one > r.txt; echo two >> r.txt")
    want(check, sh.run("wc -l < r.txt"), r"^2$")
    want(check, sh.run("cat r.txt | tr a-z A-Z | sort -r"), r"^TWO\nONE$")
    want(check, sh.run("ls /nonexistent 2>&1 | grep -c 'No such'"), r"^1$")
    want(check, sh.run("ls /nonexistent 2>/dev/null; echo rc=$?"), r"^rc=[12]$")
    want(check, sh.run("printf 'c\\nb\\na\\n' | sort | head -2 | tr '\\n' ' '; echo"),
         r"^a b $")
    # A here-document typed line by line: bash prompts with "> ".
    start = len(sh.con.output)
    sh.type("cat <<EOF > h.txt\n")
    sh.con.expect(r"> $", 10, start)
    sh.type("alpha $((1+1))\n")
    sh.type("EOF\n")
    sh.wait_prompt(start)
    want(check, sh.run("cat h.txt; rm r.txt h.txt; cd /"), r"^alpha 2$")


def case_globbing(sh, check):
    sh.run("rm -rf /tmp/g; mkdir /tmp/g && cd /tmp/g && touch a1 a2 b1 .h")
    want(check, sh.run("echo a* ?1 [ab]2 *.none"), r"^a1 a2 a1 b1 a2 \*\.none$")
    want(check, sh.run("shopt -s dotglob; echo *; shopt -u dotglob"),
         r"^\.h a1 a2 b1$")
    sh.run("cd / && rm -r /tmp/g")


def case_command_substitution(sh, check):
    want(check, sh.run("echo \"n=$(echo hi | wc -c) d=`echo x` $(( $(echo 5) + 1 ))\""),
         r"^n=3 d=x 6$")


def case_subshells(sh, check):
    out = sh.run("x=1; (x=2; echo in $x); echo out $x")
    want(check, out, r"^in 2$", r"^out 1$")
    want(check, sh.run("cd /tmp; (cd /proc && pwd); pwd; cd /"), r"^/proc\n/tmp$")
    want(check, sh.run("(exit 7); echo rc=$?"), r"^rc=7$")


def case_background_jobs(sh, check):
    out = sh.run("sleep 1 & sleep 2 & wait; echo waited $?", timeout=60)
    want(check, out, r"^\[1\] \d+$", r"^\[2\] \d+$", r"^waited 0$")
    out = sh.run("(sleep 0.5; echo from the background) & wait $!; echo rc=$?",
                 timeout=60)
    want(check, out, r"^from the background$", r"^rc=0$")
    sh.run("sleep 30 &")
    want(check, sh.run("jobs"), r"^\[1\]\+ +Running +sleep 30 &$")
    sh.run("kill %1")
    out = sh.run("wait; jobs; echo done")
    want(check, out, r"^done$")


def case_ctrl_c(sh, check):
    """Ctrl-C interrupts sleep 100; the shell survives and prompts."""
    start = len(sh.con.output)
    sh.type("sleep 100\n")
    time.sleep(3)
    began = time.monotonic()
    sh.type("\x03")
    sh.wait_prompt(start, timeout=20)
    took = time.monotonic() - began
    check(took < 20, "the prompt came back after %.1fs" % took)
    want(check, sh.run("echo rc=$?"), r"^rc=130$")
    want(check, sh.run("echo still here"), r"^still here$")
    return "prompt back %.1fs after Ctrl-C" % took


def case_ctrl_z_fg(sh, check):
    """Ctrl-Z stops a foreground job; fg resumes it to its end."""
    start = len(sh.con.output)
    sh.type("sleep 4\n")
    time.sleep(2)
    sh.type("\x1a")
    out = sh.wait_prompt(start, timeout=20)
    want(check, out, r"Stopped +sleep 4")
    want(check, sh.run("jobs"), r"^\[1\]\+ +Stopped +sleep 4$")
    began = time.monotonic()
    out = sh.run("fg", timeout=60)
    want(check, out, r"^sleep 4$")
    want(check, sh.run("echo rc=$?; jobs"), r"^rc=0$")
    return "fg resumed it; it ended %.1fs later" % (time.monotonic() - began)


def case_files(sh, check):
    sh.run("rm -rf /tmp/work; mkdir -p /tmp/work/sub && cd /tmp/work")
    sh.run("echo first > a.txt; echo second >> a.txt")
    want(check, sh.run("cat a.txt"), r"^first\nsecond$")
    sh.run("cp a.txt sub/b.txt && mv sub/b.txt sub/c.txt")
    want(check, sh.run("ls sub; wc -l < sub/c.txt; cmp a.txt sub/c.txt && echo same"),
         r"^c\.txt\n2\nsame$")
    sh.run("ln -s a.txt link; mkdir -p deep/er/est; touch deep/er/est/f")
    want(check, sh.run("readlink link; cat link | head -1; find deep -type f"),
         r"^a\.txt\nfirst\ndeep/er/est/f$")
    sh.run("rm sub/c.txt && rmdir sub && rm -r deep link")
    want(check, sh.run("ls"), r"^a\.txt$")
    sh.run("cd / && rm -r /tmp/work")
    want(check, sh.run("ls /tmp/work 2>&1"), r"No such file or directory")


def case_ls_root(sh, check):
    out = sh.run("ls -la /")
    want(check, out, r"^drwxrwxrwt +\d+ root +root .* tmp$",
         r"^dr.x.* bin$", r"^dr.x.* proc$", r"^dr.x.* etc$")


def case_meminfo(sh, check):
    out = sh.run("cat /proc/meminfo")
    want(check, out, r"^MemTotal: +\d+ kB$", r"^MemFree: +\d+ kB$")
    total = int(re.search(r"^MemTotal: +(\d+)", out, re.M).group(1))
    free = int(re.search(r"^MemFree: +(\d+)", out, re.M).group(1))
    check(0 < free < total, "MemFree %d, MemTotal %d" % (free, total))


def case_ps(sh, check):
    out = sh.run("ps")
    want(check, out, r"^ *PID +USER", r"^ +1 root .*init",
         r"bash -l$", r"^ *\d+ root .* ps$")


def case_meminfo_total(sh):
    found = re.search(r"^MemTotal: +(\d+) kB$", sh.run("cat /proc/meminfo"), re.M)
    return int(found.group(1)) if found else 0


def case_free(sh, check):
    out = sh.run("free")
    want(check, out, r"^ +total +used +free")
    found = re.search(r"^Mem: +(\d+) +(\d+) +(\d+)", out, re.M)
    check(found, "no Mem: line in:\n" + out)
    total, used, free = (int(x) for x in found.groups())
    memtotal = case_meminfo_total(sh)
    check(0 < used < total and 0 < free < total and used + free <= total,
          "free's figures do not add up: " + found.group(0))
    check(abs(total - memtotal) <= memtotal // 100,
          "free's total %d KiB, /proc/meminfo's %d KiB" % (total, memtotal))


def case_mount(sh, check):
    want(check, sh.run("mount"), r"^/dev/ram0 on / type ext2 ",
         r"^proc on /proc type proc ", r" on /dev type devtmpfs ")


def case_df(sh, check):
    want(check, sh.run("df"), r"^Filesystem +1K-blocks +Used +Available",
         r"^/dev/ram0 +\d+ +\d+ +\d+ +\d+% /$")


def case_vi(sh, check):
    """vi edits a file: delete a line, append to one, open one below."""
    sh.run("printf 'one\\ntwo\\nthree\\n' > /tmp/vi.txt")
    start = len(sh.con.output)
    sh.type("vi /tmp/vi.txt\n")
    sh.con.expect(r"vi\.txt", 20, start)
    time.sleep(1)
    sh.keys("j", "dd", "G", "o", "four\x1b", "1G", "A", "!\x1b", ":wq\r")
    sh.wait_prompt(start, timeout=20)
    out = sh.run("cat /tmp/vi.txt; rm /tmp/vi.txt")
    check(out.strip() == "one!\nthree\nfour", "the file holds %r" % out)


def case_login_shells(sh, check):
    """init started a login shell on tty1 and one on ttyS0; this one has
    ttyS0 (4, 64: Linux's tty_nr 1088) as its controlling terminal, with
    its own process group in the foreground."""
    want(check, sh.run("for p in $(pidof bash); do readlink /proc/$p/fd/0; "
                       "done | sort -u"), r"^/dev/tty1\n/dev/ttyS0$")
    out = sh.run("read -r _ _ _ _ pgrp sid tty tpgid _ < /proc/$$/stat; "
                 "echo $(( pgrp == $$ )) $(( sid == $$ )) $tty $(( tpgid == $$ ))")
    want(check, out, r"^1 1 1088 1$")


def case_hostname(sh, check):
    want(check, sh.run("hostname; cat /etc/hostname"), r"^maestro\nmaestro$")


def case_dmesg(sh, check):
    """dmesg shows the kernel's log, -c clears it, -n sets which messages
    reach the console; a line written to /dev/kmsg joins the log;
    /proc/kmsg hands the log out once, waiting for more."""
    stamp = r"^\[ *\d+\.\d{6}\] "
    out = sh.run("dmesg | head -3")
    want(check, out, stamp + r"\S")
    check(len(out.strip().splitlines()) == 3, "dmesg | head -3:\n" + out)
    out = sh.run("echo hello from the shell > /dev/kmsg; dmesg | tail -1")
    want(check, out, stamp + r"hello from the shell$")
    out = sh.run("dmesg -c > /dev/null; dmesg | wc -l")
    want(check, out, r"^\s*[0-2]$")
    out = sh.run("dmesg -n 1; echo '<3>quiet 7f1' > /dev/kmsg; "
                 "dmesg | grep -c 'quiet 7f1'")
    check(not re.search(stamp + "quiet 7f1", out, re.M),
          "dmesg -n 1 let an error through:\n" + out)
    want(check, out, r"^1$")
    out = sh.run("dmesg -n 7; echo '<3>loud 7f1' > /dev/kmsg; echo sent")
    want(check, out, stamp + r"loud 7f1", r"^sent$")
    out = sh.run("echo '<5>proc kmsg 7f1' > /dev/kmsg; "
                 "timeout 3 cat /proc/kmsg | grep -m1 'proc kmsg'", timeout=60)
    want(check, out, r"^<13>\[ *\d+\.\d{6}\] proc kmsg 7f1$")


# Cases on the shared boot, in this order.
CASES = [
    ("arithmetic", case_arithmetic),
    ("uname", case_uname),
    ("hostname", case_hostname),
    ("login_shells", case_login_shells),
    ("variables_loops_functions", case_variables_loops_functions),
    ("pipes_redirections", case_pipes_redirections),
    ("globbing", case_globbing),
    ("command_substitution", case_command_substitution),
    ("subshells", case_subshells),
    ("background_jobs", case_background_jobs),
    ("ctrl_c", case_ctrl_c),
    ("ctrl_z_fg", case_ctrl_z_fg),
    ("files", case_files),
    ("ls_root", case_ls_root),
    ("meminfo", case_meminfo),
    ("ps", case_ps),
    ("free", case_free),
    ("mount", case_mount),
    ("df", case_df),
    ("vi", case_vi),
    ("dmesg", case_dmesg),
]
# Left out of the run on Linux (--linux): they name maestro's kernel or
# its root device.
LINUX_SKIP = {"uname", "mount", "df"}


# ---------------------------------------------------------------- boots

_session = {}


def boot_iso(opts):
    """Boot maestro.iso and wait for the prompt: (machine, shell, seconds
    from QEMU's start to the prompt)."""
    m = Machine(["-cdrom", opts.iso])
    try:
        sh = Shell(m)
        sh.wait_prompt(0, PROMPT_LIMIT)
        return m, sh, m.elapsed()
    except BaseException:
        m.stop()
        raise


def shared_shell(opts):
    if "shell" not in _session:
        m, sh, _ = boot_iso(opts)
        _session.update(machine=m, shell=sh)
    return _session["shell"]


def drop_session():
    m = _session.pop("machine", None)
    _session.pop("shell", None)
    if m:
        m.stop()


def on_shared_boot(name, case, check):
    def test(opts):
        try:
            return case(shared_shell(opts), check)
        except BaseException:
            drop_session()      # a broken session is not passed on
            raise
    test.__name__ = "session_" + name
    return test


def session_prompt(opts, check):
    """A prompt on the serial line within PROMPT_LIMIT seconds of QEMU's
    start; this boot becomes the shared one."""
    drop_session()
    m, sh, took = boot_iso(opts)
    _session.update(machine=m, shell=sh)
    return "prompt %.1fs after QEMU started" % took


def session_poweroff(opts, check):
    """`poweroff` ends QEMU with a clean exit.  The whole session, as the
    serial line showed it (escape sequences removed), is kept in
    build/session-transcript.txt."""
    sh = shared_shell(opts)
    m = _session["machine"]
    sh.type("poweroff\n")
    status = m.wait_exit(60)
    out = m.output
    _session.clear()
    with open(os.path.join(opts.build, "session-transcript.txt"), "w") as f:
        f.write(clean(out))
    check(status == 0, "QEMU did not power off (status %r)" % status)
    check("Power down." in out, "no power-off message from the kernel")
    check("did not turn off" not in out, "power-off failed")


def disk_boot(opts, image):
    m = Machine(["-kernel", opts.kernel, "-append", "root=/dev/hda1",
                 "-drive", "file=%s,if=ide,index=0,format=raw" % image])
    try:
        sh = Shell(m)
        sh.wait_prompt(0, PROMPT_LIMIT)
        return m, sh
    except BaseException:
        m.stop()
        raise


def md5_of(out, path):
    found = re.search(r"^([0-9a-f]{32})  %s$" % re.escape(path), out, re.M)
    return found.group(1) if found else None


def session_disk_reboot(opts, check):
    """dd writes 5 MiB to an ext2 root on an IDE disk; after sync and a
    reboot the file reads back the same, in maestro and on the host."""
    image = init.root_disk(opts, "session-disk.img", size_mib=32)
    m, sh = disk_boot(opts, image)
    with m:
        out = sh.run("dd if=/dev/urandom of=/root/big bs=1024k count=5",
                     timeout=120)
        want(check, out, r"^5\+0 records in$", r"^5\+0 records out$")
        before = md5_of(sh.run("md5sum /root/big", timeout=60), "/root/big")
        check(before, "no checksum")
        sh.run("sync", timeout=60)
        sh.type("reboot\n")
        status = m.wait_exit(60)
        check(status == 0, "QEMU did not stop at the reset (status %r)"
              % status)
        check("Restarting system" in m.output, "the kernel did not restart")
    clean, report = init.fsck(image)
    check(clean, "e2fsck -fn after the reboot:\n" + report)
    check(init.fs_state(image) == "clean", "the root was left %r"
          % init.fs_state(image))
    m, sh = disk_boot(opts, image)
    with m:
        after = md5_of(sh.run("md5sum /root/big", timeout=60), "/root/big")
        check(after == before, "checksum %s before the reboot, %s after"
              % (before, after))
        sh.type("poweroff\n")
        check(m.wait_exit(60) == 0, "no clean power-off")
    clean, report = init.fsck(image)
    check(clean, "e2fsck -fn after the power-off:\n" + report)
    check(init.fs_state(image) == "clean", "the root was left %r"
          % init.fs_state(image))
    on_disk = subprocess.run(
        ["debugfs", "-R", "cat /root/big", "%s?offset=%d" % (image, init.OFFSET)],
        capture_output=True).stdout
    import hashlib
    host = hashlib.md5(on_disk).hexdigest()
    check(host == before, "debugfs reads %d bytes, md5 %s" % (len(on_disk), host))
    return "md5 %s before and after, e2fsck clean" % before


def register(system_test, check, failure):
    def add(name, fn):
        if name not in PENDING:
            system_test(fn)

    def wrap(name, fn):
        def test(opts):
            return fn(opts, check)
        test.__name__ = "session_" + name
        return test
    add("prompt", wrap("prompt", session_prompt))
    for name, case in CASES:
        add(name, on_shared_boot(name, case, check))
    add("poweroff", wrap("poweroff", session_poweroff))
    add("disk_reboot", wrap("disk_reboot", session_disk_reboot))


# ---------------------------------------------------------------- on Linux

def linux_main(argv):
    """Run the cases on Debian's i386 Linux in the same QEMU, with the root
    tree (build/rootfs) as its initramfs and maestro's init as its first
    process (rdinit=/sbin/init): the same bash, busybox, profile and init.
    Cases that name maestro's own devices or kernel are left out."""
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    build = os.path.join(top, "build")
    vmlinuz = os.path.join(build, "cache", "linux-peer", "vmlinuz")
    cpio = os.path.join(build, "session-linux.cpio")
    if not os.path.exists(vmlinuz):
        sys.exit("no %s: make build/cache/linux-peer/.done" % vmlinuz)
    subprocess.run([sys.executable, os.path.join(top, "tools", "linux-peer.py"),
                    "initramfs-tree", os.path.join(build, "rootfs"), cpio],
                   check=True)
    only = argv[argv.index("-k") + 1] if "-k" in argv else ""
    failed = 0

    class Failure(Exception):
        pass

    def check(cond, message):
        if not cond:
            raise Failure(message)
    for name, case in CASES:
        if name in LINUX_SKIP or only not in name:
            continue
        with Machine(["-kernel", vmlinuz, "-initrd", cpio, "-append",
                      "console=ttyS0 quiet rdinit=/sbin/init"],
                     lockdep=False) as m:
            sh = Shell(m)
            try:
                sh.wait_prompt(0, PROMPT_LIMIT * 2)
                note = case(sh, check)
                print("linux: ok   %s%s" % (name, ": " + note if note else ""))
            except (Failure, Timeout) as e:
                failed += 1
                print("linux: FAIL %s: %s\n%s" % (name, e, clean(m.output)[-800:]))
    return 1 if failed else 0


if __name__ == "__main__":
    if "--linux" in sys.argv:
        sys.exit(linux_main(sys.argv))
    sys.exit(__doc__)
