"""The board keeps its size in a real browser (issue 26): through a whole hand on the projector
setting the hand tiles stay at least 60 px tall at 1024x768 and at 1920x1080, in Lab and Voila,
the board uses the width it has, and nothing scrolls sideways."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from board_driver import LAB_ROOT, open_and_run, wait_laid_out

SIZES = [(1024, 768), (1920, 1080)]
WIDGETS = ".dw-game, .dw-twentyone, .dw-solitaire, .dw-explorer"

_MEASURE = """(root) => {
  const el = document.querySelector(root);
  const board = el.querySelector('.dw-board');
  const svg = board.querySelector('svg');
  const hand = [...board.querySelectorAll('.tile')].filter(n => !n.closest('.layout') && n.id.includes('-hand-'))
    .map(n => n.getBoundingClientRect().height);
  const table = [...board.querySelectorAll('.layout .tile')].map(n => n.getBoundingClientRect().height);
  return {rev: Number(board.dataset.rev || 0), phase: board.dataset.phase, hand, table,
          svgWidth: svg.getBoundingClientRect().width, boardWidth: board.clientWidth,
          playable: [...board.querySelectorAll('.tile.playable[data-tile]')].map(n => n.getAttribute('data-tile')),
          targets: [...board.querySelectorAll('.end.target[data-end]')].map(n => n.getAttribute('data-end'))};
}"""

# Every element of the game (and the page or output area around it) that scrolls sideways.
SIDEWAYS = """(root) => {
  const scope = document.querySelector(root);
  const game = scope.querySelector('.dw-game');
  const nodes = [...game.querySelectorAll('*'), game];
  for (let n = game.parentElement; n; n = n.parentElement) nodes.push(n);
  nodes.push(document.scrollingElement);
  return nodes.filter(n => {
    if (!n || n.scrollWidth <= n.clientWidth + 1 || n.clientWidth === 0) return false;
    const s = getComputedStyle(n);
    const ox = n === document.scrollingElement ? 'auto' : s.overflowX;
    return ox === 'auto' || ox === 'scroll';
  }).map(n => `${n.tagName}.${String(n.className.baseVal ?? n.className).slice(0, 60)} ${n.scrollWidth}>${n.clientWidth}`);
}"""

# Controls that run into each other in a row of a widget (issue 26: "Fair play" ran on into
# "Computer"): two that overlap, one whose words run out of its box, and words that end at a
# control's edge (a switch, a menu, a slider; not a framed button, nor a label before its field)
# with less than 8 px before the next control on the same line.
CROWDED = """(root) => {
  const scope = document.querySelector(root);
  const shown = n => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden'; };
  const name = n => `${n.tagName}.${String(n.className.baseVal ?? n.className).split(' ').filter(c => c.startsWith('dw-') || c.startsWith('widget-')).join('.')} "${(n.innerText || '').trim().slice(0, 30)}"`;
  const found = [];
  for (const row of scope.querySelectorAll('.dw-game .widget-hbox, .dw-twentyone .widget-hbox, .dw-solitaire .widget-hbox, .dw-explorer .widget-hbox, .dw-app .widget-hbox')) {
    const kids = [...row.children].filter(shown);
    for (let i = 0; i < kids.length; i++) {
      const a = kids[i].getBoundingClientRect();
      if (kids[i].scrollWidth > kids[i].clientWidth + 1 && kids[i].clientWidth > 0) found.push(`runs out: ${name(kids[i])} ${kids[i].scrollWidth}>${kids[i].clientWidth}`);
      for (let j = i + 1; j < kids.length; j++) {
        const b = kids[j].getBoundingClientRect();
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (j === i + 1 && y > 1 && x <= 1 && -x < 8 && !kids[i].matches('button, .jupyter-button, .widget-label')) found.push(`close: ${name(kids[i])} / ${name(kids[j])} ${(-x).toFixed(1)} px apart`);
        if (x > 1 && y > 1) found.push(`overlap: ${name(kids[i])} / ${name(kids[j])} ${x.toFixed(0)}x${y.toFixed(0)}`);
      }
    }
  }
  return found;
}"""


def _open(page: Any, request: Any, where: str, notebook: str) -> str:
    if where == "lab":
        open_and_run(page, request.getfixturevalue("lab"), notebook,
                     notebook.removesuffix(".ipynb").replace("_", "-") + f"-{page.viewport_size['width']}")
        return LAB_ROOT
    page.goto(f"{request.getfixturevalue('voila').url}/voila/render/{notebook}")
    page.wait_for_selector(".dw-board svg", timeout=90_000)
    return "body"


def _wait(page: Any, root: str, after: int, want: str = "turn", timeout: float = 90.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    m = None
    while time.monotonic() < deadline:
        m = page.evaluate(_MEASURE, root)
        if m["rev"] > after and (m["phase"] in ("yours", "over") if want == "turn" else m["targets"]):
            return m
        page.wait_for_timeout(25)
    raise AssertionError(f"the board did not answer in {timeout} s; last: {m}")


def _settled(page: Any, root: str) -> dict[str, Any]:
    """The board once it has laid itself out for the width it measured, at a person's turn."""
    wait_laid_out(page, root)
    return _wait(page, root, -1)


