#!/usr/bin/env python3
"""gnuhash.py: make a GNU-style symbol hash table (lib/gnuhash.h) as C.

Usage:
    gnuhash.py [options] NAMES OUT.c
    gnuhash.py --selftest

NAMES lists the symbols, one per line or NUL-separated (what
`objcopy --dump-section .kexport_names=...` gives), blank entries ignored,
"-" for standard input.  An entry is "name" or "name value-expression":
    name        the value is the address of the symbol called name, through
                a declaration `extern const char gnuhash_ref_N[]
                __asm__("name")` (an assembler name, so that the output
                needs no header declaring it and cannot clash with a
                builtin's type); the link fails when it is undefined;
    name EXPR   the value is (uintptr_t)(EXPR), a C expression.
A name may appear once.

Options:
    --name CNAME        the table's C name (default gnuhash_table); its
                        arrays are static, named CNAME_bloom and so on
    --section SECTION   put the table, its arrays and its strings in
                        SECTION (the kernel's goes in .ksyms, linked last)
    --index-values      a bare name's value is its 0-based entry number
                        instead of an address (synthetic tables)
    --defined-in NMFILE fail, naming them, unless every bare name is a
                        defined global symbol (an upper-case type) in the
                        `nm` listing NMFILE

Sizes, as binutils (bfd and gold) choose them for .gnu.hash:
    nbuckets    the largest of binutils' primes 1, 3, 17, 37, 67, 97, 131,
                197, 263, 521, 1031, 2053, 4099, 8209, 16411, 32771, 65537,
                131101, 262147 that is <= nsyms (1 for an empty table): one
                to two symbols per bucket, so a hit compares one or two
                chain words, in one cache line, and the buckets cost half a
                word or less per symbol;
    Bloom       2^k bits in 32-bit words (bloom_size = 2^(k-5)) with
                k = bit_length(nsyms) + 2, or + 3 when bit k-2 of nsyms
                is set (k = 5 below 4 symbols): 5.3 to 10.7 bits per
                symbol, two bits set per symbol, which lets through 3 to
                10 % of misses (gnuhash_bloom_fp() below computes the
                figure); bloom_shift = k, so the second bit comes from hash
                bits that chose neither the word nor the first bit.  (The
                5 of 32-bit words is not stored: lib/gnuhash.c's words are
                always 32 bits, as ELFCLASS32's.)
Symbols are ordered by bucket, then by name: the output depends only on
the set of entries, not on their order (except the index values).
"""

import math
import os
import sys

PRIMES = (1, 3, 17, 37, 67, 97, 131, 197, 263, 521, 1031, 2053, 4099, 8209,
          16411, 32771, 65537, 131101, 262147)
WORD_BITS = 32
WORD_LOG2 = 5
SYMOFFSET = 1


def gnu_hash(name):
    """GNU's hash (djb2) of a name given as bytes."""
    h = 5381
    for c in name:
        h = (h * 33 + c) & 0xFFFFFFFF
    return h


def bucket_count(nsyms):
    return max([p for p in PRIMES if p <= nsyms] or [1])


def bloom_log2(nsyms):
    """log2 of the Bloom filter's size in bits, as binutils computes it."""
    k = nsyms.bit_length()
    if k < 3:
        return WORD_LOG2
    if nsyms & (1 << (k - 2)):
        return k + 3
    return k + 2


def gnuhash_bloom_fp(nsyms, bloom_size):
    """The chance that a name absent from the table passes the filter: a
    word holds Binomial(nsyms, 1/bloom_size) names of two bits each; the
    absent name's two bits (the same one in 1 case of 32) must both be
    set."""
    if nsyms == 0:
        return 0.0
    p, total = 1.0 / bloom_size, 0.0
    for m in range(0, min(nsyms, 200) + 1):
        pm = math.exp(math.lgamma(nsyms + 1) - math.lgamma(m + 1) -
                      math.lgamma(nsyms - m + 1) + m * math.log(p) +
                      (nsyms - m) * math.log1p(-p)) if p < 1 else float(m == nsyms)
        q = 1 - (1 - 1.0 / WORD_BITS) ** (2 * m)
        total += pm * ((1 - 1.0 / WORD_BITS) * q * q + q / WORD_BITS)
    return total


