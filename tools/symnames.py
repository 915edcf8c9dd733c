#!/usr/bin/env python3
"""symnames.py: synthetic symbol names for hash-table tests and benchmarks.

Usage:
    symnames.py kernel N SEED HITS MISSES
        2 * N distinct names shaped like a kernel's (a subsystem prefix,
        one to three words, sometimes digits or a suffix: ext4_da_write_end,
        __usb_hcd_giveback_urb2, tcp_v4_rcv...), drawn from one seeded
        stream: the first N go to HITS, the next N to MISSES, one a line.
        The misses share the hits' prefixes and words, as the names a
        module looks up and the kernel lacks do.
    symnames.py collide N OUT
        N distinct names (N <= 4096) of which every group of up to 16
        has the same GNU hash: "az" and "bY" hash alike (33 * 'a' + 'z' =
        33 * 'b' + 'Y'), so four such pairs give 16 names of one hash.
The output depends only on the arguments.
"""

import random
import sys

PREFIXES = """
acpi alloc arch audit bdi bio blk bpf btrfs cgroup clk clockevents cpu
cpufreq crypto dev devm dma dquot drm elv ext2 ext4 fat fib fs fsnotify
generic gpio hid hrtimer i2c inet input iomap iommu ip ip6 ipv6 irq jbd2
kernfs kmem kobject ktime list lock mem mm mmc mod mutex napi neigh net
netdev netif nfs nla of page pci percpu perf pm proc qdisc radix rcu regmap
ring rtnl sched scsi security seq sk skb snd sock spi sysfs task tcp tty
udp usb vfs vm wq xa xfrm
""".split()

WORDS = """
add alloc attach balance bind bit block buf cache call cancel check chip
clear clone close commit complete config copy count create data del destroy
detach dev dir dirty disable dispatch do done drain drop dump enable end
entry event evict exit fault fill find fini flush free freeze get grab
handle hash head hold id init insert inode install irq key kick lease link
list load lock lookup map mark merge mmap mode move new node notify open
page parse peek poll pool prepare probe put queue read ready realloc
recv reclaim ref register release remove reserve reset resize resume rcv
run scan schedule send set setup show shrink sleep slot split start stat
state stop store submit suspend sync table test thaw timer trace trim try
unbind unlink unlock unmap unregister update user valid verify wait wake
walk work write xmit zero
""".split()

SUFFIXES = ["", "", "", "", "", "_locked", "_rcu", "_nowait", "_atomic",
            "_safe", "_common", "_internal", "_v2", "_one", "_all"]


def kernel_name(rng):
    name = rng.choice(PREFIXES)
    for _ in range(rng.choice((1, 1, 2, 2, 2, 3))):
        name += "_" + rng.choice(WORDS)
    name += rng.choice(SUFFIXES)
    if rng.random() < 0.15:
        name += str(rng.choice((2, 3, 4, 6, 8, 16, 32, 64)))
    if rng.random() < 0.12:
        name = rng.choice(("_", "__")) + name
    return name


def kernel_names(count, seed):
    rng, seen, out = random.Random(seed), set(), []
    while len(out) < count:
        name = kernel_name(rng)
        if name not in seen:
            seen.add(name)
            out.append(name)
    return out


def collide_names(count):
    out = []
    for group in range((count + 15) // 16):
        for k in range(16):
            pairs = "".join("bY" if k >> j & 1 else "az" for j in range(4))
            out.append("coll_%d_%s" % (group, pairs))
    return out[:count]


def write(path, names):
    with open(path, "w") as f:
        f.write("".join(n + "\n" for n in names))


def main(argv):
    if len(argv) == 6 and argv[1] == "kernel":
        n = int(argv[2])
        names = kernel_names(2 * n, int(argv[3]))
        write(argv[4], names[:n])
        write(argv[5], names[n:])
        return 0
    if len(argv) == 4 and argv[1] == "collide" and int(argv[2]) <= 4096:
        write(argv[3], collide_names(int(argv[2])))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
