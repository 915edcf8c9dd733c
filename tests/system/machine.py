"""machine.py: drive a QEMU guest over its serial console.

    with Machine(["-cdrom", "maestro.iso"]) as m:
        m.expect(r"kernel ready", timeout=120)
        m.send("echo hi\n")
        m.expect(r"hi")

The guest's serial port is QEMU's stdio.  Everything it prints is kept
(m.output), without carriage returns, so a failing test can show it.
QEMU runs under TCG unless KVM=1 is set in the environment.

With LOCKDEP set (the system tests set it; the benchmarks do not), a boot
with -append gets "lockdep" added to its command line, which turns on
maestro's lock-order validator, and leaving the with block fails
(LockdepReport) when the validator reported a problem ("lockdep: BUG:").
"""

import os
import re
import select
import subprocess
import time


LOCKDEP = False


class Timeout(Exception):
    pass


class LockdepReport(Exception):
    pass


class Machine:
    def __init__(self, args, memory=128, machine=None, debug_exit=False,
                 lockdep=None):
        accel = ["-enable-kvm", "-cpu", "host"] if os.environ.get("KVM") == "1" \
            else ["-accel", "tcg"]
        cmd = ["qemu-system-i386"] + accel + ["-m", str(memory),
               "-display", "none", "-serial", "stdio", "-monitor", "none",
               "-no-reboot"]
        if machine:
            cmd += ["-machine", machine]
        if debug_exit:
            cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
        args = list(args)
        if LOCKDEP if lockdep is None else lockdep:
            i = args.index("-append") + 1 if "-append" in args else 0
            if i:
                args[i] += " lockdep"
        self.cmd = cmd + args
        self.output = ""
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.stop()
        if exc_type is None:
            self.check_lockdep()

    def check_lockdep(self):
        """Raise LockdepReport with the validator's lines, if any."""
        lines = [l for l in self.output.splitlines() if "lockdep: " in l]
        if any("lockdep: BUG:" in l for l in lines):
            raise LockdepReport("\n".join(lines[:20]))

    def _read(self, timeout):
        """Read what the guest printed within timeout seconds."""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return False
        data = os.read(self.proc.stdout.fileno(), 65536)
        if not data:
            return None
        self.output += data.decode("utf-8", "replace").replace("\r", "")
        return True

    def expect(self, pattern, timeout=60, start=0):
        """Wait until pattern (a regex) appears in the output after offset
        start; return the match.  Raise Timeout if it does not in time or
        QEMU exits first."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.output, start)
            if match:
                return match
            left = deadline - time.monotonic()
            if left <= 0:
                raise Timeout("no %r after %ds" % (pattern, timeout))
            if self._read(min(left, 1.0)) is None:
                match = regex.search(self.output, start)
                if match:
                    return match
                raise Timeout("QEMU exited before %r" % pattern)

    def settle(self, seconds):
        """Collect output for a while (to catch late errors)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self._read(deadline - time.monotonic()) is None:
                break

    def wait_exit(self, timeout):
        """Wait for QEMU to exit by itself (power-off, reset with
        -no-reboot); return its exit status, or None if it did not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._read(min(1.0, deadline - time.monotonic())) is None:
                break
        try:
            return self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None

    def send(self, text):
        self.proc.stdin.write(text.encode())
        self.proc.stdin.flush()

    def elapsed(self):
        return time.monotonic() - self.started

    def running(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def test_image(opts):
    """The test root image (build/rootfs-test.ext2): the user's root
    (build/rootfs.ext2, the one maestro.iso carries) plus /test and the
    test modules."""
    return os.path.join(opts.build, "rootfs-test.ext2")


def test_tree(opts):
    """The staged tree test_image was made from (build/rootfs-test)."""
    return os.path.join(opts.build, "rootfs-test")


def ram_root(opts, append="console=ttyS0", disk=None, drive=None, **kw):
    """A Machine booting opts.kernel with -kernel, the test root image
    (test_image) as its RAM disk and the command line append; disk (a raw
    image's path) or drive (a whole -drive value) is the first IDE disk.
    kw goes to Machine (memory=...)."""
    args = ["-kernel", opts.kernel, "-initrd", test_image(opts) + " rootfs",
            "-append", append]
    if disk:
        drive = "file=%s,if=ide,index=0,format=raw" % disk
    if drive:
        args += ["-drive", drive]
    return Machine(args, **kw)
