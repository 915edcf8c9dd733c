"""html.py: one self-contained HTML page for a profile.

The page inlines its libraries, taken from an npm install of
tools/web/package.json (WEB_DIR, holding node_modules/): d3 and
d3-flame-graph for a zoomable, searchable flamegraph and, with a boot
timeline, flame-chart-js for the timeline chart.  It loads nothing from
anywhere: every script and style sheet is inside the file, and the
profile is embedded as JSON in <script id="profile-data">.  page.js (the
page's own script) and page.css are inlined too.

The JSON: {"title", "unit", "total", "stacks", "frames",
           "tree": {"name", "value", "kind", "color", "children": [...]},
           "timeline": null or {"nodes": [flame-chart-js nodes],
                                "marks": [...], "colors": {kind: colour}}}
Tree values are inclusive weights, children in alphabetical order.

Interface:
    ASSETS                              name -> path under WEB_DIR
    find_assets(web_dir) -> {name: path}    raises FileNotFoundError
    tree_json(node) -> dict
    timeline_json(spans) -> dict
    render(profile, spans, title, unit, assets) -> str
    write(profile, spans, path, title, unit, web_dir)
"""

import json
import os
import re
from html import escape

from profpages.colours import frame_colour
from profpages.folded import frame_kind
from profpages import timeline as tl

ASSETS = {
    "d3": "node_modules/d3/dist/d3.min.js",
    "flamegraph": "node_modules/d3-flame-graph/dist/d3-flamegraph.umd.min.js",
    "flamegraph_css": "node_modules/d3-flame-graph/dist/d3-flamegraph.css",
    "flamechart": "node_modules/flame-chart-js/dist/index.min.js",
}
HERE = os.path.dirname(os.path.abspath(__file__))
SPAN_COLOURS = {"stage": "#7f9fcf", "initcall": "#e8a35c", "exec": "#6fbf73",
                "syscall": "#c7a0e0", "prompt": "#e06c6c"}


def find_assets(web_dir):
    """Returns the path of each of ASSETS under web_dir (an npm prefix, or
    its node_modules folder)."""
    if os.path.basename(os.path.normpath(web_dir)) == "node_modules":
        web_dir = os.path.dirname(os.path.normpath(web_dir))
    paths = {k: os.path.join(web_dir, v) for k, v in ASSETS.items()}
    missing = [p for p in paths.values() if not os.path.isfile(p)]
    if missing:
        raise FileNotFoundError("not found (run make web-deps): " +
                                ", ".join(missing))
    return paths


def tree_json(node):
    return {"name": node.name, "value": node.value,
            "kind": frame_kind(node.name), "color": frame_colour(node.name),
            "children": [tree_json(c) for c in node.sorted_children()]}


def _span_json(span):
    return {"name": span.name, "start": span.start,
            "duration": span.duration, "type": span.kind,
            "children": [_span_json(c) for c in span.children]}


def timeline_json(spans):
    marks = [{"shortName": s.name[:12], "fullName": "%s %s" % (s.kind, s.name),
              "timestamp": s.start, "color": SPAN_COLOURS.get(s.kind, "#888")}
             for s in tl.instants(spans)]
    return {"nodes": [_span_json(s) for s in tl.nest(spans)],
            "marks": marks, "colors": SPAN_COLOURS}


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _script(code):
    """Returns code in a <script>, made safe to sit inside HTML."""
    return "<script>\n%s\n</script>" % re.sub(r"(?i)</script", r"<\\/script",
                                             code)


def _json_script(data):
    text = json.dumps(data, separators=(",", ":"))
    for c in "<>&":
        text = text.replace(c, "\\u%04x" % ord(c))
    return '<script id="profile-data" type="application/json">%s</script>' \
        % text


def span_table(spans):
    rows = ["<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>"
            % (s.start, s.duration, escape(s.kind), escape(s.name))
            for s in sorted(spans, key=lambda s: (s.start, -s.duration))]
    return ('<table id="spans"><thead><tr><th>start (&micro;s)</th>'
            "<th>duration (&micro;s)</th><th>kind</th><th>name</th></tr>"
            "</thead><tbody>\n%s\n</tbody></table>" % "\n".join(rows))


def totals_text(profile, spans, unit):
    text = "%d %s in %d stacks, %d frames" % (
        profile.root.value, unit, profile.stacks, profile.root.count() - 1)
    if spans:
        end = max(s.end for s in spans)
        text += "; boot timeline: %d spans over %.1f ms" % (len(spans),
                                                           end / 1000.0)
    return text


def timeline_section(spans):
    if not spans:
        return ""
    return "\n".join(['<section id="timeline-section">',
                      "<h2>Boot timeline</h2>",
                      '<div id="timeline-box"><canvas id="timeline">'
                      "</canvas></div>", span_table(spans), "</section>"])


def render(profile, spans, title, unit, assets):
    data = {"title": title, "unit": unit, "total": profile.root.value,
            "stacks": profile.stacks, "frames": profile.root.count() - 1,
            "tree": tree_json(profile.root),
            "timeline": timeline_json(spans) if spans else None}
    scripts = [_script(_read(assets["d3"])),
               _script(_read(assets["flamegraph"]))]
    if spans:
        scripts.append(_script(_read(assets["flamechart"])))
    scripts.append(_script(_read(os.path.join(HERE, "page.js"))))
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        "<title>%s</title>" % escape(title),
        "<style>\n%s\n</style>" % _read(assets["flamegraph_css"]),
        "<style>\n%s\n</style>" % _read(os.path.join(HERE, "page.css")),
        "</head><body>", "<h1>%s</h1>" % escape(title),
        '<p id="totals">%s</p>' % escape(totals_text(profile, spans, unit)),
        '<div id="controls"><input id="search" type="search" '
        'placeholder="search frames (substring)" size="32"> '
        '<button id="reset-zoom" type="button">Reset zoom</button> '
        '<button id="clear-search" type="button">Clear search</button> '
        '<span id="search-result"></span></div>',
        '<div id="flamegraph"></div>', '<p id="details">&nbsp;</p>',
        timeline_section(spans), _json_script(data), *scripts,
        "</body></html>", ""])


def write(profile, spans, path, title, unit, web_dir):
    page = render(profile, spans, title, unit, find_assets(web_dir))
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
