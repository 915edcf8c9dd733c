"""profpages: the modules of tools/prof-pages (profile pages for a browser).

folded.py    folded stacks -> a weighted call tree, frame kinds
timeline.py  boot timeline TSV -> spans nested by time
colours.py   a frame's colour by kind (kernel, user, irqs-off, idle)
svg.py       call tree -> a standalone SVG flamegraph
svgzoom.js   the SVG's click-to-zoom script (inlined by svg.py)
html.py      call tree (+ timeline) -> one self-contained HTML page
page.js      the HTML page's own script (inlined by html.py)
page.css     the HTML page's own style sheet (inlined by html.py)
selftest.py  unittest checks of all of the above, on tests/host/prof/
"""
