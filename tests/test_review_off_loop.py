"""The review runs off the kernel's event loop (issue 39): in the widgets' worker thread, with
the decision it judges shown in the panel, a Cancel button that stops it within a few guesses,
and the board usable meanwhile (Undo and New hand stop it; a result for a position no longer
shown is never applied). Closing the board stops it too, and a click the page could not have
made (Cancel with no review, Review during one) is refused before any handler runs."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from domino_widgets.players.review import Cancelled
from domino_widgets.widgets.guard import clicked
from domino_widgets.widgets.runner import EXECUTOR
from test_review import finished  # the same finished hand as the review's own tests

#: Seconds a Cancel (or a close) may take to stop the worker: a few guesses, with room for a loaded machine.
BOUND = 3.0


async def until(check: Any, timeout: float = 60.0) -> None:
    """Wait (answering the loop) until ``check()`` holds."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


async def stopped(job: Any) -> float:
    """How long the worker of ``job`` takes to stop after it was told to (it ends with `Cancelled`)."""
    started = time.monotonic()
    try:
        await asyncio.wait_for(asyncio.shield(job.future), BOUND)
    except Cancelled:
        pass
    else:
        raise AssertionError("the review was not stopped")
    return time.monotonic() - started


def test_the_loop_answers_and_the_progress_advances_while_the_review_runs() -> None:
    g = finished()
    panel = g.review_panel
    panel.samples, panel.cap = 64, 256
    seen: list[str] = []
    panel.output.observe(lambda change: seen.append(change["new"]), "value")

    async def main() -> None:
        loop = asyncio.get_running_loop()
        first = panel.review()
        assert first.startswith("Reviewing the hand…") and panel.running
        assert panel.cancel_button.layout.display is None and not panel.cancel_button.disabled
        assert panel.button.disabled
        lags = []
        while panel.running:  # the loop turns while the worker judges
            t = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - t)
            assert (g.key("c") or "").startswith("Scores: ")  # a message of the page, answered meanwhile
        # the loop turned while the worker judged (a review run on the loop would have ended before
        # the first turn), and never waited long; how many turns depends on the machine's speed
        assert lags and max(lags) < 1.0, (len(lags), max(lags))

    asyncio.run(main())
    progress = [v for v in seen if "decision" in v]
    total = int(progress[-1].rsplit(" ", 1)[1])
    assert total >= 2 and progress == [f"Reviewing the hand… decision {i} of {total}" for i in range(1, total + 1)]
    assert seen[-1].startswith(f"Review of hand 1<br>You had a real choice {total} time")  # the count of h40t
    assert panel.cancel_button.layout.display == "none" and not panel.button.disabled
    g.close()


def test_cancel_stops_the_review_promptly_and_review_again_runs_to_its_end() -> None:
    g = finished("cs")
    panel = g.review_panel

    async def main() -> None:
        panel.samples, panel.cap = 1 << 20, 1 << 20  # the first decision alone would take many minutes
        panel.review()
        job = panel._job
        await until(lambda: "rozhodnutí 1 (celkem" in panel.output.value)
        assert clicked(panel.cancel_button)  # as the page sends it
        assert panel.output.value == "Rozbor zrušen: tlačítkem Rozbor ho spustíte znovu."
        assert not panel.running and panel.cancel_button.layout.display == "none"
        assert await stopped(job) < BOUND
        panel.samples, panel.cap = 64, 128
        assert clicked(panel.button)
        await until(lambda: not panel.running)
        assert panel.output.value.startswith("Rozbor hry 1<br>")

    asyncio.run(main())
    g.close()


def test_undo_and_new_hand_stop_the_review_and_its_result_is_never_applied() -> None:
    g = finished()
    panel = g.review_panel

    async def main() -> None:
        for press in ("undo", "new_hand"):
            panel.samples, panel.cap = 1 << 20, 1 << 20
            panel.review()
            job = panel._job
            await until(lambda: "decision 1 of" in panel.output.value)
            g.press(press)  # the board answers while the review runs ...
            assert not panel.running and panel.output.value == "" and panel._found is None
            assert await stopped(job) < BOUND  # ... and the review stops, its result unused
            await asyncio.sleep(0.05)
            assert panel.output.value == "" and panel._found is None
            if press == "undo":
                g.press("redo")
                assert g.session.state.is_over
        await g.idle()

    asyncio.run(main())
    assert g.session.hand_number == 2
    g.close()


def test_a_result_that_arrives_for_another_position_is_thrown_away() -> None:
    g = finished()
    panel = g.review_panel
    panel.samples, panel.cap = 8, 16

    async def main() -> None:
        panel.review()
        job = panel._job
        ended = job.state
        g.session.undo()  # the position changes without a redraw (no sync): the result must still not be shown
        await asyncio.wait_for(asyncio.shield(job.future), 60)
        await asyncio.sleep(0.05)
        assert panel._found is None and not panel.output.value.startswith("Review of")
        assert ended.is_over and not panel.running and not panel.button.disabled

    asyncio.run(main())
    g.close()


def test_closing_the_board_during_a_review_stops_its_worker() -> None:
    g = finished()
    panel = g.review_panel

    async def main() -> None:
        panel.samples, panel.cap = 1 << 20, 1 << 20
        panel.review()
        job = panel._job
        await until(lambda: "decision 1 of" in panel.output.value)
        g.close()
        assert job.stop.is_set()
        assert await stopped(job) < BOUND
        loop = asyncio.get_running_loop()
        started = time.monotonic()  # the worker thread is free: the next job (an AI move, a hint) runs at once
        await asyncio.wait_for(loop.run_in_executor(EXECUTOR, lambda: None), BOUND)
        assert time.monotonic() - started < BOUND

    asyncio.run(main())


def test_a_click_the_page_could_not_have_made_is_refused_before_any_handler_runs() -> None:
    g = finished()
    panel = g.review_panel
    calls: list[str] = []
    panel.cancel_button.on_click(lambda _b: calls.append("cancel"))
    panel.button.on_click(lambda _b: calls.append("review"))

    async def main() -> None:
        assert not clicked(panel.cancel_button) and calls == [] and panel.output.value == ""  # hidden, disabled
        panel.samples, panel.cap = 1 << 20, 1 << 20
        assert clicked(panel.button) and calls == ["review"]
        job = panel._job
        assert not clicked(panel.button) and calls == ["review"] and panel._job is job  # disabled while it runs
        panel.cancel_button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "hover"}}},
                                         "buffers": []})
        assert panel._job is job and calls == ["review"]
        assert clicked(panel.cancel_button) and calls == ["review", "cancel"]
        await stopped(job)
        assert panel.cancel() is None  # nothing runs: nothing to cancel, nothing changes

    asyncio.run(main())
    g.close()


def test_a_review_that_fails_says_so_and_frees_the_buttons(monkeypatch: Any, caplog: Any) -> None:
    import domino_widgets.players.review as R

    def broken(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("a bug")

    g = finished()
    panel = g.review_panel
    monkeypatch.setattr(R, "review_hand", broken)

    async def main() -> None:
        panel.review()
        await until(lambda: not panel.running)

    asyncio.run(main())
    assert panel.output.value == "Not available yet: RuntimeError: a bug"
    assert not panel.button.disabled and panel.cancel_button.layout.display == "none"
    assert "the review of" in caplog.text  # a bug is logged with its traceback, never swallowed
    g.close()
