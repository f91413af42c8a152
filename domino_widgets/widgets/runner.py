"""Automatic steps (AI moves and the moves the rules force) run in the kernel's event loop.

A widget that mixes in `AutoSteps` has a ``session`` with ``next_step()``, ``busy``,
``_say(note)``, ``ai_view_and_rng(seat)``, ``apply(action)`` and ``advance()``, plus
``refresh()``, ``delay`` (seconds per step) and ``_generation``. Each step shows why clicks must
wait (``busy``), lets the AI think in a worker thread (so the kernel keeps answering messages
while it thinks), waits out the delay, and applies the move only if nothing else changed the
position meanwhile. Without a running event loop (a script, a test) the steps are played at once.

An AI player that refuses a position (a `DominoError`) stops the steps with a message saying so;
the next click (another level, New game, Undo) tries again. Any other exception is a bug: it is
shown too, logged with its traceback, and raised again by `AutoSteps.idle`, never swallowed.
A run plays at most `MAX_STEPS` steps, so a hand that could never end cannot spin forever.
"""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..core.actions import ActionKind
from ..core.errors import DominoError, IllegalPlayError
from .notes import Note

#: The most automatic steps one run plays (far more than any hand has) before it stops.
MAX_STEPS = 5000

_log = logging.getLogger(__name__)

#: One worker thread for every widget's AI (and hints): moves are thought one at a time.
EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="domino-ai")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (the kernel's, in Jupyter), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_TILE = re.compile(r"\d{1,2}\s*[-|:/]\s*\d{1,2}")


def safe_error(exc: BaseException) -> str:
    """What went wrong in a player, for the message a student reads: the error's text only when it
    names no tile (a player's error may quote the hand it holds: then its kind alone), bounded.

    >>> safe_error(ValueError("no move fits")), safe_error(KeyError("seat 1 holding 3-4 2-5"))
    ('ValueError: no move fits', 'KeyError')
    """
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - an error whose text itself fails: its kind says enough
        text = ""
    kind = type(exc).__name__ if not isinstance(exc, DominoError) else ""
    if not text or _TILE.search(text) or len(text) > 200:
        return kind or type(exc).__name__
    return f"{kind}: {text}" if kind else text


def _player_name(player: Any) -> str:
    """A player's name for messages (a teacher's own player: its ``name`` or its class), bounded."""
    name = getattr(player, "name", None)
    text = name if isinstance(name, str) and name else type(player).__name__
    return text[:40]


class AutoSteps:
    """Mixin: play the session's automatic steps, one by one, without blocking the kernel."""

    session: Any
    delay: float
    _generation: int
    _task: asyncio.Task[None] | None = None
    failure: BaseException | None = None  # the last exception of an automatic step (a bug unless a DominoError)

    def refresh(self) -> None:  # pragma: no cover - provided by the widget
        raise NotImplementedError

    def _kick(self) -> None:
        """Start the automatic steps (AI moves, forced moves) if any are due."""
        if self._task is not None and not self._task.done():
            return
        if self.session.next_step() is None:
            return
        loop = running_loop()
        if loop is None:
            self._run_now()
        else:
            self._task = loop.create_task(self._run_steps())

    def _run_now(self) -> None:
        """Without an event loop: play the due steps at once (until a person must act)."""
        try:
            self.session.advance(MAX_STEPS)
        except DominoError as exc:  # an AI player that refuses this position says so
            self._failed(exc)
        self.refresh()

    def _failed(self, exc: BaseException, seat: int | None = None) -> None:
        """Show that an automatic step failed (and why); the steps stop until the next click."""
        self.failure = exc
        s = self.session
        s.busy = None
        if seat is None:
            turn = s.state.current_player
            seat = turn if isinstance(turn, int) else 0
        player = _player_name(getattr(s, "_players", {}).get(seat))
        if isinstance(exc, IllegalPlayError):  # the move it chose: it may name a tile of its hidden hand
            s._say(Note.of("ai_illegal", who=seat, player=player))
        else:
            s._say(Note.of("ai_failed", who=seat, player=player, error=safe_error(exc)))

    async def _run_steps(self) -> None:
        try:
            await self._play_steps()
        except asyncio.CancelledError:
            raise
        except DominoError as exc:
            self._failed(exc)
            self.refresh()
        except Exception as exc:  # a bug: shown and logged here (a task's error is otherwise unseen), raised by idle()
            _log.exception("an automatic step of %r failed", self)
            self._failed(exc)
            self.refresh()

    async def _play_steps(self) -> None:
        loop = asyncio.get_running_loop()
        s = self.session
        drew: int | None = None  # the seat whose draw was the last step: its turn goes on unpaced
        self.failure = None
        for _ in range(MAX_STEPS):
            step = s.next_step()
            if step is None:
                break
            generation = self._generation
            started = loop.time()
            s.busy = step.note if step.kind == "auto" and step.note else Note.of("busy", who=step.seat)
            if step.kind == "auto" and step.note is not None:
                s._say(step.note)
            self.refresh()
            try:
                if step.kind == "ai":
                    player, view, rng = s.ai_view_and_rng(step.seat)
                    action = await loop.run_in_executor(EXECUTOR, player.choose, view, rng)
                else:
                    action = step.action
                wait = self.delay - (loop.time() - started)
                if wait > 0 and drew != step.seat:  # paced per turn, not per tile drawn (issue 11)
                    await asyncio.sleep(wait)
            finally:
                s.busy = None
            if generation != self._generation or s.next_step() != step:
                self.refresh()
                continue  # the position changed meanwhile (new match, load): think again
            s.apply(action)
            drew = step.seat if action is not None and action.kind is ActionKind.DRAW else None
            self.refresh()

    async def idle(self) -> None:
        """Wait until no automatic step is running (for tests and scripts); a bug in a step is
        raised here."""
        while self._task is not None and not self._task.done():
            await asyncio.sleep(0.01)
        if self._task is not None:
            self._task.result()
        if self.failure is not None and not isinstance(self.failure, DominoError):
            raise self.failure

