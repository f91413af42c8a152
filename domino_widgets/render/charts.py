"""Charts for the lessons as plain SVG: bars, grouped bars and lines, with 95% intervals.

No plotting library: the SVG is written here, so the same chart shows in JupyterLab, Voila,
Binder, on GitHub and in the JupyterLite build (where matplotlib does not exist). Each function
returns a `Chart`, which Jupyter shows as the picture (``_repr_svg_``) and whose text form is one
sentence. Nothing here computes a rule or a probability: the numbers come from the package.

The pictures follow a few rules: a win-rate chart has its 50% line (``reference=0.5``), a
single series has no legend, every bar has room for its label, and the game's name stands
under its group.

>>> c = bar_chart(["a", "b"], [0.25, 0.75], title="Two bars", percent=True, reference=0.5)
>>> c
<Chart: Two bars (2 bars)>
>>> c._repr_svg_().startswith("<svg") and "50%" in c._repr_svg_()
True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
import re
from xml.sax.saxutils import escape as _escape

from ..core.errors import ParameterError, quote
from ..core.registry import game_name
from ..language import check_language, npgettext, number, pgettext
from ._svg import picture_html, xml_safe

__all__ = ["Chart", "ChartTable", "bar_chart", "comparison_chart", "exact_vs_simulated", "grouped_bar_chart", "line_chart"]

# every colour stands 3:1 or more on the white background (tests/test_contrast.py), and no chart
# tells its series apart by colour alone: bars carry their labels, lines their markers and dashes
BLUE, ORANGE, GREY, RED, INK = "#2c6e9b", "#c0740a", "#7a7a7a", "#b23a3a", "#222222"
PALETTE = (BLUE, ORANGE, "#3f8a4e", "#8e5ba6", GREY, "#c0563f")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")  # a line's dash pattern, by series
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square")  # a line's point marker
FONT = "font-family:'DejaVu Sans',Arial,sans-serif"
CHAR = 6.6  # the width of one character of 11 px text, for room under the bars


# The words a chart writes itself (the caller's title, labels and names are its own): English
# source texts of the catalog's ``charts.<key>`` messages (`domino_widgets.language`)
_EN: dict[str, str] = {
    "none": "none",
    "exact_and_simulated": ", exact and simulated",
    "probability": "probability",
    "exact": "exact (package)",
    "simulated": "simulated",
    "no_difference": "no difference",
    "null_no_difference": "{null}: no difference",
    "versus": "{a} vs {b}",
    "ylabel_points": "points a hand more (95% interval)",
    "ylabel_hands": "share of hands won (95% interval)",
    "ylabel_matches": "share of matches won (95% interval)",
    "ylabel_pot": "share of the pot (95% interval)",
    "ylabel_solved": "more games won (95% interval)",
    "value": "value",
    "interval": "95% interval",
    "group": "group",
    "bar": "bar",
    "line": "line: {label}",
}
_PLURALS: dict[str, tuple[str, str]] = {
    "bars": ("{n} bar", "{n} bars"), "groups": ("{n} group", "{n} groups"), "lines": ("{n} line", "{n} lines"),
}


def catalog_messages() -> Iterator[tuple[str, str | tuple[str, str]]]:
    """The charts' own English words as catalog messages (context, msgid), and the games' names
    under a comparison's bars: `domino_widgets.i18n_catalog`."""
    from ..core.registry import available_variants

    for key, text in _EN.items():
        yield f"charts.{key}", text
    for key, forms in _PLURALS.items():
        yield f"charts.{key}", forms
    for variant in available_variants():
        yield f"charts.game.{variant}", game_name(variant)


def escape(text: Any) -> str:
    """``text`` for an SVG text node or attribute: ``& < > "`` escaped, what XML forbids dropped."""
    return _escape(xml_safe(str(text)), {'"': "&quot;"})


#: A colour a chart accepts: ``#rgb``, ``#rrggbb`` (with alpha too) or a CSS colour's name.
_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,4}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|[A-Za-z]{3,30}")


def _colours(colors: Any, n: int) -> list[str] | None:
    """``colors`` checked: one colour per bar, each ``#rrggbb`` or a name (it goes into an SVG attribute)."""
    if colors is None:
        return None
    if isinstance(colors, (str, bytes)) or not isinstance(colors, Sequence) or len(colors) < n or not all(
            isinstance(c, str) and _COLOUR.fullmatch(c) for c in colors):
        raise ParameterError("colors must list one colour per bar, each like '#1f77b4' or 'teal', not {colors}",
                             colors=quote(colors))
    return list(colors)


