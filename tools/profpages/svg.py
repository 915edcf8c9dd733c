"""svg.py: draw a call tree as a standalone SVG flamegraph.

The root ("all") is at the bottom, each frame's width is proportional to
its weight, children are laid out left to right in alphabetical order.
Frames narrower than MIN_FRACTION of the total are left out (with their
descendants); their weight still counts in their parents' widths, and the
number left out is written under the title.  Each frame is a
<g class="frame"> holding a <title> tooltip "name (N samples, P%)", a
<rect> and, when there is room, a <text> label truncated with "..".
A small script (svgzoom.js, inlined) zooms on a click.

Interface:
    layout(profile) -> (frames, dropped)  frames: [Frame] in drawing
                                           order, dropped: frames left out
    render(profile, title, unit) -> str   the SVG document; unit is
                                           "samples" or "bytes"
    write(profile, path, title, unit)
"""

import os
from xml.sax.saxutils import escape, quoteattr

from profpages.colours import frame_colour

WIDTH = 1200          # the image, in px
PAD = 10              # left and right margins
FRAME_H = 16          # one stack level
TOP = 56              # title and info lines
BOTTOM = 24           # the details line
FONT_PX = 12
CHAR_PX = FONT_PX * 0.6   # the advance of a monospace character
MIN_FRACTION = 0.001

ZOOM_JS = os.path.join(os.path.dirname(__file__), "svgzoom.js")


class Frame:
    def __init__(self, node, depth, x, w):
        self.node, self.depth, self.x, self.w = node, depth, x, w


def layout(profile):
    """Returns ([Frame], dropped): the frames to draw, x and w in px from
    the left margin, and the number of frames too narrow to draw."""
    total = profile.root.value
    frames, dropped = [], 0
    scale = (WIDTH - 2 * PAD) / total if total else 0
    stack = [(profile.root, 0, 0.0)]
    while stack:
        node, depth, x = stack.pop()
        frames.append(Frame(node, depth, x, node.value * scale))
        for child in node.sorted_children():
            if child.value < MIN_FRACTION * total:
                dropped += child.count()
            else:
                stack.append((child, depth + 1, x))
            x += child.value * scale
    return frames, dropped


def label(name, width):
    """Returns name shortened to fit width px ("" when under 3 chars fit)."""
    fit = int((width - 6) / CHAR_PX)
    if len(name) <= fit:
        return name
    return name[:fit - 2] + ".." if fit >= 3 else ""


def tooltip(node, total, unit):
    pct = 100.0 * node.value / total if total else 0.0
    return "%s (%d %s, %.2f%%)" % (node.name, node.value, unit, pct)


def frame_svg(frame, top_y, total, unit):
    """Returns the <g> of one frame; top_y is the y of depth 0."""
    node = frame.node
    x, y = PAD + frame.x, top_y - frame.depth * FRAME_H
    text = label(node.name, frame.w)
    parts = ['<g class="frame" data-name=%s>' % quoteattr(node.name),
             "<title>%s</title>" % escape(tooltip(node, total, unit)),
             '<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s" '
             'rx="2"/>' % (x, y, frame.w, FRAME_H - 1,
                           frame_colour(node.name))]
    if text:
        parts.append('<text x="%.2f" y="%d">%s</text>'
                     % (x + 3, y + FRAME_H - 4, escape(text)))
    parts.append("</g>")
    return "".join(parts)


def header_svg(title, info, height):
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" '
        'height="%d" viewBox="0 0 %d %d">' % (WIDTH, height, WIDTH, height),
        "<style>text { font-family: monospace; font-size: %dpx; fill: #000 }"
        " .frame text { pointer-events: none }"
        " .frame:hover rect { stroke: #000; stroke-width: 0.5 }"
        " #title { font-size: 17px } #info, #details { fill: #555 }</style>"
        % FONT_PX,
        '<rect width="100%" height="100%" fill="#f8f8f4"/>',
        '<text id="title" x="%d" y="24" text-anchor="middle">%s</text>'
        % (WIDTH // 2, escape(title)),
        '<text id="info" x="%d" y="42" text-anchor="middle">%s</text>'
        % (WIDTH // 2, escape(info)),
    ])


def render(profile, title, unit="samples"):
    frames, dropped = layout(profile)
    depth = max((f.depth for f in frames), default=0) + 1
    height = TOP + depth * FRAME_H + BOTTOM
    total = profile.root.value
    info = "%d %s in %d stacks; %d frames drawn, %d narrower than %.1f%% " \
        "left out; click a frame to zoom" % (total, unit, profile.stacks,
                                             len(frames), dropped,
                                             100 * MIN_FRACTION)
    top_y = TOP + (depth - 1) * FRAME_H
    body = [frame_svg(f, top_y, total, unit) for f in frames]
    with open(ZOOM_JS, encoding="utf-8") as f:
        script = f.read()
    return "\n".join([
        header_svg(title, info, height),
        '<g id="frames">', *body, "</g>",
        '<text id="details" x="%d" y="%d"> </text>' % (PAD, height - 8),
        "<script><![CDATA[\n%s]]></script>" % script.replace("]]>", "]] >"),
        "</svg>", ""])


def write(profile, path, title, unit="samples"):
    with open(path, "w", encoding="utf-8") as f:
        f.write(render(profile, title, unit))
