"""Hidden tiles stay hidden (DESIGN principle 3): a seat's picture shows nothing it may not know.

Two checks over many random positions of every variant and every seat:

* no hidden tile (in another hand, in the boneyard, out of play) is named anywhere in the SVG:
  not in ``data-*`` attributes, ids, classes, titles, descriptions or texts, and no pips are
  drawn but those of the tiles the seat sees;
* a *different* deal that agrees with everything the seat has seen (the unseen tiles permuted,
  the same public actions replayed) gives a byte-identical picture.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.actions import Action, ActionKind
from domino_widgets.core.errors import DominoError
from domino_widgets.core.tiles import Tile, tile_set, tiles_of

NS = "{http://www.w3.org/2000/svg}"
TILE = re.compile(r"(\d{1,2})-(\d{1,2})")
GEOMETRY = {"d", "transform", "viewBox", "x", "y", "width", "height", "rx", "cx", "cy", "r"}
VARIANTS = ["block", "draw_cz", "draw", "all_fives", "matador", "bergen", "twentyone", "solitaire"]


def random_positions(variant: str, games: int, seed: int, longest: int = 40) -> list[Any]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        params = {"players": rng.choice([2, 3, 4])} if variant == "twentyone" else {}
        s = dw.new_game(variant, seed=rng.randrange(2**32), **params)
        stop = rng.randrange(0, longest)
        for _ in range(stop):
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def named_tiles(svg: str) -> tuple[set[Tile], int, int]:
    """Tiles named in the picture's words and attributes, the number of pip paths, of data-tile groups."""
    root = ET.fromstring(svg)
    named: set[Tile] = set()
    paths = groups = 0
    for el in root.iter():
        if el.tag == NS + "path":
            paths += 1
        if el.get("data-tile"):
            groups += 1
        words = [v for k, v in el.attrib.items() if k not in GEOMETRY] + [el.text or ""]
        for w in words:
            for a, b in TILE.findall(w):
                if int(a) <= 12 and int(b) <= 12:
                    named.add(Tile(int(a), int(b)))
    return named, paths, groups


def hidden_from(s: Any, seat: int) -> set[Tile]:
    if s.is_over:  # all hands are shown at the end; the boneyard and the tiles out of play are not
        return set(s.boneyard) | set(s.out_of_play)
    others = {t for i, h in enumerate(s.hands) if i != seat for t in h}
    return others | set(s.boneyard) | set(s.out_of_play)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_hidden_tile_appears_in_any_seats_picture(variant: str) -> None:
    checked = 0
    for s in random_positions(variant, 18, seed=sum(map(ord, variant))):
        for seat in range(s.players):
            view = s.view(seat)
            for svg in (render.view_svg(view, highlights=True), render.state_svg(s, seat=seat, theme="dark")):
                named, paths, groups = named_tiles(svg)
                hidden = hidden_from(s, seat)
                assert not named & hidden, (variant, seat, sorted(map(str, named & hidden)))
                layout = getattr(view, "layout", ())  # Twenty-one has no table
                seen = set(view.hand) | {p.tile for p in layout}
                if getattr(view, "revealed", None) is not None:
                    seen |= {t for h in view.revealed for t in h}
                assert named <= seen
                # one pip path per face-up tile, and every face-up tile is one the seat sees
                assert paths == groups == len(seen)
                checked += 1
    assert checked >= 36


def alternative_deal(s: dw.GameState, seat: int, rng: random.Random) -> dw.GameState | None:
    """Another hand that agrees with everything ``seat`` has seen: two unseen tiles swapped in the
    deal, the same public actions replayed (draws by others name the swapped tile). None if the
    new deal is not consistent with the public history (someone could then have played)."""
    view = s.view(seat)
    a, b = rng.sample(list(view.unseen), 2)
    swap = {a: b, b: a}
    hands0, stock0, out0, leader = s.core.initial
    hands = [[str(swap.get(t, t)) for t in tiles_of(h)] for h in hands0]
    stock = [str(swap.get(Tile.from_index(i), Tile.from_index(i))) for i in reversed(stock0)]
    out = [str(swap.get(t, t)) for t in tiles_of(out0)]
    actions = [Action.draw(swap.get(a.tile, a.tile)) if a.kind is ActionKind.DRAW and a.tile is not None else a
               for a in s.history]
    draws = dw.get_variant(s.variant).config(s.params).draws
    try:
        other = dw.new_game(s.variant, hands=hands, boneyard=stock if draws else None, out=out, leader=leader,
                            **s.params)
        other = dw.play_all(other, actions)
    except DominoError:
        return None
    return other


def alternative_twentyone(s: Any, seat: int, rng: random.Random) -> Any | None:
    """The same for Twenty-one (T21-1/2): the deal is each seat's first two tiles, and the stock
    in draw order is the tiles taken so far followed by the stock left."""
    a, b = rng.sample(list(s.view(seat).unseen), 2)
    swap = {a: b, b: a}
    takes = [x.tile for x in s.history if x.kind is ActionKind.TAKE]
    hands = [[str(swap.get(t, t)) for t in h[:2]] for h in s.hands]
    stock = [str(swap.get(t, t)) for t in [*takes, *s.boneyard]]
    actions = [Action.take(swap.get(x.tile, x.tile)) if x.kind is ActionKind.TAKE else x for x in s.history]
    try:
        return dw.play_all(dw.new_game("twentyone", hands=hands, boneyard=stock, players=s.players), actions)
    except DominoError:
        return None


@pytest.mark.parametrize("variant", [*VARIANTS[:6], "twentyone"])
def test_a_deal_that_differs_only_in_unseen_tiles_gives_the_same_bytes(variant: str) -> None:
    rng = random.Random(99)
    differing = 0
    for s in random_positions(variant, 10, seed=7 + len(variant), longest=4 if variant == "twentyone" else 16):
        if s.is_over:
            continue
        seat = rng.randrange(s.players)
        for _ in range(20):
            other = (alternative_twentyone if variant == "twentyone" else alternative_deal)(s, seat, rng)
            if other is None:
                continue
            assert other.view(seat) == s.view(seat)
            if other.hands == s.hands:
                continue  # only the boneyard's order or the tiles out of play changed: try again
            differing += 1
            assert render.state_svg(other, seat=seat, highlights=True) == render.state_svg(s, seat=seat, highlights=True)
            assert render.state_svg(other, seat=seat, open_hands=True) != render.state_svg(s, seat=seat, open_hands=True)
            break
    assert differing >= 4


def test_face_down_hands_and_tiles_carry_no_value() -> None:
    for t in tile_set(9):
        svg = render.tile_svg(t, face_down=True)
        assert str(t) not in svg and "data-tile" not in svg and "<path" not in svg
    svg = render.hand_svg(["3-5", "6-6", "0-2"], face_down=True)
    assert not TILE.search(ET.fromstring(svg).find(NS + "desc").text or "")
    assert named_tiles(svg) == (set(), 0, 0)
    assert svg == render.hand_svg(3)
    assert render.twentyone_svg([["1-2"], ["6-6", "5-5"]], seat=0) != render.twentyone_svg([["1-2"], 2], seat=0)
    assert render.twentyone_svg([["1-2"], 2], seat=0) == render.twentyone_svg([["1-2"], 2], seat=0)
    assert named_tiles(render.twentyone_svg([["1-2"], 2], seat=0))[0] == {Tile(1, 2)}
