"""Czech and Greek pictures read as a native teacher would write them: no English word is left in
any text, ``<title>`` or ``<desc>`` of any variant's picture (the tile notation 3-5 aside), and
every picture names players the one way (Player 1, Hráč 1, Παίκτης 1: people count from 1).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.registry import get_variant
from domino_widgets.i18n_catalog import source_messages
from domino_widgets.render.labels import WORDS

VARIANTS = ["block", "draw_cz", "draw", "all_fives", "matador", "bergen", "twentyone", "solitaire"]
# words that are the same in Czech (the variants' own names)
SHARED = {"matador", "bergen", "domino"}
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two or more letters, in any script
# every English word the renderer could write: every English text of the catalog's render.* messages
# (plural forms too), the variants' English titles (without the original names in brackets), the
# notation's words (ends and actions), the old seat names
RENDER_MESSAGES = [form for context, msgid, _ in source_messages() if context.startswith("render.")
                   for form in (msgid if isinstance(msgid, tuple) else (msgid,))]
ENGLISH = {
    w.lower()
    for text in [*WORDS["en"].values(), *(re.sub(r"\(.*?\)", "", m) for m in RENDER_MESSAGES),
                 *(re.sub(r"\(.*?\)", "", get_variant(v).title) for v in VARIANTS),
                 "left right up down pass draw take stand base Seat Player you computer spinner cross line empty"]
    for w in WORD.findall(text)
} - SHARED


def words_of(svg: str) -> str:
    """The picture's visible texts, its ``<title>`` and its ``<desc>``, one per line."""
    return "\n".join(re.findall(r">([^<>]+)</(?:text|title|desc)>", svg))


def english_in(text: str) -> set[str]:
    return {w for w in WORD.findall(text) if w.lower() in ENGLISH}


def positions(variant: str) -> Iterator[dw.GameState]:
    """The start, a few random positions on the way and the end of a seeded random game."""
    rng = random.Random(sum(map(ord, variant)))
    params = {"players": 3} if variant in ("twentyone", "bergen") else {}
    s = dw.new_game(variant, seed=rng.randrange(2**32), **params)
    yield s
    moves = 0
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        moves += 1
        if moves in (1, 3, 8, 20):
            yield s
    yield s


def pictures(variant: str, lang: str) -> Iterator[tuple[str, str]]:
    for k, s in enumerate(positions(variant)):
        for seat in range(s.players):
            yield f"{k}/seat{seat}", render.state_svg(s, seat=seat, highlights=True, lang=lang)
        yield f"{k}/open", render.state_svg(s, open_hands=True, seat=None, lang=lang)
        yield f"{k}/projector", render.state_svg(s, lang=lang, fit=(1024, 768))
        layout = getattr(s, "layout", None)
        if layout is not None and variant != "solitaire":
            yield f"{k}/layout", render.layout_svg(layout, lang=lang)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["cs", "el"])
def test_no_english_word_in_any_czech_or_greek_picture(variant: str, lang: str) -> None:
    seen = 0
    for where, svg in pictures(variant, lang):
        text = words_of(svg)
        assert not english_in(text), (variant, lang, where, sorted(english_in(text)), text)
        if lang == "el":  # Greek pictures are written in Greek letters: only notation is Latin/digits
            assert not re.search(r"[A-Za-z]{2,}", text.replace("Σεβαστούπολη", "")), (where, text)
        seen += 1
    assert seen >= 10


@pytest.mark.parametrize("lang", ["cs", "el"])
def test_the_small_pictures_and_the_words_for_ends_are_translated_too(lang: str) -> None:
    s = dw.play_all(dw.new_game("bergen", players=2, hands=[["6-6", "1-2"], ["6-5", "0-0"]], leader=0),
                    ["6-6", "6-5 up"])  # BRG-3: a six on a free side of the 6-6
    texts = [render.tile_svg("3-5", lang=lang), render.tile_svg("3-5", face_down=True, lang=lang),
             render.hand_svg("1-2 3-4", lang=lang), render.hand_svg(2, lang=lang), render.hand_svg([], lang=lang),
             render.boneyard_svg(3, lang=lang), render.layout_svg(s.layout, lang=lang),
             render.state_svg(s, seat=0, lang=lang)]
    for svg in texts:
        text = words_of(svg)
        assert not english_in(text), (sorted(english_in(text)), text)
    table = words_of(texts[-1])
    up, played = {"cs": ("nahoru: 6-5", "zahrál(a) 5-6 nahoru"), "el": ("πάνω: 6-5", "έπαιξε 5-6 πάνω")}[lang]
    assert up in table and played in table


@pytest.mark.parametrize("lang, player", [("en", "Player"), ("cs", "Hráč"), ("el", "Παίκτης")])
def test_every_picture_counts_players_from_one(lang: str, player: str) -> None:
    for variant in VARIANTS:
        s = next(positions(variant))
        text = words_of(render.state_svg(s, open_hands=True, seat=None, lang=lang))
        if variant != "solitaire":  # one player, no names
            assert f"{player} 1" in text and f"{player} 2" in text, (variant, text)
        assert f"{player} 0" not in text and "Seat" not in text, (variant, text)


def test_names_given_by_the_caller_are_kept_and_hot_seat_has_no_role() -> None:
    s = dw.new_game("block", seed=4)
    named = words_of(render.state_svg(s, seat=1, names=["Ann", "Bob"]))
    assert "Bob (you)" in named and "Ann" in named
    hot = words_of(render.state_svg(s, seat=s.current_player, viewer_role=None, lang="cs"))
    assert "(vy)" not in hot and f"Hráč {s.current_player + 1}" in hot
    t21 = words_of(render.twentyone_svg([["1-2"], 2], seat=0, current=0, viewer_role=None))
    assert "(you)" not in t21 and "Player 1 to take or stand" in t21
    with pytest.raises(dw.DominoError, match="viewer_role"):
        render.state_svg(s, viewer_role="me")