def _texts(**fields: Any) -> None:
    """The chart's words (a title, an axis's label ...): each a text, or None where it may be left out."""
    for field, text in fields.items():
        if text is not None and not isinstance(text, str):
            raise ParameterError("{field} must be a text, not {value}", field=field, value=quote(text))


#: The largest magnitude a chart draws (win rates, points, counts are far smaller).
LIMIT = 1e15


def _finite(name: str, values: Any, optional: bool = False) -> list[Any]:
    """``values`` as floats, each a finite number (None too where ``optional``)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ParameterError("{name} must be a list of numbers, not {values}", name=name, values=quote(values))
    out: list[Any] = []
    for i, v in enumerate(values):
        if v is None and optional:
            out.append(None)
            continue
        try:
            x = float(v) if not isinstance(v, (bool, str, bytes)) else math.nan
        except (TypeError, ValueError, OverflowError):
            x = math.nan
        if not math.isfinite(x):
            raise ParameterError("{name}[{i}] must be a finite number, not {value}", name=name, i=i, value=quote(v))
        if abs(x) > LIMIT:  # a chart's scale and ticks are drawn from these: no number is that large
            raise ParameterError("{name}[{i}] must lie between -10**15 and 10**15, not {value}", name=name, i=i,
                                 value=quote(v))
        out.append(x)
    return out


def _label_text(x: Any) -> str:
    """A bar's label as text: a text as it is, a number or a Fraction as ``str`` writes it, anything
    else (or a whole number too long to write) quoted safely; at most 200 characters."""
    if isinstance(x, str):
        text = x
    elif isinstance(x, (int, float, Fraction)) and not (isinstance(x, int) and abs(int(x)).bit_length() > 200) and not (
            isinstance(x, Fraction) and max(abs(x.numerator), x.denominator).bit_length() > 200):
        text = str(x)
    else:
        text = quote(x)
    return xml_safe(text[:200])


def _groups(groups: Any) -> list[tuple[str, list[tuple[str, float, Any, Any]]]]:
    """`grouped_bar_chart`'s groups checked: (name, [(label, value, low, high), ...]), numbers finite."""
    shape = ParameterError("groups must be a list of (name, [(label, value, low, high), ...]), not {groups}",
                           groups=quote(groups))
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence):
        raise shape
    out = []
    for group in groups:
        if not isinstance(group, Sequence) or isinstance(group, (str, bytes)) or len(group) != 2 or \
                not isinstance(group[1], Sequence) or isinstance(group[1], (str, bytes)):
            raise shape
        bars = []
        for bar in group[1]:
            if not isinstance(bar, Sequence) or isinstance(bar, (str, bytes)) or len(bar) != 4:
                raise shape
            value, low, high = _finite("value", bar[1:], optional=True)
            if value is None:
                raise shape
            bars.append((_label_text(bar[0]), value, low, high))
        out.append((_label_text(group[0]), bars))
    return out


def _word(lang: str, key: str, **fields: Any) -> str:
    text = pgettext(lang, f"charts.{key}", _EN[key])
    return text.format(**fields) if fields else text


def _count(lang: str, key: str, n: int) -> str:
    return npgettext(lang, f"charts.{key}", *_PLURALS[key], n).format(n=n)


@dataclass(frozen=True)
class ChartTable:
    """A chart's numbers as a table: Jupyter shows an HTML ``<table>`` with its caption (what a
    screen reader reads row by row), a terminal the same as aligned text."""

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col">{escape(h)}</th>' for h in self.headers)
        body = "".join("<tr>" + "".join((f'<th scope="row">{escape(c)}</th>' if i == 0 else f"<td>{escape(c)}</td>")
                                        for i, c in enumerate(row)) + "</tr>" for row in self.rows)
        return (f'<table class="dw-chart-table"><caption>{escape(self.caption)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        cols = [self.headers, *self.rows]
        widths = [max(len(r[i]) for r in cols) for i in range(len(self.headers))]
        lines = [self.caption] + ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cols]
        return "\n".join(lines)


