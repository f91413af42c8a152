"""The safety controls in a real page (issue 10): fair-play undo and the practice-mode switch,
a teacher's locked settings, and the Load box (a pasted record, a typed path, an uploaded file),
in JupyterLab and in Voila.

The notebooks deal Czech draw game seed 24 against a random computer: the computer leads and
the person must draw at once (COM-5), so the first click reveals a tile from the boneyard.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from board_driver import LAB_ROOT, check_no_hidden_tile, open_and_run, open_in, snapshot, wait_phase
from lab_servers import Server

import domino_widgets as dw
from domino_widgets.core.actions import ActionKind
from domino_widgets.widgets.session import GameSession


def twin() -> GameSession:
    """The notebooks' game, kernel-side: the same seed, the same random computer."""
    s = GameSession("draw_cz", seats=[None, "random"], seed=24, ai_seed=24)
    s.advance()
    assert s.can(ActionKind.DRAW), "seed 24 should make the person draw at once"
    return s


def wait_message(page: Any, root: str, text: str, timeout: float = 90_000) -> str:
    """Wait until the widget's message line contains ``text``; return the line."""
    page.wait_for_function(
        "([root, text]) => { const m = document.querySelector(root + ' .dw-message');"
        " return !!m && m.textContent.includes(text); }", arg=[root, text], timeout=timeout)
    return str(page.locator(f"{root} .dw-message").first.inner_text())


def hand_on_board(page: Any, root: str) -> list[str]:
    snap = snapshot(page, root)
    assert snap is not None
    return sorted(snap["hand"])


def fair_play_then_practice(page: Any, root: str, shots: Path, prefix: str) -> None:
    """Draw, try to undo under fair play (refused, the tile stays), switch to practice mode,
    undo (the tile goes back to the boneyard, and the message says undo shows hidden tiles)."""
    game = twin()
    wait_phase(page, root, 0)
    box = page.locator(f"{root} .dw-fair-play input[type=checkbox]")
    expect(box).to_be_visible()
    expect(box).to_be_checked()                               # fair play: the default against the computer
    check_no_hidden_tile(page, root, game)
    page.locator(f"{root} .dw-draw").click()
    game.choose("draw")
    drawn = str(game.state.history[-1].tile)
    wait_message(page, root, f"drew {drawn}")
    assert drawn in hand_on_board(page, root)
    page.locator(f"{root} .dw-undo").click()
    message = wait_message(page, root, "Fair play")
    assert "undo cannot go back" in message
    assert drawn in hand_on_board(page, root)                  # nothing was taken back
    page.locator(f"{root} .dw-game").first.screenshot(path=str(shots / f"{prefix}_fair_play_undo.png"))
    box.uncheck()
    wait_message(page, root, "Practice mode")
    page.locator(f"{root} .dw-undo").click()
    wait_message(page, root, "undo shows tiles that were hidden")
    assert drawn not in hand_on_board(page, root)              # practice: the draw is undone
    page.locator(f"{root} .dw-game").first.screenshot(path=str(shots / f"{prefix}_practice_undo.png"))


def locked_controls_are_hidden(page: Any, root: str, shots: Path, prefix: str) -> None:
    wait_phase(page, root, 0)
    assert page.locator(f"{root} .dw-fair-play").count() == 1
    expect(page.locator(f"{root} .dw-fair-play")).to_be_hidden()  # states waited for, never read at once
    expect(page.locator(f"{root} .dw-open-hands")).to_be_hidden()
    expect(page.locator(f"{root} .dw-hint")).to_be_visible()
    expect(page.locator(f"{root} .dw-undo")).to_be_visible()
    game = twin()
    page.locator(f"{root} .dw-draw").click()                   # and fair play holds
    game.choose("draw")
    wait_message(page, root, f"drew {game.state.history[-1].tile}")
    page.locator(f"{root} .dw-undo").click()
    wait_message(page, root, "Fair play")
    page.locator(f"{root} .dw-game").first.screenshot(path=str(shots / f"{prefix}_locked.png"))


# ---------------------------------------------------------------------- JupyterLab


def test_fair_play_undo_and_the_practice_switch_in_jupyterlab(page: object, lab: Server, screenshots: Path) -> None:
    open_and_run(page, lab, "safety_fair_play.ipynb", "fair-play")  # type: ignore[arg-type]
    fair_play_then_practice(page, LAB_ROOT, screenshots, "lab")


def test_locked_settings_are_hidden_in_jupyterlab(page: object, lab: Server, screenshots: Path) -> None:
    open_and_run(page, lab, "safety_locked.ipynb", "locked")  # type: ignore[arg-type]
    locked_controls_are_hidden(page, LAB_ROOT, screenshots, "lab")


def test_open_takes_a_record_file_from_the_persons_computer_and_reads_no_path(
        page: Any, request: Any, where: str, screenshots: Path, tmp_path: Path) -> None:
    """Open (a file chooser) is the one way in (issue 40: a box to paste into, with its Load button,
    sat beside the upload); a file whose text is a path reads nothing and changes nothing."""
    root = open_in(page, request, where, "safety_load.ipynb")   # Lab and Voila (a server: no path is read)
    wait_phase(page, root, 0)
    before = hand_on_board(page, root)
    expect(page.locator(f"{root} .dw-load")).to_have_count(0)   # no Load button, no box to paste into
    expect(page.locator(f"{root} textarea")).to_have_count(0)
    path = tmp_path / "not_a_record.json"
    path.write_text("/etc/passwd")
    with page.expect_file_chooser() as chooser:                # the person's own file dialog
        page.locator(f"{root} .dw-upload").click()
    chooser.value.set_files(str(path))
    wait_message(page, root, "Could not load")
    assert hand_on_board(page, root) == before                 # nothing was read, nothing changed
    page.locator(f"{root} .dw-game").first.screenshot(path=str(screenshots / f"{where}_load_path_refused.png"))
    other = dw.new_game("draw_cz", seed=1).play(dw.new_game("draw_cz", seed=1).legal_actions()[0])
    other = other.play(next(a for a in other.legal_actions() if a.kind is not ActionKind.PASS))
    upload = tmp_path / "my_game.json"
    upload.write_text(other.to_json())
    with page.expect_file_chooser() as chooser:
        page.locator(f"{root} .dw-upload").click()
    chooser.value.set_files(str(upload))
    wait_message(page, root, "Record loaded: 2 moves")
    assert hand_on_board(page, root) == sorted(str(t) for t in other.hand(0))
    page.locator(f"{root} .dw-game").first.screenshot(path=str(screenshots / f"{where}_load_uploaded.png"))


# ---------------------------------------------------------------------- Voila


def test_fair_play_undo_and_the_practice_switch_in_voila(page: Any, voila: Server, screenshots: Path) -> None:
    page.goto(f"{voila.url}/voila/render/safety_fair_play.ipynb")
    page.wait_for_selector(".dw-board svg", timeout=90_000)
    fair_play_then_practice(page, "body", screenshots, "voila")


def test_locked_settings_are_hidden_in_voila(page: Any, voila: Server, screenshots: Path) -> None:
    page.goto(f"{voila.url}/voila/render/safety_locked.ipynb")
    page.wait_for_selector(".dw-board svg", timeout=90_000)
    locked_controls_are_hidden(page, "body", screenshots, "voila")
