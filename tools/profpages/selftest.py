"""selftest.py: unit tests of tools/prof-pages, on the fixed profile and
timeline in tests/host/prof/ (2000 samples, see sample.folded).

Interface:
    run(web_dir) -> exit status   runs every test, prints one line per
                                  test and then "N passed, N failed".
                                  The HTML tests inline the real libraries
                                  when web_dir holds them, else stand-ins.
"""

import json
import os
import re
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

from profpages import folded, html, svg, timeline

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SAMPLE = os.path.join(TOP, "tests", "host", "prof", "sample.folded")
SAMPLE_TL = os.path.join(TOP, "tests", "host", "prof", "sample.timeline.tsv")
SVG_NS = "{http://www.w3.org/2000/svg}"
PX_PER_SAMPLE = (svg.WIDTH - 2 * svg.PAD) / 2000.0
WEB_DIR = None      # set by run()


class FoldedTest(unittest.TestCase):
    def setUp(self):
        self.prof = folded.load(SAMPLE)

    def test_totals(self):
        self.assertEqual(self.prof.root.value, 2000)
        self.assertEqual(self.prof.stacks, 10)
        self.assertEqual(self.prof.bad, [])

    def test_merged_and_inclusive(self):
        main = self.prof.root.children["init"].children["main"]
        self.assertEqual(main.children["load_config"].value, 200)
        self.assertEqual(main.value, 1300)
        self.assertEqual(main.children["run_shell"].children["parse_line"]
                         .value, 600)

    def test_bad_lines(self):
        prof = folded.parse(["a;b 3", "", "# c", "nocount x", "a;c 2"])
        self.assertEqual((prof.root.value, prof.bad), (5, [4]))

    def test_kinds(self):
        kinds = {n: folded.frame_kind(n) for n in
                 ("vfs_read_[k]", "main", "[irqs-off]", "cpu_idle_[k]",
                  "idle", "idle_loop_[k]", "bidle")}
        self.assertEqual(kinds, {"vfs_read_[k]": "kernel", "main": "user",
                                 "[irqs-off]": "irqs-off",
                                 "cpu_idle_[k]": "idle", "idle": "idle",
                                 "idle_loop_[k]": "idle", "bidle": "user"})


class TimelineTest(unittest.TestCase):
    def setUp(self):
        self.spans = timeline.load(SAMPLE_TL)

    def test_parse(self):
        self.assertEqual(len(self.spans), 11)
        self.assertEqual([s.kind for s in self.spans[:2]],
                         ["stage", "initcall"])
        self.assertEqual(len(timeline.instants(self.spans)), 3)

    def test_nest(self):
        roots = timeline.nest(self.spans)
        self.assertEqual([r.name for r in roots], ["kernel", "userspace"])
        self.assertEqual([c.name for c in roots[0].children],
                         ["mm_init", "ata_init", "ext2_init"])
        self.assertEqual([c.name for c in roots[0].children[1].children],
                         ["ata_identify"])
        self.assertEqual([c.name for c in roots[1].children],
                         ["open", "read"])

    def test_malformed(self):
        with self.assertRaises(ValueError):
            timeline.parse(["0\t10\tstage\tboot", "x\t1\tstage\tbad"])


class SvgTest(unittest.TestCase):
    def setUp(self):
        text = svg.render(folded.load(SAMPLE), "sample <test>", "samples")
        self.root = ET.fromstring(text)
        self.frames = {g.get("data-name"): g for g in
                       self.root.iter(SVG_NS + "g") if g.get("class") ==
                       "frame"}

    def rect(self, name):
        return self.frames[name].find(SVG_NS + "rect")

    def test_frames_present(self):
        self.assertEqual(len(self.frames), 20)
        self.assertNotIn("tiny_helper", self.frames)
        info = self.root.find(SVG_NS + "text[@id='info']").text
        self.assertIn("1 narrower than 0.1% left out", info)

    def test_widths(self):
        for name, weight in (("all", 2000), ("init", 1300), ("main", 1300),
                             ("kmain_[k]", 700), ("parse_line", 600),
                             ("vfs_read_[k]", 500), ("[irqs-off]", 50)):
            self.assertAlmostEqual(float(self.rect(name).get("width")),
                                   weight * PX_PER_SAMPLE, places=1)

    def test_layout(self):
        y = {n: float(self.rect(n).get("y")) for n in ("all", "init", "main")}
        self.assertGreater(y["all"], y["init"])
        self.assertGreater(y["init"], y["main"])
        x = {n: float(self.rect(n).get("x")) for n in
             ("init", "kmain_[k]", "load_config", "run_shell")}
        self.assertLess(x["init"], x["kmain_[k]"])
        self.assertAlmostEqual(x["run_shell"] - x["load_config"],
                               200 * PX_PER_SAMPLE, places=1)

    def test_tooltips(self):
        title = self.frames["vfs_read_[k]"].find(SVG_NS + "title").text
        self.assertEqual(title, "vfs_read_[k] (500 samples, 25.00%)")

    def test_colours_by_kind(self):
        hue = {n: int(re.match(r"hsl\((\d+)", self.rect(n).get("fill"))
                      .group(1)) for n in ("vfs_read_[k]", "main")}
        self.assertLess(abs(hue["vfs_read_[k]"] - 24), 15)
        self.assertLess(abs(hue["main"] - 205), 15)

    def test_labels_fit(self):
        for g in self.frames.values():
            text = g.find(SVG_NS + "text")
            width = float(g.find(SVG_NS + "rect").get("width"))
            if text is not None:
                self.assertLessEqual(len(text.text) * svg.CHAR_PX, width)
        self.assertEqual(svg.label("initcall_ext2_[k]", 60), "initc..")

    def test_bytes_unit(self):
        text = svg.render(folded.load(SAMPLE), "mem", "bytes")
        self.assertIn("<title>init (1300 bytes, 65.00%)</title>", text)


