"""Compile the Python files of wheels and zips to bytecode, as Pyodide's own distribution does.

The wheels of the site come from PyPI and the standard library from npm's ``pyodide`` as plain
``.py`` files: the browser's Python would compile every module it imports on every page load
(single-threaded WebAssembly, about half of the kernel's start). Pyodide's own CDN packages are
shipped compiled; this does the same for ours, in two modes:

- ``sourceless``: each ``x.py`` is replaced by ``x.pyc`` (the standard library's zip and the
  third-party wheels, like Pyodide's own builds): smaller and quickest to unpack;
- ``beside``: ``x.py`` stays and ``__pycache__/x.<tag>.pyc`` is added (the project's own wheel,
  so that its tracebacks keep their source lines).

Both write unchecked-hash pycs (PEP 552): the unpacked files' times are those of the unpacking,
so a timestamp check would reject every pyc. A wheel's ``RECORD`` is updated to list what it
holds. The bytecode must come from the very interpreter that will load it (magic number, cache
tag): ``make lite`` runs this file inside the site's own Pyodide under Node.js
(``bytecode.mjs``); the functions work under any CPython, which the tests use.

>>> import io, zipfile
>>> buf = io.BytesIO()
>>> with zipfile.ZipFile(buf, "w") as z:
...     z.writestr("pkg/__init__.py", "X = 6 * 7\\n")
>>> out = io.BytesIO()
>>> compile_zip(io.BytesIO(buf.getvalue()), out, mode="sourceless", prefix="/site/")
1
>>> zipfile.ZipFile(out).namelist()
['pkg/__init__.pyc']
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from typing import IO

MODES = ("sourceless", "beside")


def _record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def bytecode(source: bytes, filename: str) -> bytes | None:
    """The unchecked-hash pyc of ``source`` (None when it does not compile, e.g. Python 2
    files some wheels carry in their tests: those stay as they are)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes etc. in third-party code: not ours to report
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _pyc_name(name: str, mode: str) -> str:
    if mode == "sourceless":
        return name[:-3] + ".pyc"
    folder, _, base = name.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"


def compile_zip(src: str | IO[bytes], dst: str | IO[bytes], *, mode: str, prefix: str) -> int:
    """Write ``src`` (a wheel or a zip of modules) to ``dst`` with its ``.py`` files compiled.

    ``prefix`` is where the files will live at run time (what tracebacks show), e.g.
    ``/lib/python3.14/site-packages/``. Files under a wheel's ``.data`` folder are copied as
    they are. Returns how many files were compiled.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    compiled = 0
    rows: dict[str, str] = {}  # RECORD rows of the files written, in order
    record_name = None
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            data = zin.read(info)
            pyc = None
            if name.endswith(".py") and ".data/" not in name.split(".dist-info/")[0]:
                pyc = bytecode(data, prefix + name)
            if pyc is None or mode == "beside":
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                if not info.is_dir():  # RECORD lists files only
                    rows[name] = _record_row(name, data)
            if pyc is not None:
                pyc_info = zipfile.ZipInfo(_pyc_name(name, mode), info.date_time)
                zout.writestr(pyc_info, pyc, compress_type=zipfile.ZIP_DEFLATED)
                rows[pyc_info.filename] = _record_row(pyc_info.filename, pyc)
                compiled += 1
        if record_name is not None:
            record = "\n".join([*rows.values(), f"{record_name},,"]) + "\n"
            zout.writestr(zipfile.ZipInfo(record_name, (1980, 1, 1, 0, 0, 0)), record,
                          compress_type=zipfile.ZIP_DEFLATED)
    return compiled


def main(jobs_file: str) -> None:
    """Run the jobs of ``jobs_file``: a JSON list of ``[src, dst, mode, prefix]``; a prefix of
    ``"purelib"`` or ``"stdlib"`` means this interpreter's site-packages or standard-library zip."""
    import sysconfig

    where = {
        "purelib": sysconfig.get_path("purelib").rstrip("/") + "/",
        "stdlib": next((p for p in sys.path if p.endswith(".zip")), sysconfig.get_path("stdlib")).rstrip("/") + "/",
    }
    with open(jobs_file) as f:
        jobs = json.load(f)
    for src, dst, mode, prefix in jobs:
        n = compile_zip(src, dst, mode=mode, prefix=where.get(prefix, prefix))
        print(f"[lite]   {src.rsplit('/', 1)[-1]}: {n} modules compiled ({mode})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