@dataclass(frozen=True)
class Chart:
    """An SVG chart; Jupyter shows ``svg``, and ``repr`` is one short sentence.

    ``desc`` states every bar's (point's) label and value in the chart's language, and is the
    SVG's ``<desc>`` (its ``<title>`` is the title); `table` gives the same numbers as a table.
    """

    svg: str
    text: str
    desc: str = ""
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    title: str = ""

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        """The chart with its text alternative (its title and every value, `picture_html`): what
        JupyterLab, Voila and JupyterLite show (an SVG output alone is an image with no text there)."""
        return picture_html(self.svg, self.text)

    def __repr__(self) -> str:
        return f"<Chart: {self.text}>"

    def table(self) -> ChartTable:
        """The chart's numbers as a table (display it under the chart: JupyterLab shows an SVG as
        an image, whose inner text a screen reader does not reach)."""
        return ChartTable(self.title or self.text, self.headers, self.rows)

    def save(self, path: str) -> None:
        """Write the chart to an ``.svg`` file."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.svg)


def _nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi].

    >>> _nice_ticks(0, 1)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> _nice_ticks(-3, 14)
    [-5.0, 0.0, 5.0, 10.0, 15.0]
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step + 1e-9) * step
    ticks = []
    x = start
    while x < hi + step - 1e-9:
        ticks.append(round(float(x), 10))
        x += step
    return ticks


def _fmt(v: float, percent: bool, lang: str | None = None) -> str:
    """A tick or a reference value, written with the separators of ``lang`` (0,5 in Czech)."""
    if percent:
        return number(v, ".0%" if abs(v * 100 - round(v * 100)) < 1e-9 else ".1%", lang)
    return number(v, "g", lang)


def _value(v: float, percent: bool, lang: str) -> str:
    """A bar's or a point's value as the reader reads it: 61.1% (61,1 % in Czech), 0.0833, 1,234.

    >>> _value(0.6111, True, "cs"), _value(1 / 12, False, "en"), _value(1234.4, False, "el")
    ('61,1\xa0%', '0.0833', '1.234')
    """
    if percent:
        return number(v, ".1%", lang)
    return number(v, ",.0f" if abs(v) >= 1000 else ".3g", lang)


def _between(low: float | None, high: float | None, percent: bool, lang: str) -> str:
    """An interval as text, ``57.3% – 64.8%`` (a dash, not a comma: Czech writes decimal commas)."""
    if low is None or high is None:
        return ""
    return f"{_value(low, percent, lang)} – {_value(high, percent, lang)}"


def _describe(title: str, ylabel: str, items: Sequence[str], note: str, lang: str) -> str:
    """The chart's ``<desc>``: its title, what the axis measures, every item, the reference line."""
    head = f"{title} — {ylabel}: " if ylabel else f"{title}: "
    tail = f"; {_word(lang, 'line', label=note)}" if note else ""
    return head + "; ".join(items) + tail + "."


def _fit_axis_label(label: str, room: float) -> list[str]:
    """The y axis' label as one line, or as two lines broken at a space, so that no line is longer
    than ``room`` pixels (a Greek or Czech label is often longer than its English one).

    >>> _fit_axis_label("probability", 300)
    ['probability']
    >>> _fit_axis_label("πόντοι παραπάνω ανά γύρο (διάστημα εμπιστοσύνης 95%)", 300)
    ['πόντοι παραπάνω ανά γύρο', '(διάστημα εμπιστοσύνης 95%)']
    """
    if CHAR * len(label) <= room or " " not in label:
        return [label]
    words = label.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(cuts, key=lambda ab: max(len(ab[0]), len(ab[1]))))


