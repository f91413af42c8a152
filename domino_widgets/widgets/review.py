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

import asyncio
import html
import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..core.errors import DominoError, check_count
from ..language import number
from .guard import PageButton
from .runner import EXECUTOR, running_loop, safe_error
if TYPE_CHECKING:  # the expert's search loads when a student first asks for a review (issue 29)
    from ..players.review import Decision

#: The review's first and largest numbers of guesses: `domino_widgets.players.review`'s SAMPLES and
#: CAP, repeated so that the board needs not load the expert's search (tests/test_review.py holds them equal)
SAMPLES, CAP = 64, 32768
from .i18n import action_text, seat_name, tr

_log = logging.getLogger(__name__)

__all__ = ["ReviewPanel", "amounts", "attach_review", "decision_text", "review_text"]


#: which sentence says a difference in each of the expert's units (`players.expert.value_kind_of`)
_SAY = {"hands": "review_better_hands", "rounds": "review_better_rounds"}


def amounts(d: Decision, lang: str) -> tuple[str, str, str]:
    """The difference and its interval as a student reads them, in ``lang``'s numbers: points,
    or (a chance, a share) in hundredths; each as computed, rounded to the nearest tenth
    (`domino_widgets.players.review.rounding`: never outward, and an end that is not zero never
    reads as zero).

    >>> from domino_widgets.core.actions import Action
    >>> from domino_widgets.players.review import Decision
    >>> d = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 7.2, "expected points margin of the hand", (),
    ...              4.1, 10.3, 256)
    >>> from dataclasses import replace
    >>> amounts(d, "en"), amounts(replace(d, loss=2.74, low=1.6, high=3.9), "cs"), amounts(replace(d, low=0.04), "el")
    (('7.2', '4.1', '10.3'), ('2,7', '1,6', '3,9'), ('7,2', '0,04', '10,3'))
    """
    from ..players.review import rounding

    scale = 1 if d.unit.startswith("expected points") else 100
    return tuple(number(scale * x, rounding(scale * x), lang) for x in (d.loss, d.low, d.high))  # type: ignore[return-value]


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
    'Move 3: Player 1 (you) played 5-5; the expert prefers 0-5 on the left end: about 7.2 points better (between 4.1 and 10.3).'
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


@dataclass
class _Job:
    """One review under way: the position it reviews (its hand's number and the people's seats),
    the flag its Cancel sets (asked by the worker between batches of guesses), and its future."""

    state: Any
    humans: tuple[int, ...]
    hand: int
    stop: threading.Event = field(default_factory=threading.Event)
    future: Any = None


