#!/usr/bin/env python3
"""ksyms.py: build the kernel's embedded symbol table.

The kernel is linked twice.  Pass 1 links a table made from an empty
listing; pass 2 links the table made from pass 1's symbols.  The linker
script puts the .ksyms section last, so the table's size moves no other
symbol and pass 2's addresses equal pass 1's.

Usage:
    ksyms.py NMFILE OUT.S   NMFILE is the output of
                            `nm -n --defined-only kernel.elf` (may be empty;
                            `nm -S` output with sizes is accepted too).
                            OUT.S is GNU assembler for `gcc -m32 -c`.
    ksyms.py --selftest     check the generator on a synthetic listing,
                            print "N passed, N failed", exit 1 on failure.

Which symbols are kept: text (T t W w) and data (D d B b R r V v).  Dropped:
absolute symbols (A), local labels (.L*), the table's own symbols (ksyms_*,
which include the export table's, ksyms_exports, that tools/gnuhash.py puts
in .ksyms too) and every symbol at or above the table's start, since those
(_end and friends) move when the table grows between the passes.

The table, all in `.section .ksyms,"a"`, 4-byte aligned, uint32 little
endian unless said otherwise (N = distinct addresses, M = names,
B = buckets, NONE = 0xffffffff):

    ksyms_num_addrs           N
    ksyms_num_names           M
    ksyms_hash_size           B, a power of two, about 2 * M (at least 1)
    ksyms_addrs[N]            distinct symbol addresses, ascending
    ksyms_sizes[N]            bytes covered by each address entry: up to
                              the next address; the last entry below the
                              end of text (_etext, _text_end) stops there;
                              the very last entry stops at the table
    ksyms_addr_names[N]       offset in ksyms_strings of the name shown for
                              each address (among aliases: no leading '_'
                              first, then global, then shortest, then
                              alphabetical)
    ksyms_names[M]            offset in ksyms_strings of every name, sorted
                              by (name, global first, address)
    ksyms_name_index[M]       index in ksyms_addrs of each name's address
    ksyms_hash_buckets[B]     first name index in each bucket, or NONE
    ksyms_hash_chain[M]       next name index in the same bucket, or NONE
    ksyms_strings[]           NUL-terminated names (char)

A name's bucket is fnv1a32(name) & (B - 1); chains run in ascending name
index, so among equal names the global one is found first.
"""

import os
import sys

NONE = 0xFFFFFFFF
KEEP_TYPES = set("TtWwDdBbRrVv")
TEXT_END_MARKERS = ("_text_end", "_etext", "__etext", "etext", "__text_end")
TABLE_PREFIX = "ksyms_"


def fnv1a32(data):
    """FNV-1a, 32 bits, over the bytes of data."""
    h = 0x811C9DC5
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def parse_nm(text):
    """Return [(addr, type, name)] from nm output, with or without -S."""
    syms = []
    for line in text.splitlines():
        f = line.split()
        if len(f) == 4:
            f = [f[0], f[2], f[3]]
        if len(f) != 3 or len(f[1]) != 1:
            continue
        try:
            addr = int(f[0], 16)
        except ValueError:
            continue
        syms.append((addr, f[1], f[2]))
    return syms


def table_start(syms):
    """Lowest address of the table's own symbols, or None."""
    addrs = [a for a, _, n in syms if n.startswith(TABLE_PREFIX)]
    return min(addrs) if addrs else None


def keep(sym, limit):
    addr, typ, name = sym
    if typ not in KEEP_TYPES or name.startswith(".L"):
        return False
    if name.startswith(TABLE_PREFIX):
        return False
    return limit is None or addr < limit


def name_rank(typ, name):
    """Sort key for choosing the name shown for an address: lower wins."""
    return (name.startswith("_"), typ.islower(), len(name), name)


def text_end(syms):
    for marker in TEXT_END_MARKERS:
        for addr, _, name in syms:
            if name == marker:
                return addr
    return None