def assert_uncrowded(page: Any, root: str, timeout: float = 15.0) -> None:
    """No control runs into another (`CROWDED`), once the rows have rendered: the views of a row
    come one by one, so the check is read until it holds, and its last finding is the failure."""
    deadline = time.monotonic() + timeout
    while (found := page.evaluate(CROWDED, root)) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert found == [], found


def play_and_measure(page: Any, root: str) -> tuple[list[float], list[float], dict[str, Any]]:
    """Click through a whole hand; the smallest hand and table tile heights seen at each turn."""
    m = _settled(page, root)
    hands, tables = [], []
    for _ in range(60):
        if m["hand"]:
            hands.append(min(m["hand"]))
        if m["table"]:
            tables.append(min(m["table"]))
        assert m["svgWidth"] <= m["boardWidth"] + 1 and m["svgWidth"] >= 0.9 * m["boardWidth"], m
        if m["phase"] == "over":
            return hands, tables, m
        rev = m["rev"]
        if m["targets"]:  # COM-8: the selected tile fits two ends: click the first
            page.locator(f"{root} .dw-board .end.target[data-end='{m['targets'][0]}']").first.click()
        else:
            page.locator(f"{root} .dw-board .tile[data-tile='{m['playable'][0]}']").first.click()
        m = _wait(page, root, rev)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("notebook", ["projector_all_fives.ipynb", "projector_bergen.ipynb"])
def test_hand_tiles_keep_their_size_through_a_whole_hand(chromium: Any, request: Any, where: str, size: tuple[int, int],
                                                         notebook: str, screenshots: Path) -> None:
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        root = _open(page, request, where, notebook)
        hands, tables, last = play_and_measure(page, root)
        name = f"{where}_{notebook.removesuffix('.ipynb')}_{size[0]}x{size[1]}"
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
        print(f"\n{name}: hand tiles {min(hands):.0f}-{max(hands):.0f} px over {len(hands)} turns, "
              f"table tiles from {min(tables):.0f} px, board {last['boardWidth']} px")
        assert min(hands) >= 60, hands
        assert max(hands) - min(hands) <= 2, hands  # the same size all through the hand
        assert page.evaluate(SIDEWAYS, root) == []
        assert_uncrowded(page, root)
    finally:
        context.close()


def _no_sideways_and_uncrowded(page: Any, root: str) -> None:
    if page.locator(f"{root} .dw-game").count():
        wait_laid_out(page, f"{root} .dw-game")  # the board's layout for the width it measured
    assert page.evaluate(SIDEWAYS.replace(".dw-game'", f"{WIDGETS}'"), root) == []
    assert_uncrowded(page, root)


@pytest.mark.parametrize("notebook", ["play_twentyone.ipynb", "app_controls.ipynb", "solitaire.ipynb", "explorer.ipynb"])
def test_no_sideways_scrollbar(chromium: Any, request: Any, where: str, notebook: str, screenshots: Path) -> None:
    """No element of a game, nor the output area or page around it, scrolls sideways
    (scrollWidth <= clientWidth), and no control runs into another (`CROWDED`), on the normal and
    the projector setting, at 1024x768 and at 1920x1080: one page, its window resized as a person
    does (a page for each size was twice the page loads, issue 43). At the first size the normal
    setting, then the projector; at the second the projector, then the normal again."""
    context = chromium.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        root = _open(page, request, where, notebook)
        page.wait_for_selector(", ".join(f"{root} {kind}" for kind in WIDGETS.split(", ")))
        sizes = page.locator(f"{root} .dw-size")
        settings = ["normal", "projector"]
        for width, height in SIZES:
            if (width, height) != SIZES[0]:
                page.set_viewport_size({"width": width, "height": height})
            for setting in settings if sizes.count() else ["normal"]:
                if sizes.count() and not page.locator(f"{root} .dw-size-{setting}").count():
                    sizes.first.get_by_text(setting, exact=False).first.click()
                    page.wait_for_selector(f"{root} .dw-size-{setting}")
                _no_sideways_and_uncrowded(page, root)
                name = f"{where}_{notebook.removesuffix('.ipynb')}_{width}x{height}_{setting}"
                page.screenshot(path=str(screenshots / f"{name}.png"))
            settings.reverse()
    finally:
        context.close()
