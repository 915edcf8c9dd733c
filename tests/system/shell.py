"""shell.py: bash and busybox on maestro, compared with Linux.

tests/shell/run.sh runs every "## NAME" case of tests/shell/*.cases in a
new bash and frames each case's output between "shell: begin NAME" and
"shell: end NAME" (the last line before the end being "exit N").  It runs
twice, as init (pid 1) of the same root tree:
  - on Debian's i386 Linux in the same QEMU (tools/linux-oracle.py, whose
    /init execs run.sh after the user programs): the expected output,
    build/oracle/expected/shell/NAME.out, and every case must end with
    "exit 0" there;
  - on maestro (init=/test/shell/run.sh shutdown=poweroff): one boot
    serves every case.
Each case is one test: its two transcripts must be identical.

Cases in PENDING are not registered (maestro cannot pass them yet; the
reason is given with each); the closing notes list them.
"""

import difflib
import os
import re

from machine import Machine, Timeout, test_image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES_DIR = os.path.join(ROOT, "tests", "shell")
RUN_TIMEOUT = 900
FRAME = re.compile(r"^shell: begin (\S+)\n(.*?)^shell: end \1\n", re.S | re.M)

# Cases maestro cannot pass yet, with the reason.
PENDING = {
}

_cache = {}


def cases():
    """The case names, in the order run.sh runs them."""
    names = []
    for cases_file in sorted(f for f in os.listdir(CASES_DIR)
                             if f.endswith(".cases")):
        with open(os.path.join(CASES_DIR, cases_file)) as f:
            names += [line[3:].strip() for line in f if line.startswith("## ")]
    return names


def linux_transcript(opts, name):
    """Linux's transcript of case name (make test-oracle), or None."""
    path = os.path.join(opts.build, "oracle", "expected", "shell",
                        name + ".out")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def maestro_transcripts(opts):
    """Boot maestro once with run.sh as init: ({NAME: transcript}, log)."""
    if "maestro" not in _cache:
        args = ["-kernel", opts.kernel, "-append",
                "init=/test/shell/run.sh shutdown=poweroff console=ttyS0",
                "-initrd", "%s rootfs" % test_image(opts)]
        with Machine(args) as m:
            try:
                m.expect(r"shell: \d+ cases done", RUN_TIMEOUT)
                m.wait_exit(60)
            except Timeout:
                pass
            out = m.output
        _cache["maestro"] = (dict(FRAME.findall(out)), out)
    return _cache["maestro"]


def last_started(log):
    started = re.findall(r"^shell: begin (\S+)$", log, re.M)
    return started[-1] if started else "none"


def make_test(name, failure):
    def test(opts):
        want = linux_transcript(opts, name)
        if want is None or not want.endswith("exit 0\n"):
            raise failure("the Linux run of %s did not end with exit 0:\n%s"
                          % (name, want))
        got, log = maestro_transcripts(opts)
        got = got.get(name)
        if got is None:
            raise failure("no transcript of %s on maestro (last case "
                          "started: %s); log tail:\n%s"
                          % (name, last_started(log), log[-1500:]))
        if got != want:
            diff = difflib.unified_diff(want.splitlines(True),
                                        got.splitlines(True),
                                        "linux/" + name, "maestro/" + name)
            raise failure("transcripts differ:\n" + "".join(diff))
        return "%d lines" % (len(got.splitlines()) - 1)
    test.__name__ = "shell_" + name.replace("-", "_")
    return test


def register(system_test, check, failure):
    for name in cases():
        if name not in PENDING:
            system_test(make_test(name, failure))
