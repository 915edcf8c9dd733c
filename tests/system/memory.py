"""memory.py: maestro when memory runs out (issue 11, defects 1 and 2).

memory_pressure_then_programs_start boots with -m 64 and the root on an
IDE disk, then, over the serial console, as the issue's report did:
  - /test/memhog maps and touches memory until it is killed: it must die
    of SIGKILL (bash says "Killed", status 137), never SIGSEGV, and the
    kernel log must name it ("oom: out of memory: killed process N
    (memhog)");
  - a 400 MiB sparse file read through the page cache fills memory with
    clean cache pages (free memory falls under 3 MiB);
  - 60 background shells start at once, each blocked opening a FIFO
    (each fork needs a 16 KiB kernel stack: contiguous frames the cache
    holds), then are killed;
  - the file is read again, and memhog runs again with the cache full;
  - three rounds of starting programs and a pipeline.
No "Out of memory" may appear, programs must start every time, and
nothing may panic.  The disk is checked with e2fsck -fn afterwards.
"""

import re

import init
import session
from machine import Machine

MEMORY_MIB = 64
BAD = re.compile(r"panic|System halted|Call trace|Out of memory|"
                 r"Segmentation fault")
SLOW = 600


def register(system_test, check, failure):
    @system_test
    def memory_pressure_then_programs_start(opts):
        image = init.root_disk(opts, "memory-disk.img", size_mib=32)
        m = Machine(["-kernel", opts.kernel, "-append", "root=/dev/hda1",
                     "-drive", "file=%s,if=ide,index=0,format=raw" % image],
                    memory=MEMORY_MIB)
        with m:
            sh = session.Shell(m)
            sh.wait_prompt(0, session.PROMPT_LIMIT)
            out = sh.run("/test/memhog > /tmp/hog.out; echo status $?; "
                         "tail -1 /tmp/hog.out", SLOW)
            check("status 137" in out, "memhog did not die of SIGKILL:\n"
                  + out)
            log = sh.run("dmesg | grep oom:", 60)
            check(re.search(r"oom: out of memory: killed process \d+ "
                            r"\(memhog\), total-vm \d+ kB, rss \d+ kB", log),
                  "no OOM killer line in the log:\n" + log)
            sh.run("truncate -s 400M /tmp/sparse && "
                   "cat /tmp/sparse > /dev/null", SLOW)
            free = sh.run("sed -n 's/^MemFree: *//p' /proc/meminfo")
            kb = int(re.search(r"(\d+) kB", free).group(1))
            check(kb < 3072, "the cache did not fill memory: MemFree " + free)
            out = sh.run("mkfifo /tmp/fifo; for i in $(seq 60); do "
                         "read x < /tmp/fifo & done > /dev/null; sleep 1; "
                         "jobs | wc -l; kill -9 $(jobs -p); wait", SLOW)
            check(re.search(r"^60$", out, re.M),
                  "60 background processes did not start:\n" + out)
            sh.run("cat /tmp/sparse > /dev/null", SLOW)
            out = sh.run("/test/memhog > /dev/null; echo status $?", SLOW)
            check("status 137" in out, "memhog with the cache full:\n" + out)
            for i in range(3):
                out = sh.run("/bin/true && echo true ok; echo a b | wc -w; "
                             "ls / | grep -c bin", 120)
                check(re.search(r"^true ok\n2\n\d+$", out, re.M),
                      "round %d: programs did not start:\n%s" % (i, out))
            sh.type("poweroff\n")
            check(m.wait_exit(60) == 0, "no clean power-off")
            bad = BAD.search(m.output)
            check(not bad, "%r in the output:\n%s" % (
                bad and bad.group(0), m.output[-3000:]))
        clean, report = init.fsck(image)
        check(clean, "e2fsck -fn afterwards:\n" + report)
