"""Build the offline JupyterLite site: every lesson and the game in the browser, no server.

Run by ``make lite`` with the Python of the build environment (``binder/lite/requirements.txt``,
Python >= 3.12). Everything comes from the package registries (PyPI, npm); nothing in the site
asks a CDN at run time:

1. the Pyodide runtime from npm (``npm pack pyodide@VERSION``): the runtime only, no wheels;
2. the pure-Python wheels the kernel loads at boot, downloaded from PyPI at the versions of
   Pyodide's lock file, which is rewritten to point at them (sha256 included); every other lock
   entry is dropped, so nothing can fall back to the CDN;
3. the package's own wheel, built from this checkout, and its dependencies, solved by the
   Pyodide kernel's lock addon (``PyodideLockAddon``);
4. the notebooks of ``notebooks/`` and of every folder of notebooks in it (the translated
   lessons, ``notebooks/cs/``, ...) as the site's contents, each under its own folder name;
5. the standard library and the wheels compiled to bytecode (``bytecode.py``) by the site's own
   Pyodide under Node.js, as Pyodide's own distribution ships them: the browser's Python then
   does not compile every module it imports at each start (the kernel's start took about a
   third less CPU).
6. jedi's stubs for third-party libraries left out of its wheel (``TRIM``): Pyodide unpacks
   every file of a boot wheel at each kernel start, and these are 1,126 files no lesson reads.
7. the spinners standing still (``STILL_SPINNERS``): animated, they made the browser draw a
   frame 60 times a second, CPU that the kernel's start needs where there is no GPU.
8. the kernel entering its drive (the notebooks' folder) after its own imports, not before
   (``DRIVE_LATE``): each import would otherwise ask the page's busy main thread for the
   folder's stat, about 90 synchronous round trips on the way to an idle kernel.

The site is built clean every time (``--out`` is removed first); downloads and bytecode are
kept in ``--cache`` so a rebuild needs no network. Two bugs of the 0.8.6 lock addon are worked
around here (see ``_work_around_lock_addon``), and the result is checked before the script says
done: the project's wheel holds every file of its source tree (modules, scripts, catalogs),
every lock entry's wheel is in the site with its sha256, every notebook is in the site's
contents, and the kernel is pointed at the local runtime.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from packaging.utils import canonicalize_name, parse_wheel_filename

PYODIDE_VERSION = "314.0.6"  # the one jupyterlite-pyodide-kernel 0.8.6 expects (Python 3.14)
PYODIDE_PYTHON = "3.14"

#: what the runtime needs from the npm package (no source maps, no demo consoles)
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)

#: lock entries the kernel loads at boot (their dependencies in the lock come along)
BOOT_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "traitlets", "pygments", "typing-extensions")

#: what the notebooks import, directly or through the package's widgets, charts and simulations
SPECS = (
    "domino-widgets",
    "svgwrite>=1.4,<2",
    "ipywidgets>=8,<9",
    "anywidget>=0.9,<1",
    "tqdm>=4.66",
    "joblib>=1.3",
    "glicko2>=2.1",  # the puzzles' ratings (domino_widgets.puzzles.rating: the puzzle widget, issue 41)
)

#: loaded while the kernel starts: Pyodide only auto-loads what a cell imports by name, and
#: ``import domino_widgets.widgets`` reaches svgwrite, ipywidgets and anywidget indirectly
PREFETCH = ("domino-widgets", "svgwrite", "ipywidgets", "anywidget", "comm", "tqdm", "joblib", "glicko2",
            # what the kernel would otherwise install one by one after the first batch (micropip's
            # own load, then piplite and jedi through micropip): all in the first, parallel load
            "micropip", "piplite", "jedi")

#: notebooks/ files that are not for the site (pytest configuration)
NOT_CONTENTS = ("conftest.py", "nbval_sanitize.cfg")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: JupyterLab's settings for this kit, as in Lab and Binder (``make lab``, ``binder/postBuild``)
LAB_OVERRIDES = ROOT / "binder" / "overrides.json"
#: the settings the site needs besides: a link to a Markdown file (the rule books, the glossaries)
#: opens it rendered, as in Lab. The JupyterLab 4.6.4 inside jupyterlite-core 0.8.6 looks a link's
#: default *rendered* viewer up by the indices of the file's types (``for (let n in names)``, fixed
#: in 4.6.6), finds none and falls back to the text editor; a default viewer is looked up by name.
SITE_OVERRIDES = {"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}}}
#: the project's distribution name (its wheel keeps its sources, see ``compile_bytecode``)
PROJECT = "domino-widgets"


def log(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_runtime(cache: Path) -> Path:
    """The npm tarball of Pyodide (downloaded once into the cache)."""
    npm_dir = cache / "npm"
    tgz = npm_dir / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("[lite] npm is needed to fetch the Pyodide runtime (npm pack pyodide); install Node.js")
        npm_dir.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=npm_dir)
    return tgz


def unpack_runtime(tgz: Path, dest: Path) -> dict:
    """Extract the runtime files to ``dest`` and return the lock file's content."""
    dest.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for name in (*RUNTIME_FILES, "pyodide-lock.json"):
            member = tar.getmember(f"package/{name}")
            src = tar.extractfile(member)
            assert src is not None
            (dest / name).write_bytes(src.read())
    return json.loads((dest / "pyodide-lock.json").read_text())


