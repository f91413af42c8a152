"""The board keeps its size (issue 26): tiles keep their size through a whole hand, the line
snakes at the table's edge, the picture is as wide as the board measured; the match's end and
the scores read plainly."""

from __future__ import annotations

import random
import re

import pytest

import domino_widgets as dw
from domino_widgets.widgets.draw import table_svg
from domino_widgets.widgets.game import SCALES, GameWidget


def _tile_heights(svg: str, ident: str) -> list[float]:
    """Heights (in the picture's units) of the tiles whose id contains ``ident``."""
    out = []
    for m in re.finditer(r'<g class="tile[^"]*" id="dw-%s[^"]*"[^>]*>\s*(?:<title>[^<]*</title>\s*)?<rect[^>]*?height="([\d.]+)"' % ident, svg):
        out.append(float(m.group(1)))
    return out


def _play_out(variant: str, seed: int, **params):
    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed, **params)
    states = [s]
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        states.append(s)
    return states


def _svg_size(svg: str) -> tuple[float, float]:
    head = svg[:svg.index(">")]
    return float(re.search(r' width="([\d.]+)"', head).group(1)), float(re.search(r' height="([\d.]+)"', head).group(1))


@pytest.mark.parametrize("variant", ["all_fives", "draw", "block", "bergen", "matador", "draw_cz"])
@pytest.mark.parametrize("pixels", [1000, 1900])
def test_tiles_keep_their_size_through_a_whole_hand(variant: str, pixels: int) -> None:
    scale = SCALES["projector"]
    for seed in (1, 2):
        for s in _play_out(variant, seed):
            seat = s.current_player if s.current_player is not None else 0
            svg = table_svg(s, seat=seat, width=pixels / scale, scale=scale)
            w, _ = _svg_size(svg)
            assert w == pytest.approx(pixels, abs=1)  # exactly as wide as the board: never rescaled
            hand = _tile_heights(svg, "hand-tile")
            assert len(hand) == len(s.hand(seat))
            assert not hand or min(hand) * scale >= 60  # 72 * 1.4 = 100.8 px on the projector setting
            table = _tile_heights(svg, "table-")
            if table:  # every tile on the table at the hand's unit: a long line snakes, it does not shrink
                assert min(table) * scale >= 30


def test_long_line_snakes_at_the_given_width() -> None:
    states = _play_out("all_fives", 5)
    longest = max(states, key=lambda s: len(s.layout))
    assert len(longest.layout) >= 12
    sizes = {}
    for width in (820, 1100, 1400):
        svg = table_svg(longest, seat=0, width=width, scale=1.0)
        assert _svg_size(svg)[0] == pytest.approx(width, abs=1)
        table = _tile_heights(svg, "table-")
        assert min(table) == pytest.approx(32.4)  # a flat tile: one unit (36 px) less its inset, at every width
        sizes[width] = _svg_size(svg)[1]
    assert sizes[820] > sizes[1400]  # a narrow table takes more rows, not smaller tiles


def test_widget_lays_out_for_the_measured_width() -> None:
    g = GameWidget("all_fives", seed=3)
    g.size.value = "projector"
    g.board.avail_width = 1800
    assert _svg_size(g.board.svg)[0] == pytest.approx(1800, abs=1)
    g.board.avail_width = 900
    assert _svg_size(g.board.svg)[0] == pytest.approx(900, abs=1)
    g.board.avail_width = 99999  # nonsense from a page: ignored, the default width
    assert _svg_size(g.board.svg)[0] == pytest.approx(820 * SCALES["projector"], abs=1)
    g.close()


def _finish_match(g: GameWidget) -> None:
    """Watch mode without an event loop plays each hand at once: press New hand until the end."""
    for _ in range(100):
        if g.session.match_over:
            return
        assert g.session.state.is_over
        g.press("new_hand")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("lang,word", [("en", "wins the match"), ("cs", "vyhrává zápas"), ("el", "κερδίζει τον αγώνα")])
def test_match_end_on_the_board(lang: str, word: str) -> None:
    g = GameWidget("all_fives", mode="watch", seed=4, delay=0, lang=lang, target=30)
    _finish_match(g)
    m = g.session.scored_match()
    svg = g.board.svg
    text = g.match_over_text()
    assert text is not None and word in text
    win = m.scores[m.winner]
    other = [x for i, x in enumerate(m.scores) if i != m.winner][0]
    assert f"{win}–{other}" in text
    assert text in g.controls.status.value
    assert 'class="status"' in svg and text in svg.split('class="status"', 1)[1].split("</text>", 1)[0]
    banner = svg.split('id="dw-outcome"', 1)[1].split("</g>", 1)[0]
    lines = re.findall(r">([^<>]+)</text>", banner)
    # the banner says it first, in full (issue 40): who won, and the final score of every seat
    words = g.match_over_banner()
    assert words is not None and " ".join(lines).startswith(words), (lines, words)
    assert all(_fmt_score in words for _fmt_score in (str(win), str(other)))
    width = _svg_size(svg)[0]
    for line in lines:  # nothing clipped: every line fits in the banner
        assert len(line) * 17 * 0.64 <= width - 32
    g.close()


def test_scores_show_the_total_and_this_hand_apart() -> None:
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "1-1"], ["0-5", "1-4", "2-2"]], boneyard=["1-2"], leader=0)
    s = s.play("5-5")  # 10 points in play (A5-4)
    svg = table_svg(s, seat=0)
    assert "score 10 (+10 this hand)" in svg
    assert "score 0 +" not in svg
    g = GameWidget(s, seat=0)
    assert "(+10 this hand)" in g.controls.status.value
    g.close()


def test_automatic_draw_is_said_beside_the_buttons() -> None:
    g = GameWidget("all_fives", seed=1, lang="cs")
    assert "dobírá samo" in g.controls.auto_note.value and g.controls.auto_note.layout.display is None
    g.close()
    g = GameWidget("block", seed=1)
    assert g.controls.auto_note.value == "" and g.controls.auto_note.layout.display == "none"
    g.close()