def compute_sizes(addrs, tend, limit):
    sizes = []
    for i, a in enumerate(addrs):
        nxt = addrs[i + 1] if i + 1 < len(addrs) else limit
        if tend is not None and a < tend and (nxt is None or nxt > tend):
            nxt = tend
        sizes.append(0 if nxt is None or nxt < a else nxt - a)
    return sizes


class Table:
    """The table in memory, as lists, before it is written out."""

    def __init__(self, syms):
        limit = table_start(syms)
        kept = sorted(set(s for s in syms if keep(s, limit)))
        self.addrs = sorted(set(a for a, _, _ in kept))
        index = {a: i for i, a in enumerate(self.addrs)}
        self.sizes = compute_sizes(self.addrs, text_end(syms), limit)
        self._build_strings(kept)
        self._build_names(kept, index)
        self._build_addr_names(kept, index)
        self._build_hash()

    def _build_strings(self, kept):
        self.strings = bytearray()
        self.stroff = {}
        for name in sorted(set(n for _, _, n in kept)):
            self.stroff[name] = len(self.strings)
            self.strings += name.encode() + b"\0"

    def _build_names(self, kept, index):
        entries = {}
        for addr, typ, name in kept:
            key = (name, addr)
            if key not in entries or typ.isupper():
                entries[key] = typ
        order = sorted(entries, key=lambda k: (k[0], entries[k].islower(), k[1]))
        self.names = [self.stroff[n] for n, _ in order]
        self.name_index = [index[a] for _, a in order]
        self.name_list = [n for n, _ in order]

    def _build_addr_names(self, kept, index):
        best = {}
        for addr, typ, name in kept:
            rank = name_rank(typ, name)
            if addr not in best or rank < best[addr][0]:
                best[addr] = (rank, name)
        self.addr_names = [self.stroff[best[a][1]] for a in self.addrs]

    def _build_hash(self):
        m = len(self.names)
        size = 1
        while size < 2 * m:
            size *= 2
        self.buckets = [NONE] * size
        self.chain = [NONE] * m
        tails = {}
        for i, name in enumerate(self.name_list):
            b = fnv1a32(name.encode()) & (size - 1)
            if b in tails:
                self.chain[tails[b]] = i
            else:
                self.buckets[b] = i
            tails[b] = i


def asm_longs(label, values):
    out = ["\t.globl %s" % label, "\t.type %s, @object" % label,
           "%s:" % label]
    for i in range(0, len(values), 8):
        out.append("\t.long " + ", ".join("0x%08x" % v for v in values[i:i + 8]))
    out.append("\t.size %s, . - %s" % (label, label))
    return out


def asm_strings(label, blob):
    out = ["\t.globl %s" % label, "\t.type %s, @object" % label,
           "%s:" % label]
    for s in blob.split(b"\0")[:-1]:
        text = s.decode().replace("\\", "\\\\").replace('"', '\\"')
        out.append('\t.asciz "%s"' % text)
    out.append("\t.size %s, . - %s" % (label, label))
    return out


def render(t):
    """Return the assembler text for table t."""
    lines = ["/* Generated by tools/ksyms.py: do not edit. */",
             '\t.section .ksyms,"a"', "\t.balign 4"]
    lines += asm_longs("ksyms_num_addrs", [len(t.addrs)])
    lines += asm_longs("ksyms_num_names", [len(t.names)])
    lines += asm_longs("ksyms_hash_size", [len(t.buckets)])
    lines += asm_longs("ksyms_addrs", t.addrs)
    lines += asm_longs("ksyms_sizes", t.sizes)
    lines += asm_longs("ksyms_addr_names", t.addr_names)
    lines += asm_longs("ksyms_names", t.names)
    lines += asm_longs("ksyms_name_index", t.name_index)
    lines += asm_longs("ksyms_hash_buckets", t.buckets)
    lines += asm_longs("ksyms_hash_chain", t.chain)
    lines += asm_strings("ksyms_strings", bytes(t.strings))
    lines.append('\t.section .note.GNU-stack,"",@progbits')
    return "\n".join(lines) + "\n"


