"""Issue 27: a picture shown as a cell's output (a tile, a table, a chart: ``_repr_svg_``) has a
text alternative in JupyterLab and Voila. Lab shows an ``image/svg+xml`` output as an ``<img>``
without ``alt``; the pictures also give ``text/html`` (`picture_html`: the same SVG in an ``<img>``
whose ``alt`` is the picture's title and description), which Lab, JupyterLite and Voila prefer.

Checked by the accessibility tree (an image with its name), axe-core's ``image-alt`` and the other
WCAG rules on the output area, the picture actually drawn, and, in Lab, a notebook that is not
trusted (its saved HTML cleaned by Lab, which keeps the picture and its alt text).
"""

from __future__ import annotations

import json
import re
from typing import Any

from axe_audit import run_axe
from board_driver import KERNEL_READY, LAB_ROOT
from lab_servers import TOKEN

DRAWN = """(scope) => [...document.querySelectorAll(scope + ' img.dw-picture')]
  .map(i => i.complete && i.naturalWidth > 0)"""


def _open(page: Any, request: Any, where: str, notebook: str, *, run: bool = True) -> str:
    """Open ``notebook`` (in Lab: run every cell unless ``run`` is False) and wait for its pictures."""
    if where == "lab":
        lab = request.getfixturevalue("lab")
        name = notebook.removesuffix(".ipynb").replace("_", "-") + ("" if run else "-saved")
        page.goto(f"{lab.url}/lab/workspaces/{name}/tree/{notebook}?reset&token={TOKEN}")
        page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
        if run:
            for _attempt in range(3):
                page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
                try:
                    page.wait_for_function("(s) => document.querySelectorAll(s).length >= 3",
                                           arg=f"{LAB_ROOT} img.dw-picture", timeout=90_000)
                    break
                except Exception:  # noqa: BLE001 - Run All sent before the kernel was attached: again
                    page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
        scope = LAB_ROOT
    else:
        page.goto(f"{request.getfixturevalue('voila').url}/voila/render/{notebook}")
        scope = "body"
    page.wait_for_function("(s) => document.querySelectorAll(s).length >= 3", arg=f"{scope} img.dw-picture",
                           timeout=90_000)
    return scope


def test_pictures_are_images_with_their_text(page: Any, request: Any, where: str, screenshots: Any) -> None:
    from playwright.sync_api import expect

    scope = _open(page, request, where, "a11y_pictures.ipynb")
    out = page.locator(scope)
    # the accessibility tree: each picture an image named by its own words, in its language
    expect(out.get_by_role("img", name=re.compile(r"^Kostka 3-5"))).to_have_count(1)
    chart = out.get_by_role("img", name=re.compile(r"^Win rate"))
    expect(chart).to_have_count(1)
    name = chart.evaluate("(i) => i.alt")
    assert "greedy" in name and "25" in name and "75" in name, name  # the chart's numbers are read
    expect(out.get_by_role("img", name=re.compile(r"Player 1 \(you\)"))).to_have_count(1)  # the table
    assert page.evaluate(DRAWN, scope) == [True, True, True]  # each picture drawn, not only named
    context = f"{scope} .jp-OutputArea" if where == "lab" else "body"
    violations = run_axe(page, context)
    assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)[:4000]
    out.locator("img.dw-picture").first.screenshot(path=str(screenshots / f"a11y_picture_{where}.png"))


def test_an_untrusted_notebook_shows_its_pictures_with_their_text(page: Any, request: Any) -> None:
    """A notebook saved with its pictures, opened in Lab without running: not trusted, so Lab shows
    no ``image/svg+xml`` ("Cannot display an untrusted SVG") and cleans the HTML; the cleaned
    ``<img>`` keeps its picture and its ``alt`` (the picture is drawn and named)."""
    from playwright.sync_api import expect

    lab = request.getfixturevalue("lab")
    page.goto(f"{lab.url}/lab/workspaces/pictures-saved/tree/a11y_pictures_saved.ipynb?reset&token={TOKEN}")
    page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
    assert page.evaluate("""() => { const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
        return [...Array(cells.length).keys()].map(i => cells.get(i).trusted); }""") == [False, False, False]
    out = page.locator(LAB_ROOT)
    expect(out.get_by_role("img", name=re.compile(r"^Kostka 3-5"))).to_have_count(1)
    expect(out.get_by_role("img", name=re.compile(r"^Win rate.*25"))).to_have_count(1)
    page.wait_for_function("(s) => document.querySelectorAll(s).length >= 3", arg=f"{LAB_ROOT} img.dw-picture")
    assert page.evaluate(DRAWN, LAB_ROOT) == [True, True, True]
    assert "Cannot display an untrusted SVG" not in (out.text_content() or "")
