"""vgaconsole.py: the VGA console and the PS/2 keyboard as a person uses
them, driven through QEMU's QMP socket.

Keys go in with QMP's send-key (the emulated i8042 turns them into the
scancodes a real keyboard sends) and the screen comes back by dumping the
text frame buffer at 0xB8000 with pmemsave.  The serial console only
tells when the kernel is ready.

    with Machine(args + qmp_args(path)) as m:
        q = Qmp(path)
        type_text(q, "echo hi\\n")
        rows = read_screen(q, dump_path)
"""

import json
import os
import re
import socket
import tempfile
import time

from machine import Machine

BOOT_TIMEOUT = int(os.environ.get("BOOT_TIMEOUT", "180"))
VGA_TEXT = 0xB8000
ROWS, COLS = 25, 80

# Characters to QEMU key codes (qcodes), with Shift when needed.
PLAIN = {" ": "spc", "\n": "ret", "\t": "tab", "-": "minus", "=": "equal",
         "[": "bracket_left", "]": "bracket_right", ";": "semicolon",
         "'": "apostrophe", "`": "grave_accent", "\\": "backslash",
         ",": "comma", ".": "dot", "/": "slash"}
SHIFTED = {"!": "1", "@": "2", "#": "3", "$": "4", "%": "5", "^": "6",
           "&": "7", "*": "8", "(": "9", ")": "0", "_": "minus",
           "+": "equal", "{": "bracket_left", "}": "bracket_right",
           ":": "semicolon", '"': "apostrophe", "~": "grave_accent",
           "|": "backslash", "<": "comma", ">": "dot", "?": "slash"}


