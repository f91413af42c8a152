"""Every control the widgets offer, pressed in a real JupyterLab page and in Voila, each checked
for what it does (issue 11), with screenshots at 1024×768 and 1920×1080.

The app notebook (``app_controls.ipynb``) carries the line-game controls; hot-seat Show, Draw and
the automatic pass, the solitaire and the rule explorer each have a small notebook of their own.
Twenty-one's Take and Stand are pressed in ``test_lab.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from board_driver import LAB_ROOT
from board_driver import open_and_run, open_in, snapshot, wait_laid_out, wait_phase
from controls_driver import SIZES, checkbox, exercise_app, shoot, table_of, wait_text
from lab_servers import Server

import domino_widgets as dw
from domino_widgets.widgets.session import GameSession


def _voila(page: object, voila: Server, notebook: str) -> None:
    page.goto(f"{voila.url}/voila/render/{notebook}")  # type: ignore[attr-defined]
    page.wait_for_selector(".dw-board svg", timeout=90_000)  # type: ignore[attr-defined]


def test_every_control_of_the_app_in_jupyterlab(page: object, lab: Server, screenshots: Path) -> None:
    open_and_run(page, lab, "app_controls.ipynb", "app-controls")  # type: ignore[arg-type]
    heights = exercise_app(page, LAB_ROOT, screenshots, "lab")  # type: ignore[arg-type]
    print(f"\nhand tile heights in JupyterLab (px): {heights}")


def test_every_control_of_the_app_in_voila(page: object, voila: Server, screenshots: Path) -> None:
    _voila(page, voila, "app_controls.ipynb")
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper").count() == 0  # type: ignore[attr-defined]
    heights = exercise_app(page, "body", screenshots, "voila")  # type: ignore[arg-type]
    print(f"\nhand tile heights in Voila (px): {heights}")


def test_hotseat_show_hides_and_shows_the_next_hand(page: object, request: pytest.FixtureRequest, where: str,
                                                   screenshots: Path) -> None:
    scope = open_in(page, request, where, "hotseat_show.ipynb")
    twin = GameSession("block", seats=[None, None], seed=3, ai_seed=3, privacy=True)
    snap = wait_phase(page, scope, 0)  # type: ignore[arg-type]
    assert "(you)" not in page.locator(f"{scope} .dw-status").inner_text()  # type: ignore[attr-defined]
    tile, rev = snap["playable"][0], snap["rev"]
    page.locator(f"{scope} .dw-board .tile[data-tile='{tile}']").first.click()  # type: ignore[attr-defined]
    twin.click_tile(tile)
    if twin.choices:
        end = str(twin.target_ends()[0])
        page.wait_for_selector(f"{scope} .dw-board .end.target[data-end='{end}']")  # type: ignore[attr-defined]
        page.locator(f"{scope} .dw-board .end.target[data-end='{end}']").first.click()  # type: ignore[attr-defined]
        twin.click_end(end)
    nxt = twin.curtain
    assert nxt is not None
    show = page.locator(f"{scope} button.dw-show")  # type: ignore[attr-defined]
    show.wait_for(state="visible")
    expect(show).to_have_text(f"Show Player {nxt + 1}'s tiles")  # waits for the label (loaded machines: '' at first)
    # face down: no tile named (a state, waited for: the label can come before the picture)
    page.wait_for_function("(s) => !document.querySelector(s + ' .dw-board svg .tile[data-tile]:not(.layout *)')",  # type: ignore[attr-defined]
                           arg=scope)
    assert snapshot(page, scope)["hand"] == []  # type: ignore[arg-type,index]
    shoot(page, screenshots, f"{where}_hotseat_curtain")  # type: ignore[arg-type]
    # issue 37: behind the curtain the slider, moved back by the keyboard to the last person's
    # turn, shows no hand (it showed that person's tiles), and Save files none and offers no link
    handle = page.locator(f"{scope} .widget-slider .noUi-handle").first  # type: ignore[attr-defined]
    handle.focus()
    page.keyboard.press("Home")  # type: ignore[attr-defined]
    wait_text(page, f"{scope} .dw-message", r"Replay: move 0 of \d+")  # type: ignore[arg-type]
    hidden = {str(t) for t in twin.state.hand(1 - nxt)}
    assert not hidden & set(snapshot(page, scope)["hand"])  # type: ignore[arg-type,index]
    assert not hidden & set(page.locator(f"{scope} .dw-board svg .tile[data-tile]").evaluate_all(  # type: ignore[attr-defined]
        "ns => ns.map(n => n.getAttribute('data-tile'))"))
    page.locator(f"{scope} button.dw-save").click()  # type: ignore[attr-defined]
    wait_text(page, f"{scope} .dw-message", r"Could not save.*press Show")  # type: ignore[arg-type]
    expect(page.locator(f"{scope} .dw-download a")).to_have_count(0)  # type: ignore[attr-defined]
    shoot(page, screenshots, f"{where}_hotseat_curtain_replay")  # type: ignore[arg-type]
    handle.focus()
    page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]  # back to the move just made
    wait_text(page, f"{scope} .dw-message", r"^Player \d played")  # type: ignore[arg-type]
    show.click()
    twin.reveal()
    shown = twin.state.hand(nxt)
    twin.advance()          # a pass the rules force is made at once, then the curtain falls again
    if twin.curtain is None:
        snap = wait_phase(page, scope, rev)  # type: ignore[arg-type]
        assert sorted(snap["hand"]) == sorted(str(t) for t in shown)
    else:
        wait_text(page, f"{scope} .dw-message", r"passed")  # type: ignore[arg-type]
        show.wait_for(state="visible")
        expect(show).to_have_text(f"Show Player {twin.curtain + 1}'s tiles")
        assert snapshot(page, scope)["hand"] == []  # type: ignore[arg-type,index]


def test_draw_button_and_the_automatic_pass(page: object, request: pytest.FixtureRequest, where: str,
                                           screenshots: Path) -> None:
    from domino_widgets.core.actions import ActionKind

    scope = open_in(page, request, where, "draw_pass.ipynb")
    start = dw.new_game("draw_cz", hands=[["1-1", "1-2"], ["6-6", "5-6"]], boneyard=["0-0", "3-4", "2-2"], leader=1)
    twin = GameSession(start, seats=[None, "random"], seed=11, ai_seed=11)   # the notebook's seed: the same computer choices
    twin.advance()
    draw = page.locator(f"{scope} button.dw-draw")  # type: ignore[attr-defined]
    wait_phase(page, scope, 0)  # type: ignore[arg-type]
    wait_laid_out(page, scope)  # type: ignore[arg-type]  # no redraw for the width can follow the Draw click
    snap = wait_phase(page, scope, -1)  # type: ignore[arg-type]
    draws = 0
    while not twin.state.is_over and twin.can(ActionKind.DRAW):   # COM-5: nothing fits, the person draws
        expect(draw).to_be_enabled()  # the words around the board follow its picture
        rev = snap["rev"]
        draw.click()
        twin.choose("draw")
        twin.advance()
        draws += 1
        snap = wait_phase(page, scope, rev)  # type: ignore[arg-type]
        want = None if twin.state.is_over else sorted(str(t) for t in twin.state.hand(0))
        while want is not None and sorted(snap["hand"]) != want and len(snap["hand"]) < len(want):
            snap = wait_phase(page, scope, snap["rev"])  # type: ignore[arg-type]  # the drawn tile's picture
        assert table_of(snap) == str(twin.state.layout)
        if want is not None:
            assert sorted(snap["hand"]) == want
    assert draws >= 1
    expect(draw).to_be_disabled()
    said = [n.key for n in twin.notes()]
    # the board is redrawn first, the words around it follow (each label is a widget of its own)
    wait_text(page, f"{scope} .dw-game", r"Player 1 \(you\) drew")  # type: ignore[arg-type]
    assert "auto_pass" in said or "passed" in said            # seed 11: the person must pass (COM-5)
    wait_text(page, f"{scope} .dw-game", r"Player 1 \(you\) passed")  # type: ignore[arg-type]   # and it is said
    shoot(page, screenshots, f"{where}_draw_pass")  # type: ignore[arg-type]


def test_solitaire_controls(page: object, request: pytest.FixtureRequest, where: str, screenshots: Path) -> None:
    scope = open_in(page, request, where, "solitaire.ipynb")
    root = f"{scope} .dw-solitaire"
    hint = wait_text(page, f"{root} .dw-panel", r"estimate of each move")  # type: ignore[arg-type]
    assert "chance of getting through the next refill" in hint and re.search(r"\d+ %", hint)
    snap = wait_phase(page, scope, 0)  # type: ignore[arg-type]
    base = snap["playable"][0]
    page.locator(f"{root} .dw-board .tile[data-tile='{base}']").first.click()  # type: ignore[attr-defined]
    wait_text(page, f"{root} .dw-message", rf"Base {base}")  # type: ignore[arg-type]
    page.locator(f"{root} button.dw-undo").click()  # type: ignore[attr-defined]
    wait_text(page, f"{root} .dw-message", r"Back to move 0")  # type: ignore[arg-type]
    page.locator(f"{root} button.dw-redo").click()  # type: ignore[attr-defined]
    wait_text(page, f"{root} .dw-message", r"Forward to move 1")  # type: ignore[arg-type]
    checkbox(page, root, "Hint").uncheck()  # type: ignore[arg-type]
    expect(page.locator(f"{root} .dw-panel")).not_to_contain_text("estimate")  # type: ignore[attr-defined]
    page.locator(f"{root} button.dw-new-hand").click()  # type: ignore[attr-defined]
    wait_text(page, f"{root} .dw-message", r"Game 2")  # type: ignore[arg-type]
    page.set_viewport_size({"width": 1024, "height": 768})  # type: ignore[attr-defined]
    shoot(page, screenshots, f"{where}_solitaire_1024x768")  # type: ignore[arg-type]


def test_rule_explorer_inputs_and_layout(page: object, request: pytest.FixtureRequest, where: str,
                                        screenshots: Path) -> None:
    scope = open_in(page, request, where, "explorer.ipynb")
    root = f"{scope} .dw-explorer"
    for name, (wd, ht) in SIZES.items():
        page.set_viewport_size({"width": wd, "height": ht})  # type: ignore[attr-defined]
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        layout = page.evaluate(  # type: ignore[attr-defined]
            """(root) => {
              const el = document.querySelector(root);
              const right = el.getBoundingClientRect().right;
              const labels = [...el.querySelectorAll('.widget-label')].map(n => (
                {text: n.textContent, clipped: n.scrollWidth > n.clientWidth + 1}));
              const boxes = [...el.querySelectorAll('input[type=text], textarea')].map(n => n.getBoundingClientRect().right);
              const leader = [...el.querySelectorAll('.widget-dropdown')].find(n => n.textContent.includes('Leader'));
              const sel = leader && leader.querySelector('select');
              return {right, labels, boxes, leader: !!leader,
                      shown: sel ? sel.options[sel.selectedIndex].text : null};
            }""", root)
        assert not [x for x in layout["labels"] if x["clipped"]], layout["labels"]   # "Boneyard", "Moves" whole
        assert all(r <= layout["right"] + 1 for r in layout["boxes"]), layout        # no box past the edge
        assert layout["leader"] and layout["shown"], layout                          # a label, and not blank
        shoot(page, screenshots, f"{where}_explorer_{name}")  # type: ignore[arg-type]
    # the inputs: type a position, set it up, play a listed move
    rev = f"() => Number(document.querySelector('{root} .dw-board').dataset.rev)"
    before = page.evaluate(rev)  # type: ignore[attr-defined]
    hands = page.locator(f"{root} input[type=text]")  # type: ignore[attr-defined]
    hands.nth(0).fill("5-5 0-5")
    hands.nth(1).fill("1-4 2-6")
    hands.nth(1).press("Tab")
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    page.locator(f"{root} button", has_text="Set up").click()  # type: ignore[attr-defined]
    page.wait_for_function(f"() => ({rev})() > {before}")  # type: ignore[attr-defined]   # the new position
    wait_text(page, f"{root} .dw-message", r"Position set up: 1 legal move")  # type: ignore[arg-type]
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    page.locator(f"{root} button.dw-move").first.click()  # type: ignore[attr-defined]
    wait_text(page, f"{root} .dw-message", r"10 → \+10 \(A5-4\)")  # type: ignore[arg-type]
    moves = page.locator(f"{root} textarea").input_value()  # type: ignore[attr-defined]
    assert moves.strip() == "5-5"


def test_review_shows_its_progress_cancel_stops_it_and_review_again_runs_to_its_end(
        page: object, request: pytest.FixtureRequest, where: str, screenshots: Path) -> None:
    """Issue 39: the review runs off the kernel's event loop. The notebook's first review would take
    hours: the panel shows which decision it judges, Cancel stops it, and Review again (with the
    usual numbers of guesses) runs to its end."""
    scope = open_in(page, request, where, "review_cancel.ipynb")
    root = f"{scope} .dw-review-panel"
    review = page.locator(f"{root} button.dw-review")  # type: ignore[attr-defined]
    cancel = page.locator(f"{root} button.dw-review-cancel")  # type: ignore[attr-defined]
    expect(review).to_be_enabled()
    expect(cancel).to_be_hidden()
    review.click()
    wait_text(page, f"{root} .dw-panel", r"Reviewing the hand… decision 1 of 2")  # type: ignore[arg-type]
    expect(cancel).to_be_visible()
    expect(review).to_be_disabled()
    page.locator(f"{root} .dw-panel").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    shoot(page, screenshots, f"{where}_review_progress")  # type: ignore[arg-type]
    cancel.click()
    wait_text(page, f"{root} .dw-panel", r"^Review cancelled: press Review to start it again\.$")  # type: ignore[arg-type]
    expect(cancel).to_be_hidden()
    expect(review).to_be_enabled()
    review.click()
    text = wait_text(page, f"{root} .dw-panel", r"^Review of hand 1\n", timeout=120)  # type: ignore[arg-type]
    assert "You had a real choice 2 times:" in text and "cancelled" not in text
    expect(cancel).to_be_hidden()
    page.locator(f"{root} .dw-panel").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    shoot(page, screenshots, f"{where}_review_done")  # type: ignore[arg-type]
