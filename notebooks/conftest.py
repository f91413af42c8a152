"""pytest settings for the notebooks: ``pytest --nbval notebooks/`` runs every lesson.

* ``DOMINO_FAST=1`` goes to the kernels (they inherit the environment), so the long simulations
  use their small seeded sizes; the asserts in the notebooks hold at both sizes.
* The sanitize file for memory addresses and ids is used unless another one is given.
* The kernel is the Python that runs pytest (``--nbval-current-env``), so the notebooks test the
  package installed next to pytest, wherever the notebook was saved.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent

os.environ.setdefault("DOMINO_FAST", "1")


def pytest_configure(config: pytest.Config) -> None:
    opt = config.option
    if getattr(opt, "nbval", False) or getattr(opt, "nbval_lax", False):
        if not getattr(opt, "nbval_sanitize_with", None):
            opt.nbval_sanitize_with = str(HERE / "nbval_sanitize.cfg")
        if not getattr(opt, "nbval_kernel_name", None):
            opt.nbval_current_env = True
