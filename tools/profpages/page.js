// page.js: the script of the profile page that html.py writes (inlined
// there after d3, d3-flame-graph and, with a timeline, flame-chart-js).
// It reads the JSON in <script id="profile-data">, draws the zoomable
// flamegraph in #flamegraph, wires the search box (#search: frames whose
// name contains the text are highlighted, #search-result gives their
// count and weight), the #reset-zoom and #clear-search buttons, and draws
// the boot timeline in <canvas id="timeline"> when there is one.
// For tests it sets window.profPage = {chart, highlight, timeline} and
// body[data-flamegraph-ready] once the graph is drawn.
(function () {
  "use strict";
  var HIGHLIGHT = "#ff00cc";
  var data = JSON.parse(document.getElementById("profile-data").textContent);
  var unit = data.unit;

  function percent(part, whole) {
    return whole ? (100 * part / whole).toFixed(2) + "%" : "0%";
  }

  function label(d) {
    return d.data.name + " (" + d.value + " " + unit + ", " +
      percent(d.value, data.total) + ")";
  }

  // A frame matches when its name contains the term, ignoring case.
  function matches(d, term) {
    return !!term && d.data.name.toLowerCase().indexOf(term.toLowerCase()) >= 0;
  }

  function showSearch(results, sum, total) {
    var out = document.getElementById("search-result");
    out.setAttribute("data-matches", results.length);
    out.textContent = results.length +
      (results.length === 1 ? " frame matches, " : " frames match, ") +
      sum + " " + unit +
      " of " + total + " (" + percent(sum, total) + ")";
  }

  function drawFlamegraph() {
    var box = document.getElementById("flamegraph");
    var chart = flamegraph.default()
      .width(Math.max(600, box.clientWidth))
      .cellHeight(18).minFrameSize(1).sort(true).transitionDuration(250)
      .label(label)
      .setColorMapper(function (d) {
        return d.highlight ? HIGHLIGHT : d.data.color;
      })
      .setSearchMatch(matches)
      .setSearchHandler(showSearch)
      .setDetailsElement(document.getElementById("details"));
    d3.select(box).datum(data.tree).call(chart);
    return chart;
  }

  function wireControls(chart) {
    var search = document.getElementById("search");
    var out = document.getElementById("search-result");
    search.addEventListener("input", function () {
      if (search.value) {
        chart.search(search.value);
      } else {
        chart.clear();
        out.textContent = "";
        out.setAttribute("data-matches", 0);
      }
    });
    document.getElementById("reset-zoom").addEventListener("click",
      function () { chart.resetZoom(); });
    document.getElementById("clear-search").addEventListener("click",
      function () {
        search.value = "";
        search.dispatchEvent(new Event("input"));
      });
  }

  // Levels of the span forest, for the canvas height.
  function depth(nodes) {
    return nodes.reduce(function (m, n) {
      return Math.max(m, 1 + depth(n.children || []));
    }, 0);
  }

  function drawTimeline(t) {
    var canvas = document.getElementById("timeline");
    var box = document.getElementById("timeline-box");
    canvas.width = Math.max(600, box.clientWidth);
    canvas.height = 90 + 22 * depth(t.nodes) + (t.marks.length ? 30 : 0);
    var chart = new flameChartJs.FlameChart({
      canvas: canvas, data: t.nodes, marks: t.marks, colors: t.colors,
      settings: { options: { timeUnits: "\u00b5s" } }
    });
    window.addEventListener("resize", function () {
      chart.resize(Math.max(600, box.clientWidth), canvas.height);
    });
    return chart;
  }

  var chart = drawFlamegraph();
  wireControls(chart);
  var timeline = data.timeline ? drawTimeline(data.timeline) : null;
  window.profPage = { chart: chart, highlight: HIGHLIGHT, timeline: timeline };
  document.body.setAttribute("data-flamegraph-ready", "1");
})();
