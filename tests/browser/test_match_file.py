"""Saving the whole match as a file the browser downloads at the press of Save (one step, issue 40),
and loading it back through Open (issue 26), in JupyterLab and in Voila (and, through `save_mid_hand_and_load_back`, in
the JupyterLite site: tests/lite/test_lite_board.py).

The notebook deals Czech draw game seed 24 against a random computer: the computer leads and the
person must draw at once (COM-5), so after one click the hand is in the middle, with hidden tiles.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from board_driver import hidden_tiles, mentions, open_in, snapshot, wait_phase
from test_safety_controls import hand_on_board, twin, wait_message


def download_file(page: Any, save: Any, folder: Path, game: Any) -> tuple[Path, dict[str, Any]]:
    """Press ``save`` (the Save button): the browser downloads the file at once, with no link to
    press after it (issue 40); the file it saved and its record, which names no tile hidden from
    the viewer of ``game``. The link the page clicked for it is never shown."""
    with page.expect_download() as download:
        save.click()
    saved = folder / download.value.suggested_filename
    download.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    leaked = [str(t) for t in hidden_tiles(game) if mentions(text, t)]
    assert not leaked, f"hidden tiles in the saved file: {leaked}"
    return saved, json.loads(text)


def save_mid_hand_and_load_back(page: Any, root: str, folder: Path, screenshots: Path, where: str,
                                fresh: Callable[[], None] | None = None) -> dict[str, Any]:
    """In the notebook ``safety_load.ipynb`` (opened, at the person's first turn): draw a tile, Save,
    keep the file the browser downloads, then ``fresh()`` (by default New match: another deal in
    the same widget), upload the file, and check the same hand and the same status line (scores).
    Shared by JupyterLab, Voila and the JupyterLite site (tests/lite); returns the saved record."""
    wait_phase(page, root, 0)
    game = twin()
    page.locator(f"{root} .dw-draw").click()                   # mid-hand: a tile drawn, others hidden
    game.choose("draw")
    drawn = str(game.state.history[-1].tile)
    wait_message(page, root, f"drew {drawn}")
    hand = hand_on_board(page, root)
    assert drawn in hand
    status = page.locator(f"{root} .dw-status").first.inner_text()
    saved, rec = download_file(page, page.locator(f"{root} .dw-save").first, folder, game)  # one press
    wait_message(page, root, f"downloads the file {saved.name}")
    wait_message(page, root, "leaves out the tiles you cannot see")
    expect(page.locator(f"{root} .dw-download a").first).to_be_hidden()
    assert saved.name == "domino-draw_cz-hand-1-move-2.json"
    assert rec["format"] == "domino_widgets/match" and rec["current"]["viewer"] == 0
    assert sorted(rec["current"]["hand"]) == hand
    page.locator(f"{root} .dw-game").first.screenshot(path=str(screenshots / f"{where}_match_saved.png"))

    if fresh is None:
        before = (snapshot(page, root) or {}).get("rev", 0)
        page.locator(f"{root} button.dw-new-match").click()    # another deal: the board changes
        # its own picture, at the person's turn (a message such as "Hand 1" may be replaced by the
        # computer's first move before a loaded page reads it)
        wait_phase(page, root, before)
    else:
        fresh()
    with page.expect_file_chooser() as chooser:
        page.locator(f"{root} .dw-upload").click()
    chooser.value.set_files(str(saved))
    message = wait_message(page, root, "Match loaded")
    assert "dealt afresh" in message
    # Open says what it does, not how many files ipywidgets holds ("(0)", "(1)")
    expect(page.locator(f"{root} .dw-upload").first).to_have_text("Open record")
    assert hand_on_board(page, root) == hand                   # the same hand, the same scores
    assert page.locator(f"{root} .dw-status").first.inner_text() == status
    page.locator(f"{root} .dw-game").first.screenshot(path=str(screenshots / f"{where}_match_loaded.png"))
    return rec


def test_save_downloads_the_match_and_the_upload_brings_it_back(
        page: Any, request: Any, where: str, screenshots: Path, tmp_path: Path) -> None:
    root = open_in(page, request, where, "safety_load.ipynb")
    save_mid_hand_and_load_back(page, root, tmp_path, screenshots, where)


def test_twentyone_saves_mid_game_as_a_file_and_the_upload_brings_it_back(
        page: Any, request: Any, where: str, tmp_path: Path) -> None:
    """Twenty-one (issue 26): Save at the person's first turn downloads a file with their two tiles
    and not the other seat's or the stock's; after a take, the upload brings the saved position back."""
    from domino_widgets.widgets.twentyone import TwentyOneSession

    root = open_in(page, request, where, "play_twentyone.ipynb")
    game = TwentyOneSession(seats=[None, "optimal"], seed=5, ai_seed=5)  # the notebook's game, kernel-side
    game.advance()
    snap = wait_phase(page, root, 0)
    hand = sorted(snap["hand"])
    assert hand == sorted(str(t) for t in game.state.hand(0))
    saved, rec = download_file(page, page.locator(f"{root} .dw-save").first, tmp_path, game)
    wait_message(page, root, f"downloads the file {saved.name}")
    assert saved.name == f"domino-twentyone-move-{len(game.state.history)}.json"
    assert rec["variant"] == "twentyone" and rec["current"]["viewer"] == 0
    assert sorted(rec["current"]["dealt"]) == hand

    rev = snap["rev"]
    page.locator(f"{root} .dw-take").click()                    # the position moves on: three tiles
    snap = wait_phase(page, root, rev)
    assert len(snap["hand"]) == 3 or snap["phase"] == "over"
    with page.expect_file_chooser() as chooser:
        page.locator(f"{root} .dw-upload").click()
    chooser.value.set_files(str(saved))
    message = wait_message(page, root, "dealt afresh")
    assert "loaded" in message.lower()
    snap = wait_phase(page, root, snap["rev"])
    assert sorted(snap["hand"]) == hand                        # the saved position: the two dealt tiles
