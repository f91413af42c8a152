"""Issue 40: Twenty-one by rounds (T21-2's other reading, ``rounds=True``) is offered where the
rules are explained: the Twenty-one lesson plays a game of it, in English, Czech and Greek, with
a sentence that explains the option and quotes the Czech rule sheet word for word; the app's
Twenty-one offers it as the option in its rules panel, and choosing it starts a game in rounds.
The class: All Fives' ``scoring="draw"`` (A5-7) is played in its lesson too."""

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
#: a seed option's other reading (rules_panel.SEED_OPTIONS), the lesson that explains it and the game
#: that plays it there. Not yet played in their lessons: MAT-4 (04), BRG-1 (05), SOL-3 (07).
OTHER_READINGS = {"twentyone": ("06_twentyone", r'dww\.play\("twentyone",[^)]*rounds=True'),
                  "all_fives": ("03_all_fives", r'dww\.play\("all_fives",[^)]*scoring="draw"')}


def lesson(name: str, lang: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb" if lang == "en" else NOTEBOOKS / lang / f"{name}.{lang}.ipynb"


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
@pytest.mark.parametrize("variant", OTHER_READINGS)
def test_the_lesson_plays_the_other_reading_and_says_what_the_option_is(variant: str, lang: str) -> None:
    name, game = OTHER_READINGS[variant]
    cells = json.loads(lesson(name, lang).read_text(encoding="utf-8"))["cells"]
    games = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and re.search(game, "".join(c["source"]))]
    assert len(games) == 1, games
    shown = [o for o in cells[games[0]]["outputs"] if WIDGET in o.get("data", {})]
    assert shown, f"{name} ({lang}): the game of the other reading was not run (no widget in its output)"
    before = "".join(cells[games[0] - 1]["source"])
    option = re.search(r"(\w+=(True|\"\w+\"))", game.replace("\\", "")).group(1)
    assert cells[games[0] - 1]["cell_type"] == "markdown" and f"`{option}`" in before, (option, before)
    quotes = re.findall(r"«([^»]+)»", before)
    assert all(" ".join(q.split()) in SHEETS for q in quotes), quotes  # word for word
    if variant == "twentyone":  # the sentence says where the sheet ends the taking
        assert quotes
    # the sentence names the panel as the widget shows it in this language
    from domino_widgets.variants.rulebook import _texts

    assert _texts(lang).LABELS["panel"] in " ".join(before.split()), _texts(lang).LABELS["panel"]


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
