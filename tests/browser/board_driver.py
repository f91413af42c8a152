"""Play a hand in the browser by clicking, and check the page against a kernel-side twin.

The twin is a `GameSession` in the test process with the same variant, seed and players as
the notebook's widget. The AI's random source is fixed by the seed and the position, so the
twin makes the same AI moves; the test clicks the same tiles and ends in both. At every turn
the page must show the twin's table and the twin's hand, and no tile the viewer cannot see
(in the others' hands, the boneyard or out of play) may appear anywhere in the page: not as a
``data-tile``, not in any attribute, not in any text.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lab_servers import TOKEN, Server

from domino_widgets.core.tiles import Tile, tile_set
from domino_widgets.widgets.session import GameSession

if TYPE_CHECKING:  # playwright itself is checked by the fixtures, which say how to install it
    from playwright.sync_api import Page

#: The longest a test waits for a state (seconds): a bound, never a pause; on a loaded machine a
#: state that comes in 1 s alone can take tens of seconds.
STATE_BOUND = 90
LAB_ROOT = ".jp-NotebookPanel:not(.lm-mod-hidden)"

KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return !!(panel && panel.context && panel.context.isReady && panel.content && panel.content.widgets.length
            && ctx.isReady && kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle');
}"""

# What the first cell shows: its prompt ("[1]:", "[*]:", "[ ]:") and the text of its output.
CELL_STATE = """() => {
  const cell = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell');
  if (!cell) return {prompt: '', output: ''};
  const prompt = cell.querySelector('.jp-InputPrompt');
  const out = cell.querySelector('.jp-OutputArea');
  return {prompt: prompt ? prompt.textContent : '', output: out ? out.innerText.slice(0, 2000) : ''};
}"""

# Five clicks in one go, before the kernel can answer the first: all carry the same revision.
RAPID_CLICKS = """(selector) => {
  const node = document.querySelector(selector);
  for (let i = 0; i < 5; i++) node.dispatchEvent(new MouseEvent('click', {bubbles: true}));
}"""


def open_and_run(page: Page, lab: Server, notebook: str, workspace: str) -> None:
    """Open ``notebook`` in its own workspace, wait for its kernel, run every cell, and wait for the
    board. Run All is sent again if the first cell did not start (a kernel not quite attached);
    a cell that ran without showing the board fails with its output."""
    page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
    board = f"{LAB_ROOT} .dw-board svg"
    for _attempt in range(3):
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        deadline = time.monotonic() + STATE_BOUND
        while time.monotonic() < deadline:
            if page.locator(board).count():
                page.wait_for_selector(f"{LAB_ROOT} .jupyter-widgets-disconnected", state="detached")
                return
            cell = page.evaluate(CELL_STATE)
            if re.search(r"\[\d+\]", cell["prompt"]) and page.locator(board).count() == 0:
                page.wait_for_timeout(2000)  # finished: give the widget view a moment to render
                if page.locator(board).count():
                    continue
                raise AssertionError(f"{notebook} ran but shows no board; its output: {cell['output']}")
            page.wait_for_timeout(100)
        if "*" in page.evaluate(CELL_STATE)["prompt"]:  # still running: wait for it
            page.wait_for_selector(board, timeout=STATE_BOUND * 1000)
            return
        page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
    raise AssertionError(f"{notebook}: Run All never ran its first cell; {page.evaluate(CELL_STATE)}")


def open_in(page: Page, request: Any, where: str, notebook: str) -> str:
    """Open ``notebook`` in JupyterLab (in a workspace of its own, every cell run) or in Voila
    (``where`` is "lab" or "voila", the `where` fixture); returns the CSS scope of its output."""
    if where == "lab":
        open_and_run(page, request.getfixturevalue("lab"), notebook, notebook.removesuffix(".ipynb").replace("_", "-"))
        return LAB_ROOT
    page.goto(f"{request.getfixturevalue('voila').url}/voila/render/{notebook}")
    page.wait_for_selector(".dw-board svg", timeout=90_000)
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper").count() == 0  # an app: no code shown
    return "body"


# Every attribute value and text node under the root, joined (what a person or a script could read).
_PAGE_TEXT_JS = """(root) => {
  const el = document.querySelector(root);
  if (!el) return '';
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) { out.push(n.nodeValue); continue; }
    for (const a of n.attributes || []) {
      // geometry, and the page's own element ids ("tab-key-2-0"); the SVG is checked whole kernel-side
      if (['d', 'points', 'transform', 'viewBox', 'style', 'id', 'aria-labelledby', 'aria-controls',
           'aria-describedby', 'aria-owns', 'for', 'href'].includes(a.name)) continue;
      out.push(a.name + '=' + a.value);
    }
    if (n.value !== undefined && typeof n.value === 'string') out.push(n.value);  // text boxes
  }
  return out.join('\\n');
}"""

_SNAPSHOT_JS = """(root) => {
  const el = document.querySelector(root);
  const board = el && el.querySelector('.dw-board');
  const turn = el && el.querySelector('.dw-turn');
  const table = el && el.querySelector('.dw-table');
  const scores = el && el.querySelector('.dw-scores');
  if (!board || !turn) return null;
  return {
    rev: Number(board.dataset.rev || 0),
    phase: board.dataset.phase,
    turn_phase: turn.dataset.phase,
    table: board.dataset.table || '',
    scores: scores ? scores.textContent : '',
    hand: [...board.querySelectorAll('.tile[data-tile]')].filter(n => !n.closest('.layout'))
      .map(n => n.getAttribute('data-tile')),
    playable: [...board.querySelectorAll('.tile.playable[data-tile]')].map(n => n.getAttribute('data-tile')),
    targets: [...board.querySelectorAll('.end.target[data-end]')].map(n => n.getAttribute('data-end')),
    message: (el.querySelector('.dw-message') || {}).textContent || '',
  };
}"""