class _Frame:
    """The axes: a y scale, the title, the y ticks and grid, the reference line."""

    def __init__(self, width: float, lo: float, hi: float, *, title: str, ylabel: str, percent: bool,
                 bottom: float = 56, legend: Sequence[tuple[str, str, str]] = (), note: str = "",
                 lang: str | None = None) -> None:
        for field, text in (("title", title), ("ylabel", ylabel)):
            if not isinstance(text, str):
                raise ParameterError("{field} must be a text, not {value}", field=field, value=quote(text))
        # the reference line's label ("50%: no difference") sits in the right margin, clear of the bars
        right = 16.0 + (CHAR * len(note) + 8 if note else 0)
        width = max(width + right - 16.0, CHAR * 1.3 * len(title) + 24)  # a title never clipped
        self.left, self.right, self.top, self.bottom = 62.0, right, 40.0 + (18 if legend else 0), bottom
        self.height = 300.0 + (18 if legend else 0) + max(0.0, bottom - 56)
        self.width = width
        self.ticks = _nice_ticks(lo, hi)
        self.lo, self.hi = min(self.ticks[0], lo), max(self.ticks[-1], hi)
        self.percent = percent
        self.parts: list[str] = [
            f'<text x="{self.width / 2:.1f}" y="22" text-anchor="middle" style="{FONT};font-size:15px;'
            f'font-weight:bold" fill="{INK}">{escape(title)}</text>']
        x = self.left
        for label, colour, kind in legend:
            if kind.startswith("line"):  # a line's sample: its dashes and its marker, as drawn
                i = int(kind[4:])
                dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
                mark = (f'<line x1="{x - 2:.1f}" x2="{x + 14:.1f}" y1="38" y2="38" stroke="{colour}" stroke-width="2"'
                        f'{dash}/>' + _marker(MARKERS[i % len(MARKERS)], x + 6, 38, 3.5, colour))
            else:
                mark = (f'<rect x="{x:.1f}" y="33" width="12" height="10" fill="{colour}"/>' if kind == "bar" else
                        f'<circle cx="{x + 6:.1f}" cy="38" r="4.5" fill="{colour}"/>')
            self.parts.append(mark + f'<text x="{x + 17:.1f}" y="42" style="{FONT};font-size:11px" '
                              f'fill="{INK}">{escape(label)}</text>')
            x += 30 + CHAR * len(label)
        for t in self.ticks:
            y = self.y(t)
            self.parts.append(f'<line x1="{self.left:.1f}" x2="{width - self.right:.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                              f'stroke="#e4e4e4"/><text x="{self.left - 6:.1f}" y="{y + 4:.1f}" text-anchor="end" '
                              f'style="{FONT};font-size:11px" fill="{INK}">{escape(_fmt(t, percent, lang))}</text>')
        if ylabel:
            cy = (self.top + self.height - self.bottom) / 2
            lines = _fit_axis_label(ylabel, self.height - self.top - self.bottom + 40)
            for i, line in enumerate(lines):  # one line, or two side by side (a long label, a long language)
                x = 14 if len(lines) == 1 else 9 + 12 * i
                self.parts.append(f'<text transform="translate({x} {cy:.1f}) rotate(-90)" text-anchor="middle" '
                                  f'style="{FONT};font-size:11px" fill="{INK}">{escape(line)}</text>')

    def y(self, v: float) -> float:
        span = self.hi - self.lo or 1.0
        return self.top + (self.hi - v) / span * (self.height - self.top - self.bottom)

    def reference(self, v: float, label: str) -> None:
        y = self.y(v)
        self.parts.append(f'<line x1="{self.left:.1f}" x2="{self.width - self.right:.1f}" y1="{y:.1f}" '
                          f'y2="{y:.1f}" stroke="{RED}" stroke-dasharray="6 4" stroke-width="1.5"/>'
                          f'<text x="{self.width - self.right + 6:.1f}" y="{y + 4:.1f}" text-anchor="start" '
                          f'style="{FONT};font-size:11px" fill="{RED}">{escape(label)}</text>')

    def error_bar(self, x: float, low: float, high: float) -> None:
        y1, y2 = self.y(low), self.y(high)
        self.parts.append(f'<path d="M{x:.1f},{y1:.1f}V{y2:.1f}M{x - 5:.1f},{y1:.1f}h10M{x - 5:.1f},{y2:.1f}h10" '
                          f'stroke="{INK}" stroke-width="1.3" fill="none"/>')

    def text(self, x: float, y: float, s: str, *, size: int = 11, bold: bool = False, anchor: str = "middle") -> None:
        weight = ";font-weight:bold" if bold else ""
        self.parts.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" style="{FONT};font-size:{size}px'
                          f'{weight}" fill="{INK}">{escape(s)}</text>')

    def svg(self, title: str, desc: str) -> str:
        """The chart: ``role="img"`` named by its ``<title>`` and described by its ``<desc>`` (ids
        made from the content, so the same chart is the same bytes and two charts never share one)."""
        base = self.height - self.bottom
        axis = (f'<line x1="{self.left:.1f}" x2="{self.width - self.right:.1f}" y1="{base:.1f}" y2="{base:.1f}" '
                f'stroke="{INK}"/>')
        body = "".join(self.parts) + axis
        key = "dwc-" + hashlib.sha1((title + desc + body).encode("utf-8", "surrogatepass")).hexdigest()[:10]
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:.0f}" height="{self.height:.0f}" '
                f'viewBox="0 0 {self.width:.0f} {self.height:.0f}" role="img" aria-labelledby="{key}-title" '
                f'aria-describedby="{key}-desc"><title id="{key}-title">{escape(title)}</title>'
                f'<desc id="{key}-desc">{escape(desc)}</desc>'
                f'<rect width="100%" height="100%" fill="white"/>' + body + "</svg>")


def _range(values: Sequence[float], lows: Sequence[float] | None, highs: Sequence[float] | None,
           reference: float | None) -> tuple[float, float]:
    pool = [*values, *(lows or []), *(highs or [])] + ([reference] if reference is not None else [])
    pool = [v for v in pool if math.isfinite(v)]
    return min(0.0, *pool), max(pool) if pool else 1.0


