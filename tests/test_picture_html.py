"""Issue 27: a picture shown as a notebook's output has a text alternative in JupyterLab, Voila
and JupyterLite. Lab shows an ``image/svg+xml`` output as an ``<img>`` with no ``alt``; so every
picture (`Svg`) and chart (`Chart`) also gives ``text/html``: an ``<img>`` of the same SVG whose
``alt`` is the picture's own title and description (a chart's values, a table's tiles in view)."""

from __future__ import annotations

import base64
import re

import pytest
from IPython.core.formatters import DisplayFormatter

import domino_widgets as dw
from domino_widgets.render import tile_svg, view_svg
from domino_widgets.render.charts import bar_chart
from domino_widgets.render._svg import PICTURE_HTML, Svg, picture_alt, picture_html

TILE = re.compile(r"(?<![\w.])(\d+)-(\d+)(?![\w.])")


def _shown(page: str) -> tuple[str, str]:
    """The SVG an ``<img>`` shows and its ``alt``, read back from the HTML."""
    m = re.fullmatch(r'<img class="dw-picture" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">', page)
    assert m, page[:200]
    import html

    return base64.b64decode(m.group(1)).decode("utf-8"), html.unescape(m.group(2))


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_a_tile_shows_as_an_image_named_in_the_language(lang: str) -> None:
    pic = tile_svg("3-5", lang=lang)
    data, _meta = DisplayFormatter().format(pic)
    assert {"image/svg+xml", "text/html", "text/plain"} <= set(data)
    svg, alt = _shown(data["text/html"])
    assert svg == data["image/svg+xml"] == str(pic)
    assert "3-5" in alt and alt == picture_alt(str(pic))
    assert alt.startswith(re.search(r'aria-label="([^"]*)"', str(pic)).group(1))  # the SVG's own name first


def test_a_chart_image_says_every_value() -> None:
    c = bar_chart(["greedy", "random"], [0.25, 0.75], title="Win rate", percent=True, reference=0.5)
    data, _meta = DisplayFormatter().format(c)
    svg, alt = _shown(data["text/html"])
    assert svg == c.svg == data["image/svg+xml"]
    assert alt.startswith("Win rate") and "greedy" in alt and "random" in alt
    assert "25" in alt and "75" in alt  # the numbers, not only the chart's name


def test_a_table_image_names_no_hidden_tile() -> None:
    state = dw.new_game("draw", seed=4)
    pic = view_svg(state.view(0))
    _svg, alt = _shown(pic._repr_html_())
    hidden = {str(t) for seat in range(1, state.players) for t in state.hand(seat)} | {str(t) for t in state.boneyard}
    named = {f"{a}-{b}" for a, b in TILE.findall(alt)} | {f"{b}-{a}" for a, b in TILE.findall(alt)}
    assert named & {str(t) for t in state.hand(0)}, alt  # the viewer's own tiles are read
    assert not named & hidden, alt


def test_quotes_and_markup_in_a_title_stay_text() -> None:
    pic = Svg('<svg xmlns="http://www.w3.org/2000/svg"><title>Ann\'s "<b>" &amp; tile</title></svg>', "x")
    page = pic._repr_html_()
    assert page.count('"') == 6 and "<b>" not in page  # class, src and alt: no other quote
    assert _shown(page)[1] == 'Ann\'s "<b>" & tile'
    assert picture_alt("<svg/>", "A  tile") == "A tile" and picture_html("<svg/>").endswith('alt="">')


def test_nbval_compares_a_picture_by_its_svg() -> None:
    """The lessons' nbval plugin drops a picture's HTML once it holds the output's own SVG (a lesson
    saved before pictures had it compares equal), and keeps any other HTML, to be compared."""
    import importlib.util
    from pathlib import Path

    from nbformat import NotebookNode

    spec = importlib.util.spec_from_file_location("dw_nbval_plugin", Path(__file__).parent / "notebooks" / "nbval_plugin.py")
    assert spec is not None and spec.loader is not None
    plugin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plugin)
    _picture_html_dropped = plugin._picture_html_dropped

    pic = tile_svg("2-4")
    good = NotebookNode({"output_type": "execute_result", "data": {"image/svg+xml": str(pic),
                                                                    "text/html": pic._repr_html_()}})
    other = tile_svg("2-5")._repr_html_()
    forged = NotebookNode({"output_type": "execute_result", "data": {"image/svg+xml": str(pic), "text/html": other}})
    table = NotebookNode({"output_type": "display_data", "data": {"text/html": "<table></table>"}})
    out = _picture_html_dropped([good, forged, table])
    assert set(out[0]["data"]) == {"image/svg+xml"} and out[0].output_type == "execute_result"
    assert out[1]["data"]["text/html"] == other and out[2] is table
    assert PICTURE_HTML in good["data"]["text/html"]  # the original output is left as it was
