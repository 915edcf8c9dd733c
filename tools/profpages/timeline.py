"""timeline.py: read a boot timeline and nest its spans by time.

Input, tab-separated, one span a line:
    start_us <TAB> duration_us <TAB> kind <TAB> name
times in decimal microseconds, duration 0 for an instant; kind is one of
KINDS.  Blank lines, '#' comments and a header line (a first field that
is not a number) are skipped.  Stages and initcalls may nest in time.

Interface:
    parse(lines) -> [Span]      in file order; raises ValueError with the
                                line number for a malformed line
    load(path) -> [Span]
    nest(spans) -> [Span]       the spans with a duration, as a forest:
                                each span's children are the later spans
                                that lie wholly inside it (span.children)
    instants(spans) -> [Span]   the spans of duration 0
"""

KINDS = ("stage", "initcall", "exec", "syscall", "prompt")


class Span:
    def __init__(self, start, duration, kind, name):
        self.start = start
        self.duration = duration
        self.kind = kind
        self.name = name
        self.children = []

    @property
    def end(self):
        return self.start + self.duration

    def contains(self, other):
        """Returns True when other lies wholly inside this span."""
        return self.start <= other.start and other.end <= self.end


def _number(text):
    value = float(text)
    return int(value) if value.is_integer() else value


def parse_line(line, number):
    """Returns the Span of one line, None for a line to skip."""
    line = line.rstrip("\r\n")
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    fields = line.split("\t")
    if len(fields) < 4:
        raise ValueError("line %d: expected 4 tab-separated fields" % number)
    try:
        start, duration = _number(fields[0]), _number(fields[1])
    except ValueError:
        if number == 1:
            return None
        raise ValueError("line %d: bad start or duration" % number)
    if duration < 0:
        raise ValueError("line %d: negative duration" % number)
    return Span(start, duration, fields[2].strip(), "\t".join(fields[3:]))


def parse(lines):
    spans = []
    for number, line in enumerate(lines, 1):
        span = parse_line(line, number)
        if span is not None:
            spans.append(span)
    return spans


def load(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse(f)


def nest(spans):
    """Returns the forest of the spans that have a duration.  Spans are
    taken by start time, longest first, and each goes under the innermost
    earlier span that contains it, or becomes a root (so a span that
    overlaps its neighbour only in part is its sibling).  The input spans'
    children lists are rebuilt."""
    roots, open_spans = [], []
    timed = sorted((s for s in spans if s.duration > 0),
                   key=lambda s: (s.start, -s.duration))
    for span in timed:
        span.children = []
        while open_spans and not open_spans[-1].contains(span):
            open_spans.pop()
        (open_spans[-1].children if open_spans else roots).append(span)
        open_spans.append(span)
    return roots


def instants(spans):
    return [s for s in spans if s.duration == 0]