def boot_closure(lock: dict) -> list[str]:
    """The lock entries of BOOT_PACKAGES and everything they depend on (lock names)."""
    packages = lock["packages"]
    by_canonical = {canonicalize_name(name): name for name in packages}
    todo = [by_canonical[canonicalize_name(n)] for n in BOOT_PACKAGES]
    seen: list[str] = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(by_canonical[canonicalize_name(d)] for d in packages[name]["depends"])
    return sorted(seen)


def download_wheels(pins: dict[str, str], cache: Path) -> dict[str, Path]:
    """Pure wheels from PyPI for ``{name: version}`` (cached); returns ``{canonical name: wheel}``."""
    wheel_dir = cache / "wheels"
    wheel_dir.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, Path]:
        found = {}
        for whl in wheel_dir.glob("*.whl"):
            name, version, _, _ = parse_wheel_filename(whl.name)
            if pins.get(name) == str(version):
                found[name] = whl
        return found

    missing = [f"{name}=={version}" for name, version in pins.items() if name not in cached()]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
             "--platform", "any", "--python-version", PYODIDE_PYTHON, "--implementation", "py",
             "--dest", wheel_dir, *missing])
    found = cached()
    absent = sorted(set(pins) - set(found))
    if absent:
        sys.exit(f"[lite] no pure wheel on PyPI for: {', '.join(absent)}")
    return found


def localize_lock(lock: dict, runtime: Path, cache: Path) -> list[str]:
    """Put the boot wheels beside the runtime and make the lock list only them.

    Each kept entry gets the PyPI wheel's file name and sha256; entries whose wheel is not in
    the site are dropped, so the runtime can never fall back to the CDN for them.
    """
    keep = boot_closure(lock)
    packages = lock["packages"]
    pins = {canonicalize_name(n): packages[n]["version"] for n in keep}
    wheels = download_wheels(pins, cache)
    for name in keep:
        whl = wheels[canonicalize_name(name)]
        shutil.copy2(whl, runtime / whl.name)
        packages[name]["file_name"] = whl.name
        packages[name]["sha256"] = sha256(whl)
    lock["packages"] = {name: packages[name] for name in keep}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=2))
    return keep


def build_project_wheel(dest: Path, scratch: Path) -> Path:
    """``domino_widgets`` as a wheel, built from a copy of the sources (keeps ``build/`` ours)."""
    src = scratch / "src"
    shutil.copytree(ROOT / "domino_widgets", src / "domino_widgets",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, src / name)
    dest.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", dest, src])
    (wheel,) = dest.glob("domino_widgets-*.whl")
    missing = missing_from_wheel(src, wheel)
    if missing:
        sys.exit(f"[lite] {wheel.name} lacks {len(missing)} files of the source tree (add them to "
                 f"[tool.setuptools.package-data] in pyproject.toml): {', '.join(missing[:20])}")
    return wheel


#: Files of the package's tree that no install needs: bytecode, and the gettext catalogs' sources
#: (``.po``, ``.pot``: the translators' files; the package reads their compiled ``.mo``).
SOURCE_ONLY = (".pyc", ".pyo", ".po", ".pot")


def package_files(src: Path, package: str = "domino_widgets") -> list[str]:
    """Every file of the package's source tree that an install must hold (modules and package
    data such as the widgets' JavaScript and the compiled gettext catalogs), as paths in a wheel.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     for name in ("domino_widgets/__init__.py", "domino_widgets/locale/cs/LC_MESSAGES/x.mo",
    ...                  "domino_widgets/locale/cs.po", "domino_widgets/__pycache__/__init__.cpython-312.pyc"):
    ...         (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (Path(tmp) / name).write_text("")
    ...     package_files(Path(tmp))
    ['domino_widgets/__init__.py', 'domino_widgets/locale/cs/LC_MESSAGES/x.mo']
    """
    root = src / package
    return sorted(p.relative_to(src).as_posix() for p in root.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in SOURCE_ONLY
                  and not any(part.startswith(".") for part in p.relative_to(src).parts))


def missing_from_wheel(src: Path, wheel: Path) -> list[str]:
    """The files of ``package_files(src)`` that ``wheel`` does not hold."""
    with zipfile.ZipFile(wheel) as z:
        held = set(z.namelist())
    return [name for name in package_files(src) if name not in held]


def add_widgets_stub(dest: Path) -> Path:
    """The kernel's own ``widgetsnbextension`` stub (4.0.999): ipywidgets requires the package,
    whose real wheel is 2.2 MB of classic-notebook JavaScript that the site does not use."""
    pypi = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    (stub,) = (pypi / "static" / "pypi").glob("widgetsnbextension-4.*.whl")
    shutil.copy2(stub, dest / stub.name)
    return dest / stub.name


def _content_files(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.iterdir())
            if p.is_file() and p.suffix in (".ipynb", ".py") and p.name not in NOT_CONTENTS]


