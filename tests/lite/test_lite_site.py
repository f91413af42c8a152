"""The offline JupyterLite site (issue 14) in headless Chromium, with nothing but 127.0.0.1.

Every request that would leave the machine is aborted and fails the test (``offline_page``).
The start notebook and a lesson run to their end in the browser's Python (Pyodide) with no
error and nothing on stderr; their pictures show; a click on the board gets the computer's
answer. The page-to-first-board time and the site's size are printed (targets: 15 s, 65 MB).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from lite_site import (REPORT, ROOT, StaticServer, cpu_by_thread, error_outputs, process_tree_cpu, run_all, site_size,
                       threads_cpu, wait_kernel)
from tests.browser.twin_lessons import PANEL, TAB_TITLES, TWIN_CELLS, TWINS, open_beside, run_twin_cells

FIRST_BOARD_TARGET_S = 15.0
# 60 MB until issue 40 gave each seed option's other reading a game in its lesson (five games in three
# languages, each board's saved widget state holding its own copy of board.js): 62.2 MB, of which the
# lessons are 15.2 (12.5 before) and their saved widget state about 9.6
SITE_TARGET_MB = 65.0

#: the lesson run to its end; its charts are SVG (``domino_widgets.render.charts``), one is checked
LESSON = "01_block.ipynb"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BOARD = ".jp-NotebookPanel:not(.lm-mod-hidden) .dw-board svg"

# The first board of the notebook: its revision, whose turn, the table and the playable tiles.
BOARD_STATE = """() => {
  const board = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .dw-board');
  if (!board) return null;
  const game = board.closest('.dw-game') || board.parentElement;
  const message = game && game.querySelector('.dw-message');
  return {rev: Number(board.dataset.rev || 0), phase: board.dataset.phase, table: board.dataset.table || '',
          playable: [...board.querySelectorAll('.tile.playable[data-tile]')].map(n => n.getAttribute('data-tile')),
          targets: [...board.querySelectorAll('.end.target[data-end]')].map(n => n.getAttribute('data-end')),
          message: message ? message.textContent : ''};
}"""

# An SVG output as the page shows it: JupyterLab draws image/svg+xml as an <img> with a data URL.
# The notebook only puts the cells near the view in the page: scroll to the cell first.
SHOWN_SVGS = """async (index) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  await notebook.scrollToItem(index, 'center');
  const node = notebook.widgets[index].node;
  for (let i = 0; i < 50; i++) {
    const imgs = [...node.querySelectorAll('.jp-OutputArea-output img[src^="data:image/svg+xml"]')];
    if (imgs.length && imgs.every(img => img.complete)) {
      return imgs.map(img => ({w: img.naturalWidth, h: img.naturalHeight}));
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return [];
}"""

# Make the lesson's long simulations take their small seeded sizes, as under nbval (DOMINO_FAST).
FAST_SIZES = """() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel
    .requestExecute({code: 'import os; os.environ["DOMINO_FAST"] = "1"', silent: true}).done"""


# What the kernel completes at ``code``'s end (the Tab key's request), as a list of matches.
COMPLETE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestComplete({code, cursor_pos: code.length});
  return reply.content.status === 'ok' ? reply.content.matches : ['error: ' + reply.content.ename];
}"""


# The text a cell prints (stdout, stderr, an error's name and value), run in the kernel of the notebook in front.
PRINTED = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const out = [];
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (c.text) out.push(c.text);
    if (c.ename) out.push(`${c.ename}: ${c.evalue}`);
  };
  await future.done;
  return out.join('');
}"""

#: a module written beside the notebook, then imported: the notebook's folder is the kernel's
#: working folder and on its import path (the site's kernel enters it late, build.DRIVE_LATE).
#: The drive reports no modification time for a folder, so Python's finder keeps its first
#: listing of it: a module written during the session needs ``importlib.invalidate_caches()``
#: (so in JupyterLite's own kernel too, with or without DRIVE_LATE).
BESIDE = ("import importlib, os\nwith open('dw_beside.py', 'w') as f: f.write('WHERE = __file__')\n"
          "importlib.invalidate_caches()\nimport dw_beside\nprint(os.getcwd(), dw_beside.WHERE)")


def open_notebook(page: Any, server: StaticServer, notebook: str) -> float:
    """Open ``notebook`` in JupyterLite's Lab and wait for its kernel; returns the page's start."""
    started = time.monotonic()
    page.goto(f"{server.url}/lab/index.html?path={notebook}")
    wait_kernel(page)
    return started


def svg_outputs(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The outputs that show as an SVG picture (widgets, which carry one for static views, show
    as widgets), with the cell they belong to."""
    return [{"cell": c["index"], "text": "".join(o["data"].get("text/plain", "")), "svg": o["data"]["image/svg+xml"]}
            for c in state["cells"] for o in c["outputs"]
            if "image/svg+xml" in o.get("data", {}) and WIDGET_VIEW not in o["data"]]


