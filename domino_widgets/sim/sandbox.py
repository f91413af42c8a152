"""A student's player in a process of its own, with time limits and a fence round it (issue 28).

A contest (`domino_widgets.sim.contest`) plays every submission through a `Sandbox`: a child
Python process that loads the student's file and answers, for a batch of positions, the play its
player chooses. The games themselves are played in the contest's process, so the hidden hands
never reach the child: it receives, for each decision, only the `PlayerView` of its own seat.

What the child may not do, and what follows if it does (the submission is disqualified with the
reason; the contest goes on):

- raise, or return something that is not one of the legal plays (``raised``, ``illegal``);
- take longer than ``per_move`` seconds on a move or ``per_game`` seconds on a game (``time``);
- ask its view for something a view does not hold, such as another seat's hand (``peek``);
- open or list a file outside Python's own library, the installed libraries and this package's
  own folder (another submission, the teacher's project around the package), start a process,
  open a socket, use ``ctypes``, or search the interpreter's memory with `gc` (``forbidden``);
- die (out of memory, ``os._exit``: ``crashed``).

Importing ordinary libraries is no violation (numpy and joblib set environment variables, numpy
imports ctypes, psutil reads /proc/stat). A violation ends the child where it happens: the fence
writes the reason to the contest and exits, so nothing the submission does afterwards (catching the
error, clearing a record it found through ``sys._getframe``) can undo it. The child runs only
while it is asked for a move (it is stopped in between), so its time limits measure its own code.

The fence is an audit hook (`sys.addaudithook`, which cannot be removed once added) holding only the
interpreter's own functions taken before the submission is loaded, a memory limit and a process
boundary: enough for a class, where a mistake or curiosity is the usual cause. It is not a security
boundary against a determined attacker; for that, run the contest in a container.

Requests to the child are length-prefixed pickles (the contest trusts what it sends); replies are
single JSON lines, never unpickled, since the child is not trusted.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ada.py").write_text(
...     "from domino_widgets.players.rules import rule_player, heaviest\\n"
...     "player = rule_player(heaviest, 'heaviest first')\\n")
>>> import domino_widgets as dw
>>> with Sandbox(folder / "ada.py", "block") as box:
...     s = dw.new_game("block", seed=4)
...     play = box.choose([("g", 1, s.view(s.current_player))])[0]
>>> box.name, play in [str(a) for a in s.legal_actions()]
('heaviest first', True)
"""

from __future__ import annotations

import functools
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.errors import DominoError

__all__ = ["Disqualified", "Sandbox"]

#: What a child may use of memory (address space): a runaway list ends as "crashed", not as a
#: machine that swaps.
MEMORY_LIMIT = 2 * 1024**3

#: Seconds a child has to start, import the package and load the submission.
START_LIMIT = 60.0

_REASONS = ("bad file", "no player", "raised", "illegal", "time", "peek", "forbidden", "crashed")


