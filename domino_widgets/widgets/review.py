"""The "Review" button of the game widget: after a hand, each of the person's decisions that the
expert rates differently, with the expected loss (`domino_widgets.players.review`), in the
widget's language (its words are messages of the catalog, `domino_widgets.widgets.i18n`).

The review is asked only once the hand is over (before, it would tell the person about a position
still in play), and judges each decision from the view the person had then, never a hidden tile.

>>> import domino_widgets as dw
>>> from domino_widgets.widgets.game import GameWidget
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> g = GameWidget(s, seats=[None, "greedy"])
>>> panel = ReviewPanel(g, samples=20)
>>> panel.review()
'The review opens when the hand is over.'
>>> g.set_lang("cs"); g.review_panel.button.description, g.review_panel.review()   # the game's own panel
('Rozbor', 'Rozbor bude k dispozici po skončení hry.')
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..language import number
if TYPE_CHECKING:  # the expert's search loads when a student first asks for a review (issue 29)
    from ..players.review import Decision
from .i18n import action_text, seat_name, tr
from .panels import UNIT_KEYS

__all__ = ["ReviewPanel", "attach_review", "decision_text"]


def decision_text(d: Decision, lang: str, *, human_seats: tuple[int, ...]) -> str:
    """One decision in words of ``lang``: the move, who played what, what the expert prefers and
    how much more it is worth, in the expert's unit (points margin, or chance of winning).

    >>> from domino_widgets.core.actions import Action
    >>> from domino_widgets.players.review import Decision
    >>> d = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 4.25,
    ...              "expected points margin of the hand (winning the match counts target points more)", ())
    >>> decision_text(d, "en", human_seats=(0,))
    'Move 3: Player 1 (you) played 5-5; the expert prefers 0-5 on the left end, which is worth 4.2 more (expected points margin of the hand).'
    """
    amount = number(d.loss, ".1f" if d.unit.startswith("expected points") else ".0%", lang)
    who = seat_name(d.seat, lang, human=d.seat in human_seats, people=len(human_seats))
    return tr(lang, "review_line", move=d.move, who=who, played=action_text(d.played, lang),
              best=action_text(d.best, lang), amount=amount, unit=tr(lang, UNIT_KEYS[d.unit]))


class ReviewPanel(w.VBox):  # type: ignore[misc]
    """A "Review" button and the list it fills, for a `GameWidget` (``game.session``)."""

    def __init__(self, game: Any, *, samples: int = 80) -> None:
        self.game = game
        self.samples = samples
        self.button = w.Button(icon="search", layout=w.Layout(width="auto"))
        self.button.add_class("dw-review")
        self.output = w.HTML()
        self.output.add_class("dw-panel")
        self._found: tuple[tuple[Decision, ...], tuple[int, ...]] | None = None  # the last review
        self.button.on_click(lambda _b: self.review())
        super().__init__([self.button, self.output])
        self.relabel()

    @property
    def lang(self) -> str:
        return str(getattr(self.game, "lang", "en"))

    def relabel(self) -> None:
        """The button, and the review shown, in the game's language (after `GameWidget.set_lang`)."""
        self.button.description = tr(self.lang, "review")
        self.button.tooltip = tr(self.lang, "review_tip")
        if self._found is not None:
            self._show()

    def review(self) -> str:
        """Review the hand shown for the first person at the table; returns (and shows) the text."""
        session, lang = self.game.session, self.lang
        self._found = None
        if not session.state.is_over:
            return self._say(tr(lang, "review_wait"))
        if not session.humans:
            return self._say(tr(lang, "review_no_person"))
        self.output.value = html.escape(tr(lang, "review_working"))
        humans = tuple(session.humans)
        from ..players.review import review

        self._found = (tuple(review(session.state, humans[0], samples=self.samples)), humans)
        return self._show()

    def _show(self) -> str:
        assert self._found is not None
        found, humans = self._found
        return self._say("\n".join([decision_text(d, self.lang, human_seats=humans) for d in found]
                                   or [tr(self.lang, "review_none")]))

    def _say(self, text: str) -> str:
        self.output.value = "<br>".join(html.escape(line) for line in text.splitlines())
        return text


def attach_review(game: Any, samples: int = 80) -> ReviewPanel:
    """Add a `ReviewPanel` under ``game`` (a `GameWidget`) and return it."""
    panel = ReviewPanel(game, samples=samples)
    game.children = (*game.children, panel)
    game.review_panel = panel
    return panel