def generate(nm_path, out_path):
    with open(nm_path, encoding="utf-8", errors="replace") as f:
        text = render(Table(parse_nm(f.read())))
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out_path)


# ---------------------------------------------------------------------------
# Self-test: decode the generated assembler and check the table's invariants.

def decode(asm):
    """Parse render()'s output back into {label: [uint32]} and the blob."""
    longs, blob, label = {}, b"", None
    for line in asm.splitlines():
        s = line.strip()
        if s.endswith(":"):
            label = s[:-1]
            longs[label] = []
        elif s.startswith(".long "):
            longs[label] += [int(v, 16) for v in s[6:].split(",")]
        elif s.startswith(".asciz "):
            body = s[8:-1].replace('\\"', '"').replace("\\\\", "\\")
            blob += body.encode() + b"\0"
    return longs, blob


def cstr(blob, off):
    end = blob.index(b"\0", off)
    return blob[off:end].decode()


def lookup(d, blob, name):
    """Walk the hash chain as the kernel does; return the address or None."""
    size = d["ksyms_hash_size"][0]
    i = d["ksyms_hash_buckets"][fnv1a32(name.encode()) & (size - 1)]
    while i != NONE:
        if cstr(blob, d["ksyms_names"][i]) == name:
            return d["ksyms_addrs"][d["ksyms_name_index"][i]]
        i = d["ksyms_hash_chain"][i]
    return None


def name_of(d, blob, addr):
    """Address to (name, offset) as the kernel does, or None."""
    addrs = d["ksyms_addrs"]
    lo, hi = 0, len(addrs)
    while lo < hi:
        mid = (lo + hi) // 2
        if addrs[mid] <= addr:
            lo = mid + 1
        else:
            hi = mid
    if lo == 0:
        return None
    i, off = lo - 1, addr - addrs[lo - 1]
    if off != 0 and off >= d["ksyms_sizes"][i]:
        return None
    return cstr(blob, d["ksyms_addr_names"][i]), off


SAMPLE_NM = """\
00100000 T _start
00100000 t multiboot_entry
00100040 A _boot_abs
c0100000 T _text_start
c0100000 T kmain
c0100010 t .Llocal_label
c0100040 t helper
c0100040 t helper_alias
c0100080 W weak_fn
c0100090 t helper
c01000a0 T mem"odd
c0100200 T _etext
c0101000 R rodata_table
c0102000 D data_var
c0102004 d static_var
c0103000 B __bss_start
c0103000 b bss_buf
c0104000 B __bss_end
c0105000 R ksyms_num_addrs
c0105004 R ksyms_num_names
c0106000 A _kernel_end
c0106000 B _end
"""


NO_MARKER_NM = """\
c0100000 T f
c0100100 A _etext
c0101000 D d
c0101010 R ksyms_addrs
"""


class Checker:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, what, cond):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s" % what)


def check_invariants(c, tag, d, blob):
    n, m = d["ksyms_num_addrs"][0], d["ksyms_num_names"][0]
    size = d["ksyms_hash_size"][0]
    addrs = d["ksyms_addrs"]
    c.check(tag + " array lengths", len(addrs) == n and
            len(d["ksyms_sizes"]) == n and len(d["ksyms_addr_names"]) == n and
            len(d["ksyms_names"]) == m and len(d["ksyms_name_index"]) == m and
            len(d["ksyms_hash_chain"]) == m and
            len(d["ksyms_hash_buckets"]) == size)
    c.check(tag + " hash size power of two", size >= 1 and size & (size - 1) == 0)
    c.check(tag + " addresses strictly ascending",
            all(addrs[i] < addrs[i + 1] for i in range(n - 1)))
    seen = set()
    for b in range(size):
        i = d["ksyms_hash_buckets"][b]
        while i != NONE and i not in seen:
            seen.add(i)
            name = cstr(blob, d["ksyms_names"][i])
            c.check(tag + " %s in its bucket" % name,
                    fnv1a32(name.encode()) & (size - 1) == b)
            i = d["ksyms_hash_chain"][i]
    c.check(tag + " every name chained once", seen == set(range(m)))
    for i in range(m):
        addr = addrs[d["ksyms_name_index"][i]]
        got = name_of(d, blob, addr)
        c.check(tag + " round trip %d" % i, got is not None and got[1] == 0)


