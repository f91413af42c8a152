"""Issue 41: the keyboard robot of test_a11y_robot.py solves puzzles in JupyterLab and in Voila,
reading only what a screen reader reads (the accessibility tree and the live region), in English,
Czech and Greek, one page with a cell per language; then axe audits the widget with the answer and
its explanation shown: no violation.

The robot knows the answer the way a student who worked it out does: from a twin of the widget in
the test process (the same puzzles, the same choice of the first one), never from the page; before
its play it checks that no tile the student has not seen is named anywhere in the widget's page. In
English it walks to the answer's tile with the arrows and presses Enter; in Czech it plays another
tile (a wrong play) and hears why it loses, with the holding that beats it; in Greek it types the
answer into the move box in Greek words. Each then hears the explanation again (X) and the next
puzzle (N); in English it then picks another theme in the menu by the keyboard and hears its first puzzle.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from axe_audit import run_axe
from board_driver import LAB_ROOT, mentions, open_in
from test_a11y_robot import _HEARD, _REGIONS_FROM_ATTACH, _focused_name, _say, _words

from domino_widgets import puzzles
from domino_widgets.core.actions import Action
from domino_widgets.core.tiles import tile_set
from domino_widgets.widgets.i18n import action_text, tr
from domino_widgets.widgets import puzzle_words
from domino_widgets.widgets.puzzle import PuzzleWidget

LANGS = ("en", "cs", "el")

# Every text node and attribute value under the widget (as board_driver's page text, from an element):
# geometry and the page's own ids left out
_WIDGET_TEXT_JS = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) { out.push(n.nodeValue); continue; }
    for (const a of n.attributes || []) {
      if (['d', 'points', 'transform', 'viewBox', 'style', 'id', 'aria-labelledby', 'aria-controls',
           'aria-describedby', 'aria-owns', 'for', 'href'].includes(a.name)) continue;
      out.push(a.name + '=' + a.value);
    }
    if (n.value !== undefined && typeof n.value === 'string') out.push(n.value);
  }
  return out.join('\\n');
}"""


def _walk_to(page: Any, name: str) -> None:
    """The arrows, until the button named ``name`` has the focus (read from the accessibility tree)."""
    for _ in range(30):
        if _focused_name(page) == name:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached {name!r}; the focus is on {_focused_name(page)!r}")


def _ends_then_enter(page: Any, status: Any, w: dict[str, Any], end: str | None, lang: str) -> str:
    """After Enter on a tile that fits two ends: the arrows to ``end``'s button, Enter."""
    if not w["end"].match(_focused_name(page)):
        return ""
    wanted = tr(lang, "end_open", end=tr(lang, end or "left"), n="@").split("@")[0]
    for _ in range(6):
        if _focused_name(page).startswith(wanted):
            break
        page.keyboard.press("ArrowRight")
    return _say(page, status, "Enter")


