"""terminal.py: the terminal on the serial line, driven as a person would.

Boots build/maestro.elf with init=/bin/bash console=ttyS0: bash runs on
/dev/console, which is ttyS0, and everything typed goes through the 16550
(interrupt-driven) and the line discipline.  As on Linux with
init=/bin/bash, that shell has no controlling terminal (no job control);
`exec setsid -c bash` (busybox setsid makes the terminal the new
session's controlling terminal) gives one that has it.

The expected results are Linux's: its n_tty's echo and editing, its
standard termios for a serial console at 115200 baud, bash's job-control
messages, and, for tests/user/ttymodes.c, what Linux's n_tty returns for
the bytes typed at each step (written down below next to them).  The
harness waits for each prompt or "ready" line before typing, as a person
would: bytes typed while readline has the terminal in its own raw mode
would be taken in that mode, on Linux as here.
"""

import re
import time

from machine import Machine, Timeout, test_image

BOOT_TIMEOUT = 120
PROMPT = r"bash-[0-9.]+# $"

# busybox `stty -a` on a fresh Linux serial console (tty_std_termios with
# the 8250's B115200 | CS8 | CREAD | HUPCL | CLOCAL), 80x24 as maestro's
# serial default.
STTY_A = """\
speed 115200 baud; rows 24; columns 80; line = 0;
intr = ^C; quit = ^\\; erase = ^?; kill = ^U; eof = ^D; eol = <undef>;
eol2 = <undef>; swtch = <undef>; start = ^Q; stop = ^S; susp = ^Z; rprnt = ^R;
werase = ^W; lnext = ^V; flush = ^O; min = 1; time = 0;
-parenb -parodd -cmspar cs8 hupcl -cstopb cread clocal -crtscts
-ignbrk -brkint -ignpar -parmrk -inpck -istrip -inlcr -igncr icrnl ixon -ixoff
-iuclc -ixany -imaxbel -iutf8
opost -olcuc -ocrnl onlcr -onocr -onlret -ofill -ofdel nl0 cr0 tab0 bs0 vt0 ff0
isig icanon iexten echo echoe echok -echonl -noflsh -xcase -tostop -echoprt
echoctl echoke -flusho -extproc
"""

# tests/user/ttymodes.c: (step, bytes typed, what Linux's read returns).
TTYMODES_INPUT = [
    # canonical: DEL erases 'c', ^W the word "abd", then "one two" minus
    # "two"; ^V makes ^C literal; CR becomes NL (ICRNL) and ends the line
    ("canon", "abc\x7fd\x17one two\x17\x16\x03x\r", r"one \x03x\n"),
    # ^U kills the line so far
    ("kill", "garbage\x15ok\r", r"ok\n"),
    # ^D ends a line without being part of it; alone it reads as EOF
    ("eof", "ab\x04", "ab"),
    ("eof-alone", "\x04", ""),
    # raw, VMIN 3: a read of 3 takes three of the four bytes typed...
    ("min3", "abcd", "abc"),
    # ...and with VMIN 0, VTIME 0 the next read takes what is left
    ("min0", "", "d"),
    # without ISIG, ^C and ^Z are data
    ("noisig", "\x03\x1a\r", r"\x03\x1a\n"),
    # without ICRNL, CR is data and only NL ends the line
    ("noicrnl", "a\rb\n", r"a\rb\n"),
    # FIONREAD counts the bytes of the complete line
    ("fionread", "xyz\n", None),
    ("fionread-line", "", r"xyz\n"),
]

TTYMODES_LINES = [
    "fionread: 4",
    "time5 without input reads 0 after 0.5 s: yes",
    "winsize: 24x80",
    "TIOCSWINSZ sends SIGWINCH to the foreground group: yes",
    "new size read back: yes",
    "the same size again: no SIGWINCH: yes",
    "/dev/tty opens: yes",
    "tcgetpgrp is our group: yes",
    "TIOCGSID is our session: yes",
    "/proc/self/stat: tty_nr of ttyS0, tpgid our group: yes",
    "new session: /dev/tty: -1 No such device or address",
    "new session: tcgetpgrp: -1 Not a tty",
    "new session: TIOCSCTTY taken by another session: -1 Operation not permitted",
    "no controlling terminal: TIOCNOTTY: -1 Not a tty",
    "child: exited 0",
    "TIOCSCTTY when not a session leader: -1 Operation not permitted",
    "tcsetpgrp to a missing group: -1 No such process",
    "background read: stopped by SIGTTIN",
    "background read: I/O error",
    "background read, SIGTTIN ignored: exited 0",
    "background write without TOSTOP: exited 0",
    "background write with TOSTOP: stopped by SIGTTOU",
    "background tcsetattr: stopped by SIGTTOU",
    "background tcsetattr: done",
    "background tcsetattr, SIGTTOU ignored: exited 0",
    "tcsetpgrp to another session's group: -1 Operation not permitted",
    "ttymodes: 0 failures",
]


