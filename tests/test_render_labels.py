"""The renderer's words in English, Czech and Greek (``lang="en" | "cs" | "el"``).

Only the words change: the tile and action notation (``6-6``, ``2-5 left``) is the same in
every language, and the English pictures stay byte for byte what they were (the goldens).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.errors import ParameterError
from domino_widgets.render import Highlights
from domino_widgets.render.labels import LANGS, WORDS, labels
from domino_widgets.widgets import GameWidget
from domino_widgets.widgets.solitaire import SolitaireWidget
from domino_widgets.widgets.twentyone import TwentyOneWidget

GOLDEN = Path(__file__).parent / "golden"
# English words that must not be left in a translated picture
ENGLISH = ("to play", "tiles", "tile ", "Last turn", "boneyard", "Boneyard", "Hand over", "Seat ", "(you)",
           "score", "face down", "face up", "Table:", "Open ends", "Points:", "went out", "stock", "Stock",
           "total", "Winner", "Twenty-one", "Solitaire", "out of play", "pips", " and ", "played", "drew")


def words_of(svg: str) -> str:
    """The picture's visible texts, its ``<title>`` and its ``<desc>``, one per line."""
    return "\n".join(re.findall(r">([^<>]+)</(?:text|title|desc)>", svg))


def drawn_then_played() -> dw.GameState:
    """Greek draw game (DRW): seat 0 leads 6-6; seat 1 has no six, draws 0-0 and 5-6 (COM-5), plays 5-6."""
    s = dw.new_game("draw", hands=[["6-6", "1-2", "2-2"], ["1-3", "3-4"]], boneyard=["0-0", "5-6", "4-4"], leader=0)
    s = s.play("6-6")       # DRW-2: the lead
    s = s.play("draw")      # seat 1: 1-3 and 3-4 fit no six: draw 0-0
    s = s.play("draw")      # 0-0 does not fit either: draw 5-6
    return s.play("5-6 right")   # 5-6 fits: seat 1 plays it


def went_out() -> dw.GameState:
    """Block game (BLK): seat 0 holds only 3-3, leads it and is out at once (COM-6)."""
    s = dw.new_game("block", hands=[["3-3"], ["1-2", "2-4"]], leader=0)
    return s.play("3-3")


def test_czech_table_has_czech_words_and_the_notation_unchanged() -> None:
    svg = render.state_svg(drawn_then_played(), seat=0, lang="cs")
    text = words_of(svg)
    assert "Na tahu: Hráč 1 (vy)" in text            # the viewer (seat 0) is to play; people count from 1
    assert "Hráč 2: dobral(a) 2 kostky a zahrál(a) 5-6 vpravo" in text   # COM-5: counted, not named; the tile notation kept
    assert "Hráč 2 · 3 kostky" in text and "Hráč 1 (vy) · 2 kostky" in text   # 1-3 3-4 0-0; 1-2 2-2
    assert "záloha 1" in text and "Záloha: 1 kostka." in text
    assert "Volné konce: levý 6, pravý 5" in text
    for word in ENGLISH:
        assert word not in text, word


def test_greek_table_with_the_outcome_has_greek_words() -> None:
    svg = render.state_svg(went_out(), open_hands=True, seat=None, lang="el")
    text = words_of(svg)
    assert "Μπλοκαριστό ντόμινο" in text and "Τέλος γύρου" in text     # the hand (γύρος) is over (COM-6)
    assert "Παίκτης 1: τελείωσε τα πλακάκια. Πόντοι αυτού του γύρου:" in text and "Ανοιχτά χέρια" in text
    assert "Παίκτης 2 · 2 πλακάκια" in text and "Παίκτης 1 · 0 πλακάκια" in text
    assert "1-2 2-4 (άθροισμα 9)" in text                                # open hands: notation kept
    assert "εκτός παιχνιδιού" in text                                    # BLK: no boneyard drawn from
    for word in ENGLISH:
        assert word not in text, word


def test_twentyone_and_solitaire_in_czech_and_greek() -> None:
    t21 = words_of(render.twentyone_svg([["6-6", "5-5"], ["6-5", "6-4", "0-1"]], seat=0, stood=[True, True],
                                        winners=[], stock=3, lang="cs"))
    assert "Jedenadvacet" in t21 and "Nikdo nevyhrál: všichni přebrali." in t21 and "PŘES" in t21   # T21-2
    assert "záloha 3" in t21 and "Hráč 2 · 3 kostky · součet 22\nPŘES" in t21   # bust, so not "stojí"
    assert "stojí" not in t21
    stood = words_of(render.twentyone_svg([["6-6", "4-4"], ["6-5"]], seat=0, stood=[True, False], lang="cs"))
    assert "Hráč 1 (vy) · 2 kostky · součet 20 · stojí" in stood                  # stood at 20 (T21-2)
    sol = words_of(render.solitaire_svg(["1-3", "3-5"], hand=["5-2"], stock=1, won=False, lang="el"))
    assert "Πασιέντζα" in sol and "Κανένα πλακάκι δεν ταιριάζει: χάσατε" in sol and "1 πλακάκι" in sol
    for text in (t21, sol):
        for word in ENGLISH:
            assert word not in text, word