def assert_svgs_shown(page: Any, state: dict[str, Any], notebook: str) -> int:
    """Every SVG output of the notebook is drawn in the page (a decoded picture with a size)."""
    outputs = svg_outputs(state)
    assert outputs, f"{notebook} showed no SVG picture"
    for cell in sorted({o["cell"] for o in outputs}):
        shown = page.evaluate(SHOWN_SVGS, cell)
        assert shown and all(i["w"] > 0 and i["h"] > 0 for i in shown), f"{notebook} cell {cell}: not drawn: {shown}"
    return len(outputs)


def wait_board(page: Any, after_rev: int) -> dict[str, Any]:
    """The board once redrawn after ``after_rev`` and waiting for the person (an end to choose,
    their turn again after the computer's, or the hand over)."""
    page.wait_for_function(
        f"() => {{ const s = ({BOARD_STATE})(); return s && s.rev > {after_rev} "
        f"&& (s.targets.length > 0 || s.phase === 'yours' || s.phase === 'over'); }}", timeout=90_000, polling=50)
    return page.evaluate(BOARD_STATE)  # type: ignore[no-any-return]


def test_start_notebook_runs_offline_and_the_computer_answers_a_click(
        offline_page: tuple[Any, Any], lite_server: StaticServer, lite_site: Path) -> None:
    page, guard = offline_page
    cpu_started, threads_started = process_tree_cpu(), threads_cpu()
    started = open_notebook(page, lite_server, "00_start_here.ipynb")
    kernel_s = time.monotonic() - started
    state = run_all(page, timeout_s=180, board=BOARD)
    first_board_s = kernel_s + state["board_s"]
    first_board_cpu = process_tree_cpu() - cpu_started  # Chromium, the Playwright driver, http.server
    first_board_threads = cpu_by_thread(threads_started, threads_cpu())
    assert not error_outputs(state), error_outputs(state)
    pictures = assert_svgs_shown(page, state, "00_start_here.ipynb")
    # where students start, they read that Ctrl+S keeps their work in this browser (issue 26)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.scrollToItem(0, 'start')")
    keep = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown", has_text="Ctrl+S").first
    keep.wait_for(state="visible")

    # a click on a playable tile: the board comes back with the move and the computer's answer
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jupyter-widgets-disconnected", state="detached")
    page.wait_for_function(f"() => {{ const s = ({BOARD_STATE})(); return s && s.phase === 'yours'; }}")
    before = page.evaluate(BOARD_STATE)
    assert before["playable"], before
    tile = before["playable"][0]
    board = BOARD.removesuffix(" svg")
    clicked = time.monotonic()
    page.locator(f"{board} .tile.playable[data-tile='{tile}']").first.click()
    after = wait_board(page, before["rev"])
    if after["targets"]:  # COM-8: the tile fits more than one end; choose the first offered
        page.locator(f"{board} .end.target[data-end='{after['targets'][0]}']").first.click()
        after = wait_board(page, after["rev"])
    answer_s = time.monotonic() - clicked
    assert not after["targets"], after
    played = re.findall(r"\d-\d", after["table"])
    assert tile in played or tile[::-1] in played, (tile, after)
    # the computer moved too: the table holds more than the first player's tile(s)
    assert len(played) >= len(re.findall(r"\d-\d", before["table"])) + 2, (before, after)
    assert not guard.attempted

    size_mb = site_size(lite_site) / 1e6
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    verdict = "met" if first_board_s <= FIRST_BOARD_TARGET_S else "NOT met"
    REPORT.append(f"page -> kernel idle {kernel_s:.1f} s; page -> first board {first_board_s:.1f} s "
          f"(target {FIRST_BOARD_TARGET_S:.0f} s: {verdict}; load average {load:.1f} on {cores} cores; "
          f"{first_board_cpu:.1f} s CPU of the browser, its driver and the server; by thread: {first_board_threads}); "
          f"click -> computer answered {answer_s:.2f} s; {pictures} SVG pictures shown; "
          f"site {size_mb:.1f} MB (target {SITE_TARGET_MB:.0f} MB)")
    # The target is for an idle machine; the browser's Python is CPU-bound, so a loaded machine
    # (other jobs) stretches it: 62-110 s were seen at a load of 10-11 on 2 cores. Six times the
    # target, stretched by the load per core, means something waits (a hang; a CDN that never answers).
    limit = 6 * FIRST_BOARD_TARGET_S * max(1.0, load / cores)
    assert first_board_s <= limit, f"first board after {first_board_s:.0f} s (limit {limit:.0f} s): something waits"
    assert size_mb <= SITE_TARGET_MB, f"the site is {size_mb:.1f} MB, over its {SITE_TARGET_MB:.0f} MB budget"
    audit_the_widgets(page)


