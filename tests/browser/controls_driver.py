"""Press every control of the widgets in a real page and check what each one does (issue 11).

Shared by the JupyterLab and the Voila tests: ``root`` is the CSS scope of the page's output
(Lab's visible notebook panel, or Voila's ``body``). The checks compare the page with a
kernel-side twin where the game's course matters, and read the page's own words otherwise.
Screenshots go to the ``screenshots`` folder at 1024×768 and 1920×1080.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from board_driver import STATE_BOUND, snapshot, wait_laid_out, wait_phase
from playwright.sync_api import expect

from domino_widgets.widgets.session import GameSession

if TYPE_CHECKING:
    from playwright.sync_api import Page

SIZES = {"1024x768": (1024, 768), "1920x1080": (1920, 1080)}

# the size of the viewer's own hand tiles (not the table's), and where the board's picture ends
HAND_TILES_JS = """(root) => {
  const board = document.querySelector(root + ' .dw-board svg');
  if (!board) return null;
  const tiles = [...board.querySelectorAll('.tile[data-tile]')].filter(n => !n.closest('.layout'))
    .map(n => n.getBoundingClientRect());
  const b = board.getBoundingClientRect();
  return {heights: tiles.map(r => Math.min(r.height, r.width) > 0 ? Math.max(r.height, r.width) : 0),
          bottoms: tiles.map(r => r.bottom), board_top: b.top, board_bottom: b.bottom,
          board_width: b.width, inner_height: window.innerHeight, scroll_y: window.scrollY};
}"""


def on_table(snap: dict[str, Any], tile: str) -> bool:
    """Whether ``tile`` ("4-5") lies on the table of ``snap`` (either way round)."""
    a, b = tile.split("-")
    laid = re.split(r"[\s|]+", table_of(snap))
    return f"{a}-{b}" in laid or f"{b}-{a}" in laid


def _laid(page: Page, root: str, tile: str, bound: float = 30.0) -> bool:
    """Whether ``tile`` is on the table within ``bound`` seconds. A state that stays true for the
    rest of the hand: the hand's size is not one, since the computer's reply and a turn that draws
    by itself can refill the hand before the page is read (CI at 1585857: played, drew, 7 again)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        snap = snapshot(page, root)
        if snap and on_table(snap, tile):
            return True
        page.wait_for_timeout(50)
    return False


def wait_text(page: Page, selector: str, pattern: str, timeout: float = STATE_BOUND) -> str:
    """Wait until the text of the first ``selector`` matches ``pattern`` (a regular expression)."""
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        loc = page.locator(selector)
        if loc.count():
            text = loc.first.inner_text()
            if re.search(pattern, text):
                return text
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} never matched {pattern!r}; last text: {text[:500]!r}")


def checkbox(page: Page, root: str, label: str) -> Any:
    return page.locator(f"{root} .widget-checkbox", has_text=label).first.locator("input")


def table_of(snap: dict[str, Any]) -> str:
    return str(snap["table"]).split(":", 1)[-1].strip()


def shoot(page: Page, shots: Path, name: str) -> Path:
    path = shots / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    assert path.stat().st_size > 5_000
    return path


def click_first_playable(page: Page, root: str, twin: GameSession) -> dict[str, Any]:
    """Play the twin's first playable tile by clicking (and its first end if asked)."""
    snap = wait_phase(page, root, 0)
    tile, rev = snap["playable"][0], snap["rev"]
    page.locator(f"{root} .dw-board .tile[data-tile='{tile}']").first.click()
    twin.click_tile(tile)
    if twin.choices:
        end = str(twin.target_ends()[0])
        deadline = time.monotonic() + STATE_BOUND
        while time.monotonic() < deadline:
            snap = snapshot(page, root) or snap
            if snap["rev"] > rev and snap["targets"]:
                break
            page.wait_for_timeout(25)
        rev = snap["rev"]
        page.locator(f"{root} .dw-board .end.target[data-end='{end}']").first.click()
        twin.click_end(end)
    twin.advance()
    snap = wait_phase(page, root, rev)
    assert table_of(snap) == str(twin.state.layout), (snap, twin.state.layout)
    return snap