def test_state_svg_passes_the_language_to_twentyone_and_solitaire() -> None:
    t21 = words_of(render.state_svg(dw.new_game("twentyone", seed=3), lang="el"))
    sol = words_of(render.state_svg(dw.new_game("solitaire", seed=3), lang="cs"))
    assert "Εικοσιένα" in t21 and "Sólo domino" in sol and "Vyberte základ" in sol   # SOL-2: choose the base


@pytest.mark.parametrize("call", [
    lambda: render.state_svg(went_out(), lang="xx"),
    lambda: render.view_svg(went_out().view(1), lang="xx"),
    lambda: render.state_svg(dw.new_game("twentyone", seed=1), lang="xx"),
    lambda: render.view_svg(dw.new_game("solitaire", seed=1).view(0), lang="xx"),
    lambda: render.twentyone_svg([["1-1"], 1], lang="xx"),
    lambda: render.solitaire_svg(["1-3"], lang="xx"),
    lambda: render.state_svg(went_out(), lang=5),  # type: ignore[arg-type]  (None is the language setting)
])
def test_an_unknown_language_is_refused_with_the_list_of_languages(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ParameterError, match="en, cs, el"):
        call()


def test_english_is_unchanged_byte_for_byte() -> None:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], boneyard=["3-3"]).play("6-6")
    h = Highlights.from_actions(s.legal_actions(), selected="5-6")
    golden = (GOLDEN / "view_draw_selected.svg").read_text(encoding="utf-8")
    assert render.view_svg(s.view(1), highlights=h, width=420, lang="en") == golden
    english = words_of(render.state_svg(drawn_then_played(), seat=0))
    assert "Player 1 (you) to play" in english and "Last turn: Player 2 drew 2 tiles and played 5-6 right" in english


@pytest.mark.parametrize("n, cs, el", [
    (0, "0 kostek", "0 πλακάκια"), (1, "1 kostka", "1 πλακάκι"), (2, "2 kostky", "2 πλακάκια"),
    (4, "4 kostky", "4 πλακάκια"), (5, "5 kostek", "5 πλακάκια"), (12, "12 kostek", "12 πλακάκια"),
])
def test_tile_counts_use_each_languages_plural(n: int, cs: str, el: str) -> None:
    assert labels("cs").tiles(n) == cs and labels("el").tiles(n) == el
    assert labels("en").tiles(n) == (f"{n} tile" if n == 1 else f"{n} tiles")
    # the count in a hand's label follows the same rule
    hand = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-3", "1-4", "1-5"][:n], ["6-6"]]
    pic = words_of(render.twentyone_svg(hand, seat=1, lang="cs"))
    assert f"Hráč 1 · {cs}" in pic


def test_every_language_has_every_word_with_the_same_fields() -> None:
    for lang in LANGS:
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
        for key, text in WORDS["en"].items():
            assert set(re.findall(r"{(\w+)}", WORDS[lang][key])) == set(re.findall(r"{(\w+)}", text)), (lang, key)


def test_widgets_draw_their_board_in_their_language() -> None:
    g = GameWidget("draw_cz", level="random", seed=2, delay=0, lang="cs")
    text = words_of(g.board.svg)
    assert "Na tahu:" in text and "kost" in text and "Záloha:" in text
    for word in ("to play", "tiles", "Boneyard", "Last turn"):
        assert word not in text, word
    g.set_lang("el")
    assert "Σειρά:" in words_of(g.board.svg) and "πλακάκια" in words_of(g.board.svg)
    t21 = TwentyOneWidget(dw.new_game("twentyone", seed=3), lang="cs", delay=0)
    assert "Jedenadvacet" in words_of(t21.board.svg) and "záloha" in words_of(t21.board.svg)
    sol = SolitaireWidget(dw.new_game("solitaire", seed=8), lang="el")
    assert "Πασιέντζα" in words_of(sol.board.svg) and "Χέρι · 5 πλακάκια" in words_of(sol.board.svg)