def _label_lines(label: str, room: float) -> list[str]:
    """Split a label into at most two lines that fit ``room`` pixels (words kept whole)."""
    if CHAR * len(label) <= room or " " not in label:
        return [label]
    words = label.split()
    best = [label]
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        if max(len(a), len(b)) < max(len(x) for x in best):
            best = [a, b]
    return best


def _slot(labels: Sequence[str], minimum: float = 46) -> float:
    """The width each bar gets, so that no two labels overlap (two lines at most)."""
    widest = max((max(len(x) for x in _label_lines(s, 0)) for s in labels), default=4)
    return max(minimum, CHAR * widest + 10)


def bar_chart(labels: Sequence[Any], values: Sequence[float], *, title: str, xlabel: str = "", ylabel: str = "",
              lows: Sequence[float] | None = None, highs: Sequence[float] | None = None, percent: bool = False,
              reference: float | None = None, reference_label: str | None = None,
              dots: Sequence[float | None] | None = None, bars_label: str = "", dots_label: str = "",
              colors: Sequence[str] | None = None, lang: str | None = None) -> Chart:
    """One bar per label (with its interval [``lows``, ``highs``] if given), an optional
    reference line (``reference=0.5`` on a win-rate chart), and optional ``dots`` (a second
    series, e.g. a simulation beside the exact bars: then, and only then, a legend). The words
    the chart writes itself are in ``lang`` (None: the language set by ``dw.set_language``).

    >>> c = bar_chart(["k=16", "k=17"], [0.47, 0.45], lows=[0.46, 0.44], highs=[0.48, 0.46],
    ...               title="Win rate", percent=True, reference=0.5)
    >>> c._repr_svg_().count("<rect"), "legend" in c.text
    (3, False)
    >>> bar_chart(["a"], [1.0], title="Jeden", lang="cs")
    <Chart: Jeden (1 sloupec)>
    """
    _texts(title=title, xlabel=xlabel, ylabel=ylabel, reference_label=reference_label, bars_label=bars_label,
           dots_label=dots_label)
    lang = check_language(lang)
    if isinstance(labels, (str, bytes, Mapping)) or not isinstance(labels, Sequence):
        raise ParameterError("labels must be a list, one label per bar, not {labels}", labels=quote(labels))
    names = [_word(lang, "none") if x is None else _label_text(x) for x in labels]
    vals = _finite("values", values)
    if len(vals) != len(names):
        raise ParameterError("values must have one number per label: {n} labels, {m} values", n=len(names), m=len(vals))
    lows = _finite("lows", lows) if lows is not None else None
    highs = _finite("highs", highs) if highs is not None else None
    dots = _finite("dots", dots, optional=True) if dots is not None else None
    colors = _colours(colors, len(vals))
    legend = [(bars_label, BLUE, "bar"), (dots_label, ORANGE, "dot")] if dots is not None else []
    lo, hi = _range(vals, lows, highs, reference)
    if dots is not None:
        lo, hi = min(lo, *(float(d) for d in dots if d is not None)), max(hi, *(float(d) for d in dots if d is not None))
    slot = _slot(names, 22 if len(names) > 12 else 46)
    lines = [_label_lines(n, slot - 6) for n in names]
    two = any(len(x) > 1 for x in lines)
    note = ((reference_label if reference_label is not None else _fmt(reference, percent, lang))
            if reference is not None else "")
    f = _Frame(max(420.0, 62 + 16 + slot * len(names)), lo, hi, title=title, ylabel=ylabel, percent=percent,
               bottom=56 + (13 if two else 0), legend=legend, note=note, lang=lang)
    base = f.y(0.0)
    shift = max(0.0, (f.width - f.left - f.right - slot * len(names)) / 2)  # centred when the chart is wider
    for i, v in enumerate(vals):
        x0 = f.left + shift + slot * i
        cx = x0 + slot / 2
        colour = colors[i] if colors else BLUE
        top = min(base, f.y(v))
        f.parts.append(f'<rect x="{x0 + slot * 0.15:.1f}" y="{top:.1f}" width="{slot * 0.7:.1f}" '
                       f'height="{abs(base - f.y(v)):.1f}" fill="{colour}"/>')
        if lows is not None and highs is not None:
            f.error_bar(cx, float(lows[i]), float(highs[i]))
        if dots is not None and dots[i] is not None:
            f.parts.append(f'<circle cx="{cx:.1f}" cy="{f.y(float(dots[i])):.1f}" r="4.5" fill="{ORANGE}" '
                           f'stroke="white"/>')
        for j, line in enumerate(lines[i]):
            f.text(cx, f.height - f.bottom + 15 + 13 * j, line)
    if xlabel:
        f.text(f.left + shift + slot * len(names) / 2, f.height - 10, xlabel)
    if reference is not None:
        f.reference(reference, reference_label if reference_label is not None else _fmt(reference, percent, lang))
    both = _word(lang, "exact_and_simulated") if dots is not None else ""
    text = f"{title} ({_count(lang, 'bars', len(vals))}{both})"
    items, rows = [], []
    for i, (name, v) in enumerate(zip(names, vals)):
        between = _between(lows[i], highs[i], percent, lang) if lows is not None and highs is not None else ""
        dot = dots[i] if dots is not None else None
        value = _value(v, percent, lang)
        said = f"{bars_label} {value}" if dots is not None and bars_label else value
        said += f" ({between})" if between else ""
        if dot is not None:
            said += f", {dots_label} {_value(dot, percent, lang)}".replace(" ,", ",") if dots_label else \
                f", {_value(dot, percent, lang)}"
        items.append(f"{name}: {said}" if dots is not None else f"{name} {said}")
        row = [name, value] + ([between] if lows is not None and highs is not None else []) + (
            [_value(dot, percent, lang) if dot is not None else ""] if dots is not None else [])
        rows.append(tuple(row))
    headers = [xlabel or _word(lang, "bar"), (bars_label if dots is not None and bars_label else ylabel)
               or _word(lang, "value")]
    if lows is not None and highs is not None:
        headers.append(_word(lang, "interval"))
    if dots is not None:
        headers.append(dots_label or _word(lang, "simulated"))
    desc = _describe(title, ylabel, items, note, lang)
    return Chart(f.svg(title, desc), text, desc, tuple(headers), tuple(rows), title)


