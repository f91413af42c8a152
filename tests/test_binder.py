"""Binder: install exactly what ``binder/`` says into a fresh virtual environment and run the lessons.

repo2docker (what mybinder.org runs) installs ``binder/requirements.txt`` with pip, then runs
``binder/postBuild``, which installs the package itself. `test_binder_environment_runs_the_notebooks`
does the same in a new venv, on a copy of the repository from which the source folder is then
removed (so the notebooks import the *installed* package, package data included), imports every
module the lessons import, and runs the start lesson there with nbval (``make test`` runs every
lesson under nbval). It also checks that JupyterLab sees the widget extensions and that Voila
renders the playable app (``notebooks/play.ipynb``).

It takes minutes and needs the package registry, so it runs in CI (``CI=true``, which ``.ci/run``
sets) or when ``DOMINO_BINDER_TEST=1``; elsewhere it is reported as skipped with that reason. The
checks of the ``binder/`` files themselves always run.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
RUN = os.environ.get("CI", "").lower() == "true" or os.environ.get("DOMINO_BINDER_TEST") == "1"
TEST_TOOLS = ["pytest>=8", "nbval>=0.11"]  # to run the check; not part of the Binder image


def _requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


# ------------------------------------------------------------------ the files (always checked)


def test_requirements_name_what_the_lessons_import() -> None:
    reqs = _requirements()
    names = {re.split(r"[<>=!~\[ ]", r, maxsplit=1)[0].lower() for r in reqs}
    assert "ipywidgets>=8,<9" in reqs  # the widgets are built on ipywidgets 8
    # the widgets, the renderer, the simulations, Lab and the Voila app; the charts are the package's SVG
    assert {"ipywidgets", "anywidget", "svgwrite", "joblib", "tqdm", "jupyterlab", "voila",
            "ipykernel", "glicko2"} <= names  # glicko2: the puzzle widget's ratings (issue 41)
    assert "matplotlib" not in names  # it does not exist in the JupyterLite build (issue 14)
    assert "domino-widgets" not in names and "domino_widgets" not in names  # postBuild installs it


def test_no_jupyter_process_compiles_the_iri_grammars() -> None:
    """Issue 43: with rfc3987-syntax installed, ``import jsonschema`` (every nbformat, nbconvert,
    nbgrader and Jupyter server process) compiles about 38 Lark grammars, 1-2 s of CPU quiet and
    15-19 s at load 7; ``make``'s installs remove it (postBuild too, checked in the Binder test) and
    notebooks are still validated against their schema."""
    import nbformat

    code = "import jsonschema, sys; print('rfc3987_syntax' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False", "run make: its installs remove rfc3987-syntax"
    bad = nbformat.v4.new_notebook()
    bad.cells.append(nbformat.v4.new_code_cell("1"))
    del bad.cells[0]["outputs"]                               # a code cell without outputs is not valid
    with pytest.raises(nbformat.ValidationError):
        nbformat.validate(bad)


def test_postbuild_installs_the_package_without_dependencies() -> None:
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "repo2docker runs postBuild only if it is executable"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "set -euo pipefail" in text
    assert re.search(r"python -m pip install .*--no-deps \.$", text, re.MULTILINE)
    # a fresh Binder shows the saved pictures, not their text: the shipped lessons are signed,
    # the translated ones in notebooks/<lang>/ too
    assert re.search(r"^find notebooks -name '\*\.ipynb' .*-exec jupyter trust \{\} \+$", text, re.MULTILINE)


def test_jupyterlab_asks_no_news_question() -> None:
    """Issue 40: JupyterLab's "Jupyter news?" question (and its update check) covered the game's
    controls at 1024x768. binder/overrides.json switches both off, in the values Lab's own schema
    allows; make lab and Binder's postBuild install it where Lab reads overrides."""
    import json

    import jsonschema

    overrides = json.loads((BINDER / "overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    schema_file = (Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas" / "@jupyterlab" / "apputils-extension"
                   / "notification.json")
    schema = json.loads(schema_file.read_text())
    jsonschema.validate({**{k: v["default"] for k, v in schema["properties"].items() if "default" in v},
                         **notification}, schema)
    assert 'cp binder/overrides.json "$settings/overrides.json"' in (BINDER / "postBuild").read_text()
    make = (ROOT / "Makefile").read_text()
    assert "LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json" in make
    assert re.search(r"^lab: .*\$\(LAB_OVERRIDES\)", make, re.MULTILINE)


def test_runtime_is_a_supported_python() -> None:
    m = re.fullmatch(r"python-(\d+)\.(\d+)\s*", (BINDER / "runtime.txt").read_text())
    assert m and (int(m[1]), int(m[2])) >= (3, 10)  # pyproject: requires-python >= 3.10


# ------------------------------------------------------------------ the environment (CI)


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> str:
    """Run ``cmd``; fail with its output unless it succeeds; return stdout and stderr together."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert proc.returncode == 0, f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc.stdout + proc.stderr


def _lesson_imports(folder: Path) -> set[str]:
    """Every module imported by a code cell of a notebook under ``folder`` (magics left out).

    >>> import json, tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> cell = {"cell_type": "code", "source": ["%matplotlib inline\\n", "import tqdm.auto as t\\n",
    ...                                         "from domino_widgets import play"]}
    >>> _ = (d / "a.ipynb").write_text(json.dumps({"cells": [cell]}))
    >>> sorted(_lesson_imports(d))
    ['domino_widgets', 'tqdm.auto']
    """
    import ast
    import json

    found: set[str] = set()
    for path in folder.rglob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            code = "".join(cell["source"])
            code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(code)):
                if isinstance(node, ast.Import):
                    found.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module)
    return found


def _installer(py: str) -> list[str]:
    """The command that installs requirements into the venv of ``py``: uv (a test requirement), which
    resolves the same requirements against the same registry as repo2docker's pip, in seconds
    instead of about a minute (issue 43: 55 s against 4 s for binder/requirements.txt); pip
    when uv is not there."""
    uv = Path(sys.executable).parent / "uv"
    if uv.exists():
        return [str(uv), "pip", "install", "--quiet", "--compile-bytecode", "--python", py]
    return [py, "-m", "pip", "install", "--quiet"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _copy_repo(dest: Path) -> Path:
    skip = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", "*.egg-info", "build", "dist",
                                  ".pytest_cache", ".hypothesis", ".ipynb_checkpoints", ".mypy_cache", ".ruff_cache")
    return Path(shutil.copytree(ROOT, dest, ignore=skip))


@pytest.mark.skipif(not RUN, reason="installs binder/ into a fresh venv (minutes, needs the registry): "
                                    "runs in CI (CI=true) or with DOMINO_BINDER_TEST=1")
def test_binder_environment_runs_the_notebooks(tmp_path: Path) -> None:
    repo = _copy_repo(tmp_path / "repo")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bindir = venv / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env.update(PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv),
               PIP_DISABLE_PIP_VERSION_CHECK="1", DOMINO_FAST="1", JUPYTER_PLATFORM_DIRS="1",
               JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"))  # postBuild's notebook signatures go here
    py = str(bindir / "python")

    # what repo2docker does: requirements.txt, then postBuild (from the repository root), which runs
    # pip itself
    _run([*_installer(py), "-r", "binder/requirements.txt"], repo, env, 1800)
    _run(["bash", "binder/postBuild"], repo, env, 900)
    assert _run([py, "-c", "import nbformat, sys; print('rfc3987_syntax' in sys.modules)"], tmp_path, env,
                120).strip().endswith("False")  # Lab's server starts without compiling the IRI grammars
    shutil.rmtree(repo / "domino_widgets")  # from now on only the installed package can be imported
    assert (venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text() == \
        (BINDER / "overrides.json").read_text()  # Lab's settings for the kit, where Lab reads them
    _run([*_installer(py), *TEST_TOOLS], repo, env, 900)

    probe = ("import domino_widgets, pathlib; p = pathlib.Path(domino_widgets.__file__).parent; "
             "print(p); assert (p / 'widgets' / 'board.js').exists()")
    where = _run([py, "-c", probe], tmp_path, env, 120)
    assert str(venv) in where, f"the package was not installed into the venv: {where}"

    # JupyterLab sees the widget front ends (prebuilt extensions shipped in the wheels)
    ext = _run([py, "-m", "jupyter", "labextension", "list"], repo, env, 120)
    assert "@jupyter-widgets/jupyterlab-manager" in ext and "enabled" in ext

    # every module any lesson imports (every language) imports in the Binder environment; `make test`
    # runs every lesson under nbval already, against the same package (issue 43: running them all
    # again here took minutes of CI), so here nbval runs the start lesson, the one Binder opens
    modules = sorted(_lesson_imports(repo / "notebooks"))
    assert "domino_widgets" in modules and len(modules) > 3, modules
    _run([py, "-c", "import importlib, sys\nfor m in sys.argv[1:]: importlib.import_module(m)", *modules],
         tmp_path, env, 300)
    out = _run([py, "-m", "pytest", "-p", "tests.notebooks.nbval_plugin", "--nbval", "-p", "no:cacheprovider", "-q",
                "-o", "addopts=", "--nbval-sanitize-with", "tests/notebooks/nbval_sanitize.cfg",
                "notebooks/00_start_here.ipynb"], repo, env, 1800)
    assert " passed" in out and "failed" not in out

    # the Voila app renders the game with no error
    port = _free_port()
    voila = subprocess.Popen([py, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                              "--Voila.port_retries=0", "--show_tracebacks=True", "notebooks/play.ipynb"], cwd=repo, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        page = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as r:
                    page = r.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert "application/vnd.jupyter.widget-view+json" in page, page[-3000:]
        assert "Traceback" not in page and "There was an error" not in page, page[-3000:]
    finally:
        voila.terminate()
        voila.wait(timeout=30)
