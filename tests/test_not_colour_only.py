"""Colour is never the only cue (WCAG 1.4.1): a playable tile, the selected one, the last play and
a target end differ from the plain ones by their outline's width, its dashes or their place, in
every theme, so a picture read in greyscale (or by a colour-blind student) still tells them apart."""

import re

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.render import Highlights


def _outline(svg: str, tile: str) -> dict[str, str]:
    """The attributes of a tile's body (its first <rect>), colour left out."""
    m = re.search(rf'<g class="([^"]*)" id="[^"]*" data-tile="{tile}"[^>]*>(?:<title>[^<]*</title>)?<rect ([^>]*)/>', svg)
    assert m, tile
    attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(2)))
    return {k: v for k, v in attrs.items() if k not in ("fill", "stroke")} | {"class": m.group(1)}


def _slot(svg: str, end: str) -> dict[str, str]:
    m = re.search(rf'<g class="([^"]*)" id="dw-end-{end}"[^>]*><rect ([^>]*)/>', svg)
    assert m, end
    attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(2)))
    return {k: v for k, v in attrs.items() if k not in ("fill", "stroke")}


@pytest.mark.parametrize("theme", list(render.THEMES))
def test_playable_tile_differs_by_more_than_colour(theme):
    svg = render.hand_svg("6-6 5-6 0-1", highlights=Highlights(playable=["5-6"]), theme=theme)
    playable, plain = _outline(svg, "5-6"), _outline(svg, "0-1")
    assert "playable" in playable["class"] and "playable" not in plain["class"]
    assert float(playable["stroke-width"]) >= 2 * float(plain["stroke-width"])


@pytest.mark.parametrize("theme", list(render.THEMES))
def test_selected_tile_is_lifted_and_targets_are_solid(theme):
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0).play("6-6")
    h = Highlights.from_actions(s.legal_actions(), selected="5-6")
    svg = render.state_svg(s, highlights=h, theme=theme)
    sel = re.search(r'data-tile="5-6" transform="translate\(([\d.]+) ([\d.]+)\)"', svg)
    other = re.search(r'data-tile="4-5" transform="translate\(([\d.]+) ([\d.]+)\)"', svg)
    assert float(sel.group(2)) < float(other.group(2))  # lifted out of the row
    s2 = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0).play("6-6")
    left_target = _slot(svg, "left")
    plain = _slot(render.state_svg(s2, highlights=Highlights(playable=["5-6"]), theme=theme), "left")
    assert "stroke-dasharray" in plain and "stroke-dasharray" not in left_target
    assert float(left_target["stroke-width"]) > float(plain["stroke-width"])


@pytest.mark.parametrize("theme", list(render.THEMES))
def test_last_play_is_dashed(theme):
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0).play("6-6").play("6-5 right")
    svg = render.state_svg(s, theme=theme)
    last, first = _outline(svg, "5-6"), _outline(svg, "6-6")
    assert "last" in last["class"] and "stroke-dasharray" in last and "stroke-dasharray" not in first
    assert float(last["stroke-width"]) > float(first["stroke-width"])
