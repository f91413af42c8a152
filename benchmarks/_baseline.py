"""The previous version of domino_widgets, importable side by side as ``dw_base``.

A benchmark that compares against "the previous version measured in the same run" calls
`load_baseline(commit)`: the package as it was at ``commit`` is extracted from git into a
temporary folder, renamed to ``dw_base`` (its absolute self-imports too) and imported, so
both versions run in one process on the same machine load.
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
#: The commit before issue 13's speed work (the branch point of the ``perf`` branch).
BASE_COMMIT = "5745d79"


def load_baseline(commit: str = BASE_COMMIT, name: str = "dw_base") -> ModuleType | None:
    """``domino_widgets`` at ``commit`` as the module ``name``, or None without git (several
    versions side by side need several names)."""
    if name in sys.modules:
        return sys.modules[name]
    folder = Path(tempfile.mkdtemp(prefix=f"{name}_"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "domino_widgets"],
                             check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=tar, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    (folder / "domino_widgets").rename(folder / name)
    for path in (folder / name).rglob("*.py"):
        text = path.read_text()
        if "domino_widgets" in text:
            path.write_text(text.replace("domino_widgets", name))
    sys.path.insert(0, os.fspath(folder))
    return importlib.import_module(name)
