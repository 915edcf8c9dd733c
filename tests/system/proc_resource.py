"""proc_resource.py: the resource test (issue 4).

Boots maestro.elf with the root image as a Multiboot module and
"init=/test/resource shutdown=poweroff exit_window_yield":
tests/user/resource.c runs a thousand cycles of fork+exec+exit+wait and
vfork+exec+exit+wait of /test/proc_true and pthread_create+join, and two
thousand processes whose threads all end at once (each thread that is
not the last yields right after leaving its process: exit_window_yield)
between two readings
of /proc/vmstat and checks that free + page-cache frames and the heap's
objects and bytes (kmalloc_objects, kmalloc_bytes) are exactly as before;
then the kernel powers off.  Fails on "resource: leak", on any other
failure of the program, on a panic, or when QEMU does not power off.
"""

import re

from machine import ram_root

RESOURCE_TIMEOUT = 300
BAD = re.compile(r"panic|System halted|Call trace")


def register(system_test, check, failure):
    @system_test
    def resource_thousand_fork_exec(opts):
        with ram_root(opts, "init=/test/resource shutdown=poweroff "
                      "exit_window_yield console=ttyS0") as m:
            m.expect(r"proc: /test/resource ended with status \d+",
                     RESOURCE_TIMEOUT)
            status = m.wait_exit(30)
            out = m.output
        lines = re.findall(r"^resource: .*", out, re.M)
        check(lines, "no output from /test/resource:\n" + out[-2000:])
        check(lines[-1].startswith("resource: ok"), "\n".join(lines))
        bad = BAD.search(out)
        check(not bad, "unexpected %r in the log" % (bad and bad.group(0)))
        check(status == 0, "QEMU did not power off (status %r)" % status)
        after = [l for l in lines if l.startswith("resource: after")]
        return after[0][len("resource: "):] if after else lines[-1]
