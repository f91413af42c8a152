"""Issue 40: Twenty-one by rounds (T21-2's other reading, ``rounds=True``) is offered where the
rules are explained: the Twenty-one lesson plays a game of it, in English, Czech and Greek, with
a sentence that explains the option and quotes the Czech rule sheet word for word; the app's
Twenty-one offers it as the option in its rules panel, and choosing it starts a game in rounds.
The class: every seed option's other reading (A5-7, MAT-4, BRG-1, SOL-3 too) is played in its lesson."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
#: the rule sheets, their spaces as one (they keep a word to the next with no-break spaces: «z\xa0hráčů»)
SHEETS = " ".join(" ".join((ROOT / "docs" / "sheets" / f"{lang}.txt").read_text(encoding="utf-8").split())
                  for lang in ("cs", "el"))
WIDGET = "application/vnd.jupyter.widget-view+json"
#: for each variant with a seed option (rules_panel.SEED_OPTIONS), the lesson that explains its other
#: reading and the option its game there is played with (``dww.play(variant, ..., option)``)
OTHER_READINGS = {"twentyone": ("06_twentyone", "rounds=True"), "all_fives": ("03_all_fives", 'scoring="draw"'),
                  "matador": ("04_matador", "matador_optional=True"), "bergen": ("05_bergen", "players=4"),
                  "solitaire": ("07_solitaire", "may_stop=True")}


def lesson(name: str, lang: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb" if lang == "en" else NOTEBOOKS / lang / f"{name}.{lang}.ipynb"


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
@pytest.mark.parametrize("variant", OTHER_READINGS)
def test_the_lesson_plays_the_other_reading_and_says_what_the_option_is(variant: str, lang: str) -> None:
    name, option = OTHER_READINGS[variant]
    game = rf'dww\.play\("{variant}",[^)]*{re.escape(option)}'
    cells = json.loads(lesson(name, lang).read_text(encoding="utf-8"))["cells"]
    games = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and re.search(game, "".join(c["source"]))]
    assert len(games) == 1, games
    shown = [o for o in cells[games[0]]["outputs"] if WIDGET in o.get("data", {})]
    assert shown, f"{name} ({lang}): the game of the other reading was not run (no widget in its output)"
    before = "".join(cells[games[0] - 1]["source"])
    assert cells[games[0] - 1]["cell_type"] == "markdown" and f"`{option}`" in before, (option, before)
    quotes = re.findall(r"«([^»]+)»", before)
    assert all(" ".join(q.split()) in SHEETS for q in quotes), quotes  # word for word
    if variant == "twentyone":  # the sentence says where the sheet ends the taking
        assert quotes
    # the sentence names the panel as the widget shows it in this language
    from domino_widgets.variants.rulebook import _texts

    assert _texts(lang).LABELS["panel"] in " ".join(before.split()), _texts(lang).LABELS["panel"]


def test_every_seed_option_is_played_in_its_lesson() -> None:
    from domino_widgets.widgets.rules_panel import SEED_OPTIONS

    assert set(SEED_OPTIONS) == set(OTHER_READINGS)


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_the_apps_twentyone_offers_rounds_and_starts_a_game_in_rounds(lang: str) -> None:
    from domino_widgets.widgets.app import PlayApp
    from domino_widgets.widgets.rules_panel import RulesPanel

    app = PlayApp("twentyone", lang=lang, seed=1, delay=0)
    panels = [p for p in _walk(app.game) if isinstance(p, RulesPanel)]
    assert len(panels) == 1
    option = panels[0].option
    assert option.layout.display is None and [v for _t, v in option.options] == [False, True]
    option.value = True
    assert app.game.session.state.params["rounds"] is True
    app.close()


def _walk(widget: object) -> list[object]:
    out = [widget]
    for child in getattr(widget, "children", ()) or ():
        out += _walk(child)
    return out
