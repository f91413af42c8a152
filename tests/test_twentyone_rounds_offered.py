"""Issue 40: Twenty-one by rounds (T21-2's other reading, ``rounds=True``) is offered where the
rules are explained: the Twenty-one lesson plays a game of it, in English, Czech and Greek, with
a sentence that explains the option and quotes the Czech rule sheet word for word; the app's
Twenty-one offers it as the option in its rules panel, and choosing it starts a game in rounds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSON = {"en": ROOT / "notebooks" / "06_twentyone.ipynb",
          "cs": ROOT / "notebooks" / "cs" / "06_twentyone.cs.ipynb",
          "el": ROOT / "notebooks" / "el" / "06_twentyone.el.ipynb"}
#: the Czech rule sheet, its spaces as one (it keeps a word to the next with no-break spaces: «z\xa0hráčů»)
SHEET = " ".join((ROOT / "docs" / "sheets" / "cs.txt").read_text(encoding="utf-8").split())
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("lang", LESSON)
def test_the_twentyone_lesson_plays_a_game_in_rounds_and_says_what_the_option_is(lang: str) -> None:
    cells = json.loads(LESSON[lang].read_text(encoding="utf-8"))["cells"]
    games = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
             and re.search(r'dww\.play\("twentyone",[^)]*rounds=True', "".join(c["source"]))]
    assert len(games) == 1, games
    shown = [o for o in cells[games[0]]["outputs"] if WIDGET in o.get("data", {})]
    assert shown, f"{LESSON[lang].name}: the game in rounds was not run (no widget in its output)"
    before = "".join(cells[games[0] - 1]["source"])
    assert cells[games[0] - 1]["cell_type"] == "markdown" and "`rounds=True`" in before, before
    quotes = re.findall(r"«([^»]+)»", before)
    assert quotes and all(" ".join(q.split()) in SHEET for q in quotes), quotes  # word for word
    # the sentence names the panel and the option as the widget shows them in this language
    from domino_widgets.variants.rulebook import _texts

    labels = _texts(lang).LABELS
    assert labels["panel"] in before.replace("\n", " "), labels["panel"]


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
