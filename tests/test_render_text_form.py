"""Every picture is an `Svg`: Jupyter shows the picture, and where it cannot (an untrusted
notebook shows only ``text/plain``), one sentence in the picture's language, never SVG source.

IPython builds a cell's outputs with its ``DisplayFormatter``: ``image/svg+xml`` from
``_repr_svg_`` and ``text/plain`` from the pretty printer (``_repr_pretty_``, else ``repr``).
"""

from __future__ import annotations

import html
import pickle
from collections.abc import Callable

import pytest
from IPython.core.formatters import DisplayFormatter

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.render import Svg
from domino_widgets.render._svg import picture_alt


def fives() -> dw.GameState:
    """All Fives (A5-4): seat 0 leads 5-5 and seat 1 plays 0-5 on the spinner."""
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]], boneyard=["1-2"], leader=0)
    return dw.play_all(s, ["5-5", "0-5 right"])


PICTURES: dict[str, Callable[[str], Svg]] = {
    "tile": lambda lang: render.tile_svg("3-5", lang=lang),
    "tile face down": lambda lang: render.tile_svg("3-5", face_down=True, lang=lang),
    "hand": lambda lang: render.hand_svg("6-6 5-6", lang=lang),
    "hand face down": lambda lang: render.hand_svg(3, lang=lang),
    "boneyard": lambda lang: render.boneyard_svg(12, lang=lang),
    "layout": lambda lang: render.layout_svg(fives().layout, lang=lang),
    "view": lambda lang: render.view_svg(fives().view(0), lang=lang),
    "state": lambda lang: render.state_svg(fives(), lang=lang),
    "open hands": lambda lang: render.state_svg(fives(), open_hands=True, seat=None, lang=lang),
    "twentyone": lambda lang: render.twentyone_svg([["6-6", "5-4"], 2], seat=0, current=1, stock=20, lang=lang),
    "twentyone state": lambda lang: render.state_svg(dw.new_game("twentyone", seed=3), lang=lang),
    "solitaire": lambda lang: render.solitaire_svg(["1-3", "3-5"], hand=["5-2"], stock=4, lang=lang),
    "solitaire state": lambda lang: render.state_svg(dw.new_game("solitaire", seed=3), lang=lang),
}

SENTENCES = {
    ("state", "en"): "All Fives (Muggins) table: 2 tiles, Player 1 (you) to play",
    ("state", "cs"): "Všechny pětky, stůl: 2 kostky, na tahu: Hráč 1 (vy)",
    ("state", "el"): "Όλα 5, τραπέζι: 2 πλακάκια, σειρά: Παίκτης 1 (εσείς)",
    ("open hands", "en"): "All Fives (Muggins) table: 2 tiles, Player 1 to play",
    ("tile", "en"): "Tile 3-5",
    ("tile", "cs"): "Kostka 3-5",
    ("boneyard", "el"): "Σωρός: 12 πλακάκια",
    ("hand", "en"): "Hand 6-6 5-6",
    ("twentyone", "en"): "Twenty-one: Player 2 to take or stand",
    ("solitaire", "cs"): "Sólo domino: Přikládejte kostky z ruky",
}


@pytest.mark.parametrize("name", sorted(PICTURES))
@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_a_picture_displays_as_svg_and_its_text_is_one_sentence(name: str, lang: str) -> None:
    pic = PICTURES[name](lang)
    assert isinstance(pic, Svg) and isinstance(pic, str) and pic.startswith("<svg")  # callers wanting markup
    data, _ = DisplayFormatter().format(pic)
    assert data["image/svg+xml"] == str(pic)                       # trusted: the picture
    text = data["text/plain"]                                        # untrusted: the sentence
    assert text == repr(pic) == pic.summary
    assert "<" not in text and "\n" not in text and 0 < len(text) <= 120, text
    assert f"<title>{text}</title>" in pic  # the same sentence is the picture's accessible name
    if (name, lang) in SENTENCES:
        assert text == SENTENCES[name, lang]


def test_the_text_form_survives_copies_and_markup_operations_give_plain_strings() -> None:
    pic = render.tile_svg("3-5")
    again = pickle.loads(pickle.dumps(pic))
    assert again == pic and repr(again) == "Tile 3-5" and isinstance(again, Svg)
    assert type(str(pic)) is str and type(pic + "") is str and type(pic.replace("a", "a")) is str


def test_core_objects_still_show_as_pictures() -> None:
    s = fives()
    for obj in (dw.Tile(3, 5), s.layout, s.view(0), s):
        data, _ = DisplayFormatter().format(obj)
        assert data["image/svg+xml"].startswith("<svg")


@pytest.mark.parametrize("variant", ["block", "draw", "draw_cz", "all_fives", "matador", "bergen", "twentyone",
                                     "solitaire"])
def test_states_shown_bare_carry_their_words_in_alt(variant: str) -> None:
    """A lesson that shows a state bare (``s``) gets the picture with its text alternative
    (``text/html``, an ``<img>`` with ``alt``), as the renderer's own pictures do; the SVG stays."""
    s = dw.new_game(variant, seed=7)
    objects = [s, s.view(0)] + ([dw.Tile(3, 5), s.layout] if variant == "all_fives" else [])
    for obj in objects:
        data, _ = DisplayFormatter().format(obj)
        assert data["image/svg+xml"].startswith("<svg"), type(obj)
        page = data["text/html"]
        alt = page.split('alt="')[1].split('"')[0]
        assert page.startswith("<img") and alt, (type(obj), page[:200])
        assert alt == html.escape(picture_alt(data["image/svg+xml"]), quote=True), (alt, type(obj))
