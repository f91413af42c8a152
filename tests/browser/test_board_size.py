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
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("notebook", ["play_twentyone.ipynb", "app_controls.ipynb", "solitaire.ipynb"])
def test_no_sideways_scrollbar(chromium: Any, request: Any, where: str, size: tuple[int, int], notebook: str,
                               screenshots: Path) -> None:
    """No element of a game, nor the output area or page around it, scrolls sideways
    (scrollWidth <= clientWidth), on the normal and the projector setting."""
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        root = _open(page, request, where, notebook)
        game = f"{root} .dw-game, {root} .dw-twentyone, {root} .dw-solitaire"
        page.wait_for_selector(game)
        if page.locator(f"{root} .dw-game").count():
            wait_laid_out(page, f"{root} .dw-game")  # the board's first measured layout
        assert page.evaluate(SIDEWAYS.replace(".dw-game'", ".dw-game, .dw-twentyone, .dw-solitaire'"), root) == []
        sizes = page.locator(f"{root} .dw-size")
        if sizes.count():  # the projector setting too
            sizes.first.get_by_text("projector", exact=False).first.click()
            page.wait_for_selector(f"{root} .dw-size-projector")
            wait_laid_out(page, f"{root} .dw-game")
            assert page.evaluate(SIDEWAYS, root) == []
        name = f"{where}_{notebook.removesuffix('.ipynb')}_{size[0]}x{size[1]}"
        page.screenshot(path=str(screenshots / f"{name}.png"))
    finally:
        context.close()