class ReviewPanel(w.VBox):  # type: ignore[misc]
    """A "Review" button, a "Cancel" button and the list the review fills, for a `GameWidget`
    (``game.session``). A review belongs to one hand: it names it, and any change of the
    position shown (New hand, Undo) clears it (`sync`).

    In a kernel (a running event loop) the review runs in the widgets' worker thread (the one the
    AI and the hint think in, `runner.EXECUTOR`), so the kernel keeps answering: the panel shows
    which decision it judges, of how many, and Cancel stops it within a few guesses (`Cancelled`).
    A change of the position, the board's closing or Cancel stops it; a result that arrives for
    a position no longer shown is thrown away. Without an event loop (a script, a test) it runs
    at once."""

    def __init__(self, game: Any, *, samples: int = SAMPLES, cap: int = CAP) -> None:
        for name, value in (("samples", samples), ("cap", cap)):
            check_count(value, name, least=2)
        self.game = game
        self.samples = samples
        self.cap = cap
        self.button = PageButton(icon="search", layout=w.Layout(width="auto"))
        self.button.add_class("dw-review")
        self.cancel_button = PageButton(icon="stop", layout=w.Layout(width="auto", display="none"), disabled=True)
        self.cancel_button.add_class("dw-review-cancel")
        self.output = w.HTML()
        self.output.add_class("dw-panel")
        # the last review: its decisions, the people's seats, the hand's number and its position
        self._found: tuple[tuple[Decision, ...], tuple[int, ...], int, Any] | None = None
        self._job: _Job | None = None  # the review under way in the worker thread
        self._task: asyncio.Task[None] | None = None
        self._progress: tuple[int, int] | None = None  # the decision judged, of how many
        self.button.on_click(lambda _b: self.review())
        self.cancel_button.on_click(lambda _b: self.cancel())
        super().__init__([w.HBox([self.button, self.cancel_button]), self.output])
        self.add_class("dw-review-panel")  # board.js scrolls it into view when the review opens (issue 40)
        self.relabel()

    @property
    def lang(self) -> str:
        return str(getattr(self.game, "lang", "en"))

    @property
    def running(self) -> bool:
        """Whether a review is under way (in the worker thread)."""
        return self._job is not None

    def relabel(self) -> None:
        """The buttons, and the review shown, in the game's language (after `GameWidget.set_lang`)."""
        self.button.description = tr(self.lang, "review")
        self.button.tooltip = tr(self.lang, "review_tip")
        self.cancel_button.description = self.cancel_button.tooltip = tr(self.lang, "review_cancel")
        if self._job is not None:
            self._show_progress()
        elif self._found is not None:
            self._show()

    def sync(self) -> None:
        """Clear the review once the position shown is no longer the one reviewed (a new hand,
        an undo), and stop the one under way: a review belongs to one hand."""
        state = self.game.session.state
        if self._job is not None and self._job.state is not state:
            self._stop()
            self.output.value = ""
        if self._found is not None and self._found[3] is not state:
            self._found = None
            self.output.value = ""

    def review(self) -> str:
        """Review the hand shown for the first person at the table; returns (and shows) the text
        (in a kernel: the first progress line, the review follows in the panel)."""
        session, lang = self.game.session, self.lang
        if self._job is not None:  # one review at a time (the button is disabled meanwhile)
            return self._progress_text()
        self._found = None
        if not session.state.is_over:
            return self._say(tr(lang, "review_wait"))
        if not session.humans:
            return self._say(tr(lang, "review_no_person"))
        job = _Job(session.state, tuple(session.humans), session.hand_number)
        loop = running_loop()
        if loop is None:
            def step(done: int, total: int) -> None:  # the decision being judged: a close one takes seconds
                self._progress = (done, total)
                self._show_progress()

            self._progress = None
            self.output.value = html.escape(tr(lang, "review_working"))
            return self._done(job, self._work(job, step))
        self._job, self._progress = job, None
        self._buttons()
        self._show_progress()

        def step_later(done: int, total: int) -> None:  # in the worker: the widget is changed in the loop
            try:
                loop.call_soon_threadsafe(self._step, job, done, total)
            except RuntimeError:  # the loop is closed (the kernel stops): nobody waits for the review
                job.stop.set()

        job.future = loop.run_in_executor(EXECUTOR, self._work, job, step_later)
        self._task = loop.create_task(self._wait(job))
        return self._progress_text()

    def cancel(self) -> str | None:
        """Stop the review under way (the Cancel button); returns what the panel says, or None
        when no review runs (nothing to cancel: nothing changes)."""
        if self._job is None:
            return None
        self._stop()
        return self._say(tr(self.lang, "review_cancelled"))

    def close(self) -> None:
        """Stop the review under way (its worker stops within a few guesses), then close."""
        self._stop()
        super().close()

    # ------------------------------------------------------------------ the worker and the loop

    def _work(self, job: _Job, step: Any) -> list[Decision]:
        """The review itself (in the worker thread, or at once without an event loop)."""
        from ..players.review import review_hand

        return review_hand(job.state, job.humans[0], samples=self.samples, cap=self.cap, progress=step,
                           stop=job.stop.is_set)

    def _step(self, job: _Job, done: int, total: int) -> None:
        """A progress report of the worker, in the loop: shown if its review is still wanted."""
        if self._job is job and not job.stop.is_set():
            self._progress = (done, total)
            self._show_progress()

    async def _wait(self, job: _Job) -> None:
        from ..players.review import Cancelled

        try:
            found = await job.future
        except Cancelled:
            return
        except Exception as exc:  # a position the expert cannot judge says so; a bug is logged too
            if not isinstance(exc, DominoError):
                _log.exception("the review of %r failed", self.game)
            if self._job is job:
                self._job = None
                self._buttons()
                self._say(tr(self.lang, "unavailable", what=exc if isinstance(exc, DominoError) else safe_error(exc)))
            return
        if self._job is not job:  # cancelled, or another review started: not wanted
            return
        self._job = None
        self._buttons()
        if job.stop.is_set() or job.state is not self.game.session.state:  # another position is shown now
            self.output.value = ""
            return
        self._done(job, found)

    def _done(self, job: _Job, found: list[Decision]) -> str:
        self._found = (tuple(found), job.humans, job.hand, job.state)
        return self._show()

    def _stop(self) -> None:
        """Tell the review under way to stop and forget it (its result, if any, is thrown away)."""
        job, self._job = self._job, None
        if job is not None:
            job.stop.set()  # the worker stops within a few guesses; its task then ends by itself
        self._buttons()

    def _buttons(self) -> None:
        """Review while no review runs; Cancel (shown) while one does."""
        running = self._job is not None
        self.button.disabled = running
        self.cancel_button.disabled = not running
        self.cancel_button.layout.display = None if running else "none"

    def _progress_text(self) -> str:
        if self._progress is None:
            return tr(self.lang, "review_working")
        done, total = self._progress
        return tr(self.lang, "review_progress", done=number(done, ",", self.lang), total=number(total, ",", self.lang))

    def _show_progress(self) -> None:
        self.output.value = html.escape(self._progress_text())

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
