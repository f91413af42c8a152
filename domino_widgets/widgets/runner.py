"""Automatic steps (AI moves and the moves the rules force) run in the kernel's event loop.

A widget that mixes in `AutoSteps` has a ``session`` with ``next_step()``, ``busy``,
``_say(note)``, ``ai_view_and_rng(seat)``, ``apply(action)`` and ``advance()``, plus
``refresh()``, ``delay`` (seconds per step) and ``_generation``. Each step shows why clicks must
wait (``busy``), lets the AI think in a worker thread (so the kernel keeps answering messages
while it thinks), waits out the delay, and applies the move only if nothing else changed the
position meanwhile. Without a running event loop (a script, a test) the steps are played at once.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..core.actions import ActionKind
from .session import Note

#: One worker thread for every widget's AI (and hints): moves are thought one at a time.
EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="domino-ai")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (the kernel's, in Jupyter), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class AutoSteps:
    """Mixin: play the session's automatic steps, one by one, without blocking the kernel."""

    session: Any
    delay: float
    _generation: int
    _task: asyncio.Task[None] | None = None

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
        self.session.advance()
        self.refresh()

    async def _run_steps(self) -> None:
        loop = asyncio.get_running_loop()
        s = self.session
        drew: int | None = None  # the seat whose draw was the last step: its turn goes on unpaced
        while True:
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
        """Wait until no automatic step is running (for tests and scripts)."""
        while self._task is not None and not self._task.done():
            await asyncio.sleep(0.01)
        if self._task is not None:
            self._task.result()

