#!/usr/bin/env python3
"""vdso-check.py: check the vDSO image and give the kernel its symbols.

Usage:
    vdso-check.py IMAGE OUT.h       check IMAGE (vdso/vdso.S linked by
                                    vdso/vdso.lds); on success write OUT.h,
                                    the image's size and the offsets of its
                                    exported symbols, for vdso/vdso.c.  On
                                    failure print why and exit 1.
    vdso-check.py --selftest IMAGE  check the checker: IMAGE must pass and
                                    each of a set of damaged copies of it
                                    must be refused; prints "N passed, N
                                    failed", exit 1 on failure.

What the kernel relies on, each refused otherwise:
  - an ELF32 little-endian i386 shared object (ET_DYN, EM_386) whose entry
    is __kernel_vsyscall, as Linux's;
  - exactly one PT_LOAD, from file offset 0 at address 0, read+exec, with
    no bss (the file is mapped as it is); no segment writable; no
    PT_INTERP or PT_TLS; a PT_DYNAMIC inside the PT_LOAD;
  - no relocation of any kind (DT_REL, DT_RELA, DT_RELR, DT_JMPREL,
    DT_TEXTREL, relocation sections) and no DT_NEEDED: nothing may need
    fixing once the image is mapped at an address chosen at exec;
  - every symbol of SYMBOLS defined, a function, with its version
    (through DT_VERSYM and DT_VERDEF), found through DT_HASH;
  - the bytes of __kernel_vsyscall, __kernel_sigreturn and
    __kernel_rt_sigreturn those of CODE (Linux's sequences for the last two,
    which debuggers and unwinders recognise).
"""

import struct
import sys

ET_DYN, EM_386 = 3, 3
PT_LOAD, PT_DYNAMIC, PT_INTERP, PT_TLS = 1, 2, 3, 7
PF_X, PF_W, PF_R = 1, 2, 4
SHT_RELA, SHT_REL, SHT_RELR = 4, 9, 19
DT_NULL, DT_NEEDED, DT_HASH, DT_STRTAB, DT_SYMTAB = 0, 1, 4, 5, 6
DT_RELOCS = {2: "DT_PLTRELSZ", 7: "DT_RELA", 17: "DT_REL",
             22: "DT_TEXTREL", 23: "DT_JMPREL", 36: "DT_RELR",
             0x6FFFFFF9: "DT_RELACOUNT", 0x6FFFFFFA: "DT_RELCOUNT"}
DT_VERSYM, DT_VERDEF, DT_VERDEFNUM = 0x6FFFFFF0, 0x6FFFFFFC, 0x6FFFFFFD
STT_FUNC = 2

SYMBOLS = {
    "__kernel_vsyscall": "LINUX_2.5",
    "__kernel_sigreturn": "LINUX_2.5",
    "__kernel_rt_sigreturn": "LINUX_2.5",
    "__vdso_clock_gettime": "LINUX_2.6",
    "__vdso_clock_gettime64": "LINUX_2.6",
    "__vdso_clock_getres": "LINUX_2.6",
    "__vdso_gettimeofday": "LINUX_2.6",
    "__vdso_time": "LINUX_2.6",
}
CODE = {
    # push %ecx; push %edx; push %ebp; mov %esp,%ebp; sysenter; ud2;
    # int $0x80; ret (kernel/x86/sysenter.c, vdso/vdso.h's INT80 offset)
    "__kernel_vsyscall": bytes([0x51, 0x52, 0x55, 0x89, 0xE5, 0x0F, 0x34,
                                0x0F, 0x0B, 0xCD, 0x80, 0xC3]),
    "__kernel_sigreturn": bytes([0x58, 0xB8, 0x77, 0, 0, 0, 0xCD, 0x80]),
    "__kernel_rt_sigreturn": bytes([0xB8, 0xAD, 0, 0, 0, 0xCD, 0x80]),
}