def audit_the_widgets(page: Any) -> None:
    """Issue 27: axe-core (WCAG 2.2 A/AA) on the game widgets of the page at 1024x768, as in Lab
    and Voila (tests/browser/test_a11y_axe.py): no violation on their own elements; what the
    JupyterLite page around them violates is reported (and listed in docs/accessibility.md)."""
    from tests.browser.axe_audit import run_axe, summary

    page.set_viewport_size({"width": 1024, "height": 768})
    games = ".jp-NotebookPanel:not(.lm-mod-hidden) .dw-game"
    # the controls' views render after the board: wait for the first widget's two sliders
    page.wait_for_function("(w) => { const g = document.querySelector(w); "
                           "return g && g.querySelectorAll('[role=slider]').length >= 2; }", arg=games)
    violations = run_axe(page, games)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:6000]
    around = run_axe(page, {"exclude": [[".dw-game"]]})
    REPORT.append(f"axe-core, WCAG 2.2 A/AA at 1024x768: {page.locator(games).count()} game widgets: no violation; "
                  f"outside them (JupyterLite itself): {summary(around)}")


def test_a_lesson_runs_to_its_end_offline_with_its_pictures_and_a_chart(
        offline_page: tuple[Any, Any], lite_server: StaticServer) -> None:
    page, guard = offline_page
    started = open_notebook(page, lite_server, LESSON)
    page.evaluate(FAST_SIZES)
    state = run_all(page, timeout_s=480)
    ran_s = time.monotonic() - started
    assert not error_outputs(state), error_outputs(state)
    pictures = assert_svgs_shown(page, state, LESSON)
    charts = [o for o in svg_outputs(state) if o["text"].startswith("<Chart")]
    assert charts, f"{LESSON} showed no SVG chart (an output whose text is '<Chart: ...>')"
    assert all("<svg" in c["svg"] and "<rect" in c["svg"] for c in charts), charts[0]["svg"][:500]
    # Tab completion still works with the stubs the site leaves out of jedi (build.TRIM): on a
    # builtin (jedi's standard-library stubs) and on the lesson's own objects (the live namespace)
    for code, expected in (("[1, 2].app", "append"), ("dw.tile_s", "tile_set"), ("import fractions; fractions.Frac", "Fraction")):
        matches = page.evaluate(COMPLETE, code)
        assert expected in matches, (code, matches)
    assert page.evaluate(PRINTED, BESIDE).split() == ["/drive", "/drive/dw_beside.py"]
    assert not guard.attempted
    REPORT.append(f"{LESSON} ran to its end in {ran_s:.1f} s (DOMINO_FAST sizes); "
          f"{pictures} SVG pictures shown, {len(charts)} of them charts (cells {[c['cell'] for c in charts]})")


# ------------------------------------------------------------------ two languages at once (issue 26)