class Disqualified(DominoError):
    """A submission broke a rule of the contest. ``reason`` is one of ``bad file``, ``no player``,
    ``raised``, ``illegal``, ``time``, ``peek``, ``forbidden``, ``crashed``; ``detail`` says what
    happened, in a line a teacher can read out."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__("{reason}: {detail}", reason=reason, detail=detail)
        self.reason = reason
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:  # crosses from a joblib worker to the contest
        return (Disqualified, (self.reason, self.detail))


class Sandbox:
    """One submission's player in its own process. Use it as a context manager, or `close` it.

    ``choose`` takes a batch of ``(key, seed, view)`` and returns one play (its text) for each:
    ``key`` names a game and seat (its random source is made from ``seed`` the first time the
    key is seen, so the same games give the same plays), ``view`` is that seat's `PlayerView`.
    Any rule broken raises `Disqualified` and closes the process.
    """

    def __init__(self, path: str | os.PathLike[str], variant: str, *, per_move: float = 1.0,
                 per_game: float = 10.0, params: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.variant = variant
        self.per_move = float(per_move)
        self.per_game = float(per_game)
        self.name = self.path.stem
        self._home: str | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._spent: dict[Any, float] = {}  # seconds per game (key), as the contest measures them
        try:
            source = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise Disqualified("bad file", f"cannot read {self.path.name}: {exc}") from None
        # The child's folder holds only a link to the package: the package's parent folder (in the
        # layout of docs/assignments-and-contest.md the project, with the submissions, the lessons and the teacher's build/)
        # is neither on its import path nor inside its fence.
        self._home = _child_home()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": self._home,
               "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "LANG": "C.UTF-8"}
        self._proc = subprocess.Popen(
            [sys.executable, "-s", "-B", "-m", "domino_widgets.sim.sandbox", variant],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
            cwd=self._home, preexec_fn=functools.partial(_limit_child, os.getpid()), close_fds=True)
        os.set_blocking(self._proc.stdout.fileno(), False)  # type: ignore[union-attr]
        reply = self._ask(("load", source, str(self.path.name), self.per_move, self.per_game, variant,
                           dict(params or {}), str(self.path.resolve().parent)), START_LIMIT)
        self.name = str(reply.get("name") or self.name)[:60]
        self._signal(signal.SIGSTOP)  # at rest until asked (see `_ask`)
        #: Whether the player is a rule (lesson 03's `rule_player`): then `choose_codes` asks it on the
        #: engine's codes, many times faster than views.
        self.rule = bool(reply.get("rule"))

    # -- the protocol ---------------------------------------------------------------------------
    def choose(self, batch: Sequence[tuple[Any, int, Any]]) -> list[str]:
        """The plays (as text) the submission chooses for each ``(key, seed, view)``."""
        if not batch:
            return []
        limit = self.per_move * len(batch) + 5.0
        reply = self._clocked(batch, ("choose", list(batch)), limit)
        plays = reply.get("plays")
        if not isinstance(plays, list) or len(plays) != len(batch) or not all(isinstance(p, str) for p in plays):
            self._fail("crashed", "answered with something other than one play per position")
        return plays  # type: ignore[return-value]

    def choose_codes(self, batch: Sequence[tuple[Any, int, tuple[Any, ...], tuple[int, ...]]]) -> list[int]:
        """For a rule: the code chosen for each ``(key, seed, position, codes)``, where ``position``
        is `seat_position`'s compact form of what the mover sees and ``codes`` the legal codes."""
        if not batch:
            return []
        reply = self._clocked(batch, ("codes", list(batch)), self.per_move * len(batch) + 5.0)
        plays = reply.get("codes")
        if not isinstance(plays, list) or len(plays) != len(batch) or \
                not all(type(k) is int and k in b[3] for k, b in zip(plays, batch)):
            self._fail("illegal", "chose a play that is not legal here")
        return plays  # type: ignore[return-value]

    def forget(self, keys: Sequence[Any]) -> None:
        """Drop the random sources and clocks of finished games."""
        if keys:
            for key in keys:
                self._spent.pop(key, None)
            self._ask(("forget", list(keys)), 30.0)

    def _clocked(self, batch: Sequence[tuple[Any, ...]], message: Any, limit: float) -> dict[str, Any]:
        """``_ask``, with the games' clocks kept here as well as in the child (whose own clocks
        its submission can reach and reset): a batch holds one position per game, so each of its
        games is charged the batch's time over its size; a game past ``per_game`` (and a second,
        for the pipe) is a broken time limit."""
        start = time.monotonic()
        reply = self._ask(message, limit)
        share = (time.monotonic() - start) / len(batch)
        for item in batch:
            spent = self._spent[item[0]] = self._spent.get(item[0], 0.0) + share
            if spent > self.per_game + 1.0:
                self._fail("time", f"took {spent:.1f} s on one game (the limit is {self.per_game:g} s)")
        return reply

    def _ask(self, message: Any, limit: float) -> dict[str, Any]:
        if self._proc is None:
            raise Disqualified("crashed", "its process is closed")
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        deadline = time.monotonic() + limit
        # The child runs only while it is asked: a thread it left running cannot take the machine
        # from the other seat's move (whose clock would run out for it), nor think on its opponent's
        # time. So every second a child runs is its own move's, and a limit broken is its own.
        self._signal(signal.SIGCONT)
        self._write(struct.pack(">Q", len(data)) + data, deadline)
        line = self._read_line(deadline, limit)
        self._signal(signal.SIGSTOP)
        try:
            reply = json.loads(line)
        except ValueError:
            self._fail("crashed", "answered with something that is not the contest's protocol")
        if not isinstance(reply, dict):
            self._fail("crashed", "answered with something that is not the contest's protocol")
        if "error" in reply:
            reason = reply["error"] if reply["error"] in _REASONS else "crashed"
            self._fail(reason, str(reply.get("detail", ""))[:300])
        return reply

    def _write(self, data: bytes, deadline: float) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        fd = self._proc.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                self._fail("time", "stopped reading the positions it was sent")
            _, writable, _ = select.select([], [fd], [], left)
            if not writable:
                continue
            try:
                n = os.write(fd, view[:65536])
            except (BrokenPipeError, OSError):
                self._fail("crashed", self._death())
            view = view[n:]

    def _read_line(self, deadline: float, limit: float) -> str:
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self._fail("time", f"gave no answer within {limit:.1f} s")
            readable, _, _ = select.select([fd], [], [], left)
            if not readable:
                continue
            try:
                chunk = os.read(fd, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                self._fail("crashed", self._death())
            self._buffer += chunk
            if len(self._buffer) > 64 << 20:
                self._fail("crashed", "answered with more than 64 MB")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def _signal(self, signum: int) -> None:
        if _PRCTL is None and signum == signal.SIGSTOP:
            return  # without a death signal a child held still could outlive its parent
        if self._proc is not None and self._proc.poll() is None:
            try:
                os.kill(self._proc.pid, signum)
            except ProcessLookupError:  # pragma: no cover - ended between poll and kill
                pass

    def _death(self) -> str:
        assert self._proc is not None
        try:
            code = self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "its process stopped answering"
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals.__members__.values() else str(-code)
            return f"its process was ended by the signal {name} (out of memory or time?)"
        if code == FENCE_EXIT:
            return "the contest's fence ended it (a file, a process, a socket or ctypes)"
        return f"its process ended (exit status {code})"

    def _fail(self, reason: str, detail: str) -> Any:
        self.close()
        raise Disqualified(reason, detail)

    def close(self) -> None:
        """End the child process (at once: a submission gets no say in it)."""
        proc, self._proc = self._proc, None
        home, self._home = self._home, None
        if home is not None:
            import shutil

            shutil.rmtree(home, ignore_errors=True)
        if proc is None:
            return
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        if proc.poll() is None:
            proc.kill()
        proc.wait()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten sandbox must not leave a process behind
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


def seat_position(c: Any, seat: int) -> tuple[Any, ...]:
    """What ``seat`` sees of the engine position ``c``, compactly: its own hand, the table (the
    numbers of the open ends only), the scores. No other hand, no boneyard tile is in it (as in
    `domino_widgets.sim.tournament._seat_position`, which the child rebuilds it into)."""
    ends = [-1, -1, -1, -1]
    for e in c.open:
        ends[e] = c.ends[e]
    return (seat, c.hands[seat], tuple(ends), tuple(c.arms), tuple(c.tips), c.center, tuple(c.open), c.turn,
            tuple(c.hand_points), tuple(c.finished), tuple(c.base_scores))


def _restore(p: Any, snap: tuple[Any, ...]) -> None:  # pragma: no cover - child
    seat, hand, ends, arms, tips, center, open_, turn, hand_points, finished, _ = snap
    p.hands[seat] = hand
    p.ends[:] = ends
    p.arms[:] = arms
    p.tips[:] = tips
    p.center = center
    p.open = open_
    p.turn = turn
    p.hand_points[:] = hand_points
    p.finished[:] = finished


def _child_home() -> str:
    """A new folder for a child: its working folder and import path, holding only a link to this
    package."""
    import tempfile

    home = tempfile.mkdtemp(prefix="domino-contest-")
    os.symlink(Path(__file__).resolve().parents[1], os.path.join(home, "domino_widgets"))
    return home


def _prctl() -> Any:
    """Linux's ``prctl``, or None elsewhere (then a child is never held still: see `Sandbox._ask`)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return None


#: Taken once, in the contest's process, before any child is started.
_PRCTL = _prctl()
_PR_SET_PDEATHSIG = 1


def _limit_child(parent: int) -> None:  # pragma: no cover - runs in the child, between fork and exec
    import resource

    os.setsid()  # its own process group: a signal to the teacher's terminal does not reach it
    if _PRCTL is not None:
        # a child held still (SIGSTOP) would never see its pipe close if its parent died without
        # closing it (a worker ended by its pool): the kernel kills it with its parent instead
        _PRCTL(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # the parent died before that
            os._exit(1)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ValueError, OSError):
        pass


# ------------------------------------------------------------------------------------------------
# The child's side
# ------------------------------------------------------------------------------------------------

class _Timeout(BaseException):
    """Raised in the child by the per-move alarm (a BaseException: ``except Exception`` in a
    submission does not swallow it)."""


class _Violation(BaseException):
    """An illegal play, found by the child's own code after the submission answered (the fence's
    violations end the process where they happen: `_ender`)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


