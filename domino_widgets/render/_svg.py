"""Shared SVG plumbing: the `Svg` picture type, number formatting, the drawing skeleton.

Every drawing is made with ``svgwrite.Drawing(debug=False)`` and every id is set explicitly,
so the same input gives byte-identical output in every process (svgwrite's automatic ids
would come from a process-wide counter).
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.etree import etree
from svgwrite.params import Parameter

from ..core.errors import ParameterError
from .themes import Theme

#: Pixels per half tile (a tile is two units long and one wide) at ``scale=1``.
UNIT = 36.0


class Svg(str):
    """An SVG picture: the document as a ``str`` (so callers that want the markup keep working),
    displayed by Jupyter as the picture (``_repr_svg_``, like python-chess's ``SvgWrapper``).

    Its text form (``repr``, and IPython's ``text/plain``) is one sentence in the picture's
    language, ``summary``: what a notebook shows where it cannot show the picture (an untrusted
    notebook, a terminal), instead of a wall of SVG source.

    >>> pic = Svg("<svg/>", "Tile 3-5")
    >>> pic, pic == "<svg/>", pic._repr_svg_()
    (Tile 3-5, True, '<svg/>')
    >>> from IPython.lib.pretty import pretty
    >>> pretty(pic)
    'Tile 3-5'
    """

    summary: str

    def __new__(cls, svg: str, summary: str = "") -> Svg:
        if not svg.isascii() or "&#" in svg:  # a name or title that holds what XML forbids: dropped
            svg = _NOT_XML_REF.sub(_keep_allowed, xml_safe(svg))
        obj = super().__new__(cls, svg)
        obj.summary = xml_safe(summary)
        return obj

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The picture with its text alternative, for JupyterLab, Voila and JupyterLite (`picture_html`)."""
        return picture_html(str(self), self.summary)

    def __repr__(self) -> str:
        return self.summary or "SVG picture"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        # IPython's text/plain: str subclasses would otherwise print as the quoted markup
        p.text(repr(self))


def num(x: float) -> str:
    """A compact, stable number for coordinates: at most two decimals.

    >>> num(3.0), num(2.50), num(-0.004), num(1 / 3), num(12)
    ('3', '2.5', '0', '0.33', '12')
    """
    r = round(x, 2)
    i = int(r)
    return str(i) if r == i else repr(r)


_PARAMETER = Parameter(debug=False, profile="full")


class El(BaseElement):  # type: ignore[misc]
    """A light svgwrite element: a tag, a ready dict of string attributes, children.

    svgwrite's own shape classes check and convert every attribute on the way in; the
    renderer makes a few hundred elements per picture and passes ready strings, so it uses this
    thin `BaseElement` (same tree, same serializer, no per-attribute work).

    >>> El("rect", {"width": "2"}).tostring()
    '<rect width="2" />'
    """

    text: str | None = None  # the element's text content (for <text>)

    def __init__(self, name: str, attribs: dict[str, str] | None = None, children: list[Any] | None = None) -> None:
        self.elementname = name
        self._parameter = _PARAMETER
        self.attribs = attribs if attribs is not None else {}
        self.elements = children if children is not None else []

    def get_xml(self) -> Any:
        xml = etree.Element(self.elementname, self.attribs)
        if self.text is not None:
            xml.text = xml_safe(self.text)
        for child in self.elements:
            xml.append(child.get_xml())
        return xml


class Frozen(BaseElement):  # type: ignore[misc]
    """An element built once as an ElementTree node and reused (cached tile faces)."""

    def __init__(self, xml: Any) -> None:
        self._parameter = _PARAMETER
        self.xml = xml
        self.attribs: dict[str, str] = {}
        self.elements: list[Any] = []

    def get_xml(self) -> Any:
        return self.xml


_ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")

#: Characters XML 1.0 forbids (most C0 controls, lone surrogates, U+FFFE/U+FFFF): a name, title or
#: theme that holds one would make the SVG ill-formed (and a surrogate could not even be sent).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


_NOT_XML_REF = re.compile(r"&#(x[0-9A-Fa-f]+|[0-9]+);")


def _keep_allowed(m: re.Match[str]) -> str:
    """A character reference kept unless it names a character XML forbids (ElementTree writes a
    lone surrogate as one)."""
    ref = m.group(1)
    try:
        code = int(ref[1:], 16) if ref[0] == "x" else int(ref)
        return m.group(0) if not _NOT_XML.match(chr(code)) else ""
    except (ValueError, OverflowError):
        return ""


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (they carry no meaning in a picture).

    >>> xml_safe("Ann" + chr(0) + "a" + chr(27) + "[31m" + chr(0xD800))
    'Anna[31m'
    """
    return _NOT_XML.sub("", text)


def check_prefix(prefix: str) -> str:
    """An id prefix must be a valid XML name start (letters, digits, ``-``, ``_``)."""
    if not isinstance(prefix, str) or not _ID_RE.match(prefix):
        raise ParameterError("id_prefix must start with a letter and use only letters, digits, - and _; not "
                             "{prefix!r}", prefix=prefix)
    return prefix


def check_scale(scale: float, name: str = "scale") -> float:
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0.1 <= scale <= 10:
        raise ParameterError("{name} must be a number from 0.1 to 10, not {scale!r}", name=name, scale=scale)
    return float(scale)


#: The pictures that are one image to a screen reader (``role="img"``); the others are groups.
STATIC_KINDS = frozenset({"tile", "hand", "boneyard", "layout"})


def drawing(width: float, height: float, *, scale: float, theme: Theme, title: str, desc: str,
            prefix: str, kind: str) -> svgwrite.Drawing:
    """An empty drawing with its size, viewBox, background, ``<title>`` and ``<desc>``."""
    d = svgwrite.Drawing(size=(num(width * scale), num(height * scale)), debug=False, profile="full")
    attribs: dict[str, Any] = d.attribs
    attribs["viewBox"] = f"0 0 {num(width)} {num(height)}"
    attribs["id"] = f"{prefix}-{kind}"
    attribs["class"] = f"domino {kind} theme-{theme.name}"
    attribs["font-family"] = theme.font
    attribs["style"] = f"--dw-focus: {theme.focus}"  # the board's focus ring (board.css), 3:1 on this theme
    # <title> and <desc> come first: they are the picture's accessible name and description. A
    # piece (a tile, a hand, the boneyard, a layout) is one image; a whole table is a named group,
    # so that the clickable tiles and ends the board puts inside stay reachable for screen readers
    attribs["role"] = "img" if kind in STATIC_KINDS else "group"
    attribs["aria-label"] = xml_safe(title)
    d.set_desc(xml_safe(title), xml_safe(desc))
    d.add(d.rect((0, 0), (num(width), num(height)), fill=theme.background, class_="background"))
    return d


def group(cls: str | None = None, **attribs: str) -> El:
    """A ``<g>``; attribute names with ``_`` become ``-`` (``data_tile`` -> ``data-tile``)."""
    a: dict[str, str] = {"class": cls} if cls else {}
    for k, v in attribs.items():
        a[k.rstrip("_").replace("_", "-")] = v
    return El("g", a)


def rect(x: float, y: float, w: float, h: float, **attribs: str) -> El:
    """A ``<rect>``; keyword names with ``_`` become ``-``."""
    a = {"x": num(x), "y": num(y), "width": num(w), "height": num(h)}
    for k, v in attribs.items():
        a[k.rstrip("_").replace("_", "-")] = v
    return El("rect", a)


def text(content: str, x: float, y: float, *, size: float, fill: str, weight: str | None = None,
         anchor: str | None = None, cls: str | None = None) -> El:
    """A ``<text>`` with its baseline at (x, y)."""
    a = {"x": num(x), "y": num(y), "font-size": num(size), "fill": fill}
    if weight:
        a["font-weight"] = weight
    if anchor:
        a["text-anchor"] = anchor
    if cls:
        a["class"] = cls
    el = El("text", a)
    el.text = content
    return el


def circle(cx: float, cy: float, r: float, **attribs: str) -> El:
    a = {"cx": num(cx), "cy": num(cy), "r": num(r)}
    for k, v in attribs.items():
        a[k.rstrip("_").replace("_", "-")] = v
    return El("circle", a)


def finish(d: svgwrite.Drawing, summary: str) -> Svg:
    """The drawing as an `Svg` whose text form is ``summary``."""
    return Svg(xml_safe(d.tostring()), xml_safe(summary))


# ------------------------------------------------------------------ the picture as HTML, with its alt text

#: How `picture_html` starts (the lessons' nbval plugin recognises it: tests/notebooks/nbval_plugin.py).
PICTURE_HTML = '<img class="dw-picture" '

_ROOT_TITLE = re.compile(r"<title(?:\s[^>]*)?>(.*?)</title>", re.S)
_ROOT_DESC = re.compile(r"<desc(?:\s[^>]*)?>(.*?)</desc>", re.S)


def picture_alt(svg: str, fallback: str = "") -> str:
    """The text alternative of a picture: its own ``<title>`` and ``<desc>`` (the first of each,
    which `drawing` and the charts write before anything else: what a screen reader reads of the
    SVG itself), else ``fallback``. A chart's description states every value, a table's every tile
    in view, so the text alternative holds the picture's numbers, never a hidden tile.

    >>> picture_alt('<svg><title>Tile 3-5</title><desc>A 3 and a 5</desc><g><title>x</title></g></svg>')
    'Tile 3-5. A 3 and a 5'
    >>> picture_alt('<svg><title id="k">Win rate.</title><desc id="d">A: 50 %</desc></svg>'), picture_alt("<svg/>", "Tile")
    ('Win rate. A: 50 %', 'Tile')
    """
    def first(pattern: re.Pattern[str]) -> str:
        m = pattern.search(svg)
        return " ".join(html.unescape(m.group(1)).split()) if m else ""

    title, desc = first(_ROOT_TITLE), first(_ROOT_DESC)
    if not title:
        return " ".join(fallback.split()) or desc
    if not desc or desc == title:
        return title
    return f"{title}{'' if title.endswith(('.', ':', '!', '?')) else '.'} {desc}"


def picture_html(svg: str, fallback: str = "") -> str:
    """The picture as HTML: an ``<img>`` of the SVG (as JupyterLab shows an SVG) with its text
    alternative in ``alt`` (`picture_alt`), which JupyterLab's own SVG output has not.

    JupyterLab, JupyterLite and Voila prefer this HTML to ``image/svg+xml``. In a notebook that is
    not trusted JupyterLab cleans the HTML and keeps this ``<img>``, its ``data:`` address and its
    ``alt`` (an SVG in an ``<img>`` runs no script): the picture shows there too, where the SVG
    output alone gave way to the text form (tests/browser/test_a11y_pictures.py).

    >>> h = picture_html('<svg xmlns="http://www.w3.org/2000/svg"><title>Tile "3-5"</title></svg>')
    >>> h.startswith(PICTURE_HTML), 'alt="Tile &quot;3-5&quot;"' in h
    (True, True)
    >>> base64.b64decode(h.split("base64,")[1].split('"')[0]).decode()[:4]
    '<svg'
    """
    data = base64.b64encode(svg.encode("utf-8", "surrogatepass")).decode("ascii")
    alt = html.escape(picture_alt(svg, fallback), quote=True)
    return f'{PICTURE_HTML}src="data:image/svg+xml;base64,{data}" alt="{alt}">'
