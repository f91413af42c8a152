"""Issue 27: axe-core audits the widgets' own elements (the widget's root as axe's context) for
the WCAG 2.2 A and AA rules, in JupyterLab and in Voila, at 1024×768: no violation.

The same audit runs on the projector setting (``size="projector"``) and, in ``tests/lite``, on
the browser-only JupyterLite site. axe-core's ``axe.min.js`` comes from npm through
``tests/browser/setup_browser.sh`` (into ``build/axe``, ``axe_audit.py``); without it the test
fails and says how to get it. What JupyterLab and Voila
themselves violate (outside the widgets) is printed by ``test_the_page_around_the_widget`` and
listed in the README, not hidden.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from axe_audit import run_axe, summary
from board_driver import open_in

# (the notebook, the CSS class of the widget's root: the audit's context, never the board's inside,
# and how many sliders the widget holds: the audit waits for their views, which render after the
# board, so that it sees the whole widget and not the part drawn so far)
WIDGETS = [("a11y_all_fives_en.ipynb", ".dw-game", 2), ("a11y_block_cs.ipynb", ".dw-game", 2),
           ("play_twentyone.ipynb", ".dw-twentyone", 2), ("solitaire.ipynb", ".dw-solitaire", 1),
           # the projector setting (size="projector": big tiles and text, the board fitted to the window);
           # Twenty-one and the solitaire have no size setting
           ("projector_all_fives.ipynb", ".dw-game", 2), ("projector_bergen.ipynb", ".dw-game", 2)]


@pytest.fixture
def small_page(chromium: Any) -> Any:
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.mark.parametrize("notebook,root,sliders", WIDGETS)
def test_axe_finds_no_violation_in_the_widget(small_page: Any, request: Any, where: str, notebook: str,
                                              root: str, sliders: int) -> None:
    scope = open_in(small_page, request, where, notebook)
    widget = f"{scope} {root}"
    small_page.wait_for_selector(widget)
    small_page.wait_for_function("([w, n]) => document.querySelectorAll(w + ' [role=slider]').length >= n",
                                 arg=[widget, sliders])
    violations = run_axe(small_page, widget)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:6000]


def test_the_page_around_the_widget(small_page: Any, request: Any, where: str) -> None:
    """The violations of JupyterLab or Voila themselves (the widgets excluded): printed for the
    README's list; the test fails only if axe cannot run."""
    scope = open_in(small_page, request, where, "a11y_all_fives_en.ipynb")
    violations = run_axe(small_page, {"exclude": [[f"{scope} .dw-game"]]} if scope != "body" else
                         {"exclude": [[".dw-game"]]})
    print(f"\n{where}: violations outside the widget: {summary(violations)}")