def exercise_app(page: Page, root: str, shots: Path, prefix: str) -> dict[str, float]:
    """Every control of the app notebook (``app_controls.ipynb``): Hint, Counting, a move, Undo,
    Redo, the replay slider, Open hands, Save, Load, the level, the size, the language, New
    hand / New match, and the game menu with its question. Returns measured hand-tile heights."""
    twin = GameSession("all_fives", seats=[None, "random"], seed=7, ai_seed=7)
    twin.advance()
    game = f"{root} .dw-game"
    snap = wait_phase(page, root, 0)
    assert table_of(snap) == str(twin.state.layout)
    # one level selector on the page (the game's own), with words, not code names
    assert page.locator(f"{root} .widget-dropdown", has_text="Computer").count() == 1
    levels = [x.replace("\xa0", " ") for x in
              page.locator(f"{game} .widget-dropdown select").first.locator("option").all_inner_texts()]
    assert levels == ["easy (random)", "medium (greedy)", "hard (expert)"], levels
    # New hand: disabled while the hand runs, and not green then
    new_hand = page.locator(f"{game} button.dw-new-hand")
    expect(new_hand).to_be_disabled()
    assert "mod-success" not in (new_hand.get_attribute("class") or "")

    # Hint: it answers (issue 11: it stayed on "Thinking about a hint…")
    checkbox(page, game, "Hint").check()
    while len(twin.state.legal_actions()) < 2 and not twin.state.is_over:
        snap = click_first_playable(page, root, twin)
    hint = wait_text(page, f"{game} .dw-panel", r"estimate of each move|No choice")
    assert "Thinking" not in hint
    if len(twin.state.legal_actions()) >= 2:
        assert "estimate of each move" in hint and re.search(r"\d", hint)
    # Counting: the exact inference panel, with percentages beside the fractions
    checkbox(page, game, "Counting").check()
    counting = wait_text(page, f"{game} .dw-panel >> nth=1", r"What the others may hold")
    assert re.search(r"\(\d+ %\)", counting), counting

    # a move, then Undo and Redo
    before = table_of(snapshot(page, root) or snap)
    snap = click_first_playable(page, root, twin)
    after = table_of(snap)
    assert after != before
    rev = snap["rev"]
    # fair play (the default against the computer): the computer's reply showed a hidden tile,
    # so undo refuses and says why, and the board stays (issue 10)
    fair = checkbox(page, game, "Fair play")
    assert fair.is_checked()
    page.locator(f"{game} button.dw-undo").click()
    assert twin.undo().key == "fair_play_no_undo"
    wait_text(page, f"{game} .dw-message", r"Fair play: undo cannot go back past move \d+")
    assert table_of(snapshot(page, root) or {}) == after
    # practice mode: undo goes back anywhere, and says that it shows what was hidden
    fair.uncheck()
    twin.fair_play = False
    wait_text(page, f"{game} .dw-message", r"Practice mode")
    page.locator(f"{game} button.dw-undo").click()
    twin.undo()
    wait_text(page, f"{game} .dw-message", r"Back to move")  # the board comes first, then the words
    snap = wait_phase(page, root, rev)
    assert table_of(snap) == str(twin.state.layout) == before
    rev = snap["rev"]
    page.locator(f"{game} button.dw-redo").click()
    twin.redo()
    wait_text(page, f"{game} .dw-message", r"Forward to move")
    assert table_of(snapshot(page, root) or {}) == after

    # the replay slider: back to the start, then to the last move
    handle = page.locator(f"{game} .widget-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("Home")
    wait_text(page, f"{game} .dw-message", r"Replay: move 0 of \d+")
    assert table_of(snapshot(page, root) or {}) == "(empty)"
    for _ in range(12):  # step forward with the arrow key to the last move
        if table_of(snapshot(page, root) or {}) == after:
            break
        said = page.locator(f"{game} .dw-message").first.inner_text()
        handle.focus()
        page.keyboard.press("ArrowRight")
        # one step: the replay message names the next move (a state, not a pause)
        page.wait_for_function("([sel, old]) => { const n = document.querySelector(sel); "
                               "return n && n.innerText !== old; }", arg=[f"{game} .dw-message", said])
    assert table_of(snapshot(page, root) or {}) == after, (snapshot(page, root), after)

    # Open hands: the computer's tiles appear face up; Save downloads the match at once; Open replays it
    shown = len(snapshot(page, root)["hand"])  # type: ignore[index]
    checkbox(page, game, "Open hands").check()
    deadline = time.monotonic() + STATE_BOUND
    while len(snapshot(page, root)["hand"]) <= shown and time.monotonic() < deadline:  # type: ignore[index]
        page.wait_for_timeout(50)
    assert len(snapshot(page, root)["hand"]) > shown  # type: ignore[index]
    with page.expect_download() as download:                 # the whole match, as a file (issue 26),
        page.locator(f"{game} button.dw-save").click()       # downloaded at the press (issue 40)
    saved = shots / f"{prefix}_{download.value.suggested_filename}"
    download.value.save_as(saved)
    assert '"domino_widgets/match"' in saved.read_text(encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator(f"{game} .dw-upload").click()
    chooser.value.set_files(str(saved))
    wait_text(page, f"{game} .dw-message", r"Match loaded: hand \d+")
    checkbox(page, game, "Open hands").uncheck()

    # the level: the kernel's AI players change
    page.locator(f"{game} .widget-dropdown select").first.select_option(label="hard (expert)")
    wait_text(page, f"{root} .dw-probe", r"ExpertPlayer")

    # sizes: normal and projector, at both screen sizes; hand tiles >= 60 px on the projector
    heights: dict[str, float] = {}
    page.evaluate("() => window.scrollTo(0, 0)")
    for size in ("normal", "projector"):
        page.locator(f"{game} .dw-size button", has_text=size).click()
        page.wait_for_selector(f"{root} .dw-size-{size}")
        for name, (wd, ht) in SIZES.items():
            page.set_viewport_size({"width": wd, "height": ht})
            wait_laid_out(page, game)
            page.locator(f"{game} .dw-board").scroll_into_view_if_needed()
            m = page.evaluate(HAND_TILES_JS, root)
            assert m and m["heights"], m
            heights[f"{size} {name}"] = min(m["heights"])
            assert m["board_bottom"] - m["board_top"] <= ht, m   # the whole table fits on the screen
            shoot(page, shots, f"{prefix}_all_fives_{size}_{name}")
    assert heights["projector 1920x1080"] >= 60, heights
    page.locator(f"{game} .dw-size button", has_text="normal").click()
    page.set_viewport_size({"width": 1024, "height": 768})

    # the language: in place, the same deal, every word in Czech
    table_before = table_of(snapshot(page, root) or {})
    page.locator(f"{root} .dw-app-lang select").select_option(label="Čeština")
    wait_text(page, f"{game} .dw-status", r"Skóre")
    assert table_of(snapshot(page, root) or {}).replace("horní", "up").replace("dolní", "down") == table_before
    # the widgets' words (the board's picture is the renderer's, checked with the pictures)
    czech = ("Pravidla", "Všechny pětky", "Zpět", "Rada", "Jazyk", "Hra", "Rozbor")
    deadline = time.monotonic() + STATE_BOUND   # the status changes first, the labels around it in the same step
    while True:
        app_text = page.evaluate("""(sel) => { const c = document.querySelector(sel).cloneNode(true);
            c.querySelectorAll('.dw-board').forEach(n => n.remove());
            document.body.appendChild(c); const t = c.innerText; c.remove(); return t; }""", f"{root} .dw-app")
        missing = [word for word in czech if word not in app_text]
        if not missing or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert not missing, (missing, app_text)
    english = {w for w in re.findall(r"[A-Za-z]+", re.sub(r"\b[A-Z0-9]{1,3}-\d+\b", "", app_text))
               if w in {"Table", "Scores", "Hand", "Player", "you", "computer", "left", "right", "up", "down",
                        "empty", "Undo", "Redo", "Hint", "Rules", "Game", "Language", "Save", "Load", "Review"}}
    assert not english, english
    shoot(page, shots, f"{prefix}_czech_1024x768")
    page.locator(f"{root} .dw-app-lang select").select_option(label="English")
    wait_text(page, f"{game} .dw-status", r"Scores")

    # New match: a new deal, hand 1
    # (the loaded match may say "Hand 1 · match to 150" too: wait for the new deal's own picture)
    before = (snapshot(page, root) or {}).get("rev", 0)
    page.locator(f"{game} button.dw-new-match").click()
    wait_phase(page, root, before)
    wait_text(page, f"{game} .dw-status", r"Hand 1 · match to 150")
    expect(page.locator(f"{game} .dw-message").first).not_to_contain_text("Match loaded")

    # the game menu: a game in progress is only thrown away after the question
    menu = page.locator(f"{root} .dw-app-game select")
    # a real choice (A5: the rules choose the first lead, which is no choice, so a deal where the
    # student leads needs a second move; a turn with nothing to play draws by itself)
    snap = wait_phase(page, root, before)
    chose = False
    for _turn in range(20):
        assert snap["turn_phase"] != "over", snap
        if snap["playable"]:
            was_lead = table_of(snap) == "(empty)"
            tile = snap["playable"][0]
            page.locator(f"{root} .dw-board .tile[data-tile='{tile}']").first.click()
            snap = wait_phase(page, root, snap["rev"])  # laid, or waiting for its end: a new picture either way
            if snap.get("targets"):  # the tile fits two ends: choose one, so that a move was made
                page.locator(f"{root} .dw-board .end.target[data-end='{snap['targets'][0]}']").first.click()
                snap = wait_phase(page, root, snap["rev"])
            for _again in range(3):  # the tile is on the table: the move was made
                if _laid(page, root, tile):
                    break
                # the end was not taken (once in ~20 runs at load 15 the click found no end under the
                # pointer): click it again, as a student would
                snap = snapshot(page, root) or snap
                if snap.get("targets"):
                    page.locator(f"{root} .dw-board .end.target[data-end='{snap['targets'][0]}']").first.click()
            snap = wait_phase(page, root, -1)
            assert on_table(snap, tile), (tile, snap)
            if not was_lead:
                chose = True
                break
        else:
            snap = wait_phase(page, root, snap["rev"])
    assert chose, snap
    menu.select_option(label="Bergen (Sebastopol)")
    wait_text(page, f"{root} .dw-app-confirm", r"Start a new game\?")
    expect(page.locator(f"{root} .dw-app-confirm")).to_be_visible()  # a move was made: the app asks
    page.locator(f"{root} button.dw-app-no").click()
    deadline = time.monotonic() + STATE_BOUND
    while menu.evaluate("n => n.options[n.selectedIndex].text.replace(/\\u00a0/g, ' ')") != "All Fives" and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert menu.evaluate("n => n.options[n.selectedIndex].text.replace(/\\u00a0/g, ' ')") == "All Fives", (   # the menu goes back
        menu.evaluate("n => n.options[n.selectedIndex].text.replace(/\\u00a0/g, ' ')"), page.locator(f"{root} .dw-status").inner_text())
    assert page.locator(f"{root} .dw-app-confirm").is_hidden()
    assert "All Fives" in page.locator(f"{root} .dw-status").inner_text()          # the same game goes on
    menu.select_option(label="Bergen (Sebastopol)")
    page.locator(f"{root} button.dw-app-yes").click()
    wait_text(page, f"{root} .dw-status", r"Bergen")
    # the game's rules panel: folded, then opened on the Bergen rules with their ids and provenance
    page.locator(f"{root} .dw-rules-panel .jupyter-widget-Collapse-header").first.click()
    wait_text(page, f"{root} .dw-rules-panel", r"BRG-1 \[[SRA]\]")
    # Bergen at 1024x768: the whole cross and the player's own hand without scrolling
    page.evaluate("() => window.scrollTo(0, 0)")
    for name, (wd, ht) in SIZES.items():
        page.set_viewport_size({"width": wd, "height": ht})
        wait_laid_out(page, f"{root} .dw-game")
        if root != "body":  # Lab: the notebook panel scrolls, the output starts lower
            page.locator(f"{root} .dw-app").scroll_into_view_if_needed()
        m = page.evaluate(HAND_TILES_JS, root)
        assert m and m["heights"], m
        heights[f"bergen normal {name}"] = min(m["heights"])
        if root == "body":
            assert max(m["bottoms"]) <= ht, m   # the own hand is above the fold
        assert m["board_bottom"] - m["board_top"] <= ht, m
        shoot(page, shots, f"{prefix}_bergen_normal_{name}")
    page.locator(f"{root} .dw-size button", has_text="projector").click()
    # states, not time (a 300 ms wait measured the normal size at load 4): the size class is on
    # the page, then the picture is laid out for the window at each size
    page.wait_for_selector(f"{root} .dw-game.dw-size-projector")
    for name, (wd, ht) in SIZES.items():
        page.set_viewport_size({"width": wd, "height": ht})
        wait_laid_out(page, f"{root} .dw-game")
        page.locator(f"{root} .dw-board").scroll_into_view_if_needed()
        m = page.evaluate(HAND_TILES_JS, root)
        heights[f"bergen projector {name}"] = min(m["heights"])
        assert min(m["heights"]) >= 60, m  # issue 26: the back row reads the hand on the projector setting
        if ht >= 1080:  # a projector's own resolution: the whole cross and the hand at once; at 1024x768
            assert m["board_bottom"] - m["board_top"] <= ht, m  # tiles that keep their size make it scroll
        shoot(page, shots, f"{prefix}_bergen_projector_{name}")
    return heights
