"""Steps of the JupyterLite build (``binder/lite/build.py``, ``bytecode.py``) on small inputs,
without building a site: the contents of every language folder, the wheel's package-data check,
and the bytecode the site ships instead of sources (issue 14)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
LITE = ROOT / "binder" / "lite"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"lite_{name}", LITE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _load("build")
bytecode = _load("bytecode")


def _touch(root: Path, *names: str) -> None:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(json.dumps({"cells": [], "name": name}))


def test_every_language_folder_of_notebooks_goes_into_the_site_under_its_name(tmp_path: Path) -> None:
    src = tmp_path / "notebooks"
    _touch(src, "00_start_here.ipynb", "play.ipynb", "helpers.py", "conftest.py", "nbval_sanitize.cfg",
           "cs/00_start_here.cs.ipynb", "cs/play.cs.ipynb", "el/01_block.el.ipynb", "el/helpers.py",
           "cs/.ipynb_checkpoints/play-checkpoint.ipynb", ".ipynb_checkpoints/x.ipynb", "_drafts/a.ipynb",
           "images/board.txt")
    staged = build.stage_contents(tmp_path / "out", src)
    assert staged == ["00_start_here.ipynb", "helpers.py", "play.ipynb", "cs/00_start_here.cs.ipynb",
                      "cs/play.cs.ipynb", "el/01_block.el.ipynb", "el/helpers.py"]
    assert build.shared_names(staged) == []
    for name in staged:  # copied as they are, each in the folder of its language
        assert (tmp_path / "out" / name).read_text() == (src / name).read_text()
    assert not (tmp_path / "out" / "images").exists() and not (tmp_path / "out" / "_drafts").exists()


def test_without_language_folders_the_english_lessons_alone_are_staged(tmp_path: Path) -> None:
    src = tmp_path / "notebooks"
    _touch(src, "00_start_here.ipynb", "01_block.ipynb", "conftest.py")
    assert build.stage_contents(tmp_path / "out", src) == ["00_start_here.ipynb", "01_block.ipynb"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["00_start_here.ipynb", "01_block.ipynb"]


def test_the_contents_check_fails_when_a_staged_notebook_is_not_in_the_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    _touch(out, "files/00_start_here.ipynb", "files/cs/00_start_here.ipynb")
    for folder, names in (("", ["00_start_here.ipynb"]), ("cs", ["cs/00_start_here.ipynb"])):
        index = out / "api" / "contents" / folder / "all.json"
        index.parent.mkdir(parents=True, exist_ok=True)
        index.write_text(json.dumps({"content": [{"path": n} for n in names]}))
    build.check_contents(out, ["00_start_here.ipynb", "cs/00_start_here.ipynb"])  # all there: passes
    with pytest.raises(SystemExit, match="el/00_start_here.ipynb"):
        build.check_contents(out, ["00_start_here.ipynb", "el/00_start_here.ipynb"])


def test_the_wheel_check_names_every_package_file_the_wheel_lacks(tmp_path: Path) -> None:
    names = ["domino_widgets/__init__.py", "domino_widgets/widgets/board.js",
             "domino_widgets/locale/cs.mo", "domino_widgets/variants/rulebook/__main__.py"]
    for name in [*names, "domino_widgets/locale/cs.po", "domino_widgets/locale/domino_widgets.pot"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)   # the catalogs' sources: no install needs them
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "domino_widgets" / "__pycache__").mkdir()
    (tmp_path / "domino_widgets" / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"")
    wheel = tmp_path / "domino_widgets-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for name in names[:2]:
            z.writestr(name, "x")
    assert build.missing_from_wheel(tmp_path, wheel) == sorted(names[2:])
    with zipfile.ZipFile(wheel, "a") as z:
        for name in names[2:]:
            z.writestr(name, "x")
    assert build.missing_from_wheel(tmp_path, wheel) == []


def _wheel(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("tinypkg/__init__.py", "from .core import answer\n")
        z.writestr("tinypkg/core.py", "def answer():\n    return 6 * 7\n")
        z.writestr("tinypkg/py2_only.py", "print 'not Python 3'\n")
        z.writestr("tinypkg-1.0.dist-info/METADATA", "Name: tinypkg\nVersion: 1.0\n")
        z.writestr("tinypkg-1.0.dist-info/RECORD", "tinypkg/__init__.py,,\n")
    return path


@pytest.mark.parametrize("mode", bytecode.MODES)
def test_bytecode_wheels_import_and_list_their_files(tmp_path: Path, mode: str) -> None:
    """Compiled by this interpreter (the build uses the site's own Pyodide), unpacked as
    Pyodide unpacks a wheel, the package imports from its bytecode; RECORD lists every file."""
    compiled = tmp_path / "out.whl"
    site = tmp_path / "site-packages"
    n = bytecode.compile_zip(str(_wheel(tmp_path / "tinypkg-1.0-py3-none-any.whl")), str(compiled),
                             mode=mode, prefix=f"{site}/")
    assert n == 2  # the Python 2 file stays a source
    with zipfile.ZipFile(compiled) as z:
        names = set(z.namelist())
        record = z.read("tinypkg-1.0.dist-info/RECORD").decode().splitlines()
        z.extractall(site)
    assert "tinypkg/py2_only.py" in names
    assert ("tinypkg/core.py" in names) == (mode == "beside")
    assert sorted(row.split(",")[0] for row in record) == sorted(names)
    assert all(row.split(",")[1].startswith("sha256=") for row in record if not row.endswith("RECORD,,"))
    if mode == "beside":  # the pyc is unchecked (PEP 552): it is used even though the source changed
        (site / "tinypkg" / "core.py").write_text("def answer():\n    return 0\n")
    probe = ("import sys, tinypkg, tinypkg.core as c; "
             "print(tinypkg.answer(), type(c.__loader__).__name__, c.answer.__code__.co_filename)")
    # -B: the test must not write its own pycs; PYTHONDONTWRITEBYTECODE alike
    done = subprocess.run([sys.executable, "-B", "-c", probe], cwd=site, capture_output=True, text=True, check=True)
    answer, loader, filename = done.stdout.split()
    assert answer == "42"
    assert loader == ("SourcelessFileLoader" if mode == "sourceless" else "SourceFileLoader")
    assert filename == str(site / "tinypkg" / "core.py")


def test_bytecode_rejects_an_unknown_mode(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode must be one of"):
        bytecode.compile_zip(str(_wheel(tmp_path / "t.whl")), str(tmp_path / "o.whl"), mode="fast", prefix="/")
    assert not (tmp_path / "o.whl").exists()


def test_the_build_steps_examples_hold() -> None:
    """The ``>>>`` examples of ``build.py`` and ``ab_first_board.py`` (``binder/`` is outside pytest's
    doctest paths)."""
    import doctest

    for module, least in ((build, 5), (_load("ab_first_board"), 2)):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.attempted >= least and result.failed == 0, (module.__name__, result)


def test_a_kernel_bundle_with_only_one_drive_step_stops_the_build() -> None:
    # the chdir into the drive found, the place after the kernel's imports not: entering the
    # drive nowhere would leave the notebooks out of the kernel's working folder
    worker = 'let t="/drive";s.mkdirTree(t),s.mount(a,{},t),s.chdir(t),this._driveFS=a}'
    with pytest.raises(ValueError, match="changed shape"):
        build.enter_drive_late(worker)


def test_every_rule_book_link_of_the_lessons_reaches_a_staged_file(tmp_path: Path) -> None:
    """Issue 26: the lessons' links to the rule books (``../docs/rules.md``, ``../../docs/rules.cs.md``)
    resolve, inside the site's contents, to files the build stages."""
    import posixpath
    import re

    staged = set(build.stage_contents(tmp_path / "c")) | set(build.stage_docs(tmp_path / "c"))
    links = 0
    for name in sorted(n for n in staged if n.endswith(".ipynb")):
        text = (tmp_path / "c" / name).read_text(encoding="utf-8")
        for target in re.findall(r"\]\(((?:\.\./)+docs/[\w./-]+\.md)", text):
            # the site's contents end at its root: a path above it is clamped there, as JupyterLite does
            parts = posixpath.normpath(posixpath.join(posixpath.dirname(name), target)).split("/")
            resolved = "/".join(p for p in parts if p != "..")
            assert resolved in staged, (name, target, resolved)
            links += 1
    assert links >= 30  # 9 lessons x 3 languages, and the rule sheets' README


def test_the_site_answers_favicon(tmp_path: Path) -> None:
    icon = build.write_favicon(tmp_path)
    data = icon.read_bytes()
    assert icon.name == "favicon.ico" and data[:4] == bytes([0, 0, 1, 0]) and len(data) > 22


def test_the_site_gets_no_two_notebooks_of_one_file_name() -> None:
    """Issue 26: JupyterLite keeps one kernel per file name; the real lessons' names are unique."""
    staged = [p.relative_to(ROOT / "notebooks").as_posix() for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))
              if ".ipynb_checkpoints" not in p.parts]
    assert len(staged) >= 30 and build.shared_names(staged) == []
    assert build.shared_names(["01_block.ipynb", "cs/01_block.ipynb"]) == ["01_block.ipynb", "cs/01_block.ipynb"]