def grouped_bar_chart(groups: Sequence[tuple[str, Sequence[tuple[str, float, float | None, float | None]]]], *,
                      title: str, ylabel: str = "", percent: bool = False, reference: float | None = None,
                      reference_label: str | None = None, lang: str | None = None) -> Chart:
    """Groups of bars, each bar ``(label, value, low, high)`` (low/high may be None), the group's
    name (a game) written under its bars; colours follow the bar labels.

    >>> c = grouped_bar_chart([("Block", [("greedy", 0.6, 0.55, 0.65)]), ("All Fives", [("greedy", 0.9, None, None)])],
    ...                       title="Greedy against random", percent=True, reference=0.5)
    >>> "All Fives" in c._repr_svg_(), c
    (True, <Chart: Greedy against random (2 groups)>)
    """
    _texts(title=title, ylabel=ylabel, reference_label=reference_label)
    lang = check_language(lang)
    groups = _groups(groups)
    bar_labels = [b[0] for _, bars in groups for b in bars]
    slot = max(46.0, CHAR * max((len(x) for x in bar_labels), default=4) + 12)  # labels on one line
    gap = 18.0
    vals = [float(b[1]) for _, bars in groups for b in bars]
    lows = [float(b[2]) for _, bars in groups for b in bars if b[2] is not None]
    highs = [float(b[3]) for _, bars in groups for b in bars if b[3] is not None]
    lo, hi = _range(vals, lows, highs, reference)
    widths = [max(slot * len(bars), CHAR * len(g) + 10) for g, bars in groups]
    note = ((reference_label if reference_label is not None else _fmt(reference, percent, lang))
            if reference is not None else "")
    f = _Frame(max(420.0, 62 + 16 + sum(widths) + gap * (len(groups) - 1)), lo, hi, title=title, ylabel=ylabel,
               percent=percent, bottom=70, note=note, lang=lang)
    colours: dict[str, str] = {}
    show_labels = any(len(bars) > 1 for _, bars in groups) or len(set(bar_labels)) > 1
    base = f.y(0.0)
    content = sum(widths) + gap * (len(groups) - 1)
    x = f.left + max(0.0, (f.width - f.left - f.right - content) / 2)  # centred when the chart is wider
    for (name, bars), w in zip(groups, widths):
        start = x + (w - slot * len(bars)) / 2
        for k, (label, value, low, high) in enumerate(bars):
            colour = colours.setdefault(label, PALETTE[len(colours) % len(PALETTE)])
            x0 = start + slot * k
            top = min(base, f.y(float(value)))
            f.parts.append(f'<rect x="{x0 + slot * 0.12:.1f}" y="{top:.1f}" width="{slot * 0.76:.1f}" '
                           f'height="{abs(base - f.y(float(value))):.1f}" fill="{colour}"/>')
            if low is not None and high is not None:
                f.error_bar(x0 + slot / 2, float(low), float(high))
            if show_labels:
                f.text(x0 + slot / 2, f.height - f.bottom + 15, label)
        f.text(x + w / 2, f.height - f.bottom + (32 if show_labels else 15), name, bold=True)
        x += w + gap
    if reference is not None:
        f.reference(reference, reference_label if reference_label is not None else _fmt(reference, percent, lang))
    text = f"{title} ({_count(lang, 'groups', len(groups))})"
    items, rows = [], []
    for name, bars in groups:
        said = []
        for label, value, low, high in bars:
            between = _between(low, high, percent, lang)
            said.append(f"{label} {_value(value, percent, lang)}" + (f" ({between})" if between else ""))
            rows.append((name, label, _value(value, percent, lang), between))
        items.append(f"{name}: " + ", ".join(said))
    headers = (_word(lang, "group"), _word(lang, "bar"), ylabel or _word(lang, "value"), _word(lang, "interval"))
    desc = _describe(title, ylabel, items, note, lang)
    return Chart(f.svg(title, desc), text, desc, headers, tuple(rows), title)