def setsid_bash(m):
    """`exec setsid -c bash` in the first bash (pid 1): a new session with
    the serial line as its controlling terminal.  setsid forks, so pid 1
    ends and the kernel says so on this console, before or after the new
    bash's prompt: wait for that line and for the prompt after the
    command's echo, in whatever order and whatever follows them."""
    start = len(m.output)
    m.send("exec setsid -c bash\r")
    m.expect(r"maestro: idle\n", 20, start)
    m.expect(r"exec setsid -c bash\n[^#]*" + PROMPT.rstrip("$"), 20, start)


def boot_bash(opts):
    m = Machine(["-kernel", opts.kernel, "-append",
                 "init=/bin/bash console=ttyS0",
                 "-initrd", test_image(opts) + " rootfs"])
    m.expect(r"\n" + PROMPT, BOOT_TIMEOUT)
    return m


def command(m, text, timeout=20):
    """Type text and a carriage return at a prompt; return the output up
    to the next prompt (without the echoed command line)."""
    start = len(m.output)
    m.send(text + "\r")
    match = m.expect(r"\n" + PROMPT, timeout, start)
    out = m.output[start:match.start() + 1]
    return out.split("\n", 1)[1] if "\n" in out else ""


def register(system_test, check, failure):
    @system_test
    def tty_serial_bash_basics(opts):
        """bash on ttyS0: arithmetic, DEL editing, stty -a as Linux's
        serial console, read -t timing out."""
        with boot_bash(opts) as m:
            check(command(m, "echo $((6*7))") == "42\n", "no 42")
            out = command(m, "echo abc\x7f\x7fz")
            check(out == "az\n", "DEL editing: %r" % out)
            out = command(m, "stty -a")
            check(out == STTY_A, "stty -a:\n%s" % out)
            start = time.monotonic()
            out = command(m, "read -t 1 x; echo rc=$?")
            took = time.monotonic() - start
            check(out == "rc=142\n", "read -t 1: %r" % out)
            check(0.9 <= took < 5, "read -t 1 took %.1f s" % took)
            out = command(m, "echo $(stty -g) | tr : ' ' | wc -w")
            check(out.strip() == "36", "stty -g: %r" % out)

    @system_test
    def tty_serial_job_control(opts):
        """A session with ttyS0 as controlling terminal: Ctrl-C at a
        prompt, Ctrl-C ending sleep, Ctrl-Z then fg, a background job
        stopped by SIGTTOU under TOSTOP, and by SIGTTIN reading."""
        with boot_bash(opts) as m:
            setsid_bash(m)
            start = len(m.output)
            m.send("partial")
            m.expect(r"partial$", 10, start)
            m.send("\x03")
            m.expect(r"partial\^C\n" + PROMPT, 10, start)
            start = len(m.output)
            m.send("sleep 100\r")
            time.sleep(1)
            m.send("\x03")
            m.expect(r"\^C\n" + PROMPT, 10, start)
            check(command(m, "echo $?") == "130\n", "sleep not ended by SIGINT")
            start = len(m.output)
            m.send("sleep 100\r")
            time.sleep(1)
            m.send("\x1a")
            m.expect(r"\[1\]\+ +Stopped +sleep 100\n" + PROMPT, 10, start)
            start = len(m.output)
            m.send("fg\r")
            m.expect(r"\nsleep 100\n", 10, start)
            time.sleep(0.5)
            m.send("\x03")
            m.expect(r"\^C\n" + PROMPT, 10, start)
            out = command(m, "stty tostop; echo hidden & wait; stty -tostop")
            check(re.search(r"Stopped \(tty output\)|Stopped +echo hidden",
                            out), "no SIGTTOU stop: %r" % out)
            out = command(m, "fg")
            check("hidden" in out, "the stopped job did not write: %r" % out)
            out = command(m, "cat & sleep 0.5; jobs")
            check(re.search(r"Stopped.* +cat\n", out),
                  "no SIGTTIN stop: %r" % out)
            command(m, "kill -9 %1")

    @system_test
    def tty_serial_termios_modes(opts):
        """tests/user/ttymodes.c on the controlling terminal: canonical
        editing, EOF, VMIN/VTIME, ISIG and ICRNL off, FIONREAD, the window
        size and SIGWINCH, /dev/tty, sessions, SIGTTIN/SIGTTOU."""
        with boot_bash(opts) as m:
            setsid_bash(m)
            start = len(m.output)
            m.send("/test/ttymodes\r")
            for step, typed, want in TTYMODES_INPUT:
                m.expect(r"\n%s: ready\n" % re.escape(step), 20, start)
                time.sleep(0.2)
                if typed:
                    m.send(typed)
                if want is not None:
                    got = m.expect(r"%s: got '(.*)' \(\d+\)\n"
                                   % re.escape(step), 20, start)
                    check(got.group(1) == want, "%s: got %r, Linux %r"
                          % (step, got.group(1), want))
            m.expect(r"ttymodes: \d+ failures", 30, start)
            lines = m.output[start:].split("\n")
            missing = [want for want in TTYMODES_LINES if want not in lines]
            check(not missing, "lines missing: %s" % missing)
