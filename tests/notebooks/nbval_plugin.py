"""pytest settings for the lessons, kept out of the students' ``notebooks/`` folder.

Load it with ``-p``: ``python -m pytest -p tests.notebooks.nbval_plugin --nbval notebooks/``
(``make test`` does, from the repository root). When nbval runs:

* ``DOMINO_FAST=1`` goes to the kernels (they inherit the environment), so the long simulations
  use their small seeded sizes; the asserts in the notebooks hold at both sizes.
* The sanitize file beside this one (memory addresses, uuids, widget model ids) is used unless
  another one is given.
* The kernel is the Python that runs pytest (``--nbval-current-env``), so the notebooks test the
  package installed next to pytest, wherever the notebook was saved.

Without ``--nbval`` it changes nothing (the main test run imports it only to look for doctests).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SANITIZE = Path(__file__).with_name("nbval_sanitize.cfg")


def pytest_configure(config: pytest.Config) -> None:
    opt = config.option
    if getattr(opt, "nbval", False) or getattr(opt, "nbval_lax", False):
        os.environ.setdefault("DOMINO_FAST", "1")
        if not getattr(opt, "nbval_sanitize_with", None):
            opt.nbval_sanitize_with = str(SANITIZE)
        if not getattr(opt, "nbval_kernel_name", None):
            opt.nbval_current_env = True
