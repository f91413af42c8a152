"""The "Review" button of the game widget: after a hand, what the review measured (how many of
the person's decisions, how many the expert's play is clearly better in, how many too close to
call) and each decision where the expert's play is clearly better, with how much and its
interval (`domino_widgets.players.review`), in the widget's language (its words are messages of the catalog, `domino_widgets.widgets.i18n`).

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

from ..core.errors import check_count
from ..language import number
if TYPE_CHECKING:  # the expert's search loads when a student first asks for a review (issue 29)
    from ..players.review import Decision

#: The review's first and largest numbers of guesses: `domino_widgets.players.review`'s SAMPLES and
#: CAP, repeated so that the board needs not load the expert's search (tests/test_review.py holds them equal)
SAMPLES, CAP = 64, 32768
from .i18n import action_text, seat_name, tr

__all__ = ["ReviewPanel", "amounts", "attach_review", "decision_text", "review_text"]


#: which sentence says a difference in each of the expert's units (`players.expert.value_kind_of`)
_SAY = {"hands": "review_better_hands", "rounds": "review_better_rounds"}


def amounts(d: Decision, lang: str) -> tuple[str, str, str]:
    """The difference and its interval as a student reads them, in ``lang``'s numbers: points,
    or (a chance, a share) in hundredths; whole numbers from 5 on, else one decimal.

    >>> from domino_widgets.core.actions import Action
    >>> from domino_widgets.players.review import Decision
    >>> d = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 7.2, "expected points margin of the hand", (),
    ...              4.1, 10.3, 256)
    >>> from dataclasses import replace
    >>> amounts(d, "en"), amounts(replace(d, loss=1.25, low=0.5, high=2.0), "cs")
    (('7', '4', '10'), ('1,2', '0,5', '2,0'))
    """
    scale = 1 if d.unit.startswith("expected points") else 100
    values = [scale * x for x in (d.loss, d.low, d.high)]
    spec = ".0f" if values[0] >= 5 else ".1f"
    return tuple(number(v, spec, lang) for v in values)  # type: ignore[return-value]


def decision_text(d: Decision, lang: str, *, human_seats: tuple[int, ...]) -> str:
    """A decision where the expert's play is clearly better, in words of ``lang``: the move, who
    played what, what the expert prefers and how much better it is, with its interval (the
    unit of the expert's values is explained in the documentation, not here).

    >>> from domino_widgets.core.actions import Action
    >>> from domino_widgets.players.review import Decision
    >>> d = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 7.2,
    ...              "expected points margin of the hand (winning the match counts target points more)", (),
    ...              4.1, 10.3, 256)
    >>> decision_text(d, "en", human_seats=(0,))
    'Move 3: Player 1 (you) played 5-5; the expert prefers 0-5 on the left end: about 7 points better (between 4 and 10).'
    """
    amount, low, high = amounts(d, lang)
    who = seat_name(d.seat, lang, human=d.seat in human_seats, people=len(human_seats))
    kind = "hands" if d.unit.startswith("chance") else "rounds" if "pot" in d.unit else "points"
    return tr(lang, _SAY.get(kind, "review_better_points"), move=d.move, who=who, played=action_text(d.played, lang),
              best=action_text(d.best, lang), amount=amount, low=low, high=high)


def review_text(found: list[Decision] | tuple[Decision, ...], hand: int, lang: str, *,
                human_seats: tuple[int, ...]) -> str:
    """The review of hand ``hand`` in words: which hand, what was measured in a sentence (how many
    times the person had a real choice, in how many of them the expert's play is clearly better,
    too close to call, or the person's about as good), then each decision the expert's play is
    clearly better in.

    >>> review_text([], 2, "en", human_seats=(0,)).splitlines()
    ['Review of hand 2', 'You had no real choice in this hand: each of your turns had one play only.']
    """
    if not found:
        return "\n".join([tr(lang, "review_of", n=hand), tr(lang, "review_no_choice")])
    better = [d for d in found if d.flagged]
    close = sum(d.verdict == "close" for d in found)
    agree = sum(d.verdict == "agree" for d in found)
    lines = [tr(lang, "review_of", n=hand),
             tr(lang, "review_counts", n=len(found), better=len(better), close=close, agree=agree)]
    lines += [decision_text(d, lang, human_seats=human_seats) for d in better] or [tr(lang, "review_none")]
    return "\n".join(lines)


class ReviewPanel(w.VBox):  # type: ignore[misc]
    """A "Review" button and the list it fills, for a `GameWidget` (``game.session``). A review
    belongs to one hand: it names it, and any change of the position shown (New hand, Undo)
    clears it (`sync`)."""

    def __init__(self, game: Any, *, samples: int = SAMPLES, cap: int = CAP) -> None:
        for name, value in (("samples", samples), ("cap", cap)):
            check_count(value, name, least=2)
        self.game = game
        self.samples = samples
        self.cap = cap
        self.button = w.Button(icon="search", layout=w.Layout(width="auto"))
        self.button.add_class("dw-review")
        self.output = w.HTML()
        self.output.add_class("dw-panel")
        # the last review: its decisions, the people's seats, the hand's number and its position
        self._found: tuple[tuple[Decision, ...], tuple[int, ...], int, Any] | None = None
        self.button.on_click(lambda _b: self.review())
        super().__init__([self.button, self.output])
        self.add_class("dw-review-panel")  # board.js scrolls it into view when the review opens (issue 40)
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

    def sync(self) -> None:
        """Clear the review once the position shown is no longer the one reviewed (a new hand,
        an undo): a review belongs to one hand."""
        if self._found is not None and self._found[3] is not self.game.session.state:
            self._found = None
            self.output.value = ""

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
        from ..players.review import review_hand

        def step(done: int, total: int) -> None:  # the decision being judged: a close one takes seconds
            self.output.value = html.escape(tr(lang, "review_progress", done=done, total=total))

        found = review_hand(session.state, humans[0], samples=self.samples, cap=self.cap, progress=step)
        self._found = (tuple(found), humans, session.hand_number, session.state)
        return self._show()

    def _show(self) -> str:
        assert self._found is not None
        found, humans, hand, _ = self._found
        return self._say(review_text(found, hand, self.lang, human_seats=humans))

    def _say(self, text: str) -> str:
        self.output.value = "<br>".join(html.escape(line) for line in text.splitlines())
        return text


def attach_review(game: Any, samples: int = SAMPLES) -> ReviewPanel:
    """Add a `ReviewPanel` under ``game`` (a `GameWidget`) and return it."""
    panel = ReviewPanel(game, samples=samples)
    game.children = (*game.children, panel)
    game.review_panel = panel
    return panel
