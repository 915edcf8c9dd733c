"""colours.py: the colour of a flamegraph frame, shared by the SVG and the
HTML page (which gets each frame's colour in its embedded JSON).

Interface:
    frame_colour(name) -> "hsl(H,S%,L%)"
    KIND_HUES: frame kind (folded.frame_kind) -> (hue, saturation %)

Each kind has its own hue: kernel frames (_[k]) orange, user frames blue,
[irqs-off] purple, idle frames grey.  Within a kind the lightness and a
small hue shift come from a hash of the name, so a function keeps its
colour from one graph to the next and neighbours stay distinguishable.
"""

import zlib

from profpages.folded import frame_kind

KIND_HUES = {
    "kernel": (24, 85),
    "user": (205, 65),
    "irqs-off": (285, 55),
    "idle": (0, 0),
}


def _hash_fraction(name, salt):
    """Returns a number in [0, 1) fixed by name and salt."""
    return zlib.crc32((salt + name).encode("utf-8")) / 2.0 ** 32


def frame_colour(name):
    hue, sat = KIND_HUES[frame_kind(name)]
    hue = (hue + round(24 * (_hash_fraction(name, "h") - 0.5))) % 360
    light = 52 + round(20 * _hash_fraction(name, "l"))
    return "hsl(%d,%d%%,%d%%)" % (hue, sat, light)