def stand_in_web_dir(path):
    """Makes stand-in library files under path; returns path."""
    for rel in html.ASSETS.values():
        os.makedirs(os.path.dirname(os.path.join(path, rel)), exist_ok=True)
        with open(os.path.join(path, rel), "w") as f:
            f.write("/* stand-in %s */\n" % rel)
    return path


class HtmlTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        try:
            cls.assets = html.find_assets(WEB_DIR or "")
        except FileNotFoundError:
            cls.assets = html.find_assets(stand_in_web_dir(cls.tmp.name))
        prof = folded.load(SAMPLE)
        spans = timeline.load(SAMPLE_TL)
        cls.page = html.render(prof, spans, "t <x>", "samples", cls.assets)
        cls.plain = html.render(prof, None, "t", "samples", cls.assets)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def assertInPage(self, text, page, present=True):
        """Like assertIn, without printing the whole page on failure."""
        if (text in page) != present:
            self.fail("%r %s the page" % (text[:60], "not in" if present
                                          else "in"))

    def data(self, page):
        m = re.search(r'<script id="profile-data" type="application/json">'
                      r"(.*?)</script>", page, re.S)
        return json.loads(m.group(1))

    def test_self_contained(self):
        for page in (self.page, self.plain):
            self.assertIsNone(re.search(
                r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I))
            self.assertIsNone(re.search(r"<script[^>]*\ssrc=|<link\b", page,
                                        re.I))

    def test_libraries_inlined(self):
        for name in ("d3", "flamegraph", "flamechart", "flamegraph_css"):
            with open(self.assets[name], encoding="utf-8") as f:
                self.assertInPage(f.read().strip(), self.page)
        with open(self.assets["flamechart"], encoding="utf-8") as f:
            self.assertInPage(f.read().strip(), self.plain, False)

    def test_tree(self):
        data = self.data(self.page)
        tree = data["tree"]
        self.assertEqual((data["total"], tree["value"], data["stacks"]),
                         (2000, 2000, 10))
        self.assertEqual([c["name"] for c in tree["children"]],
                         ["init", "kmain_[k]"])
        kmain = tree["children"][1]
        self.assertEqual((kmain["value"], kmain["kind"]), (700, "kernel"))
        self.assertEqual(data["frames"], 20)

    def test_timeline(self):
        t = self.data(self.page)["timeline"]
        self.assertEqual([n["name"] for n in t["nodes"]],
                         ["kernel", "userspace"])
        self.assertEqual(len(t["marks"]), 3)
        self.assertEqual(self.page.count("<tr><td>"), 11)
        self.assertInPage('<div id="timeline-box">', self.page)
        self.assertIsNone(self.data(self.plain)["timeline"])
        self.assertInPage('<div id="timeline-box">', self.plain, False)

    def test_escaping(self):
        self.assertInPage("<title>t &lt;x&gt;</title>", self.page)
        self.assertInPage('"title":"t \\u003cx\\u003e"', self.page)



def run(web_dir):
    global WEB_DIR
    WEB_DIR = web_dir
    suite = unittest.defaultTestLoader.loadTestsFromModule(
        sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(
        suite)
    failed = len(result.failures) + len(result.errors)
    print("%d passed, %d failed" % (result.testsRun - failed, failed))
    return 1 if failed else 0