class Refused(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Refused(why)


def unpack(fmt, data, off):
    need(0 <= off and off + struct.calcsize(fmt) <= len(data),
         "read past the end of the file at %#x" % off)
    return struct.unpack_from(fmt, data, off)


def cstr(data, off):
    end = data.find(b"\0", off)
    need(off < len(data) and end >= 0, "string out of the file")
    return data[off:end].decode("ascii", "replace")


def check_header(data):
    need(data[:4] == b"\x7fELF", "not ELF")
    need(data[4] == 1 and data[5] == 1, "not ELF32 little-endian")
    (etype, machine, _, entry, phoff, shoff, _, _, phentsize, phnum,
     shentsize, shnum, _) = unpack("<HHIIIIIHHHHHH", data, 16)
    need(etype == ET_DYN, "not ET_DYN (e_type %d)" % etype)
    need(machine == EM_386, "not EM_386 (e_machine %d)" % machine)
    need(phentsize == 32 and phnum > 0, "bad program headers")
    need(shnum == 0 or shentsize == 40, "bad section headers")
    return entry, phoff, phnum, shoff, shnum


def check_segments(data, phoff, phnum):
    """The PT_LOAD's size and the PT_DYNAMIC's (offset, size)."""
    loads, dyn = [], None
    for i in range(phnum):
        ptype, off, vaddr, _, filesz, memsz, flags, _ = unpack(
            "<8I", data, phoff + 32 * i)
        need(not flags & PF_W, "segment %d is writable" % i)
        need(ptype not in (PT_INTERP, PT_TLS), "PT_INTERP or PT_TLS")
        if ptype == PT_LOAD:
            loads.append((off, vaddr, filesz, memsz, flags))
        elif ptype == PT_DYNAMIC:
            dyn = (off, filesz)
    need(len(loads) == 1, "%d PT_LOAD segments, not one" % len(loads))
    off, vaddr, filesz, memsz, flags = loads[0]
    need(off == 0 and vaddr == 0, "PT_LOAD not at offset 0, address 0")
    need(flags == PF_R | PF_X, "PT_LOAD not read+exec")
    need(filesz == memsz and filesz <= len(data), "PT_LOAD has a bss")
    need(dyn is not None and dyn[0] + dyn[1] <= filesz,
         "no PT_DYNAMIC inside the PT_LOAD")
    return filesz, dyn


def check_sections(data, shoff, shnum):
    for i in range(shnum):
        stype = unpack("<I", data, shoff + 40 * i + 4)[0]
        need(stype not in (SHT_REL, SHT_RELA, SHT_RELR),
             "section %d holds relocations" % i)


def read_dynamic(data, dyn):
    tags = {}
    for off in range(dyn[0], dyn[0] + dyn[1], 8):
        tag, val = unpack("<iI", data, off)
        tag &= 0xFFFFFFFF
        if tag == DT_NULL:
            break
        need(tag not in DT_RELOCS, "relocations (%s)" % DT_RELOCS.get(tag))
        need(tag != DT_NEEDED, "DT_NEEDED")
        tags[tag] = val
    for t, name in ((DT_HASH, "DT_HASH"), (DT_SYMTAB, "DT_SYMTAB"),
                    (DT_STRTAB, "DT_STRTAB"), (DT_VERSYM, "DT_VERSYM"),
                    (DT_VERDEF, "DT_VERDEF")):
        need(t in tags, "no " + name)
    return tags


def version_names(data, tags):
    """Version index -> name, from DT_VERDEF (addresses are offsets)."""
    names, off = {}, tags[DT_VERDEF]
    for _ in range(tags.get(DT_VERDEFNUM, 0)):
        _, _, ndx, cnt, _, aux, nxt = unpack("<HHHHIII", data, off)
        if cnt:
            names[ndx] = cstr(data, tags[DT_STRTAB] +
                              unpack("<I", data, off + aux)[0])
        if not nxt:
            break
        off += nxt
    return names


def read_symbols(data, tags):
    """name -> (value, size, version) of the defined functions."""
    nchain = unpack("<II", data, tags[DT_HASH])[1]
    versions = version_names(data, tags)
    syms = {}
    for i in range(1, nchain):
        name, value, size, info, _, shndx = unpack(
            "<IIIBBH", data, tags[DT_SYMTAB] + 16 * i)
        if shndx == 0 or info & 0xF != STT_FUNC:
            continue
        ver = unpack("<H", data, tags[DT_VERSYM] + 2 * i)[0] & 0x7FFF
        syms[cstr(data, tags[DT_STRTAB] + name)] = (value, size,
                                                    versions.get(ver))
    return syms


def check(data):
    """The PT_LOAD's size and the symbols, or Refused."""
    entry, phoff, phnum, shoff, shnum = check_header(data)
    size, dyn = check_segments(data, phoff, phnum)
    check_sections(data, shoff, shnum)
    syms = read_symbols(data, read_dynamic(data, dyn))
    for name, ver in sorted(SYMBOLS.items()):
        need(name in syms, "%s not exported" % name)
        need(syms[name][2] == ver, "%s not at version %s" % (name, ver))
        need(syms[name][0] + syms[name][1] <= size, "%s outside" % name)
    for name, code in sorted(CODE.items()):
        value = syms[name][0]
        need(data[value:value + len(code)] == code,
             "%s's bytes are %s" % (name, data[value:value + len(code)].hex()))
    need(entry == syms["__kernel_vsyscall"][0], "entry not __kernel_vsyscall")
    return size, syms


def header(path, size, syms):
    out = ["/* %s: generated by tools/vdso-check.py from %s. */" %
           ("vdso-syms.h", path),
           "#define VDSO_IMAGE_SIZE %#xu	/* the whole file */" % size]
    for name in sorted(SYMBOLS):
        out.append("#define VDSO_SYM_%s %#xu" % (name.lstrip("_"),
                                                 syms[name][0]))
    return "\n".join(out) + "\n"


def put(data, off, fmt, *vals):
    b = bytearray(data)
    struct.pack_into(fmt, b, off, *vals)
    return bytes(b)


def damaged(data):
    """(what, copy) pairs: each copy must be refused."""
    entry, phoff, phnum, shoff, shnum = check_header(data)
    size, dyn = check_segments(data, phoff, phnum)
    syms = read_symbols(data, read_dynamic(data, dyn))
    load = next(phoff + 32 * i for i in range(phnum)
                if unpack("<I", data, phoff + 32 * i)[0] == PT_LOAD)
    dnull = next(o for o in range(dyn[0], dyn[0] + dyn[1], 8)
                 if unpack("<I", data, o)[0] == DT_NULL)
    sig = syms["__kernel_sigreturn"][0]
    rt = syms["__kernel_rt_sigreturn"][0]
    return [
        ("not ELF", put(data, 0, "<B", 0)),
        ("ET_EXEC", put(data, 16, "<H", 2)),
        ("EM_X86_64", put(data, 18, "<H", 62)),
        ("writable PT_LOAD", put(data, load + 24, "<I", PF_R | PF_W | PF_X)),
        ("PT_LOAD with a bss", put(data, load + 20, "<I", size + 4096)),
        ("PT_LOAD not at 0", put(data, load + 8, "<I", 0x1000)),
        ("DT_REL", put(data, dnull, "<iI", 17, 0)),
        ("DT_TEXTREL", put(data, dnull, "<iI", 22, 0)),
        ("DT_NEEDED", put(data, dnull, "<iI", DT_NEEDED, 0)),
        ("SHT_REL section", put(data, shoff + 40 * (shnum - 1) + 4, "<I",
                                SHT_REL)),
        ("sigreturn without popl", put(data, sig, "<B", 0x90)),
        ("sigreturn with another number", put(data, sig + 2, "<B", 0xAD)),
        ("rt_sigreturn with int $0x81", put(data, rt + 6, "<B", 0x81)),
        ("entry elsewhere", put(data, 24, "<I", entry + 1)),
    ]


def selftest(path):
    data = open(path, "rb").read()
    passed = failed = 0
    try:
        check(data)
        cases = damaged(data)
        passed += 1
    except Refused as e:
        print("FAIL the built image is refused: %s" % e)
        print("0 passed, 1 failed")
        return 1
    for what, copy in cases:
        try:
            check(copy)
            print("FAIL %s: accepted" % what)
            failed += 1
        except Refused:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--selftest":
        return selftest(argv[2])
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    data = open(argv[1], "rb").read()
    try:
        _, syms = check(data)
    except Refused as e:
        sys.stderr.write("vdso-check: %s: %s\n" % (argv[1], e))
        return 1
    with open(argv[2], "w") as f:
        f.write(header(argv[1], len(data), syms))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
