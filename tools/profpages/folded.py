"""folded.py: read folded stacks into a weighted call tree.

Input, one line per distinct stack:  root;caller;callee COUNT
(frames separated by ';', a space, then an integer weight, which may be
a sample count or a number of bytes).  Blank lines and lines starting
with '#' are skipped; equal stacks are merged by adding their weights.

Interface:
    parse(lines) -> Profile     lines: an iterable of str
    load(path) -> Profile
    frame_kind(name) -> str     "kernel", "user", "irqs-off" or "idle"

Profile.root is the tree's root Node, named "all", whose value is the
total weight.  Node.value is the weight of every stack through the node
(inclusive), Node.children maps a frame name to its Node.
Profile.stacks counts distinct stacks, Profile.bad lists the line
numbers that could not be read (they are skipped, not fatal).
"""

import re

KERNEL_SUFFIX = "_[k]"
_IDLE = re.compile(r"(^|[_\[])idle([_\]]|$)")


class Node:
    def __init__(self, name):
        self.name = name
        self.value = 0
        self.children = {}

    def child(self, name):
        """Returns the child called name, made if it is new."""
        node = self.children.get(name)
        if node is None:
            node = self.children[name] = Node(name)
        return node

    def sorted_children(self):
        """Returns the children in alphabetical order of name."""
        return [self.children[k] for k in sorted(self.children)]

    def count(self):
        """Returns the number of nodes in this subtree, this one included."""
        return 1 + sum(c.count() for c in self.children.values())

    def depth(self):
        """Returns the height of this subtree: 1 for a leaf."""
        return 1 + max((c.depth() for c in self.children.values()), default=0)


class Profile:
    def __init__(self):
        self.root = Node("all")
        self.stacks = 0
        self.bad = []

    def add(self, frames, weight):
        """Adds weight to the root and to every frame of one stack."""
        node = self.root
        node.value += weight
        for name in frames:
            node = node.child(name)
            node.value += weight


def frame_kind(name):
    """Returns the colour class of a frame: "irqs-off", "idle", "kernel"
    (names ending in _[k]) or "user"."""
    if name.startswith("[irqs-off]"):
        return "irqs-off"
    base = name[:-len(KERNEL_SUFFIX)] if name.endswith(KERNEL_SUFFIX) else name
    if _IDLE.search(base):
        return "idle"
    return "kernel" if name.endswith(KERNEL_SUFFIX) else "user"


def parse_line(line):
    """Returns (frames, weight) for one folded line, None for a blank or
    comment line; raises ValueError for a malformed one."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    stack, _, count = line.rpartition(" ")
    frames = [f for f in stack.strip().split(";") if f]
    weight = int(count)
    if not frames or weight < 0:
        raise ValueError("no frames or a negative weight")
    return frames, weight


def parse(lines):
    """Returns the Profile of an iterable of folded lines."""
    prof = Profile()
    seen = set()
    for number, line in enumerate(lines, 1):
        try:
            parsed = parse_line(line)
        except ValueError:
            prof.bad.append(number)
            continue
        if parsed is None:
            continue
        frames, weight = parsed
        seen.add(tuple(frames))
        prof.add(frames, weight)
    prof.stacks = len(seen)
    return prof


def load(path):
    """Returns the Profile of the folded file at path."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse(f)