def stage_contents(dest: Path, source: Path | None = None) -> list[str]:
    """The notebooks (and the helper modules they import) as the site's files: those of
    ``notebooks/`` and of every folder in it that holds notebooks (the translated lessons,
    ``notebooks/cs/``, ``notebooks/el/``, ...), each under its own folder name. Returns the
    staged paths, relative to ``dest``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     src = Path(tmp) / "notebooks"
    ...     for name in ("00_start.ipynb", "conftest.py", "xx/00_start.ipynb", "xx/.ipynb_checkpoints/a.ipynb",
    ...                  "data/notes.txt"):
    ...         (src / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (src / name).write_text("{}")
    ...     stage_contents(Path(tmp) / "out", src)
    ['00_start.ipynb', 'xx/00_start.ipynb']
    """
    source = ROOT / "notebooks" if source is None else source
    dest.mkdir(parents=True)
    folders = [source] + [d for d in sorted(source.iterdir())
                          if d.is_dir() and not d.name.startswith((".", "_")) and any(d.glob("*.ipynb"))]
    names = []
    for folder in folders:
        for path in _content_files(folder):
            rel = path.relative_to(source)
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / rel)
            names.append(rel.as_posix())
    return names


def shared_names(staged: list[str]) -> list[str]:
    """The notebooks of ``staged`` whose file name another staged notebook has too. JupyterLite
    keeps one kernel session per file *name*: ``01_block.ipynb`` and ``cs/01_block.ipynb`` open
    at once hung the second tab and took the first one's kernel (issue 26), so the translated
    lessons are named ``cs/01_block.cs.ipynb``.

    >>> shared_names(["01_block.ipynb", "cs/01_block.cs.ipynb", "el/01_block.ipynb", "x/helpers.py", "helpers.py"])
    ['01_block.ipynb', 'el/01_block.ipynb']
    """
    by_name: dict[str, list[str]] = {}
    for path in staged:
        if path.endswith(".ipynb"):
            by_name.setdefault(path.rpartition("/")[2], []).append(path)
    return [path for paths in by_name.values() if len(paths) > 1 for path in paths]


def stage_docs(dest: Path, docs: Path | None = None) -> list[str]:
    """The rule books (``docs/*.md``) and the rule sheets (``docs/sheets/``) as the site's
    ``docs/`` folder, where the lessons' links point: ``../docs/rules.md`` from a lesson at the
    top, ``../../docs/rules.cs.md`` from ``cs/`` (clamped at the site's root) all reach ``docs/``
    of the site's contents.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     src = Path(tmp) / "docs"
    ...     src.mkdir()
    ...     for name in ("rules.md", "rules.cs.md", "notes.txt"):
    ...         _ = (src / name).write_text("# rules")
    ...     (src / "sheets").mkdir()
    ...     _ = (src / "sheets" / "cs.txt").write_text("SLEPÁ ULIČKA")
    ...     stage_docs(Path(tmp) / "out", src)
    ['docs/rules.cs.md', 'docs/rules.md', 'docs/sheets/cs.txt']
    """
    docs = ROOT / "docs" if docs is None else docs
    (dest / "docs").mkdir(parents=True, exist_ok=True)
    names = []
    for path in sorted(docs.glob("*.md")):
        shutil.copy2(path, dest / "docs" / path.name)
        names.append(f"docs/{path.name}")
    sheets = docs / "sheets"  # the original rule sheets, which the lessons link to as well (README.md)
    for path in sorted(sheets.glob("*.md")) + sorted(sheets.glob("*.txt")) if sheets.is_dir() else []:
        (dest / "docs" / "sheets").mkdir(exist_ok=True)
        shutil.copy2(path, dest / "docs" / "sheets" / path.name)
        names.append(f"docs/sheets/{path.name}")
    return names


def write_favicon(out: Path) -> Path:
    """``/favicon.ico`` (a browser asks for it on every page: without it the site answers 404):
    the site's own icon, copied from the Jupyter icon the build ships, or a 1x1 icon made here."""
    icon = out / "favicon.ico"
    found = sorted(out.glob("**/favicon.ico"))
    if found and found[0] != icon:
        shutil.copy2(found[0], icon)
    elif not icon.exists():  # a valid ICO: one 1x1 32-bit image
        bmp = (40).to_bytes(4, "little") + (1).to_bytes(4, "little") + (2).to_bytes(4, "little") \
            + (1).to_bytes(2, "little") + (32).to_bytes(2, "little") + bytes(24) + bytes([0x2e, 0x6b, 0x31, 0xff]) + bytes(4)
        head = bytes([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]) + len(bmp).to_bytes(4, "little") + (22).to_bytes(4, "little")
        icon.write_bytes(head + bmp)
    return icon


def check_contents(out: Path, staged: list[str]) -> None:
    """Every staged notebook is served by the site (``files/``) and listed in its contents."""
    listed: dict[str, set[str]] = {}
    for name in staged:
        folder = name.rpartition("/")[0]
        if folder not in listed:
            index = out / "api" / "contents" / folder / "all.json"
            content = json.loads(index.read_text())["content"] if index.is_file() else []
            listed[folder] = {entry["path"] for entry in content}
    missing = [name for name in staged if not (out / "files" / name).is_file() or name not in listed[name.rpartition("/")[0]]]
    if missing:
        sys.exit(f"[lite] the site lacks these contents: {', '.join(missing)}")


def site_settings(lab_overrides: Path = LAB_OVERRIDES) -> dict[str, dict]:
    """The site's ``overrides.json``: Lab's settings for the kit, plugin by plugin, with the site's own.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     lab = Path(tmp) / "overrides.json"
    ...     _ = lab.write_text('{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}')
    ...     settings = site_settings(lab)
    >>> settings["@jupyterlab/apputils-extension:notification"]
    {'fetchNews': 'false'}
    >>> settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    {'markdown': 'Markdown Preview'}
    """
    settings: dict[str, dict] = json.loads(lab_overrides.read_text())
    for plugin, values in SITE_OVERRIDES.items():
        settings[plugin] = {**settings.get(plugin, {}), **values}
    return settings