class Table:
    """The table as lists; entries are (name bytes, value C text)."""

    def __init__(self, entries):
        n = len(entries)
        self.nbuckets = bucket_count(n)
        k = bloom_log2(n)
        self.bloom_shift = k
        self.bloom = [0] * (1 << (k - WORD_LOG2))
        hashed = [(gnu_hash(name), name, value) for name, value in entries]
        hashed.sort(key=lambda e: (e[0] % self.nbuckets, e[1]))
        self.buckets = [0] * self.nbuckets
        self.chains, self.syms = [], []
        for i, (h, name, value) in enumerate(hashed):
            b = h % self.nbuckets
            if self.buckets[b] == 0:
                self.buckets[b] = i + SYMOFFSET
            last = i + 1 == n or hashed[i + 1][0] % self.nbuckets != b
            self.chains.append((h & ~1) | int(last))
            self.syms.append((name, value))
            self._bloom_add(h)

    def _bloom_add(self, h):
        word = (h // WORD_BITS) % len(self.bloom)
        self.bloom[word] |= 1 << (h % WORD_BITS)
        self.bloom[word] |= 1 << ((h >> self.bloom_shift) % WORD_BITS)

    def find(self, name):
        """Look name (bytes) up as lib/gnuhash.c does; the value or None."""
        h = gnu_hash(name)
        word = self.bloom[(h // WORD_BITS) % len(self.bloom)]
        bits = (1 << (h % WORD_BITS)) | (1 << ((h >> self.bloom_shift) % WORD_BITS))
        if word & bits != bits:
            return None
        i = self.buckets[h % self.nbuckets] - SYMOFFSET
        while 0 <= i < len(self.syms):
            if self.chains[i] >> 1 == h >> 1 and self.syms[i][0] == name:
                return self.syms[i][1]
            if self.chains[i] & 1:
                break
            i += 1
        return None


# ---------------------------------------------------------------------------
# Input.

class InputError(Exception):
    pass


def parse_entries(text, index_values):
    """[(name bytes, value C text or None)] from the NAMES text."""
    entries, seen = [], set()
    for item in text.replace("\0", "\n").splitlines():
        fields = item.strip().split(None, 1)
        if not fields:
            continue
        name = fields[0]
        if name in seen:
            raise InputError("%s is listed twice" % name)
        seen.add(name)
        if len(fields) == 2:
            value = "(uintptr_t)(%s)" % fields[1]
        elif index_values:
            value = "%du" % len(entries)
        else:
            value = None
        entries.append((name.encode(), value))
    return entries


def check_defined(entries, nm_path):
    """Raise InputError naming every bare name that is not a defined
    global in the nm listing."""
    types = {}
    with open(nm_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 3 and len(fields[-2]) == 1:
                types.setdefault(fields[-1], set()).add(fields[-2])
    bad = []
    for name, value in entries:
        name = name.decode()
        kinds = types.get(name, set())
        if value is None and not any(k.isupper() and k != "U" for k in kinds):
            why = "local only (nm type %s)" % "".join(sorted(kinds)) \
                if kinds else "not defined"
            bad.append("%s: %s" % (name, why))
    if bad:
        raise InputError("names that are not defined global symbols of %s"
                         " (an export of a static or undefined symbol?): %s" %
                         (nm_path, "; ".join(bad)))


# ---------------------------------------------------------------------------
# Output.

def c_string(name):
    out = []
    for c in name:
        if 0x20 <= c < 0x7F and chr(c) not in '"\\?':
            out.append(chr(c))
        else:
            out.append("\\%03o" % c)
    return '"%s\\0"' % "".join(out)


def c_words(values):
    lines = []
    for i in range(0, len(values), 6):
        lines.append("\t" + ", ".join("0x%08x" % v for v in values[i:i + 6]) + ",")
    return lines


def render(t, cname, section, source):
    attr = ' __attribute__((section("%s")))' % section if section else ""
    out = ["/* Generated by tools/gnuhash.py from %s: do not edit. */" % source,
           '#include "lib/gnuhash.h"', ""]
    refs = {}
    for name, value in t.syms:
        if value is None:
            refs[name] = "gnuhash_ref_%d" % len(refs)
            out.append('extern const char %s[] __asm__(%s);' %
                       (refs[name], c_string(name)[:-3] + '"'))
    for label, words in (("bloom", t.bloom), ("buckets", t.buckets),
                         ("chains", t.chains)):
        if words:
            out.append("static const uint32_t %s_%s[%d]%s = {" %
                       (cname, label, len(words), attr))
            out += c_words(words) + ["};"]
    if t.syms:
        out.append("static const char %s_names[]%s =" % (cname, attr))
        out += ["\t" + c_string(name) for name, _ in t.syms]
        out[-1] += ";"
        out.append("static const struct gnuhash_sym %s_syms[%d]%s = {" %
                   (cname, len(t.syms), attr))
        off = 0
        for name, value in t.syms:
            v = value or "(uintptr_t)%s" % refs[name]
            out.append("\t{ %s, %s_names + %d }," % (v, cname, off))
            off += len(name) + 1
        out.append("};")
    arrays = lambda label, cond: "%s_%s" % (cname, label) if cond else "NULL"
    out += ["const struct gnuhash_table %s%s = {" % (cname, attr),
            "\t.nsyms = %d," % len(t.syms),
            "\t.symoffset = %d," % SYMOFFSET,
            "\t.nbuckets = %d," % t.nbuckets,
            "\t.bloom_size = %d," % len(t.bloom),
            "\t.bloom_shift = %d," % t.bloom_shift,
            "\t.bloom = %s_bloom," % cname,
            "\t.buckets = %s_buckets," % cname,
            "\t.chains = %s," % arrays("chains", t.syms),
            "\t.syms = %s," % arrays("syms", t.syms),
            "};"]
    return "\n".join(out) + "\n"


def generate(args):
    opts = {"--name": "gnuhash_table", "--section": None, "--defined-in": None}
    index_values, files = False, []
    it = iter(args)
    for a in it:
        if a in opts:
            opts[a] = next(it, None)
            if opts[a] is None:
                raise InputError("%s needs a value" % a)
        elif a == "--index-values":
            index_values = True
        else:
            files.append(a)
    if len(files) != 2:
        raise InputError("usage: gnuhash.py [options] NAMES OUT.c | --selftest")
    src, out_path = files
    with (sys.stdin if src == "-" else open(src, encoding="utf-8")) as f:
        entries = parse_entries(f.read(), index_values)
    if opts["--defined-in"]:
        check_defined(entries, opts["--defined-in"])
    text = render(Table(entries), opts["--name"], opts["--section"], src)
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out_path)


# ---------------------------------------------------------------------------
# Self-test of the Python side (tests/host/test_gnuhash.c tests the C side
# on tables this script generates).

def selftest():
    passed = failed = 0

    def check(what, cond):
        nonlocal passed, failed
        if cond:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s" % what)

    check("djb2 of empty", gnu_hash(b"") == 5381)
    check("djb2 of printf", gnu_hash(b"printf") == 0x156B2BB8)
    check("buckets", [bucket_count(n) for n in (0, 1, 2, 1000, 10000, 121000)]
          == [1, 1, 1, 521, 8209, 65537])
    check("bloom sizes", [bloom_log2(n) for n in (0, 3, 4, 767, 768, 1000)]
          == [5, 5, 5, 12, 13, 13])
    names = ["sym_%d" % i for i in range(1000)]
    entries = parse_entries("\n".join(names), True)
    t = Table(entries)
    check("every name found", all(t.find(n.encode()) == "%du" % i
                                  for i, n in enumerate(names)))
    misses = sum(t.find(("miss_%d" % i).encode()) is not None for i in range(5000))
    check("misses rejected", misses == 0)
    check("chains end once per bucket",
          sum(c & 1 for c in t.chains) == sum(b != 0 for b in t.buckets))
    shuffled = list(reversed(entries))
    check("order irrelevant", render(Table(shuffled), "x", None, "-") ==
          render(Table(entries), "x", None, "-"))
    check("empty table", Table([]).find(b"x") is None)
    try:
        parse_entries("a\nb\na\n", False)
        check("duplicate rejected", False)
    except InputError:
        check("duplicate rejected", True)
    check("NUL-separated input", [n for n, _ in parse_entries("a\0b\0", False)]
          == [b"a", b"b"])
    check("escaped string", c_string(b'a"\\?\x01') == '"a\\042\\134\\077\\001\\0"')
    fp = gnuhash_bloom_fp(1000, 256)
    check("bloom prediction plausible", 0.02 < fp < 0.12)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ["--selftest"]:
        return selftest()
    try:
        generate(argv[1:])
    except (InputError, OSError) as e:
        sys.stderr.write("gnuhash.py: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
