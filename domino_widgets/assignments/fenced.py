"""The fenced process that runs one submission's cells (`domino_widgets.assignments.grading`).

Read from stdin: ``{"cells": [{"source": ..., "answer": n or null}], "allowed": [folders], "work":
folder}``. Written to the original stdout, one JSON line each: ``{"cell": i}`` when cell ``i``
begins, ``{"answer": n, "value": ...}`` after an answer cell (`checks.encode` of ``answer``),
``{"fence": what}`` when the submission broke the fence (the process then ends at once), and
``{"done": true}``. Whatever the submission prints goes nowhere.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

#: Events that end the submission's process whatever their arguments.
_FORBIDDEN = {
    "subprocess.Popen": "started a process", "os.system": "started a process", "os.exec": "started a process",
    "os.posix_spawn": "started a process", "os.spawn": "started a process", "os.fork": "started a process",
    "os.forkpty": "started a process", "pty.spawn": "started a process", "os.startfile": "started a process",
    "socket.__new__": "opened a socket", "socket.connect": "opened a socket", "socket.bind": "opened a socket",
    "socket.getaddrinfo": "looked up a network address", "urllib.Request": "opened a web address",
    "gc.get_objects": "searched the interpreter's memory", "gc.get_referrers": "searched the interpreter's memory",
    "gc.get_referents": "searched the interpreter's memory",
    "sys.addaudithook": "tried to change the fence", "os.kill": "sent a signal", "os.killpg": "sent a signal",
    "os.chdir": "changed folder", "os.chmod": "changed a file's permissions", "os.chown": "changed a file's owner",
    "os.link": "made a link", "os.symlink": "made a link", "os.putenv": "changed the environment",
    "os.unsetenv": "changed the environment", "mmap.__new__": "mapped a file", "sys.remote_exec": "ran code elsewhere",
}
#: Modules whose loading ends the process (a way round the audit events).
_FORBIDDEN_MODULES = {"_posixsubprocess", "_ctypes", "ctypes", "_winapi", "_xxsubinterpreters", "pty"}
#: Events whose first argument is a path (reading is allowed in the allowed folders, writing in the work folder).
_PATHS = {"open", "os.listdir", "os.scandir", "glob.glob", "os.walk", "os.remove", "os.rename", "os.rmdir",
          "os.mkdir", "os.truncate", "os.utime", "shutil.rmtree", "shutil.copyfile", "shutil.copytree",
          "shutil.move", "sqlite3.connect", "os.listxattr", "os.getxattr", "os.setxattr", "os.removexattr"}
_WRITES = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.truncate", "os.utime", "shutil.rmtree",
           "shutil.copytree", "shutil.move", "os.setxattr", "os.removexattr"}
_DEVICES = ("/dev/null", "/dev/urandom", "/dev/random")


def _install(allowed: Sequence[str], work: str, end: Any) -> None:
    """The audit hook: every use of a forbidden event calls ``end(what)``, which ends the process."""
    roots = tuple(os.path.realpath(p) + os.sep for p in allowed)
    work_root = os.path.realpath(work) + os.sep

    def inside(path: Any, where: tuple[str, ...]) -> bool:
        if isinstance(path, int):
            return path in (0, 1, 2)
        try:
            real = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return real in _DEVICES or any((real + os.sep).startswith(r) for r in where)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        what = _FORBIDDEN.get(event)
        if what is None and event.startswith("ctypes."):
            what = "used ctypes"
        if what is None and event == "import" and args and str(args[0]).split(".")[0] in _FORBIDDEN_MODULES:
            what = f"imported {args[0]}"
        if what is None and event in _PATHS:
            path = args[0] if args else None
            if event == "sqlite3.connect" and path in (":memory:", b":memory:"):
                return
            mode = args[1] if event == "open" and len(args) > 1 else "r"
            flags = args[2] if event == "open" and len(args) > 2 else 0
            writing = event in _WRITES or event in ("sqlite3.connect", "shutil.copyfile") or \
                (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                (isinstance(flags, int) and bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC)))
            if path is None:
                return
            if inside(path, (work_root,)) or (not writing and inside(path, roots)):
                if event in ("os.rename", "shutil.copyfile", "shutil.move", "shutil.copytree") and len(args) > 1 \
                        and not inside(args[1], (work_root,)):
                    what = f"wrote the file {_short(args[1])}"
                else:
                    return
            else:
                what = f"tried to {'write' if writing else 'read'} {_short(path)}"
        if what is not None:
            end(what)

    sys.addaudithook(hook)


def _short(path: Any) -> str:
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else repr(path)
    return text if len(text) <= 80 else "…" + text[-79:]


def main() -> None:  # pragma: no cover - the child process
    request = json.loads(sys.stdin.buffer.read())
    report = os.fdopen(os.dup(1), "w", encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, 1)
    os.dup2(nowhere, 2)
    os.dup2(nowhere, 0)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115

    def send(obj: dict[str, Any]) -> None:
        report.write(json.dumps(obj) + "\n")
        report.flush()

    def end(what: str) -> None:
        send({"fence": what})
        os._exit(3)

    # what a submission may use, loaded before the fence (the fence forbids some of it later)
    import fractions  # noqa: F401
    import itertools  # noqa: F401
    import math  # noqa: F401
    import random  # noqa: F401

    from traitlets.config import Config
    from IPython.core.interactiveshell import InteractiveShell

    import domino_widgets  # noqa: F401
    from domino_widgets.assignments.checks import encode
    for name in ("numpy", "domino_widgets.prob.deal", "domino_widgets.prob.inference", "domino_widgets.render",
                 "domino_widgets.sim"):
        try:
            __import__(name)
        except ImportError:
            pass
    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=config)
    # the C-level way to start a process is out of reach: not in sys.modules, not in a module's names
    poison = sys.modules.pop("_posixsubprocess", None)
    if poison is not None:
        for module in list(sys.modules.values()):
            for key, value in list(getattr(module, "__dict__", {}).items()):
                if value is poison:
                    setattr(module, key, None)
    _install(request["allowed"], request["work"], end)
    for i, cell in enumerate(request["cells"]):
        send({"cell": i})
        try:
            shell.run_cell(cell["source"], store_history=False)
        except BaseException:  # noqa: BLE001 - whatever the cell raised, the next cell runs
            pass
        if cell.get("answer") is not None:
            try:
                value = encode(shell.user_ns.get("answer"))
            except BaseException:  # noqa: BLE001 - an answer that cannot be read is no answer
                value = None
            send({"answer": cell["answer"], "value": value})
    send({"done": True})
    os._exit(0)


if __name__ == "__main__":
    main()
