"""The "Review" button of the game widget: after a hand, each of the person's decisions that the
expert rates differently, with the expected loss (`domino_widgets.players.review`).

The review is asked only once the hand is over (before, it would tell the person about a position
still in play), and judges each decision from the view the person had then, never a hidden tile.

>>> import domino_widgets as dw
>>> from domino_widgets.widgets.game import GameWidget
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> g = GameWidget(s, seats=[None, "greedy"])
>>> panel = ReviewPanel(g, samples=20)
>>> panel.review()
'The review opens when the hand is over.'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..players.review import review

__all__ = ["ReviewPanel", "attach_review"]

_WORDS = {
    "en": {"button": "Review", "tooltip": "After the hand: the decisions the expert would have made differently",
           "wait": "The review opens when the hand is over.", "none": "The expert agrees with every decision you made.",
           "working": "Reviewing the hand…", "no_person": "Nobody played this hand by hand: nothing to review."},
    "cs": {"button": "Rozbor", "tooltip": "Po hře: rozhodnutí, která by expert udělal jinak",
           "wait": "Rozbor bude k dispozici po skončení hry.", "none": "Expert souhlasí se všemi vašimi tahy.",
           "working": "Probíhá rozbor hry…", "no_person": "Tuto hru nehrál žádný člověk: není co rozebírat."},
    "el": {"button": "Ανάλυση", "tooltip": "Μετά το παιχνίδι: οι αποφάσεις που ο ειδικός θα έπαιρνε αλλιώς",
           "wait": "Η ανάλυση ανοίγει όταν τελειώσει το παιχνίδι.",
           "none": "Ο ειδικός συμφωνεί με όλες τις κινήσεις σας.", "working": "Ανάλυση του παιχνιδιού…",
           "no_person": "Κανένας άνθρωπος δεν έπαιξε αυτό το παιχνίδι: τίποτα για ανάλυση."},
}


class ReviewPanel(w.VBox):  # type: ignore[misc]
    """A "Review" button and the list it fills, for a `GameWidget` (``game.session``)."""

    def __init__(self, game: Any, *, samples: int = 80) -> None:
        self.game = game
        self.samples = samples
        lang = getattr(game, "lang", "en")
        self.words = _WORDS.get(lang, _WORDS["en"])
        self.button = w.Button(description=self.words["button"], tooltip=self.words["tooltip"], icon="search",
                               layout=w.Layout(width="auto"))
        self.output = w.HTML()
        self.output.add_class("dw-panel")
        self.button.on_click(lambda _b: self.review())
        super().__init__([self.button, self.output])

    def review(self) -> str:
        """Review the hand shown for the first person at the table; returns (and shows) the text."""
        session = self.game.session
        state = session.state
        if not state.is_over:
            text = self.words["wait"]
        elif not session.humans:
            text = self.words["no_person"]
        else:
            self.output.value = html.escape(self.words["working"])
            seat = session.humans[0]
            role = "you" if len(session.humans) == 1 else None
            found = review(state, seat, samples=self.samples)
            lines = [d.sentence(role) for d in found] or [self.words["none"]]
            text = "\n".join(lines)
        self.output.value = "<br>".join(html.escape(line) for line in text.splitlines())
        return text


def attach_review(game: Any, samples: int = 80) -> ReviewPanel:
    """Add a `ReviewPanel` under ``game`` (a `GameWidget`) and return it."""
    panel = ReviewPanel(game, samples=samples)
    game.children = (*game.children, panel)
    game.review_panel = panel
    return panel