def check_sample(c, d, blob):
    exp = {"kmain": 0xC0100000, "helper_alias": 0xC0100040,
           "weak_fn": 0xC0100080, 'mem"odd': 0xC01000A0,
           "rodata_table": 0xC0101000, "static_var": 0xC0102004,
           "bss_buf": 0xC0103000, "__bss_end": 0xC0104000,
           "_start": 0x00100000, "helper": 0xC0100040}
    for name, addr in exp.items():
        c.check("lookup " + name, lookup(d, blob, name) == addr)
    for name in ("_boot_abs", ".Llocal_label", "ksyms_num_addrs",
                 "_kernel_end", "_end", "nonexistent"):
        c.check("dropped " + name, lookup(d, blob, name) is None)
    c.check("alias kmain", name_of(d, blob, 0xC0100000) == ("kmain", 0))
    c.check("alias local", name_of(d, blob, 0xC0100044) == ("helper", 4))
    c.check("boot alias", name_of(d, blob, 0x00100000) == ("multiboot_entry", 0))
    c.check("below first", name_of(d, blob, 0x1000) is None)
    c.check("text ends at _etext", name_of(d, blob, 0xC01001FF) == ('mem"odd', 0x15F))
    c.check("marker at _etext", name_of(d, blob, 0xC0100200) == ("_etext", 0))
    c.check("last entry to table", name_of(d, blob, 0xC0104FFF) == ("__bss_end", 0xFFF))
    c.check("past the end", name_of(d, blob, 0xC0105000) is None)
    c.check("past everything", name_of(d, blob, 0xFFFFFFFF) is None)


def selftest():
    c = Checker()
    asm = render(Table(parse_nm(SAMPLE_NM)))
    c.check("deterministic", asm == render(Table(parse_nm(SAMPLE_NM))))
    c.check("one section", asm.count(".section .ksyms") == 1 and
            ".text" not in asm and ".data" not in asm and ".bss" not in asm)
    d, blob = decode(asm)
    check_invariants(c, "sample", d, blob)
    check_sample(c, d, blob)
    reordered = "\n".join(reversed(SAMPLE_NM.splitlines()))
    c.check("input order irrelevant", render(Table(parse_nm(reordered))) == asm)
    d, blob = decode(render(Table(parse_nm(NO_MARKER_NM))))
    c.check("clamp at absolute _etext", name_of(d, blob, 0xC01000FF) == ("f", 0xFF)
            and name_of(d, blob, 0xC0100100) is None)
    c.check("data after text gap", name_of(d, blob, 0xC0101004) == ("d", 4))
    sized = "c0100000 00000010 T kmain\nc0100040 00000004 t helper\n"
    d, blob = decode(render(Table(parse_nm(sized))))
    c.check("nm -S format", lookup(d, blob, "helper") == 0xC0100040)
    d, blob = decode(render(Table(parse_nm(""))))
    check_invariants(c, "empty", d, blob)
    c.check("empty table", d["ksyms_num_addrs"] == [0] and
            d["ksyms_hash_buckets"] == [NONE] and name_of(d, blob, 0) is None)
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


def main(argv):
    if argv[1:] == ["--selftest"]:
        return selftest()
    if len(argv) != 3:
        sys.stderr.write("usage: ksyms.py NMFILE OUT.S | --selftest\n")
        return 2
    generate(argv[1], argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
