"""Issue 40: the names of the regions and live parts a board puts into the page are in the widget's
language, and tell a board from a game's other boards: the rule explorer's board was named
"Domino table" (its English default) in a Czech lesson, beside the game's "Slepá ulička".
(Boards of one name on one page are numbered by the page, board.js ``nameRegions``: the
browser test tests/browser/test_a11y_axe.py checks it on the lessons.)"""

from __future__ import annotations

import pytest

import domino_widgets.widgets as dww
from domino_widgets.widgets.board import BoardWidget

LABELS = ("label_board", "label_live", "label_move", "label_log")
DEFAULTS = {name: BoardWidget.class_traits()[name].default_value for name in LABELS}


def _widgets(lang: str) -> dict[str, object]:
    return {"block": dww.play("block", lang=lang, seed=1), "twentyone": dww.play("twentyone", lang=lang, seed=1),
            "solitaire": dww.play("solitaire", lang=lang, seed=1),
            "explorer": dww.explore("block", hands=["6-6 1-6", "0-3 1-4"], lang=lang)}


@pytest.mark.parametrize("lang", ["cs", "el"])
def test_every_board_names_its_parts_in_the_widgets_language(lang: str) -> None:
    names = {}
    for kind, widget in _widgets(lang).items():
        board = widget.board  # type: ignore[attr-defined]
        named = LABELS if kind != "solitaire" else LABELS[:3]  # the solitaire keeps no log of moves
        english = [n for n in named if getattr(board, n) == DEFAULTS[n]]
        assert english == [], (kind, {n: getattr(board, n) for n in LABELS})
        names[kind] = board.label_board
    assert len(set(names.values())) == len(names), names  # the explorer's board is not the game's
