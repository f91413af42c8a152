"""SOL-4 needs every tile in play on one line: with an odd ``pips`` (and some scripted deals) no
line holds them all, so the game can never be won. Asking for such a game says so, in the
language set (`CannotWinWarning`), the state answers `cannot_win`, and the widget shows why."""

from __future__ import annotations

import random
import warnings

import pytest

import domino_widgets as dw
from domino_widgets.core.tiles import Tile, tile_set
from domino_widgets.variants.solitaire import CannotWinWarning
from domino_widgets.variants._solitaire_state import cannot_win_reason


def one_line_exists(tiles: list[Tile]) -> bool:
    """Brute force: can all ``tiles`` be laid as one line (each touching half matching)?"""
    def extend(end: int, left: list[Tile]) -> bool:
        if not left:
            return True
        for i, t in enumerate(left):
            if end in (t.low, t.high):
                other = t.high if t.low == end else t.low
                if extend(other, left[:i] + left[i + 1:]):
                    return True
        return False
    return any(extend(t.high, tiles[:i] + tiles[i + 1:]) or extend(t.low, tiles[:i] + tiles[i + 1:])
               for i, t in enumerate(tiles))


@pytest.mark.parametrize("pips", [2, 3, 4])
def test_the_reason_agrees_with_a_brute_force_search(pips: int) -> None:
    tiles = list(tile_set(pips))
    assert (cannot_win_reason(tuple(tiles), pips) is not None) == (not one_line_exists(tiles)) == (pips % 2 == 1)


@pytest.mark.parametrize("pips", range(2, 13))
def test_odd_pips_can_never_be_won_and_asking_says_so(pips: int) -> None:
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        s = dw.new_game("solitaire", seed=pips, pips=pips)
    ours = [w for w in said if issubclass(w.category, CannotWinWarning)]
    assert s.cannot_win == (pips % 2 == 1) == bool(ours)
    if pips % 2:
        text = str(ours[0].message)
        assert f"double-{pips}" in text and str(pips + 2) in text and "SOL-4" in text
        for lang in ("cs", "el"):
            other = s.cannot_win_reason.text(lang)
            assert other != text and str(pips + 2) in other and "SOL-4" in other
    else:
        assert s.cannot_win_reason is None


def test_no_game_with_pips_3_is_won_by_any_play() -> None:
    rng = random.Random(3)
    for seed in range(200):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", CannotWinWarning)
            s = dw.new_game("solitaire", seed=seed, pips=3)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        assert s.outcome is not None and s.outcome.reason != "won"


def test_a_scripted_deal_whose_tiles_share_no_number() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", CannotWinWarning)   # a scripted puzzle is not warned about
        s = dw.new_game("solitaire", pips=2, hands=[["0-0", "1-1"]], boneyard=[])
    assert s.cannot_win and "groups" in s.cannot_win_reason.text("en") and s.set_cannot_win is None
    with pytest.warns(CannotWinWarning, match="double-3"):   # the whole set, scripted: said
        dw.new_game("solitaire", pips=3, hands=[[str(t) for t in tile_set(3)][:5]],
                    boneyard=[str(t) for t in tile_set(3)][5:])
    s = dw.new_game("solitaire", pips=2, hands=[["0-0", "0-1"]], boneyard=["1-1"])
    assert not s.cannot_win


def test_the_widget_says_why_in_its_language() -> None:
    from domino_widgets.widgets.solitaire import SolitaireWidget

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CannotWinWarning)
        start = dw.new_game("solitaire", seed=1, pips=5)
    g = SolitaireWidget(start, lang="cs")
    assert start.cannot_win_reason.text("cs") in g.message()
    assert "SOL-4" in g.message_box.value