#: What the fence refuses outright, by audit event, and how the disqualification says it.
_FORBIDDEN_EVENTS = {
    "subprocess.Popen": "started a process", "os.system": "started a process", "os.exec": "started a process",
    "os.posix_spawn": "started a process", "os.spawn": "started a process", "os.fork": "started a process",
    "os.forkpty": "started a process", "pty.spawn": "started a process",
    "socket.__new__": "opened a socket", "socket.connect": "opened a socket", "socket.bind": "opened a socket",
    "socket.getaddrinfo": "looked up a network address",
    "ctypes.dlopen": "loaded a C library", "ctypes.dlsym": "loaded a C library",
    "gc.get_objects": "searched the interpreter's memory", "gc.get_referrers": "searched the interpreter's memory",
    "gc.get_referents": "searched the interpreter's memory", "sys._current_frames": "read other threads' frames",
    "os.remove": "deleted a file", "os.rename": "renamed a file", "os.rmdir": "deleted a folder",
    "os.mkdir": "made a folder", "os.chmod": "changed a file's permissions", "os.chdir": "changed folder",
    "os.kill": "sent a signal", "shutil.rmtree": "deleted a folder",
    "sys.addaudithook": "tried to change the contest's fence", "os.truncate": "changed a file",
    "os.link": "made a link", "os.symlink": "made a link", "os.utime": "changed a file",
}

