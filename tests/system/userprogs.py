"""userprogs.py: the differential tests of static musl programs.

maestro boots with the "utest" switch: its runner executes every line of
tests/user/programs.txt as a process and frames each run on the serial
console between "utest: begin NN-NAME" and "utest: end NN-NAME", the last
line before the end being "exit N".  One boot serves every test; each run
is then compared with Linux's transcript
build/oracle/expected/user/NN-NAME.out (Debian's i386 Linux in the same
QEMU, running the same programs the same way: tools/linux-oracle.py), and
any difference fails with a diff.  Kernel messages that fall into a run
(a module refused, an early urandom read) are left out of its transcript:
they are not the program's output, and the oracle's Linux prints none.

The boot uses a CPU with NX (NX_CPU), as the oracle's does, so that code in
data or on the stack faults as on Linux (the fault program checks it);
every other system test keeps QEMU's default CPU, which has no NX, so
that both ways of paging stay tested.

Runs listed in PENDING, by program name (every run of it) or by NN-NAME
(that run only), are not registered (maestro cannot pass them yet); the
closing notes list them.
"""

import difflib
import os
import re

from machine import Machine, test_image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAMS = os.path.join(ROOT, "tests", "user", "programs.txt")
UTEST_TIMEOUT = 300
# Program names (or NN-NAME runs) that maestro cannot pass yet:
#   36-thread: system() and popen() run /bin/sh, which the root image
#   does not have yet.
PENDING = set()
# QEMU's default CPU for qemu-system-i386 (qemu32) has PAE but no NX.
NX_CPU = ["-cpu", "qemu32,+nx"]

_cache = {}


def runs():
    """The runs of programs.txt as (NN-NAME, name), numbered as
    both runners number them."""
    out = []
    with open(PROGRAMS) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            out.append(("%02d-%s" % (len(out) + 1, words[0]), words[0]))
    return out


# A kernel message on the console ("[   25.333272] module: ..."): not the
# program's output, and Linux, which the oracle boots with loglevel=2,
# prints none, so it is left out of the transcript.
KERNEL_LOG_LINE = re.compile(r"^\[ *\d+\.\d{6}\] .*\n", re.M)


def transcripts(opts, fail):
    """Boot once with "utest" and return {NN-NAME: transcript}."""
    if "runs" in _cache:
        return _cache["runs"]
    args = NX_CPU + ["-kernel", opts.kernel, "-append", "utest console=ttyS0",
                     "-initrd", "%s rootfs" % test_image(opts)]
    with Machine(args) as m:
        m.expect(r"utest: \d+ runs done", UTEST_TIMEOUT)
        status = m.wait_exit(30)
        out = m.output
    _cache["runs"] = {}
    for match in re.finditer(r"^utest: begin (\S+)\n(.*?)^utest: end \1\n",
                         out, re.S | re.M):
        _cache["runs"][match.group(1)] = KERNEL_LOG_LINE.sub(
            "", match.group(2))
    _cache["log"] = out
    if "paging: NX on" not in out:
        fail("the utest boot does not run with NX")
    if status != 0:
        fail("QEMU did not power off after the runs (status %r)" % status)
    return _cache["runs"]


def make_test(run, check, failure):
    def test(opts):
        def fail(msg):
            raise failure(msg)
        got = transcripts(opts, fail).get(run)
        path = os.path.join(opts.build, "oracle", "expected", "user",
                            run + ".out")
        check(os.path.exists(path), "no Linux transcript for %s (make "
              "test-oracle)" % run)
        with open(path) as f:
            want = f.read()
        check(got is not None, "no transcript for %s in the serial log" % run)
        if got != want:
            diff = difflib.unified_diff(want.splitlines(True),
                                        got.splitlines(True),
                                        "linux/" + run, "maestro/" + run)
            raise failure("transcripts differ:\n" + "".join(diff))
        return got.splitlines()[-1]
    test.__name__ = "user_" + run.replace("-", "_")
    return test


def register(system_test, check, failure):
    for run, name in runs():
        if name not in PENDING and run not in PENDING:
            system_test(make_test(run, check, failure))
