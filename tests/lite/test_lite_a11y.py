"""Issue 27: axe-core (WCAG 2.2 A/AA) on the offline JupyterLite site, beyond its game widgets (which
``test_lite_site.py`` audits): the app (``PlayApp``, the site's ``play.ipynb``) and the rule explorer,
at 1024x768, as in Lab and Voila (``tests/browser/test_a11y_axe.py``, whose ``axe_audit`` this
reuses). No violation on the widgets' own elements; what the JupyterLite page around them violates
is reported (and listed in docs/accessibility.md), not hidden.

The rule explorer has no notebook of its own on the site: the test writes one into the site's
browser storage (JupyterLite's contents API, as a student's new notebook is kept) and opens it.
"""

from __future__ import annotations

import json
from typing import Any

from lite_site import REPORT, StaticServer, error_outputs, run_all, wait_kernel

from tests.browser.axe_audit import run_axe, summary

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

EXPLORER = ('import domino_widgets.widgets as dww\n\n'
            'ex = dww.explore("all_fives", hands=["5-5 3-5 6-4", "0-5 1-4 2-3"], boneyard="1-2", leader=0, lang="cs")\n'
            'ex')

# a notebook saved into the site's storage (the browser's), as JupyterLite keeps a student's notebook
SAVE = """async ([path, source]) => {
  await window.jupyterapp.restored;
  const content = {nbformat: 4, nbformat_minor: 5, metadata: {kernelspec: {name: 'python', display_name: 'Python (Pyodide)',
                   language: 'python'}}, cells: [{cell_type: 'code', source, metadata: {}, outputs: [],
                   execution_count: null, id: 'a11y-explorer'}]};
  await window.jupyterapp.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content});
}"""


def _open(page: Any, server: StaticServer, notebook: str) -> None:
    page.goto(f"{server.url}/lab/index.html?path={notebook}")
    wait_kernel(page)


def _audit(page: Any, root: str, sliders: int) -> list[dict[str, Any]]:
    """axe on the widget ``root`` of the notebook in front, at 1024x768, once its views are all drawn
    (the sliders' views render after the board); the page around it is reported."""
    page.set_viewport_size({"width": 1024, "height": 768})
    widget = f"{PANEL} {root}"
    page.wait_for_selector(widget, timeout=90_000)
    page.wait_for_selector(f"{PANEL} .jupyter-widgets-disconnected", state="detached")
    page.wait_for_function("([w, n]) => { const g = document.querySelector(w); "
                           "return g && g.querySelectorAll('[role=slider]').length >= n; }", arg=[widget, sliders])
    violations = run_axe(page, widget)
    around = run_axe(page, {"exclude": [[root]]})
    REPORT.append(f"axe-core, WCAG 2.2 A/AA at 1024x768, {root}: {summary(violations)}; "
                  f"outside it (JupyterLite itself): {summary(around)}")
    return violations


def test_axe_finds_no_violation_in_the_app_offline(offline_page: tuple[Any, Any], lite_server: StaticServer) -> None:
    """The site's play.ipynb: the app (its game menu, language menu, rules panel and the game inside)."""
    page, guard = offline_page
    _open(page, lite_server, "play.ipynb")
    state = run_all(page, timeout_s=240, board=f"{PANEL} .dw-app .dw-board svg")
    assert not error_outputs(state), error_outputs(state)
    violations = _audit(page, ".dw-app", 2)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:6000]
    assert not guard.attempted


def test_axe_finds_no_violation_in_the_rule_explorer_offline(offline_page: tuple[Any, Any],
                                                             lite_server: StaticServer) -> None:
    """The rule explorer (in Czech: its own words are translated too), in a notebook of the student's."""
    page, guard = offline_page
    page.goto(f"{lite_server.url}/lab/index.html")  # the site's page, with its contents API
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=120_000)
    page.evaluate(SAVE, ["a11y_explorer.ipynb", EXPLORER])
    _open(page, lite_server, "a11y_explorer.ipynb")
    state = run_all(page, timeout_s=240, board=f"{PANEL} .dw-explorer")
    assert not error_outputs(state), error_outputs(state)
    assert [c["count"] for c in state["cells"]] == [1], state["cells"]  # the explorer's cell ran
    violations = _audit(page, ".dw-explorer", 0)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:6000]
    assert not guard.attempted
