"""A chart a screen reader can read and a greyscale printout can tell apart: a <title>, a <desc>
that states every bar's label and value (with its interval) in the reader's language and number
format, a table of the same numbers, and series told apart by more than colour."""

import re
import xml.etree.ElementTree as ET

import pytest

from domino_widgets.render import charts
from domino_widgets.render.themes import contrast_ratio
from domino_widgets.sim.compare import stored

NS = "{http://www.w3.org/2000/svg}"


def _parts(chart):
    root = ET.fromstring(chart.svg)
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == title.get("id") and root.get("aria-describedby") == desc.get("id")
    assert list(root)[:2] == [title, desc]  # first children: the accessible name and description
    return title.text, desc.text


WIN = dict(lows=[0.573, 0.35], highs=[0.648, 0.427], percent=True, reference=0.5)


@pytest.mark.parametrize("lang, numbers", [
    ("en", ["61.1%", "57.3% – 64.8%", "38.9%", "35.0% – 42.7%", "50%"]),
    ("cs", ["61,1\xa0%", "57,3\xa0% – 64,8\xa0%", "38,9\xa0%", "35,0\xa0% – 42,7\xa0%", "50\xa0%"]),  # Czech: 61,1 %
    ("el", ["61,1%", "57,3% – 64,8%", "38,9%", "35,0% – 42,7%", "50%"]),
])
def test_bar_chart_desc_states_every_bar(lang, numbers):
    c = charts.bar_chart(["expert", "greedy"], [0.6111, 0.3889], title="Win rate", lang=lang, **WIN)
    title, desc = _parts(c)
    assert title == "Win rate" and c.desc == desc
    assert desc.startswith("Win rate: expert 61") and "greedy" in desc
    for n in numbers:
        assert n in desc, (n, desc)
    assert {"en": "line", "cs": "čára", "el": "γραμμή"}[lang] in desc
    table = c.table()
    assert table.rows == (("expert", numbers[0], numbers[1]), ("greedy", numbers[2], numbers[3]))
    html = table._repr_html_()
    assert "<caption>Win rate</caption>" in html and html.count('<th scope="row">') == 2
    assert html.count('<th scope="col">') == 3


def test_the_numbers_are_computed_not_copied():
    values = [0.123, 0.456, 0.789]
    c = charts.bar_chart(["a", "b", "c"], values, title="t", percent=True)
    assert [r[1] for r in c.table().rows] == ["12.3%", "45.6%", "78.9%"]
    c = charts.bar_chart(["a"], [1 / 12], title="t", lang="cs")
    assert "a 0,0833" in c.desc


def test_exact_vs_simulated_names_both_series():
    c = charts.exact_vs_simulated({1: 0.25, 2: 0.75}, {1: 0.2, 2: 0.8}, title="t", xlabel="x", lang="cs")
    assert "1: přesně (balíček) 0,25, simulace 0,2" in c.desc and "2: přesně (balíček) 0,75, simulace 0,8" in c.desc
    assert c.table().headers == ("x", "přesně (balíček)", "simulace")


def test_grouped_and_comparison_charts_state_every_bar():
    c = charts.comparison_chart([stored("block greedy-random"), stored("draw greedy-random")], title="Greedy",
                                lang="el")
    _, desc = _parts(c)
    for comp in (stored("block greedy-random"), stored("draw greedy-random")):
        assert f"{comp.estimate:.2f}".replace(".", ",") in desc
        assert f"{comp.low:.2f}".replace(".", ",") in desc and f"{comp.high:.2f}".replace(".", ",") in desc
    assert len(c.table().rows) == 2


def test_line_chart_desc_and_shapes():
    c = charts.line_chart([1, 2, 3], {"a": [0.1, 0.2, 0.3], "b": [0.3, 0.2, 0.1]}, title="L", percent=True)
    assert c.desc == "L: a: 1 → 10.0%, 2 → 20.0%, 3 → 30.0%; b: 1 → 30.0%, 2 → 20.0%, 3 → 10.0%."
    assert c.table().rows[0] == ("1", "10.0%", "30.0%")
    # greyscale: the second series has its own dashes and marker shape, in the legend too
    lines = re.findall(r"<polyline [^>]*>", c.svg)
    assert "stroke-dasharray" not in lines[0] and "stroke-dasharray" in lines[1]
    assert c.svg.count("<rect x=") >= 3 + 1  # three square markers and one in the legend


def test_bars_carry_their_labels():
    """A bar is named by the text under it, so its colour is never needed to tell which it is."""
    c = charts.grouped_bar_chart([("Block", [("greedy", 0.6, 0.55, 0.65), ("expert", 0.7, None, None)])],
                                 title="t", percent=True)
    texts = re.findall(r">([^<>]+)</text>", c.svg)
    assert "greedy" in texts and "expert" in texts


def test_chart_colours_stand_out_on_white():
    for colour in (*charts.PALETTE, charts.ORANGE, charts.BLUE, charts.GREY):
        assert contrast_ratio(colour, "#ffffff") >= 3.0, colour
    assert contrast_ratio(charts.RED, "#ffffff") >= 4.5 and contrast_ratio(charts.INK, "#ffffff") >= 4.5