def write_config(lite_dir: Path, wheel_dir: Path) -> None:
    kernel_settings = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Domino widgets",
            "exposeAppInBrowser": True,
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings},
        },
    }, indent=2))
    # JupyterLite's settings addon puts this file into jupyter-lite.json's settingsOverrides
    (lite_dir / "overrides.json").write_text(json.dumps(site_settings(), indent=2))
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"no_sourcemaps": True},
        "PyodideLockAddon": {
            "enabled": True,
            "wheels": [str(wheel_dir.relative_to(lite_dir))],
            "specs": list(SPECS),
            "prefetch_extra": list(PREFETCH),
        },
    }, indent=2))


def _work_around_lock_addon(lite_dir: Path, runtime: Path, runtime_wheels: list[Path]) -> None:
    """Bug 1 of the 0.8.6 lock addon: it copies the base lock to ``.cache/pyodide-lock/`` and
    resolves its relative wheel names there, so the wheels must be found in that folder too."""
    addon_cache = lite_dir / ".cache" / "pyodide-lock"
    addon_cache.mkdir(parents=True)
    for whl in runtime_wheels:
        shutil.copy2(whl, addon_cache / whl.name)


def fix_output_lock(out: Path) -> dict:
    """Bug 2 of the 0.8.6 lock addon: the entries it did not rewrite keep bare file names, which
    the browser resolves beside the output lock (``static/pyodide-lock/``), where they are not.
    Point them back at ``static/pyodide/``; then check that every entry's wheel is in the site."""
    lock_path = out / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    problems = []
    for name, pkg in lock["packages"].items():
        file_name = pkg["file_name"]
        if "://" in file_name or file_name.startswith("//"):
            problems.append(f"{name}: remote file {file_name}")
            continue
        if "/" not in file_name:
            file_name = pkg["file_name"] = f"../pyodide/{file_name}"
        path = (lock_path.parent / file_name).resolve()
        if not path.is_file():
            problems.append(f"{name}: {file_name} is not in the site")
        elif sha256(path) != pkg["sha256"]:
            problems.append(f"{name}: sha256 of {file_name} differs from the lock")
    if problems:
        sys.exit("[lite] the site's Pyodide lock is broken:\n  " + "\n  ".join(problems))
    lock_path.write_text(json.dumps(lock, indent=2))
    return lock


def drop_unused_wheels(out: Path, lock: dict) -> None:
    """The addon copies the wheels it rewrote to ``static/pyodide-lock/``: the copies it left in
    ``static/pyodide/`` are never asked for (a few MB)."""
    base = out / "static" / "pyodide-lock"
    used = {(base / pkg["file_name"]).resolve() for pkg in lock["packages"].values()}
    for whl in (out / "static" / "pyodide").glob("*.whl"):
        if whl.resolve() not in used:
            whl.unlink()


#: Files of the boot wheels that nothing in a lesson reads, left out of the site's copies: jedi's
#: stubs for third-party libraries (typeshed's ``third_party``, Django's), 1,126 of its 1,880
#: files, which Pyodide would unpack into its file system at every kernel start (about 0.75 s
#: of the start's CPU under Node). The standard library's stubs stay: completion on builtins
#: (``[1].app`` -> ``append``) needs them; objects of the notebook complete from the live object.
TRIM = {"jedi": ("jedi/third_party/typeshed/third_party/", "jedi/third_party/django-stubs/")}


def trim_wheel(path: Path, prefixes: tuple[str, ...]) -> int:
    """Rewrite the wheel ``path`` without its files under ``prefixes`` (its ``RECORD`` too, so it
    lists what the wheel holds), each prefix kept as an empty folder; the result depends only on
    the input. Returns how many files were left out.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     whl = Path(tmp) / "p-1-py3-none-any.whl"
    ...     with zipfile.ZipFile(whl, "w") as z:
    ...         z.writestr("p/__init__.py", "")
    ...         z.writestr("p/stubs/a.pyi", "")
    ...         z.writestr("p-1.dist-info/RECORD", "p/__init__.py,,\\np/stubs/a.pyi,,\\np-1.dist-info/RECORD,,\\n")
    ...     dropped = trim_wheel(whl, ("p/stubs/",))
    ...     z = zipfile.ZipFile(whl)
    ...     dropped, z.namelist(), z.read("p-1.dist-info/RECORD").decode().split()
    (1, ['p/__init__.py', 'p-1.dist-info/RECORD', 'p/stubs/'], ['p/__init__.py,,', 'p-1.dist-info/RECORD,,'])
    """
    part = path.with_name(path.name + ".part")
    dropped = 0
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename.startswith(prefixes):
                dropped += 1
                continue
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                rows = [row for row in data.decode().splitlines() if not row.startswith(prefixes)]
                data = ("\n".join(rows) + "\n").encode()
            dst.writestr(info, data)
        for prefix in prefixes:  # the folders stay, empty: jedi lists them (os.listdir) before any completion
            dst.writestr(zipfile.ZipInfo(prefix, (1980, 1, 1, 0, 0, 0)), b"")
    part.replace(path)
    return dropped


