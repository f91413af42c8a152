"""The same game in Voila (the notebook as an app, no code shown): a whole hand by clicking."""

from __future__ import annotations

from pathlib import Path

from board_driver import latencies, p95, play_hand
from lab_servers import Server

from domino_widgets.widgets.session import GameSession


def test_play_a_whole_hand_by_clicking_in_voila(page: object, voila: Server, screenshots: Path) -> None:
    page.goto(f"{voila.url}/voila/render/play_all_fives.ipynb")  # type: ignore[attr-defined]
    page.wait_for_selector(".dw-board svg", timeout=90_000)  # type: ignore[attr-defined]
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper").count() == 0  # type: ignore[attr-defined]
    game = GameSession("all_fives", seats=[None, "random"], seed=7, ai_seed=7)
    report = play_hand(page, "body", game)  # type: ignore[arg-type]
    assert game.state.is_over and report.clicks >= 4 and report.hidden_checks > 0
    assert report.first_table != report.last_table and report.first_scores != report.last_scores
    # Voila's page styles a class "spinner" with a rotation; nothing on the board may move by CSS
    assert page.evaluate(  # type: ignore[attr-defined]
        "() => [...document.querySelectorAll('.dw-board svg *')].every(n => getComputedStyle(n).animationName === 'none')")
    shot = screenshots / "voila_hand_over.png"
    page.locator(".dw-game").screenshot(path=str(shot))  # type: ignore[attr-defined]
    assert shot.stat().st_size > 10_000
    times = latencies(page)  # type: ignore[arg-type]
    print(f"\nclick -> board redrawn in Voila: n={len(times)} p95={p95(times):.0f} ms")
