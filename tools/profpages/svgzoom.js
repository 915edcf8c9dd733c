// svgzoom.js: click-to-zoom and hover details for the SVG flamegraph that
// svg.py writes (inlined there in a CDATA script).  Each frame is a
// <g class="frame" data-name=...> with a <rect>, a <title> and maybe a
// <text>.  A click on a frame stretches it to the full width, keeps its
// descendants (rescaled) and ancestors (full width) and hides the rest;
// a click on the root ("all") undoes the zoom.  Hovering a frame shows
// its tooltip in the #details line.
(function () {
  var CHAR_PX = 7.2;
  var frames = Array.prototype.slice.call(document.querySelectorAll(".frame"));
  var details = document.getElementById("details");
  var orig = frames.map(function (g) {
    var r = g.querySelector("rect");
    return { g: g, x: +r.getAttribute("x"), w: +r.getAttribute("width"),
             y: +r.getAttribute("y") };
  });
  var root = orig.reduce(function (a, b) { return b.y > a.y ? b : a; });

  function fit(name, w) {
    var n = Math.floor((w - 6) / CHAR_PX);
    if (name.length <= n) return name;
    return n >= 3 ? name.slice(0, n - 2) + ".." : "";
  }

  // place(f, x, w): draws frame f at x with width w, or hides it (w < 0).
  function place(f, x, w) {
    var r = f.g.querySelector("rect"), t = f.g.querySelector("text");
    f.g.style.display = w < 0 ? "none" : "";
    if (w < 0) return;
    r.setAttribute("x", x.toFixed(2));
    r.setAttribute("width", w.toFixed(2));
    if (!t) {
      t = document.createElementNS("http://www.w3.org/2000/svg", "text");
      t.setAttribute("y", f.y + 12);
      f.g.appendChild(t);
    }
    t.setAttribute("x", (x + 3).toFixed(2));
    t.textContent = fit(f.g.getAttribute("data-name"), w);
  }

  function zoom(z) {
    var eps = 0.01, k = root.w / z.w;
    orig.forEach(function (f) {
      var inside = f.x >= z.x - eps && f.x + f.w <= z.x + z.w + eps;
      var spans = f.x <= z.x + eps && f.x + f.w >= z.x + z.w - eps;
      if (f.y > z.y) place(f, root.x, spans ? root.w : -1);
      else place(f, root.x + (f.x - z.x) * k, inside ? f.w * k : -1);
    });
  }

  orig.forEach(function (f) {
    f.g.addEventListener("click", function () { zoom(f); });
    f.g.addEventListener("mouseover", function () {
      details.textContent = f.g.querySelector("title").textContent;
    });
    f.g.addEventListener("mouseout", function () { details.textContent = " "; });
  });
})();
