"""The lessons' SVG charts (`domino_widgets.render.charts`): they work without matplotlib (the
JupyterLite build), keep their labels apart, draw the 50% line on win-rate charts, put the game's
name under its group, and show a legend only when there is more than one series."""

from __future__ import annotations

import re

import pytest
import xml.etree.ElementTree as ET

from domino_widgets.render import charts

NS = "{http://www.w3.org/2000/svg}"


def _texts(chart: charts.Chart) -> list[tuple[float, float, str]]:
    root = ET.fromstring(chart._repr_svg_())
    return [(float(t.get("x", 0)), float(t.get("y", 0)), t.text or "") for t in root.iter(f"{NS}text")]


def test_svg_is_well_formed_and_has_a_text_form() -> None:
    c = charts.bar_chart(["a", "b"], [0.2, 0.7], title="T", percent=True, reference=0.5)
    ET.fromstring(c._repr_svg_())
    assert repr(c) == "<Chart: T (2 bars)>"


def test_win_rate_chart_draws_the_50_percent_line() -> None:
    c = charts.grouped_bar_chart([("Block", [("greedy", 0.6, 0.55, 0.65)])], title="W", percent=True,
                                 reference=0.5, reference_label="50%")
    assert "stroke-dasharray" in c.svg and any(t == "50%" for _, _, t in _texts(c))


def test_long_labels_never_overlap() -> None:
    labels = ["expert (counting) vs expert (blind)", "greedy vs random", "stand at 16", "k"]
    c = charts.bar_chart(labels, [1, 2, 3, 4], title="L")
    under = sorted((x, s) for x, y, s in _texts(c) if y > 250 and s and s != "L")
    for (x1, s1), (x2, s2) in zip(under, under[1:]):
        if abs(x1 - x2) > 1:  # two lines of one label share an x
            assert x2 - x1 >= charts.CHAR * (len(s1) + len(s2)) / 2, (s1, s2)


def test_a_long_axis_label_is_never_clipped() -> None:
    # a Greek y label longer than the axis: two lines, each within the chart's height
    label = "πόντοι παραπάνω ανά παιχνίδι (διάστημα εμπιστοσύνης 95%)"
    c = charts.bar_chart(["a", "b"], [1.0, 2.0], title="T", ylabel=label)
    root = ET.fromstring(c._repr_svg_())
    height = float(root.get("height", 0) or root.get("viewBox", "0 0 0 0").split()[3])
    rotated = [t.text or "" for t in root.iter(f"{NS}text") if "rotate(-90)" in (t.get("transform") or "")]
    assert " ".join(rotated) == label and len(rotated) == 2
    assert all(charts.CHAR * len(line) <= height for line in rotated)


def test_grouped_bar_labels_never_overlap() -> None:
    c = charts.grouped_bar_chart([("Solitaire", [("greedy vs random", 0.12, 0.11, 0.13),
                                                 ("expert vs greedy", 0.01, 0.009, 0.012)])], title="S", reference=0.0)
    row = sorted((x, s) for x, y, s in _texts(c) if s.endswith("vs random") or s.endswith("vs greedy"))
    (x1, s1), (x2, s2) = row
    assert x2 - x1 >= charts.CHAR * (len(s1) + len(s2)) / 2


def test_game_names_stand_under_their_groups_and_a_single_series_has_no_legend() -> None:
    c = charts.grouped_bar_chart([("All Fives", [("greedy vs random", 14.3, 13.6, 15.0)]),
                                  ("Block", [("greedy vs random", 3.4, 3.1, 3.8)])], title="G", reference=0.0)
    words = [t for _, _, t in _texts(c)]
    assert "All Fives" in words and "Block" in words and "greedy vs random" not in words  # one series: no labels
    assert "<circle" not in c.svg  # no legend marks


def test_exact_and_simulated_has_a_legend_of_two() -> None:
    c = charts.exact_vs_simulated({0: 0.5, 1: 0.5}, {0: 0.45, 1: 0.55}, title="E", xlabel="x")
    words = [t for _, _, t in _texts(c)]
    assert "exact (package)" in words and "simulated" in words


def test_line_chart_zoom_keeps_small_differences_visible() -> None:
    c = charts.line_chart([16, 17], {"win": [0.4572, 0.4567]}, title="Z", zero=False, percent=True)
    ys = [float(m) for m in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', c.svg)]
    assert abs(ys[0] - ys[1]) > 10  # at least 10 px apart


def test_the_lessons_no_longer_need_matplotlib() -> None:
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent
    for nb in (root / "notebooks").glob("0*.ipynb"):
        assert "matplotlib" not in nb.read_text() and "import charts" not in nb.read_text().replace(
            "from domino_widgets.render import charts", ""), nb.name


@pytest.mark.parametrize("kwargs", [{"title": 10**5000}, {"title": 5}, {"title": "x", "ylabel": b"y"},
                                    {"title": "x", "values": [1e308, -1e308]}, {"title": "x", "values": [1e16, 1]}])
def test_a_chart_refuses_what_it_cannot_draw(kwargs) -> None:
    # found by the hostile-value properties (issue 23): a TypeError, an OverflowError before
    from domino_widgets.core.errors import ParameterError
    from domino_widgets.render.charts import bar_chart

    args = {"labels": ["a", "b"], "values": [1, 2], **kwargs}
    with pytest.raises(ParameterError):
        bar_chart(**args)


@pytest.mark.parametrize("names", [0, 7.5, object(), "ab"])
def test_the_table_refuses_names_that_are_not_a_list(names) -> None:
    import domino_widgets as dw
    from domino_widgets.core.errors import ParameterError
    from domino_widgets.render import state_svg

    with pytest.raises(ParameterError):
        state_svg(dw.new_game("block", seed=1), seat=0, names=names)