def test_the_same_lesson_in_two_languages_runs_in_two_tabs_with_two_kernels(
        offline_page: tuple[Any, Any], lite_server: StaticServer) -> None:
    """Issue 26: with one file name for both, the second tab hung on "Initializing" and the first
    lost its kernel. Each answers a cell here, the first one again after the second opened; the tab
    titles differ; the Czech lesson's rule-book link opens the Czech rule book; /favicon.ico is there."""
    page, guard = offline_page
    started = time.monotonic()
    open_notebook(page, lite_server, TWINS["en"])
    en = page.evaluate(PANEL, TWINS["en"])
    first = run_twin_cells(page, "en")
    cs = open_beside(page, TWINS["cs"])
    run_twin_cells(page, "cs")
    assert en["kernel"] != cs["kernel"] and en["session"] != cs["session"], (en, cs)
    titles = page.evaluate(TAB_TITLES)
    assert "01_block.ipynb" in titles and "01_block.cs.ipynb" in titles, titles
    again = page.evaluate(PANEL, TWINS["en"])                    # back to the English tab: its kernel lives
    assert again["kernel"] == en["kernel"] and again["ready"], (en, again)
    assert run_twin_cells(page, "en") > first
    both_s = time.monotonic() - started

    # the Czech lesson's link to its rule book opens it in the site (it was "Path ... does not exist")
    page.evaluate(PANEL, TWINS["cs"])
    index = page.evaluate("""() => { const m = window.jupyterapp.shell.currentWidget.content.model;
        for (let i = 0; i < m.cells.length; i++) {
          if (m.cells.get(i).sharedModel.getSource().includes('../../docs/rules.cs.md')) return i; }
        return -1; }""")
    assert index >= 0
    page.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'center')", index)
    link = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a[href*='rules.cs.md']").first
    link.click()
    page.wait_for_function("""() => { const w = window.jupyterapp.shell.currentWidget;
        return !!(w && w.context && w.context.path === 'docs/rules.cs.md' && w.context.isReady
                  && w.context.model.toString().includes('Slepá ulička')); }""", timeout=90_000)
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").first.inner_text()
    assert "rules.cs.md" in page.evaluate(TAB_TITLES)

    icon = page.request.get(f"{lite_server.url}/favicon.ico")
    assert icon.status == 200 and icon.body()[:4] == bytes([0, 0, 1, 0]), icon.status
    assert not guard.attempted
    REPORT.append(f"{TWINS['en']} and {TWINS['cs']} open at once: two kernels, both ran cells {list(TWIN_CELLS)}, "
                  f"the English one again after the Czech one opened ({both_s:.1f} s); tab titles {titles}")


# ------------------------------------------------------------------ the rule books, rendered (issue 40)

#: each language's start lesson, its rule book and the rule book's first heading
RULE_BOOKS = (("00_start_here.ipynb", "docs/rules.md", "The rules of the domino_widgets games"),
              ("cs/00_start_here.cs.ipynb", "docs/rules.cs.md", "Pravidla her balíčku domino_widgets"),
              ("el/00_start_here.el.ipynb", "docs/rules.el.md", "Οι κανόνες των παιχνιδιών του domino_widgets"))

# What the widget in front shows: its path, its rendered headings and whether a text editor is in it.
SHOWN_DOCUMENT = """() => { const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || !w.context.isReady) return null;
  return {path: w.context.path,
          headings: [...w.node.querySelectorAll('.jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2')].map(h => h.textContent.replace(/¶$/, '')),
          editor: !!w.node.querySelector('.cm-editor, .jp-FileEditor')}; }"""


@pytest.mark.parametrize("notebook, book, title", RULE_BOOKS, ids=["en", "cs", "el"])
def test_the_rule_book_links_open_the_rule_books_rendered_in_three_languages(
        offline_page: tuple[Any, Any], lite_server: StaticServer, notebook: str, book: str, title: str) -> None:
    """Issue 40: in the site the lessons' rule-book links opened the Markdown source in the text
    editor (line numbers, ``**``, backticks); in Lab they open rendered. A click on each start
    lesson's link shows the rule book's headings and no editor. Each language in a fresh browser
    profile: in one page the next lesson's load restored the last rule book's tab, and JupyterLite's
    Lab threw while restoring it (CI at afe45f9: "Cannot read properties of null (reading 'observe')",
    and the lesson never came in front)."""
    page, guard = offline_page
    page.goto(f"{lite_server.url}/lab/index.html?path={notebook}")
    page.wait_for_function("""(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
        return !!(w && w.context && w.context.path === path && w.context.isReady && w.content.model
                  && w.content.model.cells.length); }""", arg=notebook, timeout=90_000)
    index = page.evaluate("""(name) => { const m = window.jupyterapp.shell.currentWidget.content.model;
        for (let i = 0; i < m.cells.length; i++) {
          if (m.cells.get(i).sharedModel.getSource().includes(name + ')')) return i; }
        return -1; }""", book.removeprefix("docs/"))
    assert index >= 0, (notebook, book)
    page.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'center')", index)
    name = book.removeprefix("docs/")
    page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a[href$='/{name}']").first.click()
    page.wait_for_function(f"""() => {{ const s = ({SHOWN_DOCUMENT})();
        return !!(s && s.path === {json.dumps(book)} && (s.headings.length || s.editor)); }}""", timeout=90_000)
    shown = page.evaluate(SHOWN_DOCUMENT)
    assert shown["headings"][:1] == [title] and not shown["editor"], shown
    assert len(shown["headings"]) > 10, shown  # the whole book, not an empty preview
    assert not guard.attempted
