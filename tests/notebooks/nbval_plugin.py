"""pytest settings for the lessons, kept out of the students' ``notebooks/`` folder.

Load it with ``-p``: ``python -m pytest -p tests.notebooks.nbval_plugin --nbval notebooks/``
(``make test`` does, from the repository root). When nbval runs:

* ``DOMINO_FAST=1`` goes to the kernels (they inherit the environment), so the long simulations
  use their small seeded sizes; the asserts in the notebooks hold at both sizes.
* The sanitize file beside this one (memory addresses, uuids, widget model ids) is used unless
  another one is given.
* The kernel is the Python that runs pytest (``--nbval-current-env``), so the notebooks test the
  package installed next to pytest, wherever the notebook was saved.
* A picture's ``text/html`` (`domino_widgets.render._svg.picture_html`: an ``<img>`` of the SVG with
  its text alternative, issue 27) is checked to hold exactly the output's own ``image/svg+xml``, and
  is then compared through that SVG: a lesson saved before pictures had it still compares equal.

Without ``--nbval`` it changes nothing (the main test run imports it only to look for doctests).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

SANITIZE = Path(__file__).with_name("nbval_sanitize.cfg")


def _picture_html_dropped(outputs: list[Any]) -> list[Any]:
    """``outputs`` without the ``text/html`` of each picture, once it is checked to be the picture's
    own SVG (base64 in an ``<img>``); a ``text/html`` that is not stays, and is compared."""
    import base64

    from nbformat import NotebookNode

    from domino_widgets.render._svg import PICTURE_HTML

    out = []
    for output in outputs:
        data = output.get("data") if isinstance(output, dict) else None
        page = data.get("text/html") if isinstance(data, dict) else None
        if isinstance(page, list):
            page = "".join(page)
        if isinstance(page, str) and page.startswith(PICTURE_HTML) and "image/svg+xml" in data:
            svg = data["image/svg+xml"]
            svg = "".join(svg) if isinstance(svg, list) else svg
            shown = base64.b64decode(page.split("base64,", 1)[1].split('"', 1)[0]).decode("utf-8")
            if shown == svg:
                output = NotebookNode({**output, "data": NotebookNode({k: v for k, v in data.items()
                                                                      if k != "text/html"})})
        out.append(output)
    return out


def _compare_pictures_by_their_svg() -> None:
    from nbval.plugin import IPyNbCell

    compare = IPyNbCell.compare_outputs
    if getattr(compare, "_dw_pictures", False):
        return

    def compare_outputs(self: Any, test: Any, ref: Any, skip_compare: Any = None) -> bool:
        return bool(compare(self, _picture_html_dropped(test), _picture_html_dropped(ref), skip_compare))

    compare_outputs._dw_pictures = True  # type: ignore[attr-defined]
    IPyNbCell.compare_outputs = compare_outputs


def pytest_configure(config: pytest.Config) -> None:
    opt = config.option
    if getattr(opt, "nbval", False) or getattr(opt, "nbval_lax", False):
        _compare_pictures_by_their_svg()
        os.environ.setdefault("DOMINO_FAST", "1")
        if not getattr(opt, "nbval_sanitize_with", None):
            opt.nbval_sanitize_with = str(SANITIZE)
        if not getattr(opt, "nbval_kernel_name", None):
            opt.nbval_current_env = True