#: The exit status of a child the fence ended (when it could not say why over the pipe).
FENCE_EXIT = 86


def _ender(fd: int) -> Any:  # pragma: no cover - child
    """A function ``end(reason, detail)`` that writes the disqualification to the contest (the
    protocol's pipe, file descriptor ``fd``) and ends the process at once: a violation is never
    written down anywhere the submission's code could reach and undo, and no code of the
    submission runs after it. It holds the interpreter's own functions, taken before any
    submission is loaded (a submission that replaces ``os.write`` or ``json.dumps`` changes
    nothing here)."""
    import posix

    write, exit_, ord_ = posix.write, posix._exit, ord
    join = "".join

    def quote(text: str) -> str:  # JSON, ASCII only, without the json module
        return join(['"', join([c if 32 <= ord_(c) < 127 and c != '"' and c != "\\" else
                                "\\u%04x" % ord_(c) if ord_(c) < 0x10000 else "?" for c in text]), '"'])

    def end(reason: str, detail: str) -> None:
        try:
            data = ('{"error": %s, "detail": %s}\n' % (quote(reason), quote(detail))).encode("ascii")
            while data:
                data = data[write(fd, data):]
        finally:
            exit_(FENCE_EXIT)

    return end


def _fence(allowed: Sequence[str], end: Any, secret: Sequence[str] = ()) -> None:  # pragma: no cover - child
    """Install the audit hook (which cannot be removed): reading Python's own files, the installed
    libraries' and this package's is allowed; anything else the fence refuses ends the submission
    there with ``end(reason, what)`` (`_ender`).

    The hook holds only what it needs, taken now: the interpreter's own C functions (``posix.lstat``,
    ``posix.readlink``...) and immutable values; it resolves links itself rather than through
    ``os.path.realpath``, so a submission that replaces a function of ``os`` cannot steer it. It
    never calls back into Python code a submission could have replaced: ``open``, ``os.listdir``
    and ``os.scandir`` report the path already converted to text (a path object's ``__fspath__``
    is asked once, by them); any other path is refused. The folders in ``secret`` are refused even
    inside an allowed one: the puzzles' data, which holds each puzzle's whole deal and its answer."""
    import posix
    from _stat import S_ISLNK

    lstat, readlink, getcwd, getpid = posix.lstat, posix.readlink, posix.getcwd, posix.getpid
    type_, str_, bytes_, int_, len_ = type, str, bytes, int, len
    startswith, split, join = str.startswith, str.split, "/".join
    encoding = sys.getfilesystemencoding()
    o_write = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    roots = tuple(os.path.realpath(p) + os.sep for p in allowed)
    hidden = tuple(os.path.realpath(p) + os.sep for p in secret)
    # what the machine is (its processors, memory, load, this process's own numbers): psutil, which
    # joblib imports, reads /proc/stat as it is imported; nothing in them is a classmate's
    machine = tuple(f"/proc/{name}/" for name in ("stat", "cpuinfo", "meminfo", "loadavg", "uptime"))
    machine += (f"/proc/{getpid()}/", "/sys/devices/system/cpu/", "/sys/fs/cgroup/")
    events = frozenset(_FORBIDDEN_EVENTS)
    messages = tuple(_FORBIDDEN_EVENTS.items())
    # (glob.glob and os.walk list with os.scandir: checked there, on the text of each folder)
    path_events = frozenset({"open", "os.listdir", "os.scandir"})

    def text_of(path: Any) -> str | None:
        """The path as an exact str, or None for anything the fence will not read."""
        kind = type_(path)
        if kind is bytes_:
            try:
                return path.decode(encoding, "surrogateescape")  # type: ignore[no-any-return]
            except (UnicodeError, LookupError):
                return None
        return path if kind is str_ else None

    def resolve(path: str) -> str | None:
        """``os.path.realpath`` of ``path``, on the captured functions; None past 40 links."""
        if not startswith(path, "/"):
            path = getcwd() + "/" + path
        todo = split(path, "/")[::-1]
        done: list[str] = []
        links = 0
        while todo:
            part = todo.pop()
            if part == "" or part == ".":
                continue
            if part == "..":
                if done:
                    done.pop()
                continue
            here = "/" + join(done + [part])
            try:
                mode = lstat(here).st_mode
            except (OSError, ValueError):
                done.append(part)
                continue
            if S_ISLNK(mode):
                links += 1
                if links > 40:
                    return None
                target = readlink(here)
                if startswith(target, "/"):
                    done = []
                todo.extend(split(target, "/")[::-1])
            else:
                done.append(part)
        return "/" + join(done)

    def inside(path: Any, where: tuple[str, ...]) -> bool:
        text = text_of(path)
        real = resolve(text) if text is not None else None
        return real is not None and startswith(real + "/", where)

    def short(path: Any) -> str:
        text = text_of(path)
        if text is None:
            return f"through an object of its own ({type_(path).__name__})"
        return text if len_(text) <= 80 else "…" + text[-79:]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event in events:
            for e, what in messages:
                if e == event:
                    break
        elif startswith(event, "ctypes."):  # ctypes itself is imported before the fence
            what = "used ctypes (raw memory, C functions)"
        elif event in path_events:
            path = args[0] if args else None
            if event == "open":
                if type_(path) is int_:
                    if path in (0, 1, 2):
                        return
                    what = f"tried to open the file descriptor {path}"
                else:
                    mode = args[1] if len_(args) > 1 else "r"
                    flags = args[2] if len_(args) > 2 else 0
                    writing = (type_(mode) is str_ and ("w" in mode or "a" in mode or "x" in mode or "+" in mode)) \
                        or (type_(flags) is int_ and flags & o_write)
                    if path is None or (not writing and ((inside(path, roots) and not inside(path, hidden))
                                                         or inside(path, machine))):
                        return
                    what = f"tried to {'write' if writing else 'open'} the file {short(path)}"
            else:
                if path is None or (inside(path, roots) and not inside(path, hidden)):
                    return
                what = f"tried to list the folder {short(path)}"
        else:
            return
        end("peek" if startswith(event, ("gc.", "sys._current")) else "forbidden", what)

    sys.addaudithook(hook)


