"""The board in the browser-only (JupyterLite) site, as tests/browser checks it in JupyterLab and
Voila (issue 26): hand tiles keep their size through a whole hand on the projector setting at
1024x768 and at 1920x1080, nothing scrolls sideways, a match played to its end says on the board
who won with the scores and nothing of it is clipped, and a match file the browser downloads is
loaded back into a fresh widget at the same position and scores.

The notebooks are the browser tests' own (``tests/browser/notebooks``), or one written here, put
into the site's browser storage through JupyterLite's contents service and opened there: the
site is not rebuilt for them. The helpers are the browser tests' own (``test_board_size``,
``test_match_file``, ``board_driver``); every wait is for a state of the page or the kernel.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from board_driver import LAB_ROOT, STATE_BOUND, wait_laid_out, wait_phase
from lite_site import REPORT, ROOT, StaticServer, error_outputs, run_all, wait_kernel
from test_board_size import SIDEWAYS, SIZES, play_and_measure
from test_lite_site import PRINTED
from test_match_file import save_mid_hand_and_load_back

NOTEBOOKS = ROOT / "tests" / "browser" / "notebooks"
BOARD = f"{LAB_ROOT} .dw-board svg"

#: a short All Fives match against the random computer on the projector setting (the kernel-side
#: test of the banner, tests/test_board_keeps_its_size.py, plays to 30 too)
MATCH_SOURCE = ('import domino_widgets.widgets as dww\n\n'
                'game = dww.play("all_fives", level="random", seed=11, ai_seed=11, delay=0, size="projector", target=30)\ngame')

# Save a notebook into the site's storage (the browser's IndexedDB) and open it in the page, with
# the site's kernel (Pyodide's; a notebook of Lab's kernel "python3" would ask which kernel to use).
PUT_AND_OPEN = """async ([path, content]) => {
  const app = window.jupyterapp;
  await app.restored;
  const specs = app.serviceManager.kernelspecs;
  await specs.ready;
  const name = specs.specs.default;
  content.metadata.kernelspec = {name, display_name: specs.specs.kernelspecs[name].display_name, language: 'python'};
  await app.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content});
  await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
}"""

# The match-over banner of the board's picture (its group #dw-outcome) and the status line: their
# texts and whether each text of the banner lies inside the banner's box and the picture's.
BANNER = """(root) => {
  const board = document.querySelector(root + ' .dw-board');
  const svg = board.querySelector('svg');
  const g = svg.querySelector('#dw-outcome');
  const status = document.querySelector(root + ' .dw-status');
  const box = (n) => { const r = n.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
  const inside = (a, o) => a.l >= o.l - 1 && a.r <= o.r + 1 && a.t >= o.t - 1 && a.b <= o.b + 1;
  if (!g) return {banner: null, status: status ? status.innerText : ''};
  const rect = box(g.querySelector('rect'));
  const pic = box(svg);
  const lines = [...g.querySelectorAll('text')].map(t => ({text: t.textContent, box: box(t)}));
  return {banner: lines.map(l => l.text).join(' '), lines: lines.map(l => l.text),
          clipped: lines.filter(l => !inside(l.box, rect) || !inside(l.box, pic)).map(l => l.text),
          svgStatus: (svg.querySelector('.status') || {}).textContent || '',
          status: status.innerText, statusClipped: status.scrollWidth > status.clientWidth + 1,
          phase: board.dataset.phase};
}"""


# Every line of words in the board's picture that runs past the picture's edges, or under the
# boneyard's stack of tiles (a seat's line "Player 2 (computer) · 0 tiles · score 30 (+30 this
# hand)" ran under it and out of the picture at 1024x768, where the site's file browser leaves the
# notebook 592 px).
WORDS_OUT = """(root) => {
  const svg = document.querySelector(root + ' .dw-board svg');
  const pic = svg.getBoundingClientRect();
  const stack = svg.querySelector('.boneyard');
  const s = stack && stack.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  return [...svg.querySelectorAll('text')].filter(t => !(stack && stack.contains(t))).map(t => {
    const r = t.getBoundingClientRect();
    const out = r.left < pic.left - 1 || r.right > pic.right + 1;
    return out || (s && meets(r, s)) ? `${t.textContent} [${Math.round(r.left)}-${Math.round(r.right)} px; picture to `
      + `${Math.round(pic.right)}${s && meets(r, s) ? ', under the boneyard from ' + Math.round(s.left) : ''}]` : null;
  }).filter(x => x);
}"""


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go (a temporary folder; DW_SCREENSHOTS=<dir> keeps them)."""
    keep = os.environ.get("DW_SCREENSHOTS")
    folder = Path(keep) if keep else tmp_path_factory.mktemp("lite-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    REPORT.append(f"screenshots: {folder}")
    return folder


def open_in_site(page: Any, server: StaticServer, name: str, source: str | None = None) -> str:
    """Put ``name`` (a notebook of tests/browser/notebooks, or a notebook of one cell, ``source``)
    into the site's storage, open it, run every cell and wait for the board and its widgets;
    returns the CSS scope of its output (as board_driver.open_in does for Lab and Voila)."""
    if source is None:
        content = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    else:
        content = {"cells": [{"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
                              "outputs": [], "source": source}],
                   "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                   "nbformat": 4, "nbformat_minor": 5}
    page.goto(f"{server.url}/lab/index.html")
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.serviceManager)", timeout=STATE_BOUND * 1000)
    page.evaluate(PUT_AND_OPEN, [name, content])
    wait_kernel(page)
    state = run_all(page, timeout_s=4 * STATE_BOUND, board=BOARD)
    assert not error_outputs(state), error_outputs(state)
    page.wait_for_selector(f"{LAB_ROOT} .jupyter-widgets-disconnected", state="detached")
    return LAB_ROOT


def kernel_says(page: Any, code: str) -> Any:
    """What ``code`` prints as JSON in the kernel of the notebook in front."""
    out = page.evaluate(PRINTED, f"import json\nprint(json.dumps({code}))")
    return json.loads(out)


def test_hand_tiles_keep_their_size_and_nothing_scrolls_sideways_at_both_sizes(
        offline_page: tuple[Any, Any], lite_server: StaticServer, screenshots: Path) -> None:
    """As tests/browser/test_board_size.py in Lab and Voila: on the projector setting a whole hand
    at 1024x768, then (the window made larger, New hand) a whole hand at 1920x1080; at each turn the
    hand tiles are at least 60 px tall and of one size, and nothing scrolls sideways."""
    page, guard = offline_page
    first, second = SIZES
    page.set_viewport_size({"width": first[0], "height": first[1]})
    root = open_in_site(page, lite_server, "projector_all_fives.ipynb")
    seen = []
    for size in SIZES:
        if size != first:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            wait_laid_out(page, root)
            rev = page.evaluate(f"() => Number(document.querySelector('{root} .dw-board').dataset.rev)")
            page.locator(f"{root} button.dw-new-hand").click()
            wait_phase(page, root, rev)
        assert page.evaluate(SIDEWAYS, root) == [], size               # at the hand's start
        hands, tables, last = play_and_measure(page, root)
        page.evaluate(f"() => document.querySelector('{root} .dw-game').scrollIntoView()")
        assert last["phase"] == "over"
        name = f"lite_projector_all_fives_{size[0]}x{size[1]}"
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
        seen.append(f"{size[0]}x{size[1]}: hand tiles {min(hands):.0f}-{max(hands):.0f} px over {len(hands)} turns, "
                    f"table tiles from {min(tables):.0f} px, board {last['boardWidth']} px")
        assert min(hands) >= 60, (size, hands)
        assert max(hands) - min(hands) <= 2, (size, hands)  # the same size all through the hand
        assert page.evaluate(SIDEWAYS, root) == [], size               # and at its end
        assert page.evaluate(WORDS_OUT, root) == [], size              # the scores of the hand, whole
    assert not guard.attempted
    REPORT.append("site, projector setting: " + "; ".join(seen) + "; nothing scrolls sideways")


def test_a_match_played_to_its_end_says_who_won_on_the_board(
        offline_page: tuple[Any, Any], lite_server: StaticServer, screenshots: Path) -> None:
    """All Fives to 30 on the projector setting, every hand clicked through at 1024x768: at the
    end the status line says "Player N ... wins the match W–L" with the kernel's scores, and the
    banner first who won and the final score of every seat (issue 40), every line of the banner
    inside its box and the picture, at 1024x768 and at 1920x1080."""
    page, guard = offline_page
    first = SIZES[0]
    page.set_viewport_size({"width": first[0], "height": first[1]})
    root = open_in_site(page, lite_server, "lite_match_to_30.ipynb", MATCH_SOURCE)
    hands = 0
    for _ in range(12):
        play_and_measure(page, root)
        hands += 1
        if kernel_says(page, "game.session.match_over"):
            break
        rev = page.evaluate(f"() => Number(document.querySelector('{root} .dw-board').dataset.rev)")
        page.locator(f"{root} button.dw-new-hand").click()
        wait_phase(page, root, rev)
    match = kernel_says(page, "{'text': game.match_over_text(), 'banner': game.match_over_banner(),"
                              " 'scores': list(game.session.scored_match().scores),"
                              " 'winner': game.session.scored_match().winner}")
    assert match["text"], f"the match did not end in {hands} hands"
    winner, scores = match["winner"], match["scores"]
    assert winner is not None and scores[winner] >= 30, match
    other = [x for i, x in enumerate(scores) if i != winner][0]
    assert re.fullmatch(rf"Player {winner + 1}\b.* wins the match {scores[winner]}–{other}", match["text"]), match
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        wait_laid_out(page, root)
        page.wait_for_function(f"(root) => {{ const g = document.querySelector(root + ' .dw-board svg #dw-outcome');"
                               f" return !!g && g.textContent.includes({json.dumps(match['banner'].split()[-1])}); }}",
                               arg=root, timeout=STATE_BOUND * 1000)
        shown = page.evaluate(BANNER, root)
        page.evaluate(f"() => document.querySelector('{root} .dw-board svg #dw-outcome').scrollIntoView({{block: 'end'}})")
        page.screenshot(path=str(screenshots / f"lite_match_over_{size[0]}x{size[1]}.png"))
        assert shown["banner"].startswith(match["banner"]), (size, shown)     # who won and the final score, first
        assert shown["clipped"] == [], (size, shown)                          # every line whole
        assert match["text"] in shown["status"] and not shown["statusClipped"], (size, shown)
        assert "Hand over" not in shown["svgStatus"], (size, shown)
        assert page.evaluate(SIDEWAYS, root) == [], size
        assert page.evaluate(WORDS_OUT, root) == [], size
    assert not guard.attempted
    REPORT.append(f"site, match to 30 over in {hands} hands: banner {shown['lines']}, nothing clipped at "
                  f"{' and '.join(f'{w}x{h}' for w, h in SIZES)}")


def test_a_downloaded_match_file_loads_back_into_a_fresh_widget(
        offline_page: tuple[Any, Any], lite_server: StaticServer, screenshots: Path, tmp_path: Path) -> None:
    """As tests/browser/test_match_file.py: mid-hand, Save downloads the match as a file (the
    page's download event); the notebook is run again (a new widget, another deal) and the file
    uploaded into it brings back the same hand and the same status line (the scores)."""
    page, guard = offline_page
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    root = open_in_site(page, lite_server, "safety_load.ipynb")

    def fresh() -> None:
        page.evaluate(f"() => {{ document.querySelector('{root} .dw-board').dataset.old = '1'; }}")
        state = run_all(page, timeout_s=4 * STATE_BOUND, board=f"{root} .dw-board:not([data-old]) svg")
        assert not error_outputs(state), error_outputs(state)
        page.wait_for_selector(f"{root} .dw-board[data-old]", state="detached")
        page.wait_for_selector(f"{root} .jupyter-widgets-disconnected", state="detached")
        wait_phase(page, root, 0)

    rec = save_mid_hand_and_load_back(page, root, tmp_path, screenshots, "lite", fresh)
    assert not guard.attempted
    REPORT.append(f"site: the match saved mid-hand as {rec['variant']} hand 1, downloaded, and loaded back into "
                  f"a fresh widget: the same hand and scores")
