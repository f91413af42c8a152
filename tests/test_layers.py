"""The layers of DESIGN.md hold (issue 42): import-linter's layers contract in pyproject.toml, run
here so that `make test` fails on the next import that climbs a layer."""

from __future__ import annotations

import ast
import os
import subprocess
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [str(LINT), "--no-cache"] + (["--config", str(config)] if config else [])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_the_imports_keep_the_layers_of_the_design() -> None:
    run = _lint()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Layers of DESIGN.md KEPT" in run.stdout


def test_a_climb_that_is_not_listed_breaks_the_contract(tmp_path: Path) -> None:
    """The contract is not a formality: without the line that allows one known climb (a state
    drawing itself in a notebook, `GameState._repr_svg_` importing the renderer), that import
    breaks it, as any new climb would."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = '    "domino_widgets.core.state -> domino_widgets.render",\n'
    assert listed in text
    config = tmp_path / "pyproject.toml"
    config.write_text(text.replace(listed, ""), encoding="utf-8")
    run = _lint(config)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "domino_widgets.core is not allowed to import domino_widgets.render" in run.stdout
    assert "domino_widgets.core.state -> domino_widgets.render" in run.stdout


def test_every_module_of_prob_is_in_a_layer() -> None:
    """The lesson helpers (`domino_widgets.prob.lessons`) stand above players and sim, so the
    contract lists prob's other modules one by one: a new module of prob must join them, or the
    contract would not see it. prob's ``__init__`` imports nothing."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = text[text.index("layers = [") : text.index("]", text.index("layers = ["))]
    layers = re.findall(r'^\s*"([^"]+)",', block, re.M)  # (the standard library reads TOML from 3.11)
    listed = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    modules = {f"domino_widgets.prob.{p.stem}" for p in (ROOT / "domino_widgets" / "prob").glob("*.py")
               if p.stem != "__init__"}
    assert modules <= listed, sorted(modules - listed)
    assert "domino_widgets.prob" not in listed
    init = ast.parse((ROOT / "domino_widgets" / "prob" / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(init) if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_no_module_of_core_or_widgets_is_over_800_lines() -> None:
    """Issue 42: a room's name says what it holds, and none grows past 800 lines (the view out of
    the state, the session's timeline and notes apart from the widget's wiring): split a module
    that does, by responsibility, re-exporting its names where they were."""
    long = {p.relative_to(ROOT).as_posix(): n for folder in ("core", "widgets")
            for p in sorted((ROOT / "domino_widgets" / folder).glob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert not long, long
