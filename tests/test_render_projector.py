"""Projector sizes: with ``fit=(width, height)`` every variant's table, Bergen's four-armed cross
included (BRG-3/4), fits a 1024 x 768 and a 1920 x 1080 screen, and the player's own tiles stay
at least 60 px tall, so that they read from the back of a classroom.

Checked on the SVG's own geometry: its ``width``/``height`` (the displayed size), its
``viewBox`` (the drawing's units) and the hand tiles' rectangles in those units.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.errors import ParameterError

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = ["block", "draw_cz", "draw", "all_fives", "matador", "bergen", "twentyone", "solitaire"]
SCREENS = [(1024, 768), (1920, 1080)]
MIN_HAND_PX = 60.0


def positions(variant: str) -> Iterator[dw.GameState]:
    """Seeded random games with the most players the variant allows by default, at several stages."""
    rng = random.Random(7 + len(variant))
    params = {"players": 4} if variant in ("twentyone", "bergen") else {}
    for _ in range(3):
        s = dw.new_game(variant, seed=rng.randrange(2**32), **params)
        yield s
        moves = 0
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
            moves += 1
            if moves in (12, 30, 45):
                yield s
        yield s


def hand_tile_heights(root: ET.Element, seat: int) -> list[float]:
    """The heights, in the drawing's units, of the viewer's own tiles (face up or down)."""
    own = (f"dw-hand-", f"dw-seat{seat}-")
    out = []
    for g in root.iter(NS + "g"):
        if "tile" in g.get("class", "").split() and g.get("id", "").startswith(own):
            body = next(g.iter(NS + "rect"))
            out.append(float(body.get("height")))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("screen", SCREENS, ids=["1024x768", "1920x1080"])
def test_every_table_fits_the_screen_with_hand_tiles_60_px_tall(variant: str, screen: tuple[int, int]) -> None:
    smallest = float("inf")
    for s in positions(variant):
        seat = s.current_player if s.current_player is not None else 0
        svg = render.state_svg(s, seat=seat, highlights=True, fit=screen)
        root = ET.fromstring(svg)
        width, height = float(root.get("width")), float(root.get("height"))
        _, _, vb_w, vb_h = map(float, root.get("viewBox").split())
        assert width <= screen[0] and height <= screen[1], (variant, s.describe(), width, height)
        assert abs(width / vb_w - height / vb_h) < 1e-3  # one scale: nothing is stretched
        px = width / vb_w  # displayed pixels per unit of the drawing
        heights = hand_tile_heights(root, seat)
        if heights:
            smallest = min(smallest, min(heights) * px)
    assert MIN_HAND_PX <= smallest < float("inf"), (variant, screen, smallest)


def test_scale_sets_the_size_of_the_hand_and_fit_only_shrinks_what_does_not_fit() -> None:
    s = dw.new_game("block", seed=3)
    big = ET.fromstring(render.state_svg(s, scale=1.5))
    heights = hand_tile_heights(big, s.current_player)
    assert heights and min(heights) * float(big.get("width")) / float(big.get("viewBox").split()[2]) >= 1.5 * 60
    # a table that fits as it is keeps the requested scale and uses the screen's width
    roomy = ET.fromstring(render.state_svg(s, scale=1.0, fit=(1920, 1080)))
    assert float(roomy.get("width")) == 1920
    # a screen smaller than the table: the layout's tiles shrink before the hand's
    bergen = dw.new_game("bergen", seed=5)
    rng = random.Random(1)
    for _ in range(30):
        if not bergen.is_over:
            bergen = bergen.play(rng.choice(bergen.legal_actions()))
    root = ET.fromstring(render.state_svg(bergen, fit=(1024, 768)))
    table_tiles = [float(next(g.iter(NS + "rect")).get("width")) for g in root.iter(NS + "g")
                   if g.get("id", "").startswith("dw-table-")]
    hand = hand_tile_heights(root, bergen.current_player if bergen.current_player is not None else 0)
    assert table_tiles and hand and min(table_tiles) < min(hand)


@pytest.mark.parametrize("fit", [(100, 100), (1024,), "big", (1024, True)])
def test_a_bad_fit_is_refused(fit: object) -> None:
    with pytest.raises(ParameterError, match="fit"):
        render.state_svg(dw.new_game("block", seed=1), fit=fit)  # type: ignore[arg-type]