def _marker(kind: str, x: float, y: float, r: float, colour: str) -> str:
    """A point of a line: a circle, square, triangle or diamond (each series its own shape)."""
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{colour}"/>'
    if kind == "triangle":
        return (f'<polygon points="{x:.1f},{y - 1.2 * r:.1f} {x + 1.1 * r:.1f},{y + 0.8 * r:.1f} '
                f'{x - 1.1 * r:.1f},{y + 0.8 * r:.1f}" fill="{colour}"/>')
    if kind == "diamond":
        return (f'<polygon points="{x:.1f},{y - 1.3 * r:.1f} {x + 1.3 * r:.1f},{y:.1f} {x:.1f},{y + 1.3 * r:.1f} '
                f'{x - 1.3 * r:.1f},{y:.1f}" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}"/>'


def line_chart(xs: Sequence[float], series: Mapping[str, Sequence[float]], *, title: str, xlabel: str = "",
               ylabel: str = "", percent: bool = False, reference: float | None = None,
               reference_label: str | None = None, mark: Any = None, zero: bool = True,
               lang: str | None = None) -> Chart:
    """One line per series over ``xs`` (a legend only for two or more series); ``mark`` circles
    the point at that x on every line; ``zero=False`` lets the y axis start near the data (to see
    small differences; the axis says where it starts).

    >>> line_chart([1, 2, 3], {"p": [0.1, 0.3, 0.2]}, title="One line", percent=True, mark=2)
    <Chart: One line (1 line)>
    >>> line_chart([1, 2], {"a": [0.1, 0.2], "b": [0.3, 0.1]}, title="Δύο", lang="el")
    <Chart: Δύο (2 γραμμές)>
    """
    _texts(title=title, xlabel=xlabel, ylabel=ylabel, reference_label=reference_label)
    lang = check_language(lang)
    xs = [float(x) for x in xs]
    all_y = [float(v) for ys in series.values() for v in ys]
    lo, hi = _range(all_y, None, None, reference)
    if not zero and all_y:
        pad = (max(all_y) - min(all_y)) * 0.1 or 0.01
        lo, hi = min(all_y) - pad, max(all_y) + pad
    legend = [(name, PALETTE[i % len(PALETTE)], f"line{i}") for i, name in enumerate(series)] if len(series) > 1 else []
    note = ((reference_label if reference_label is not None else _fmt(reference, percent, lang))
            if reference is not None else "")
    f = _Frame(560.0, lo, hi, title=title, ylabel=ylabel, percent=percent, legend=legend, note=note, lang=lang)
    x_lo, x_hi = min(xs), max(xs)
    plot_w = f.width - f.left - f.right - 20

    def px(x: float) -> float:
        return f.left + 10 + (x - x_lo) / ((x_hi - x_lo) or 1) * plot_w

    for x in xs:
        f.text(px(x), f.height - f.bottom + 15, number(x, "g", lang))
    for i, (name, ys) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        pts = " ".join(f"{px(x):.1f},{f.y(float(y)):.1f}" for x, y in zip(xs, ys))
        dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
        f.parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        for x, y in zip(xs, ys):
            r = 5.5 if mark is not None and x == float(mark) else 3.5
            f.parts.append(_marker(MARKERS[i % len(MARKERS)] if len(series) > 1 else "circle", px(x),
                                   f.y(float(y)), r, colour))
    if xlabel:
        f.text(f.left + plot_w / 2, f.height - 10, xlabel)
    if reference is not None:
        f.reference(reference, reference_label if reference_label is not None else _fmt(reference, percent, lang))
    text = f"{title} ({_count(lang, 'lines', len(series))})"
    xs_text = [number(x, "g", lang) for x in xs]
    items = [f"{name}: " + ", ".join(f"{x} → {_value(float(y), percent, lang)}" for x, y in zip(xs_text, ys))
             for name, ys in series.items()]
    headers = (xlabel or "x", *series)
    rows = tuple((x, *(_value(float(ys[j]), percent, lang) if j < len(ys) else "" for ys in series.values()))
                 for j, x in enumerate(xs_text))
    desc = _describe(title, ylabel, items, note, lang)
    return Chart(f.svg(title, desc), text, desc, headers, rows, title)


def exact_vs_simulated(exact: Mapping[Any, Fraction | float], simulated: Mapping[Any, Fraction | float] | None = None,
                       *, title: str, xlabel: str, order: Sequence[Any] | None = None,
                       ylabel: str | None = None, exact_label: str | None = None,
                       simulated_label: str | None = None, lang: str | None = None) -> Chart:
    """Bars for an exact distribution, and dots for a simulation of it (with a legend); the
    y axis says "probability" and the series "exact" and "simulated" in ``lang`` unless
    ``ylabel``, ``exact_label`` and ``simulated_label`` say otherwise (a lesson's own words).

    >>> exact_vs_simulated({1: Fraction(1, 4), 2: Fraction(3, 4)}, {1: Fraction(1, 5)}, title="t", xlabel="x")
    <Chart: t (2 bars, exact and simulated)>
    """
    _texts(title=title, xlabel=xlabel, ylabel=ylabel, exact_label=exact_label, simulated_label=simulated_label)
    lang = check_language(lang)
    keys = list(order if order is not None else exact)
    dots = None if simulated is None else [float(simulated.get(k, 0)) for k in keys]
    return bar_chart(keys, [float(exact.get(k, 0)) for k in keys], title=title, xlabel=xlabel,
                     ylabel=_word(lang, "probability") if ylabel is None else ylabel, dots=dots,
                     bars_label=_word(lang, "exact") if exact_label is None else exact_label,
                     dots_label=_word(lang, "simulated") if simulated_label is None else simulated_label, lang=lang)


def comparison_chart(comparisons: Sequence[Any], *, title: str, ylabel: str | None = None,
                     labels: Sequence[str] | None = None, games: Mapping[str, str] | None = None,
                     reference_label: str | None = None, lang: str | None = None) -> Chart:
    """Comparisons (`domino_widgets.sim.compare.Comparison`) of one measure as bars with their
    95% intervals, each over its game's name, and the line of no difference.

    A lesson in another language gives its own words: ``ylabel``, ``labels`` (one per bar,
    instead of "greedy vs random"), ``games`` (a variant's name under its bars) and
    ``reference_label``.

    >>> from domino_widgets.sim.compare import stored
    >>> comparison_chart([stored("block greedy-random"), stored("draw greedy-random")], title="t")
    <Chart: t (2 groups)>
    >>> "Slepá ulička" in comparison_chart([stored("block greedy-random")], title="t", lang="cs").svg
    True
    """
    _texts(title=title, ylabel=ylabel, reference_label=reference_label)
    lang = check_language(lang)
    measures = {c.measure for c in comparisons}
    if len(measures) != 1:
        raise ValueError(f"compare like with like: one measure per chart, not {sorted(measures)}")
    from ..core.registry import get_variant

    measure = measures.pop()
    percent = measure != "points"
    if labels is not None and len(labels) != len(comparisons):
        raise ValueError(f"give one label per comparison: {len(comparisons)}, not {len(labels)}")
    ylabel = _word(lang, f"ylabel_{measure}") if ylabel is None else ylabel
    groups: list[tuple[str, list[tuple[str, float, float | None, float | None]]]] = []
    for i, c in enumerate(comparisons):
        bar = (labels[i] if labels is not None else _word(lang, "versus", a=c.a, b=c.b), c.estimate, c.low, c.high)
        name = (games or {}).get(c.variant) or pgettext(lang, f"charts.game.{get_variant(c.variant).name}",
                                                        game_name(c.variant))
        if groups and groups[-1][0] == name:
            groups[-1][1].append(bar)
        else:
            groups.append((name, [bar]))
    null = comparisons[0].null
    label = reference_label if reference_label is not None else (
        _word(lang, "no_difference") if measure in ("points", "solved")
        else _word(lang, "null_no_difference", null=number(null, ".0%", lang)))
    return grouped_bar_chart(groups, title=title, ylabel=ylabel, percent=percent, reference=null,
                             reference_label=label, lang=lang)