def mentions(text: str, tile: Tile) -> bool:
    """Whether ``text`` names ``tile`` ("3-5" or "5-3"), not as part of a longer number."""
    return any(re.search(rf"(?<![\w.]){a}-{b}(?![\w.])", text)
               for a, b in {(tile.low, tile.high), (tile.high, tile.low)})


def hidden_tiles(twin: Any) -> list[Tile]:
    """Tiles the viewer may not see now (none once the hand is over: all hands are shown)."""
    s = twin.state
    if s.is_over:
        return []
    seen = set(s.hand(twin.viewer))
    layout = getattr(s, "layout", None)  # Twenty-one has no table, only hands
    if layout is not None:
        seen |= {p.tile for p in layout.placements()}
    return [t for t in tile_set(s.view(twin.viewer).pips) if t not in seen]


@dataclass
class HandReport:
    """What happened while a hand was played in the page."""

    clicks: int = 0
    turns: int = 0
    first_scores: str = ""
    last_scores: str = ""
    first_table: str = ""
    last_table: str = ""
    hidden_checks: int = 0
    messages: list[str] = field(default_factory=list)


def snapshot(page: Page, root: str) -> dict[str, Any] | None:
    return page.evaluate(_SNAPSHOT_JS, root)  # type: ignore[no-any-return]


LAID_OUT_JS = """(root) => {
  const b = document.querySelector(root + ' .dw-board');
  return !!b && !b.dataset.measuring && Number(b.dataset.sentWidth) >= 200 && b.dataset.laidFor === b.dataset.sentWidth;
}"""


def wait_laid_out(page: Page, root: str) -> None:
    """Wait until the line game's picture is the one laid out for the width its board measured and
    sent (board.js: data-sent-width, data-laid-for, data-measuring): after opening, a resize or a
    size setting, before measuring tiles. Two frames first: a resize is seen by the board's
    ResizeObserver in the next frame, which marks it as measuring."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_function(LAID_OUT_JS, arg=root, polling=50)


def wait_phase(page: Page, root: str, after_rev: int, timeout: float = STATE_BOUND) -> dict[str, Any]:
    """Wait until the board was redrawn after ``after_rev`` and a person may act (or it is over)."""
    deadline = time.monotonic() + timeout
    snap = None
    while time.monotonic() < deadline:
        snap = snapshot(page, root)
        # the board is sent first: once it shows the end, wait for the words around it (the scores)
        if snap and snap["rev"] > after_rev and (snap["phase"] == "yours" or snap["turn_phase"] == "over"):
            return snap
        page.wait_for_timeout(25)
    raise AssertionError(f"the board did not come back to a person's turn in {timeout} s; last: {snap}")


def check_no_hidden_tile(page: Page, root: str, twin: Any) -> int:
    """Assert that no tile hidden from the viewer appears in the page; returns how many were checked."""
    text = page.evaluate(_PAGE_TEXT_JS, root)
    hidden = hidden_tiles(twin)
    leaked = [str(t) for t in hidden if mentions(text, t)]
    assert not leaked, f"hidden tiles in the page: {leaked}: " + "; ".join(
        line for line in text.splitlines() if any(mentions(line, Tile.parse(t)) for t in leaked))[:2000]
    return len(hidden)


def play_hand(page: Page, root: str, twin: GameSession, *, max_turns: int = 80) -> HandReport:
    """Click through a whole hand: the first playable tile, then the first target end if asked."""
    twin.advance()
    report = HandReport()
    snap = wait_phase(page, root, 0)
    report.first_scores, report.first_table = snap["scores"], snap["table"]
    for _ in range(max_turns):
        assert snap["table"].split(":", 1)[-1].strip() == str(twin.state.layout), (snap, twin.state)
        if snap["phase"] == "over":
            break
        report.turns += 1
        assert sorted(snap["hand"]) == sorted(str(t) for t in twin.state.hand(twin.viewer)), (snap, twin.state)
        assert set(snap["playable"]) == {str(t) for t in twin.playable_tiles()}, snap
        report.hidden_checks += check_no_hidden_tile(page, root, twin)
        tile = snap["playable"][0]
        rev = snap["rev"]
        page.locator(f"{root} .dw-board .tile[data-tile='{tile}']").first.click()
        report.clicks += 1
        twin.click_tile(tile)
        if twin.choices:  # COM-8: the tile fits two ends; the page must offer them
            snap = wait_targets(page, root, rev)
            assert set(snap["targets"]) == {str(e) for e in twin.target_ends()}, snap
            report.hidden_checks += check_no_hidden_tile(page, root, twin)
            end = snap["targets"][0]
            rev = snap["rev"]
            page.locator(f"{root} .dw-board .end.target[data-end='{end}']").first.click()
            report.clicks += 1
            twin.click_end(end)
        twin.advance()
        snap = wait_phase(page, root, rev)
        report.messages.append(snap["message"])
    assert snap["phase"] == "over", f"the hand did not end in {max_turns} turns"
    report.last_scores, report.last_table = snap["scores"], snap["table"]
    return report


def wait_targets(page: Page, root: str, after_rev: int, timeout: float = STATE_BOUND) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    snap = None
    while time.monotonic() < deadline:
        snap = snapshot(page, root)
        if snap and snap["rev"] > after_rev and snap["targets"]:
            return snap
        page.wait_for_timeout(25)
    raise AssertionError(f"no end was offered after the click; last: {snap}")


def latencies(page: Page) -> list[float]:
    """Click -> board redrawn, in ms, as board.js measured them."""
    return list(page.evaluate("() => window.__dwLatency || []"))


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