def robot_solves(page: Any, scope: str, lang: str, how: str, before_next: Any = None) -> dict[str, Any]:
    """The robot at one puzzle widget: ``how`` is "right" (arrows and Enter on the answer),
    "wrong" (another tile) or "typed" (the answer typed in the student's words)."""
    from playwright.sync_api import expect

    twin = PuzzleWidget(lang=lang)  # the same puzzles and the same first choice as the page's
    p, best = twin.puzzle, twin.best
    w = _words(lang)
    region = page.locator(scope).get_by_role("region", name=tr(lang, "puzzles")).first
    expect(region).to_be_attached()
    status = region.get_by_role("status")
    handle = status.element_handle(timeout=90_000)
    handle.evaluate(_HEARD)
    # nothing in the widget's page names a tile the student has not seen (text, attributes, the SVG)
    widget = region.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' dw-puzzle ')][1]")
    shown = widget.evaluate(_WIDGET_TEXT_JS)
    st = twin.state
    seen = set(st.hand(twin.seat)) | {pl.tile for pl in st.layout.placements()}
    leaked = [str(t) for t in tile_set(st.view(twin.seat).pips) if t not in seen and mentions(shown, t)]
    assert not leaked, f"tiles the student has not seen are in the page: {leaked}"
    assert all(mentions(shown, t) for t in st.hand(twin.seat))  # (the same reading finds the tiles shown)
    box = region.get_by_role("textbox", name=tr(lang, "move_box"))
    box.focus()  # the one jump: to the board's form field, by its role and name
    page.keyboard.press("Escape")  # ... and onto the board
    heard = [_say(page, status, "w", tr(lang, "puzzle_task", who="@").split("@")[0])]
    heard.append(_say(page, status, "e", tr(lang, "key_ends")))
    if how == "typed":
        page.keyboard.press("m")
        page.keyboard.type(action_text(best, lang))
        said = _say(page, status, "Enter")
        page.keyboard.press("Escape")
        played = best
    else:
        if how == "right":
            played = best
        else:
            played = Action.parse(p.others[0].play)
        tile = str(played.tile)
        name = next(m.group(1) for m in re.finditer(r'button "([^"]+)"', region.aria_snapshot())
                    if m.group(1).split(",")[0] == tile)
        _walk_to(page, name)
        said = _say(page, status, "Enter")
        said = _ends_then_enter(page, status, w, str(played.end) if played.end else None, lang) or said
    heard.append(said)
    verdict = tr(lang, "puzzle_right", play="@").split("@")[0] if how != "wrong" else \
        tr(lang, "puzzle_wrong", why="@", best="#").split("@")[0]
    assert said.startswith(verdict), (lang, how, said)
    assert tr(lang, "rating_moved", old="@", new="#").split("@")[0] in said, said
    if how == "wrong":  # why it loses: the holding that beats it, named with the language's words
        other = p.others[0]
        assert puzzle_words.why_words(p, other, twin.legal, twin._name, lang) in said, said
        assert action_text(best, lang) in said, said
    # the answer explained again (X), every other play with it
    again = _say(page, status, "x", tr(lang, "best_is", best="@").split("@")[0])
    assert tr(lang, "best_is", best=action_text(best, lang)) in again, again
    for other in p.others:
        assert puzzle_words.capital(puzzle_words.why_words(p, other, twin.legal, twin._name, lang)) in again
    heard.append(again)
    if before_next is not None:
        before_next(region)
    next_words = _say(page, status, "n", tr(lang, "puzzle_no", n="@", total="#").split("@")[0])
    heard.append(next_words)
    if how == "right":  # another theme, by the keyboard: the menu (by its role and name), an arrow, Enter
        menu = page.locator(scope).get_by_role("combobox", name=tr(lang, "theme"))
        menu.focus()
        label, theme = twin._theme_options()[1]
        page.keyboard.press("ArrowDown")  # browsing the menu chooses nothing yet (board.js) ...
        chosen = _say(page, status, "Enter", tr(lang, "puzzle_no", n="@", total="#").split("@")[0])  # ... Enter does
        assert f"{tr(lang, 'theme')}: {label}" in chosen, chosen
        before, after = tr(lang, "puzzle_no", n="@", total=len(puzzles.load(theme=theme))).split("@")
        assert re.search(re.escape(before) + r"\d+" + re.escape(after), chosen), chosen  # of that theme's puzzles
        heard.append(chosen)
    twin.close()
    return {"heard": heard, "puzzle": p.id}


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_the_robot_solves_puzzles_by_keyboard_in_three_languages(page: Any, request: Any, where: str,
                                                                   screenshots: Any) -> None:
    t0 = time.monotonic()
    page.add_init_script(_REGIONS_FROM_ATTACH)
    root = open_in(page, request, where, "a11y_puzzle_langs.ipynb")
    times = [f"page {time.monotonic() - t0:.1f} s"]
    for i, (lang, how) in enumerate(zip(LANGS, ("right", "wrong", "typed"))):
        scope = f"{LAB_ROOT if where == 'lab' else root} .jp-CodeCell >> nth={i}"
        page.locator(scope).scroll_into_view_if_needed()
        t1 = time.monotonic()
        # in Czech, axe on the widget with the verdict and the explanation shown (before the next
        # puzzle); a screenshot of each (DW_SCREENSHOTS=<dir> keeps them)
        def before_next(region: Any, lang: str = lang) -> None:
            if lang == "cs":
                _axe(region)
            region.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' dw-puzzle ')][1]").screenshot(
                path=str(screenshots / f"puzzle_robot_{where}_{lang}.png"))

        report = robot_solves(page, scope, lang, how, before_next=before_next)
        text = " ".join(report["heard"])
        if lang != "en":  # the words are the student's language's
            assert "Player" not in text and "points" not in text and "Right" not in text, text
        times.append(f"{lang} {how} {time.monotonic() - t1:.1f} s")
    print(f"\n{where} puzzles: " + ", ".join(times))


def _axe(region: Any) -> None:
    """axe on the puzzle widget around ``region`` (marked with a class of its own: axe's context)."""
    widget = region.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' dw-puzzle ')][1]")
    widget.scroll_into_view_if_needed()
    widget.evaluate("el => el.classList.add('dw-axe-puzzle-now')")
    violations = run_axe(region.page, ".dw-axe-puzzle-now")
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:6000]