class Qmp:
    """A minimal QMP client: one command at a time, events skipped."""

    def __init__(self, path, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.file = self.sock.makefile("rwb")
        self._reply()                       # the greeting
        self.command("qmp_capabilities")

    def _reply(self):
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError("QMP connection closed")
            msg = json.loads(line)
            if "event" not in msg:
                return msg

    def command(self, name, **arguments):
        msg = {"execute": name}
        if arguments:
            msg["arguments"] = arguments
        self.file.write(json.dumps(msg).encode() + b"\n")
        self.file.flush()
        reply = self._reply()
        if "error" in reply:
            raise RuntimeError("QMP %s: %s" % (name, reply["error"]))
        return reply.get("return")

    def close(self):
        self.sock.close()


def qmp_args(path):
    return ["-qmp", "unix:%s,server=on,wait=off" % path]


def keys_of(char):
    """The qcodes pressed together to type char."""
    if char.isalpha() and char.isascii():
        return ["shift", char.lower()] if char.isupper() else [char]
    if char.isdigit():
        return [char]
    if char in PLAIN:
        return [PLAIN[char]]
    if char in SHIFTED:
        return ["shift", SHIFTED[char]]
    raise ValueError("cannot type %r" % char)


def send_keys(qmp, keys):
    qmp.command("send-key", keys=[{"type": "qcode", "data": k} for k in keys],
                **{"hold-time": 20})
    time.sleep(0.05)


def type_text(qmp, text):
    for char in text:
        send_keys(qmp, keys_of(char))


def read_screen(qmp, path):
    """The 25 rows of the text screen as strings (CP437 glyphs outside
    ASCII become '?'), and the raw cells."""
    qmp.command("pmemsave", val=VGA_TEXT, size=ROWS * COLS * 2,
                filename=path)
    with open(path, "rb") as f:
        cells = f.read()
    rows = []
    for r in range(ROWS):
        row = cells[r * COLS * 2:(r + 1) * COLS * 2:2]
        rows.append("".join(chr(b) if 32 <= b < 127 else "?" for b in row))
    return rows, cells


def wait_screen(qmp, path, pattern, timeout=60):
    """Read the screen until a row matches pattern (a regex); return the
    rows, or raise with the last screen."""
    regex = re.compile(pattern)
    deadline = time.monotonic() + timeout
    while True:
        rows, _ = read_screen(qmp, path)
        if any(regex.search(r) for r in rows):
            return rows
        if time.monotonic() > deadline:
            raise AssertionError("no %r on the screen:\n%s" % (
                pattern, "\n".join(r.rstrip() for r in rows)))
        time.sleep(0.5)


def screen_text(rows):
    return "\n".join(r.rstrip() for r in rows)


class Console:
    """A booted machine with its QMP socket and a screen dump file."""

    def __init__(self, args):
        self.dir = tempfile.TemporaryDirectory(prefix="maestro-vga-")
        self.sock = os.path.join(self.dir.name, "qmp.sock")
        self.dump = os.path.join(self.dir.name, "screen.bin")
        self.machine = Machine(list(args) + qmp_args(self.sock))
        self.qmp = Qmp(self.sock)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.qmp.close()
        self.machine.stop()
        self.dir.cleanup()

    def type(self, text):
        type_text(self.qmp, text)

    def keys(self, *keys):
        send_keys(self.qmp, list(keys))

    def screen(self):
        return read_screen(self.qmp, self.dump)[0]

    def wait(self, pattern, timeout=60):
        try:
            return wait_screen(self.qmp, self.dump, pattern, timeout)
        except AssertionError as e:
            raise _failure[0](str(e))


_failure = [AssertionError]


PROMPT = r"[#$] *$"


def register(system_test, check, failure):
    _failure[0] = failure

    @system_test
    def vga_bash_on_tty1(opts):
        """bash on tty1 (console=tty1) driven from the PS/2 keyboard, read
        back from the VGA screen: kernel messages are there, echo $((6*7)) prints 42,
        Up brings the command back from the history, colours become VGA
        attributes, a cursor position report (ESC [6n) reaches bash,
        Shift+PgUp shows the boot messages that scrolled off, Alt+F2 shows the blank second console and Alt+F1 the
        first one again."""
        rootfs = os.path.join(opts.build, "rootfs.ext2")
        with Console(["-kernel", opts.kernel, "-initrd", rootfs + " rootfs",
                      "-append", "init=/bin/bash console=ttyS0 console=tty1"
                      ]) as c:
            c.machine.expect(r"proc: starting /bin/bash", BOOT_TIMEOUT)
            check("bad value" not in c.machine.output,
                  "console=tty1 refused")
            rows = c.wait(PROMPT, 60)
            check(re.search(r"kbd: PS/2 keyboard", screen_text(rows)),
                  "kernel messages are not on the screen:\n" +
                  screen_text(rows))
            c.type("echo $((6*7))\n")
            rows = c.wait(r"^42 *$", 30)
            c.keys("up")
            c.keys("ret")
            deadline = time.monotonic() + 30
            while sum(r.rstrip() == "42" for r in c.screen()) < 2:
                check(time.monotonic() < deadline, "Up did not recall the "
                      "command:\n" + screen_text(c.screen()))
                time.sleep(0.5)
            c.type("printf '\\033[1;31mRED\\033[44mBLUE\\033[m\\n'\n")
            rows = c.wait(r"^REDBLUE", 30)
            _, cells = read_screen(c.qmp, c.dump)
            row = [r for r in range(ROWS) if rows[r].startswith("REDBLUE")][0]
            attrs = [cells[(row * COLS + col) * 2 + 1] for col in (0, 3, 7)]
            check(attrs == [0x0c, 0x1c, 0x07], "attributes %s, expected "
                  "bright red, then on blue, then plain" %
                  ["%02x" % a for a in attrs])
            # a cursor position report goes back through the tty layer
            # (echo off first: the answer may come before read turns it off)
            c.type("clear; stty -echo; printf 'ab\\033[6n'; read -r -d R x;"
                   " stty echo; echo \"<${x#*[}>\"\n")
            rows = c.wait(r"^ab<\d+;\d+>", 30)
            check(rows[0].startswith("ab<1;3>"), "wrong cursor report:\n" +
                  screen_text(rows))
            # Shift+PgUp up to the boot banner, white on blue; a key back
            for _ in range(12):
                c.keys("shift", "pgup")
            rows = c.wait(r"maestro \S+ \(i686\) booting", 30)
            _, cells = read_screen(c.qmp, c.dump)
            row = [r for r in range(ROWS) if "booting" in rows[r]][0]
            check(cells[row * COLS * 2 + 1] == 0x1f, "the banner is not "
                  "white on blue: %02x" % cells[row * COLS * 2 + 1])
            c.keys("shift", "pgdn")
            c.type(" ")
            c.wait(r"^ab<1;3>", 30)
            c.keys("alt", "f2")
            time.sleep(1)
            rows = c.screen()
            check(not screen_text(rows).strip(),
                  "console 2 is not blank:\n" + screen_text(rows))
            c.keys("alt", "f1")
            c.wait(r"^ab<1;3>", 30)
            return "42 on the screen"

    @system_test
    def vga_iso_default_boot(opts):
        """The path a person sees: maestro.iso's default GRUB entry, our
        init, the login bash on tty1, typed at through the PS/2 keyboard
        and read back from the VGA screen; poweroff ends QEMU."""
        with Console(["-cdrom", opts.iso]) as c:
            rows = c.wait(PROMPT, BOOT_TIMEOUT)
            c.type("echo $((6*7)) $(tty)\n")
            rows = c.wait(r"^42 /dev/tty1 *$", 30)
            c.type("poweroff\n")
            if c.machine.wait_exit(60) is None:
                check(False, "poweroff did not end QEMU:\n" +
                      screen_text(c.screen()))
            return "prompt, 42 and poweroff on tty1"