def _guarded_view_class(base: type, end: Any) -> type:  # pragma: no cover - child
    """A subclass of the view's class that ends the submission (``end``, `_ender`) when it asks for
    an attribute the view does not hold."""

    class GuardedView(base):  # type: ignore[misc, valid-type]
        def __getattr__(self, name: str) -> Any:
            if name.startswith("__") and name.endswith("__"):
                raise AttributeError(name)
            end("peek", f"asked its view for {name!r}, which a player's view does not hold")

    GuardedView.__name__ = GuardedView.__qualname__ = base.__name__
    return GuardedView


def _child_main(argv: Sequence[str]) -> int:  # pragma: no cover - run as a process by Sandbox
    import random
    import traceback
    import types

    protocol_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever the submission prints goes to stderr, never into the protocol
    sys.stdout = sys.stderr
    stdin = sys.stdin.buffer

    def send(obj: dict[str, Any]) -> None:
        protocol_out.write(json.dumps(obj, ensure_ascii=True).encode() + b"\n")
        protocol_out.flush()

    def receive() -> Any:
        head = stdin.read(8)
        if len(head) < 8:
            raise SystemExit(0)
        (size,) = struct.unpack(">Q", head)
        return pickle.loads(stdin.read(size))

    import domino_widgets  # noqa: F401  (everything a player may need, imported before the fence)
    from domino_widgets.core.actions import Action
    from domino_widgets.players import heuristics, line, rules  # noqa: F401

    try:
        import domino_widgets.players.registry  # noqa: F401
    except ImportError:
        pass

    message = receive()
    _, source, filename, per_move, per_game, variant, params, submissions = message
    from domino_widgets.core import registry
    from domino_widgets.core.engine import new_core

    try:
        cfg = registry.get_variant(variant).config(params) if registry.get_variant(variant).factory is None else None
    except Exception:  # a game of its own (Twenty-one): views only
        cfg = None
    # compiled before the fence (the compiler reads the file named in a syntax error, to show its
    # line), and its lines kept for tracebacks: a submission that prints one reads no file
    try:
        code = compile(source, filename, "exec")
    except (SyntaxError, ValueError) as exc:
        send({"error": "bad file", "detail": f"{type(exc).__name__}: {exc}"[:300]})
        return 0
    import linecache

    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    import sysconfig

    # What an entry may read: Python's own library, the installed libraries, this package (its own
    # folder, not the folder it sits in); the interpreter's prefix unless the submissions sit inside
    # it. Nothing else: not the classmates' files, not the teacher's project around the package.
    allowed = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    allowed |= {os.path.dirname(os.path.realpath(domino_widgets.__file__))}
    inside = os.path.realpath(submissions) + os.sep
    allowed |= {p for p in (sys.prefix, sys.base_prefix) if not inside.startswith(os.path.realpath(p) + os.sep)}
    roots = tuple(os.path.realpath(p) + os.sep for p in allowed)
    # an import after the fence looks in every folder of the path: only the allowed ones stay on it
    # (an editable install's .pth file may have put the project folder there)
    sys.path[:] = [p for p in sys.path if (os.path.realpath(p or ".") + os.sep).startswith(roots)]
    # What ordinary libraries do as they are imported is no violation: numpy, joblib set environment
    # variables (the child's own: every way to start a process is refused, so they reach no one;
    # os.putenv is allowed), numpy imports ctypes, whose import loads the interpreter's own symbols
    # (imported here, before the fence; any use of ctypes after it is refused).
    try:
        import ctypes  # noqa: F401
    except ImportError:
        pass
    # the puzzles' data holds every puzzle's deal and answer: a warm-up entry may not read it
    package = os.path.dirname(os.path.realpath(domino_widgets.__file__))
    _fence(sorted(allowed), _ender(protocol_out.fileno()), secret=[os.path.join(package, "puzzles", "data")])
    end_peek = _ender(protocol_out.fileno())  # its own: what a submission does to it cannot reach the fence's

    def fail_from(exc: BaseException) -> dict[str, Any]:
        if isinstance(exc, _Violation):
            return {"error": exc.reason, "detail": exc.detail}
        if isinstance(exc, _Timeout):
            return {"error": "time", "detail": str(exc)}
        if isinstance(exc, MemoryError):
            return {"error": "crashed", "detail": "ran out of memory"}
        lines = [n for f, n in traceback.walk_tb(exc.__traceback__) if f.f_code.co_filename == filename]
        where = f" (line {lines[-1]})" if lines else ""
        text = f"{type(exc).__name__}: {exc}"
        return {"error": "raised", "detail": (text[:200] + where)}

    def on_alarm(signum: int, frame: Any) -> None:
        raise _Timeout(f"took more than {per_move:g} s on one move")

    signal.signal(signal.SIGALRM, on_alarm)
    module = types.ModuleType("submission")
    module.__file__ = filename
    try:
        signal.setitimer(signal.ITIMER_REAL, max(per_move, 5.0))
        exec(code, module.__dict__)
        signal.setitimer(signal.ITIMER_REAL, 0)
    except BaseException as exc:
        signal.setitimer(signal.ITIMER_REAL, 0)
        send(fail_from(exc))
        return 0
    player = getattr(module, "player", None)
    if player is None and callable(getattr(module, "rule", None)):
        player = rules.rule_player(module.rule, str(getattr(module, "NAME", Path(filename).stem)))
    if player is None or not callable(getattr(player, "choose", None)):
        send({"error": "no player", "detail": "the file defines neither `player` (with a choose method) nor `rule`"})
        return 0
    rule = cfg is not None and type(player) is line.GreedyPlayer
    send({"name": str(getattr(player, "name", Path(filename).stem)), "rule": rule})
    positions: dict[Any, Any] = {}

    rngs: dict[Any, random.Random] = {}
    clocks: dict[Any, float] = {}
    guarded: dict[type, type] = {}

    def clocked(key: Any, seed: int, ask: Any) -> Any:
        """``ask(rng)`` under the per-move alarm, with the game's clock and the fence checked after."""
        rng = rngs.get(key)
        if rng is None:
            rng = rngs[key] = random.Random(seed)
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, per_move)
        try:
            answer = ask(rng)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        spent = time.perf_counter() - start
        if spent > per_move:
            raise _Timeout(f"took {spent:.2f} s on one move (the limit is {per_move:g} s)")
        total = clocks[key] = clocks.get(key, 0.0) + spent
        if total > per_game:
            raise _Timeout(f"took {total:.1f} s on one game (the limit is {per_game:g} s)")
        return answer

    while True:
        message = receive()
        if message[0] == "forget":
            for key in message[1]:
                rngs.pop(key, None)
                clocks.pop(key, None)
                positions.pop(key, None)
            send({"ok": True})
            continue
        plays = []
        try:
            if message[0] == "codes" and rule:
                for key, seed, snap, codes in message[1]:
                    p = positions.get(key)
                    if p is None:
                        p = positions[key] = new_core(cfg, hands=[0] * cfg.players, stock=[], out=0, leader=snap[0],
                                                      seed=None, base_scores=snap[10])
                        p.initial = ()
                    _restore(p, snap)
                    code = clocked(key, seed, lambda rng: player.choose_code(p, codes, rng))
                    if type(code) is not int or code not in codes:
                        raise _Violation("illegal", "chose a play that is not legal here")
                    plays.append(code)
                send({"codes": plays})
                continue
            for key, seed, view in message[1]:
                kind = type(view)
                object.__setattr__(view, "__class__", guarded.setdefault(kind, _guarded_view_class(kind, end_peek)))
                action = clocked(key, seed, lambda rng: player.choose(view, rng))
                text = str(action) if isinstance(action, (Action, str)) else None
                if text is None:
                    raise _Violation("illegal", f"returned {type(action).__name__}, not a play")
                if text not in {str(a) for a in view.legal_actions}:
                    raise _Violation("illegal", f"returned {text[:40]!r}, which is not a legal play here")
                plays.append(text)
        except BaseException as exc:
            if isinstance(exc, (SystemExit, KeyboardInterrupt)):
                send({"error": "raised", "detail": f"called {type(exc).__name__}"})
            else:
                send(fail_from(exc))
            return 0
        send({"plays": plays})


if __name__ == "__main__":  # pragma: no cover - the child process
    sys.exit(_child_main(sys.argv[1:]))