def trim_boot_wheels(out: Path, lock: dict) -> dict[str, int]:
    """Apply ``TRIM`` to the site's wheels (sha256 of the lock rewritten); ``{name: files left out}``."""
    lock_dir = out / "static" / "pyodide-lock"
    done = {}
    for name, prefixes in TRIM.items():
        pkg = lock["packages"][name]
        path = (lock_dir / pkg["file_name"]).resolve()
        done[name] = trim_wheel(path, prefixes)
        if not done[name]:
            sys.exit(f"[lite] {path.name} no longer holds {', '.join(prefixes)}: check TRIM")
        pkg["sha256"] = sha256(path)
    (lock_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=2))
    return done


def compile_bytecode(out: Path, lock: dict, cache: Path) -> int:
    """Ship the standard library and every wheel of the site's lock as bytecode (``bytecode.py``):
    compiled once by the site's own Pyodide under Node.js, cached by content in ``cache``. The
    project's wheel keeps its sources beside; the lock's sha256 are rewritten. Returns how many
    files came from the cache."""
    runtime = out / "static" / "pyodide"
    lock_dir = out / "static" / "pyodide-lock"
    script = (HERE / "bytecode.py").read_bytes()
    targets = [(runtime / "python_stdlib.zip", "sourceless", "stdlib", None)]
    for name, pkg in sorted(lock["packages"].items()):
        path = (lock_dir / pkg["file_name"]).resolve()
        if path.parent not in (lock_dir, runtime):
            continue  # the kernel's own three small wheels, also listed (with sha256) in its piplite index
        mode = "beside" if canonicalize_name(name) == PROJECT else "sourceless"
        targets.append((path, mode, "purelib", name))
    store = cache / "bytecode"
    store.mkdir(parents=True, exist_ok=True)
    jobs, done = [], []
    for path, mode, prefix, name in targets:
        key = hashlib.sha256(PYODIDE_VERSION.encode() + mode.encode() + script + path.read_bytes()).hexdigest()[:20]
        compiled = store / f"{key}-{path.name}"
        if not compiled.is_file():
            jobs.append([str(path), str(compiled) + ".part", mode, prefix])
        done.append((path, compiled, name))
    if jobs:
        node = shutil.which("node")
        if node is None:
            sys.exit("[lite] Node.js is needed to compile the site's Python to bytecode; install Node.js")
        jobs_file = store / f"jobs-{os.getpid()}.json"  # two builds may share the store
        jobs_file.write_text(json.dumps(jobs))
        log(f"compiling {len(jobs)} archives to bytecode in the site's Pyodide")
        run([node, HERE / "bytecode.mjs", runtime, jobs_file, out, store])
        jobs_file.unlink()
        for _, part, _, _ in jobs:
            Path(part).rename(part.removesuffix(".part"))
    for path, compiled, name in done:
        shutil.copyfile(compiled, path)
        if name is not None:
            lock["packages"][name]["sha256"] = sha256(path)
    (lock_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=2))
    return len(done) - len(jobs)


#: Pure decoration that costs the kernel's start CPU: the spinners (JupyterLite's orbiting
#: loading indicator, JupyterLab's splash, the document spinner, the toolbar's kernel status
#: spinner) keep the compositor drawing a frame 60 times a second. A browser without a GPU
#: (headless CI, many school machines) draws them in software: 6.8 s of the browser's CPU on the
#: way to the first board, 1.4 s without them, on 2 cores that the kernel's start needs. They
#: stay, standing still.
STILL_SPINNERS = ("<style id=\"dw-still-spinners\">.jupyterlite-moon, #jupyterlab-splash .moon, "
                  ".jp-SpinnerContent, .jp-KernelStatus-spinner { animation: none !important; }</style>")


def still_spinners(out: Path) -> list[str]:
    """Add ``STILL_SPINNERS`` to the head of every app page of the site (``lab``, ``notebooks``,
    ...); returns the pages, relative to ``out``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "lab").mkdir()
    ...     _ = (Path(tmp) / "lab" / "index.html").write_text("<html><head><title>x</title></head></html>")
    ...     pages = still_spinners(Path(tmp))
    ...     pages, (Path(tmp) / "lab" / "index.html").read_text().count("dw-still-spinners")
    (['lab/index.html'], 1)
    """
    pages = []
    for page in sorted(out.glob("*/index.html")) + [out / "index.html"]:
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        if "</head>" not in html or "dw-still-spinners" in html:
            continue
        page.write_text(html.replace("</head>", STILL_SPINNERS + "\n</head>", 1), encoding="utf-8")
        pages.append(page.relative_to(out).as_posix())
    return pages


#: The Pyodide kernel (0.8.6) enters its drive (``/drive``, the notebooks, served by the page's
#: main thread) before it imports its own Python: with ``''`` first on ``sys.path``, each of the
#: ~90 top-level imports of ``import pyodide_kernel`` (IPython and its closure) then asks the
#: drive for the folder's stat, a synchronous request through the service worker to the main
#: thread, which is busy starting JupyterLab. The site's kernel enters the drive right after
#: those imports instead, before any cell runs (the notebook's folder stays the working folder).
DRIVE_LATE = (
    (re.compile(r'(\w)\.mount\((\w),\{\},t\),\1\.chdir\(t\),this\._driveFS=\2'), r'\1.mount(\2,{},t),this._driveFS=\2'),
    (re.compile(r'(\w)\.push\("import pyodide_kernel"\),e\.mountDrive&&this\._localPath&&'),
     r"""\1.push("import pyodide_kernel"),e.mountDrive&&\1.push("import os",'os.chdir("/drive")'),"""
     r'e.mountDrive&&this._localPath&&'),
)


def enter_drive_late(js: str) -> str:
    """``js`` (a bundle of the Pyodide kernel) with its drive entered after the kernel's imports
    (``DRIVE_LATE``); unchanged if it holds neither step, an error if it holds only one.

    >>> worker = ('let t="/drive";s.mkdirTree(t),s.mount(a,{},t),s.chdir(t),this._driveFS=a}'
    ...           's.push("import pyodide_kernel"),e.mountDrive&&this._localPath&&s.push("import os")')
    >>> print(enter_drive_late(worker))
    let t="/drive";s.mkdirTree(t),s.mount(a,{},t),this._driveFS=a}s.push("import pyodide_kernel"),e.mountDrive&&s.push("import os",'os.chdir("/drive")'),e.mountDrive&&this._localPath&&s.push("import os")
    >>> enter_drive_late("console.log(1)")
    'console.log(1)'
    """
    counts = [len(pattern.findall(js)) for pattern, _ in DRIVE_LATE]
    if not any(counts):
        return js
    if not all(counts) or 't="/drive"' not in js:
        raise ValueError(f"a kernel bundle changed shape (drive steps found: {counts}): check DRIVE_LATE")
    for pattern, replacement in DRIVE_LATE:
        js = pattern.sub(replacement, js)
    return js


def kernel_enters_drive_late(out: Path) -> list[str]:
    """Apply ``enter_drive_late`` to the Pyodide kernel's bundles in the site; returns the files
    changed, relative to ``out`` (the build stops if the kernel's worker is not among them)."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    changed = []
    for path in sorted(static.glob("*.js")):
        js = path.read_text(encoding="utf-8")
        try:
            patched = enter_drive_late(js)
        except ValueError as err:
            sys.exit(f"[lite] {path.name}: {err}")
        if patched != js:
            path.write_text(patched, encoding="utf-8")
            changed.append(path.relative_to(out).as_posix())
    if not any(Path(name).name.startswith("comlink.worker.") for name in changed):
        sys.exit(f"[lite] the kernel's worker (comlink.worker.*.js) was not found in {static}: check DRIVE_LATE")
    return changed


#: What the kernel's Python imports while it starts, before the first cell: the package and what
#: the first lesson's cells import (its widgets reach ipywidgets, anywidget and svgwrite). The
#: package is what the site is for; imported early, on the page's second core while JupyterLab
#: still loads, the first cells find it ready. A failure here is left for the cell to report.
PREIMPORT = ("import pyodide_kernel\n"
             "try:\n"
             "    import domino_widgets, domino_widgets.render, domino_widgets.prob.deal, domino_widgets.widgets\n"
             "except Exception:\n"
             "    pass\n")

#: The kernel's worker started with the page, not when the notebook's session asks for a kernel
#: (JupyterLab's start, about 4-8 s of the page's main thread, came first, then the kernel's,
#: one after the other on a 2-core machine). A script in the head of the app pages (``PREWARM_PAGE``)
#: starts the Pyodide kernel's worker at once when the page opens a notebook (``?path=...ipynb``)
#: and asks it to ``dwPrewarm``: load Pyodide and its packages, import the kernel and ``PREIMPORT``.
#: The kernel JupyterLab then starts takes that worker (once, and only with the very worker script
#: and Pyodide options it would have used; otherwise the early worker is ended); its ``initialize``
#: waits for the same prewarm, then mounts the drive and finishes as before. A worker never taken
#: is ended after 3 minutes.
PREWARM_WORKER = (
    # the remote kernel's start: its runtime and imports through dwPrewarm, started once
    (re.compile(r'await this\.initRuntime\((\w)\),await this\.initFilesystem\(\1\)'),
     r'await this.dwPrewarm(\1),await this.initFilesystem(\1)'),
    (re.compile(r'async initRuntime\((\w)\)\{'),
     lambda m: ("dwPrewarm(e){return this._dwPrewarm||(this._dwPrewarm=(async()=>{await this.initRuntime(e);"
                f"await this._pyodide.runPythonAsync({json.dumps(PREIMPORT)})}})()),this._dwPrewarm}}" + m.group(0))),
)
PREWARM_KERNEL = re.compile(r'initWorker\((\w)\)\{let (\w)=(\w)=>new Worker\(\3,\{type:"module"\}\);return crossOriginIsolated\?'
                            r'\2\(new URL\((\w)\((\d+)\),\4\.b\)\):\2\(new URL\(\4\((\d+)\),\4\.b\)\)\}')


def prewarm_worker(js: str) -> str:
    """``js`` (the Pyodide kernel's comlink worker bundle) with ``dwPrewarm`` (``PREWARM_WORKER``);
    an error if it lacks either step.

    >>> out = prewarm_worker('class K{async initialize(e){await this.initRuntime(e),await this.initFilesystem(e),'
    ...                      'await this.initKernel(e)}async initRuntime(e){this._pyodide=1}}')
    >>> out.count("dwPrewarm"), "await this.dwPrewarm(e),await this.initFilesystem(e)" in out
    (5, True)
    >>> prewarm_worker("console.log(1)")
    Traceback (most recent call last):
    ...
    ValueError: the kernel's worker changed shape (prewarm steps found: [0, 0]): check PREWARM_WORKER
    """
    counts = [len(pattern.findall(js)) for pattern, _ in PREWARM_WORKER]
    if counts != [1, 1]:
        raise ValueError(f"the kernel's worker changed shape (prewarm steps found: {counts}): check PREWARM_WORKER")
    for pattern, replacement in PREWARM_WORKER:
        js = pattern.sub(replacement, js)  # type: ignore[arg-type]
    return js


def prewarm_kernel(js: str) -> str:
    """``js`` (a bundle of the page's side of the Pyodide kernel) with its ``initWorker`` taking the
    worker the page started (``PREWARM_PAGE``) when there is one; unchanged if it has no ``initWorker``.

    >>> js = ('initWorker(e){let t=e=>new Worker(e,{type:"module"});return crossOriginIsolated?'
    ...       't(new URL(s(831),s.b)):t(new URL(s(932),s.b))}')
    >>> print(prewarm_kernel(js))  # doctest: +NORMALIZE_WHITESPACE
    initWorker(e){let dw=!crossOriginIsolated&&self.dwKernelPrewarm&&self.dwKernelPrewarm.take(new URL(s(932),s.b).href,e);if(dw)return dw;let t=e=>new Worker(e,{type:"module"});return crossOriginIsolated?t(new URL(s(831),s.b)):t(new URL(s(932),s.b))}
    """
    def take(m: re.Match[str]) -> str:
        e, _, _, s, _, plain = m.groups()
        head = (f"initWorker({e}){{let dw=!crossOriginIsolated&&self.dwKernelPrewarm&&"
                f"self.dwKernelPrewarm.take(new URL({s}({plain}),{s}.b).href,{e});if(dw)return dw;")
        return head + m.group(0).removeprefix(f"initWorker({e}){{")
    return PREWARM_KERNEL.sub(take, js)


#: The page's side of the prewarm (see ``PREWARM_WORKER``): ``__WORKER__`` (the worker script),
#: ``__OPTIONS__`` (the kernel's ``pyodideUrl`` and ``loadPyodideOptions``, relative to the site's
#: root) and ``__ROOT__`` (the root, relative to the page) are filled in by ``prewarm_page``. The
#: options are resolved as the kernel's plugin resolves them; ``take`` compares them key by key.
PREWARM_PAGE = """<script id="dw-kernel-prewarm">(function () {
  var path = new URLSearchParams(location.search).get("path") || "";
  if (!/\\.ipynb$/.test(path) || typeof Worker === "undefined" || self.crossOriginIsolated) return;
  var root = new URL("__ROOT__", location.href), opts = __OPTIONS__;
  var url = new URL("__WORKER__", root).href, pyodideUrl = new URL(opts.pyodideUrl, root).href;
  var lpo = opts.loadPyodideOptions || {};
  Object.keys(lpo).forEach(function (k) { if (/URL$/.test(k) && typeof lpo[k] === "string") lpo[k] = new URL(lpo[k], root).href; });
  function same(a, b) {
    if (a === b) return true;
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
    var ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return ka.join() === kb.join() && ka.every(function (k) { return same(a[k], b[k]); });
  }
  var worker = new Worker(url, {type: "module"});
  worker.postMessage({id: "dw-prewarm", type: "APPLY", path: ["dwPrewarm"], argumentList: [{type: "RAW", value:
    {pyodideUrl: pyodideUrl, indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1), loadPyodideOptions: lpo}}]});
  var unused = setTimeout(function () { if (self.dwKernelPrewarm.worker) { worker.terminate(); self.dwKernelPrewarm.worker = null; } }, 180000);
  self.dwKernelPrewarm = {worker: worker, take: function (href, options) {
    var w = this.worker;
    this.worker = null;
    clearTimeout(unused);
    if (!w) return null;
    if (href === url && options.pyodideUrl === pyodideUrl && same(options.loadPyodideOptions || {}, lpo)) return w;
    w.terminate();
    return null;
  }};
})();</script>"""


def prewarm_page(html: str, worker: str, options: dict, root: str) -> str:
    """``html`` (an app page) with ``PREWARM_PAGE`` at the top of its head, filled in; unchanged
    if it is there already.

    >>> page = prewarm_page("<html><head><title>x</title></head></html>", "ext/w.js",
    ...                     {"pyodideUrl": "./static/pyodide/pyodide.mjs"}, "../")
    >>> page.count('id="dw-kernel-prewarm"'), '"ext/w.js"' in page, '{"pyodideUrl": "./static/pyodide/pyodide.mjs"}' in page
    (1, True, True)
    >>> prewarm_page(page, "ext/w.js", {}, "../") == page
    True
    """
    if 'id="dw-kernel-prewarm"' in html:
        return html
    script = (PREWARM_PAGE.replace("__WORKER__", worker).replace("__ROOT__", root)
              .replace("__OPTIONS__", json.dumps(options).replace("</", "<\\/")))
    return html.replace("<head>", "<head>\n" + script, 1)


def kernel_prewarms(out: Path) -> list[str]:
    """The kernel's worker started with the app pages that open notebooks (``PREWARM_WORKER``):
    the worker bundle, the page's kernel bundles and ``lab``/``notebooks`` pages patched; returns
    the files changed, relative to ``out`` (the build stops if a step finds nothing to patch)."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    (worker,) = static.glob("comlink.worker.*.js")
    changed = []
    try:
        worker.write_text(prewarm_worker(worker.read_text(encoding="utf-8")), encoding="utf-8")
    except ValueError as err:
        sys.exit(f"[lite] {worker.name}: {err}")
    changed.append(worker.relative_to(out).as_posix())
    for path in sorted(static.glob("*.js")):
        js = path.read_text(encoding="utf-8")
        patched = prewarm_kernel(js)
        if patched != js:
            path.write_text(patched, encoding="utf-8")
            changed.append(path.relative_to(out).as_posix())
    if len(changed) < 2:
        sys.exit(f"[lite] no bundle in {static} starts the kernel's worker (initWorker): check PREWARM_KERNEL")
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    options = {"pyodideUrl": kernel["pyodideUrl"], "loadPyodideOptions": kernel.get("loadPyodideOptions", {})}
    for app in ("lab", "notebooks"):
        page = out / app / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        if "<head>" not in html:
            sys.exit(f"[lite] {app}/index.html has no <head>: the kernel could not be started with the page")
        page.write_text(prewarm_page(html, worker.relative_to(out).as_posix(), options, "../"), encoding="utf-8")
        changed.append(page.relative_to(out).as_posix())
    return changed


def check_site(out: Path) -> None:
    """The kernel must load the local runtime and lock, never PyPI or a CDN."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    problems = []
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("the PyPI fallback is not disabled")
    lock_url = kernel.get("loadPyodideOptions", {}).get("lockFileURL", "")
    if not lock_url.startswith("./static/"):
        problems.append(f"lockFileURL is {lock_url!r}")
    if problems:
        sys.exit("[lite] jupyter-lite.json does not keep the kernel offline: " + "; ".join(problems))
    overrides = config.get("settingsOverrides", {})
    missing = [plugin for plugin, values in site_settings().items()
               if any(overrides.get(plugin, {}).get(key) != value for key, value in values.items())]
    if missing:
        sys.exit(f"[lite] jupyter-lite.json lacks the kit's settings of {', '.join(missing)} (overrides.json)")


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="the site (removed first)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache",
                        help="the build's scratch folder and its report (last-build.json)")
    parser.add_argument("--downloads", type=Path, default=None,
                        help="Pyodide, the wheels and their bytecode, kept by version and content, so a fresh "
                             "clone on this machine reuses them (make lite: ~/.cache/domino-widgets/lite; "
                             "default: --cache)")
    args = parser.parse_args(argv)
    out, cache = args.out.resolve(), args.cache.resolve()
    downloads = (args.downloads or args.cache).resolve()
    started = time.perf_counter()

    work = cache / "work"  # the build's own scratch folder, clean every time
    for path in (out, work):
        shutil.rmtree(path, ignore_errors=True)
    lite_dir = work / "lite"
    runtime = lite_dir / "static" / "pyodide"  # the addon's well-known place for a local Pyodide

    lock = unpack_runtime(fetch_runtime(downloads), runtime)
    keep = localize_lock(lock, runtime, downloads)
    log(f"Pyodide {PYODIDE_VERSION}: {len(keep)} boot wheels from PyPI ({', '.join(keep)})")
    wheel = build_project_wheel(lite_dir / "wheels", work)
    stub = add_widgets_stub(wheel.parent)
    log(f"package wheel: {wheel.name} (and {stub.name}, the kernel's stub)")
    contents = stage_contents(work / "contents")
    if shared_names(contents):  # one kernel per file name in the site: two lessons of one name break both
        sys.exit(f"[lite] notebooks of the same file name: {', '.join(shared_names(contents))}")
    contents += stage_docs(work / "contents")  # the rule books the lessons link to
    log(f"contents: {', '.join(contents)}")
    write_config(lite_dir, wheel.parent)
    _work_around_lock_addon(lite_dir, runtime, [runtime / lock["packages"][n]["file_name"] for n in keep])

    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", lite_dir,
         "--output-dir", out, "--contents", work / "contents", "--no-sourcemaps"],
        cwd=lite_dir, env=env)
    final_lock = fix_output_lock(out)
    drop_unused_wheels(out, final_lock)
    trimmed = trim_boot_wheels(out, final_lock)
    log("left out of the wheels: " + ", ".join(f"{n} {k} files" for n, k in trimmed.items()))
    cached = compile_bytecode(out, final_lock, downloads)
    log(f"bytecode: the standard library and the wheels ({cached} archives from the cache)")
    fix_output_lock(out)  # checks the rewritten sha256
    if "lab/index.html" not in still_spinners(out):
        sys.exit("[lite] lab/index.html has no </head>: the spinners could not be stilled")
    log("the kernel enters its drive after its imports: " + ", ".join(kernel_enters_drive_late(out)))
    log("the kernel starts with the page: " + ", ".join(kernel_prewarms(out)))
    log(f"favicon: {write_favicon(out).relative_to(out)}")
    check_site(out)
    check_contents(out, contents)
    shutil.rmtree(work, ignore_errors=True)
    size = site_size(out)
    log(f"site: {out} ({size / 1e6:.1f} MB, {len(final_lock['packages'])} wheels in its lock)")
    seconds = time.perf_counter() - started
    log(f"build time: {seconds:.0f} s")
    # for the tests' report when they reuse this site (make test builds it first)
    (cache / "last-build.json").write_text(json.dumps({"site": str(out), "seconds": round(seconds, 1),
                                                       "bytes": size, "cached_bytecode": cached}))


if __name__ == "__main__":
    main()
