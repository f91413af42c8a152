"""The class strategy contest (issue 28): submissions in their own processes, disqualified with a
reason for every way of breaking the rules, a league table on the same deals."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import DominoError
from domino_widgets.sim.contest import contest, verdict
from domino_widgets.sim.sandbox import Disqualified, Sandbox

GOOD = """
from domino_widgets.players.rules import rule_player, heaviest, immediate_points
def score_then_heavy(core, code):
    return 100 * immediate_points(core, code) + heaviest(core, code)
player = rule_player(score_then_heavy, "score then heavy")
"""

SUBMISSIONS = {
    "ada": GOOD,
    "bob_raises": "def rule(core, code):\n    return 1 / 0\n",
    "cyd_hangs": "def rule(core, code):\n    while True:\n        pass\n",
    "dan_illegal": textwrap.dedent("""
        class P:
            name = "always 6-6"
            def choose(self, view, rng):
                return "6-6 left"
        player = P()
    """),
    "eve_reads": textwrap.dedent("""
        import pathlib
        def rule(core, code):
            pathlib.Path(__file__).with_name("ada.py").read_text()
            return 0
    """),
}


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / f"{name}.py").write_text(text)
    return folder


@pytest.fixture(scope="module")
def five(tmp_path_factory: pytest.TempPathFactory) -> dw.sim.contest.ContestResult:
    folder = write(tmp_path_factory.mktemp("class"), SUBMISSIONS)
    return contest("all_fives", folder, deals=40, seed=3, per_move=0.5, per_game=5, progress=False)


def test_every_broken_submission_is_disqualified_with_its_reason(five) -> None:
    reasons = {name: dq.reason for name, dq in five.disqualified.items()}
    assert reasons == {"bob_raises": "raised", "cyd_hangs": "time", "dan_illegal": "illegal",
                       "eve_reads": "forbidden"}
    assert "ZeroDivisionError" in five.disqualified["bob_raises"].detail
    assert "line 2" in five.disqualified["bob_raises"].detail
    assert "ada.py" in five.disqualified["eve_reads"].detail
    assert "6-6 left" in five.disqualified["dan_illegal"].detail


def test_the_league_table_ranks_the_rest_on_the_same_deals(five) -> None:
    assert sorted(row["entry"] for row in five.table) == ["ada", "greedy", "random"]
    assert [row["rank"] for row in five.table] == [1, 2, 3]
    fields = [row["vs_field"] for row in five.table]
    assert fields == sorted(fields, reverse=True)
    for row in five.table:
        assert row["games"] == 2 * 40 * 2  # two opponents, 40 deals, both seats
        assert row["ci_low"] <= row["vs_field"] <= row["ci_high"]
    # the pairings are paired on the same deals: three pairs, each 40 deals, antisymmetric use
    assert len(five.pairings) == 3 and all(p["deals"] == 40 for p in five.pairings)
    # vs-field is the mean of the entry's paired differences, as the pairings give them
    ada = next(r for r in five.table if r["entry"] == "ada")
    mine = [p["difference"] if p["entry"] == "ada" else -p["difference"] for p in five.pairings
            if "ada" in (p["entry"], p["opponent"])]
    assert math.isclose(ada["vs_field"], sum(mine) / 2)
    text = str(five)
    assert "disqualified:" in text and "cyd_hangs: time" in text and "vs greedy" in text


def test_random_is_worse_than_greedy_and_the_verdict_says_so(five) -> None:
    rand = next(r for r in five.table if r["entry"] == "random")
    assert rand["vs_greedy"].startswith("worse")
    assert verdict(float("nan"), 1.0) == "cannot tell at this size"


def test_the_same_seed_gives_the_same_table(tmp_path: Path) -> None:
    folder = write(tmp_path, {"ada": GOOD})
    a = contest("block", folder, deals=15, seed=9, progress=False)
    b = contest("block", folder, deals=15, seed=9, progress=False, n_jobs=2)
    assert a.table == b.table and a.pairings == b.pairings


def test_the_same_contest_runs_on_a_dask_cluster(tmp_path: Path) -> None:
    """Issue 28: the school-wide way, a Dask cluster (here a local one of two worker processes),
    plays the same games and gives the same table as joblib on this machine."""
    from dask import distributed  # in the [test] extra
    folder = write(tmp_path, {"ada": GOOD})
    here = contest("block", folder, deals=15, seed=9, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  processes=True) as cluster, distributed.Client(cluster):
        there = contest("block", folder, deals=15, seed=9, progress=False, backend="dask")
    assert here.table == there.table and here.pairings == there.pairings


@pytest.mark.parametrize("body, reason, words", [
    ("def rule(core, code):\n    import subprocess\n    subprocess.run(['true'])\n    return 0\n",
     "forbidden", "process"),
    ("import os\ndef rule(core, code):\n    os.listdir('..')\n    return 0\n", "forbidden", "list the folder"),
    ("import socket\ndef rule(core, code):\n    socket.socket()\n    return 0\n", "forbidden", "socket"),
    ("import gc\ndef rule(core, code):\n    gc.get_objects()\n    return 0\n", "peek", "memory"),
    ("class P:\n    name = 'peeker'\n    def choose(self, view, rng):\n        view.hands\n"
     "        return view.legal_actions[0]\nplayer = P()\n", "peek", "'hands'"),
    ("def rule(core, code):\n    try:\n        open('/etc/passwd').read()\n    except Exception:\n        pass\n"
     "    return 0\n", "forbidden", "/etc/passwd"),
    ("def rule(core, code):\n    open('notes.txt', 'w').write('x')\n    return 0\n", "forbidden", "write"),
    ("import ctypes\ndef rule(core, code):\n    ctypes.CDLL(None).getpid()\n    return 0\n", "forbidden", "C library"),
    ("import ctypes\ndef rule(core, code):\n    ctypes.string_at(id(core), 8)\n    return 0\n", "forbidden", "ctypes"),
    ("def rule(core, code):\n    open('/proc/1/environ').read()\n    return 0\n", "forbidden", "/proc/1/environ"),
    ("def rule(core, code)\n    return 0\n", "bad file", "SyntaxError"),
    ("x = 1\n", "no player", "neither"),
    ("import os\ndef rule(core, code):\n    os._exit(3)\n", "crashed", "exit status 3"),
    ("def rule(core, code):\n    raise SystemExit\n", "raised", "SystemExit"),
    ("class P:\n    name = 'none'\n    def choose(self, view, rng):\n        return None\nplayer = P()\n",
     "illegal", "NoneType"),
])
def test_each_way_of_breaking_the_rules(tmp_path: Path, body: str, reason: str, words: str) -> None:
    path = tmp_path / "sub.py"
    path.write_text(body)
    s = dw.new_game("block", seed=2)
    with pytest.raises(Disqualified) as caught:
        with Sandbox(path, "block", per_move=2, per_game=10) as box:
            box.choose([("k", 1, s.view(s.current_player))])
    assert caught.value.reason == reason, caught.value
    assert words in caught.value.detail
    assert isinstance(caught.value, DominoError)


def test_a_submission_that_prints_is_not_disqualified(tmp_path: Path) -> None:
    path = tmp_path / "chatty.py"
    path.write_text("print('hello')\ndef rule(core, code):\n    print('thinking', code)\n    return code\n")
    s = dw.new_game("draw", seed=2)
    with Sandbox(path, "draw") as box:
        plays = box.choose([("k", 1, s.view(s.current_player))])
    assert plays[0] in [str(a) for a in s.legal_actions()]


def test_a_sandbox_that_hangs_is_stopped_by_the_contest_not_by_itself(tmp_path: Path) -> None:
    path = tmp_path / "stubborn.py"  # ignores the alarm: the parent's own clock ends it
    path.write_text("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                    "def rule(core, code):\n    while True:\n        pass\n")
    s = dw.new_game("block", seed=2)
    start = time.monotonic()
    with pytest.raises(Disqualified) as caught:
        with Sandbox(path, "block", per_move=0.3) as box:
            box.choose([("k", 1, s.view(s.current_player))])
    assert caught.value.reason == "time"
    assert time.monotonic() - start < 30


def test_the_child_never_holds_the_hidden_hands(tmp_path: Path) -> None:
    # the only object of the game the child receives is its own seat's view
    path = tmp_path / "spy.py"
    path.write_text("import pickle\nSEEN = []\nclass P:\n    name = 'spy'\n    def choose(self, view, rng):\n"
                    "        raise ValueError(repr(sorted(vars(view))))\nplayer = P()\n")
    s = dw.new_game("block", seed=2)
    with pytest.raises(Disqualified) as caught:
        with Sandbox(path, "block") as box:
            box.choose([("k", 1, s.view(s.current_player))])
    seen = caught.value.detail
    assert "hand_sizes" in seen and "'hands'" not in seen and "boneyard'" not in seen


@pytest.mark.parametrize("kwargs, words", [
    ({"deals": 0}, "deals"), ({"seed": -1}, "seed"), ({"per_move": 0}, "per_move"),
    ({"variant": "solitaire"}, "one player"), ({"submissions": "/nonexistent"}, "no folder"),
])
def test_bad_arguments_are_domino_errors(tmp_path: Path, kwargs: dict, words: str) -> None:
    write(tmp_path, {"ada": GOOD})
    args = {"variant": "block", "submissions": tmp_path, "progress": False, **kwargs}
    with pytest.raises(DominoError, match=words):
        contest(**args)


def test_the_command_line(tmp_path: Path) -> None:
    write(tmp_path, {"ada": GOOD, "bob": "def rule(core, code):\n    raise KeyError('x')\n"})
    out = subprocess.run([sys.executable, "-m", "domino_widgets", "contest", "block", str(tmp_path), "--deals", "10",
                          "--no-progress"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "rank" in out.stdout and "ada" in out.stdout and "bob: raised: KeyError" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "domino_widgets", "contest", "block", str(tmp_path / "nope")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and "Traceback" not in bad.stderr


def test_a_rule_plays_the_same_games_through_views_as_through_codes(tmp_path: Path) -> None:
    # a rule is asked on the engine's codes (the fast path); the same rule inside a player object
    # of the student's own is asked through views: the tables must be the same, game for game
    rule = "from domino_widgets.players.rules import heaviest, immediate_points\n" \
           "def rule(core, code):\n    return 10 * immediate_points(core, code) - heaviest(core, code)\n"
    fast, slow_dir = tmp_path / "fast", tmp_path / "slow"
    fast.mkdir()
    slow_dir.mkdir()
    write(fast, {"ada": rule})
    write(slow_dir, {"ada": rule + "from domino_widgets.players.line import GreedyPlayer\n"
                     "class Mine:\n    name = 'ada'\n    def choose(self, view, rng):\n"
                     "        return GreedyPlayer(heuristic=rule).choose(view, rng)\nplayer = Mine()\n"})
    a = contest("all_fives", fast, deals=25, seed=5, progress=False)
    b = contest("all_fives", slow_dir, deals=25, seed=5, progress=False)
    assert a.pairings == b.pairings and a.table == b.table


# ------------------------------------------------------------------------------------------------
# Issue 36: a contest blames the entry whose code was running, never its opponent
# ------------------------------------------------------------------------------------------------

HONEST_RULE = "from domino_widgets.players.rules import heaviest\ndef rule(core, code):\n    return heaviest(core, code)\n"

#: Entries that break a rule only after 150 decisions: past the qualifying round, in the middle of
#: a pairing with the honest entry (the first pairing of the round robin, ``aaa_good`` seated first).
LATE = {
    "raises (a rule, on codes)": (
        "calls = [0]\ndef rule(core, code):\n    calls[0] += 1\n    if calls[0] > 150:\n"
        "        raise RuntimeError('broke late')\n    return code\n", "raised", "broke late"),
    "illegal (a rule, on codes)": (
        "from domino_widgets.players.rules import rule_player, heaviest\n"
        "player = rule_player(heaviest, 'late cheat')\nfair = player.choose_code\ncalls = [0]\n"
        "def choose_code(core, codes, rng):\n    calls[0] += 1\n"
        "    return -7 if calls[0] > 150 else fair(core, codes, rng)\nplayer.choose_code = choose_code\n",
        "illegal", "not legal"),
    "hangs (a rule, on codes)": (
        "import time\ncalls = [0]\ndef rule(core, code):\n    calls[0] += 1\n    if calls[0] > 150:\n"
        "        time.sleep(3)\n    return code\n", "time", "took"),
    "raises (a player, on views)": (
        "class P:\n    name = 'late raiser'\n    calls = 0\n    def choose(self, view, rng):\n"
        "        self.calls += 1\n        if self.calls > 150:\n            raise RuntimeError('broke late')\n"
        "        return view.legal_actions[0]\nplayer = P()\n", "raised", "broke late"),
    "illegal (a player, on views)": (
        "class P:\n    name = 'late cheat'\n    calls = 0\n    def choose(self, view, rng):\n"
        "        self.calls += 1\n        return '6-6 left' if self.calls > 150 else view.legal_actions[0]\n"
        "player = P()\n", "illegal", "6-6 left"),
}


@pytest.mark.parametrize("kind", list(LATE))
def test_an_entry_that_breaks_late_disqualifies_only_itself(tmp_path: Path, kind: str) -> None:
    """Issue 36: ``zzz_raiser`` broke a rule in its pairing with ``aaa_good`` and the contest blamed
    ``aaa_good`` (the pairing's first entry) for it."""
    body, reason, words = LATE[kind]
    write(tmp_path, {"aaa_good": HONEST_RULE, "zzz_raiser": body})
    r = contest("all_fives", tmp_path, deals=30, seed=1, per_move=0.5, per_game=5, progress=False, n_jobs=1)
    assert set(r.disqualified) == {"zzz_raiser"}, {n: str(d) for n, d in r.disqualified.items()}
    assert r.disqualified["zzz_raiser"].reason == reason and words in r.disqualified["zzz_raiser"].detail
    assert sorted(row["entry"] for row in r.table) == ["aaa_good", "greedy", "random"]


def test_a_submission_runs_only_while_it_is_asked(tmp_path: Path) -> None:
    """A thread a submission leaves running would run during the other seat's moves (taking the
    machine from it, so that the other seat's clock runs out for it; or thinking on its time): the
    sandbox holds the process still between its own moves."""
    path = tmp_path / "busy.py"
    path.write_text(textwrap.dedent("""
        import threading, time
        TICKS = []
        def tick():
            while True:
                TICKS.append(time.monotonic())
                time.sleep(0.002)
        threading.Thread(target=tick, daemon=True).start()
        class P:
            name = "busy"
            seen = None
            def choose(self, view, rng):
                if self.seen is None:
                    self.seen = len(TICKS)
                    return view.legal_actions[0]
                raise ValueError(f"ticks while away: {len(TICKS) - self.seen}")
        player = P()
    """))
    s = dw.new_game("block", seed=2)
    with Sandbox(path, "block") as box:
        box.choose([("k", 1, s.view(s.current_player))])
        time.sleep(1.0)  # the other seat thinks for a second
        with pytest.raises(Disqualified) as caught:
            box.choose([("k", 1, s.view(s.current_player))])
    away = int(caught.value.detail.split("ticks while away: ")[1].split()[0])
    assert away < 20, caught.value.detail  # about 500 when the thread ran on


#: Libraries a student may use; joblib sets an environment variable on import, as numpy does (numpy
#: is not a dependency of the kit; it is tried too where it is installed).
LIBRARIES = ["math", "random", "itertools", "collections", "functools", "fractions", "statistics", "decimal",
             "heapq", "bisect", "operator", "dataclasses", "typing", "enum", "json", "re", "string", "copy",
             "joblib"]


def test_ordinary_libraries_do_not_disqualify(tmp_path: Path) -> None:
    """Issue 36: an honest entry that did ``import numpy`` was disqualified ("changed the
    environment": numpy sets an environment variable on import). Imported at the top of the file
    and inside the rule, on its first call."""
    import importlib.util
    libs = LIBRARIES + [m for m in ("numpy", "pandas", "scipy") if importlib.util.find_spec(m)]
    top = "".join(f"import {m}\n" for m in libs[: len(libs) // 2])
    inner = "".join(f"    import {m}\n" for m in libs[len(libs) // 2:])
    body = top + "def rule(core, code):\n" + inner + "    return statistics.mean([code, 1])\n"
    body = body.replace("def rule", "import statistics\ndef rule", 1)
    write(tmp_path, {"ada": body})
    r = contest("all_fives", tmp_path, deals=3, seed=1, progress=False, n_jobs=1)
    assert r.disqualified == {}, {n: str(d) for n, d in r.disqualified.items()}
    assert "ada" in [row["entry"] for row in r.table]
    # changing the environment of its own process harms no one; it is allowed, not a loophole
    write(tmp_path, {"ada": "import os\nos.environ['X'] = '1'\ndef rule(core, code):\n"
                            "    os.environ.pop('X', None)\n    os.environ['Y'] = 'y'\n    return code\n"})
    assert contest("all_fives", tmp_path, deals=3, seed=1, progress=False, n_jobs=1).disqualified == {}


def test_the_fence_keeps_classmates_and_the_teachers_folder_out(tmp_path: Path) -> None:
    """Issue 36: with the layout of docs/assignments-and-contest.md (``submissions/`` inside the project folder, next to the
    package and ``build/``), the fence allowed the package's parent folder, the whole project: an
    entry read its classmates' files and the teacher's solutions and stayed in the table. It may
    read the package and Python's own library (and installed libraries), nothing else."""
    import shutil
    project = tmp_path / "project"
    shutil.copytree(Path(dw.__file__).parent, project / "domino_widgets",
                    ignore=shutil.ignore_patterns("__pycache__"))
    solution = project / "build" / "assignments" / "en" / "source" / "01_block" / "01_block.ipynb"
    solution.parent.mkdir(parents=True)
    solution.write_text('{"cells": []}')
    (project / "README.md").write_text("the teacher's notes\n")
    subs = project / "submissions"
    subs.mkdir()
    find = ("import domino_widgets, pathlib\n"
            "PROJECT = pathlib.Path(domino_widgets.__file__).resolve().parents[1]\n")
    catch = "    try:\n        {}\n    except Exception:\n        pass\n    return 0\n"
    write(subs, {
        "ada": GOOD,
        "bob_reads_ada": find + "def rule(core, code):\n" + catch.format(
            "(PROJECT / 'submissions' / 'ada.py').read_text()"),
        "cyd_reads_solution": find + "def rule(core, code):\n" + catch.format(
            "(PROJECT / 'build/assignments/en/source/01_block/01_block.ipynb').read_text()"),
        "dan_lists_project": find + "def rule(core, code):\n" + catch.format("list(PROJECT.iterdir())"),
        "eve_reads_readme": find + "TEXT = (PROJECT / 'README.md').read_text()\ndef rule(core, code):\n    return 0\n",
        "fay_imports_a_classmate": "import sys\nsys.path.append(__import__('os').path.join("
                                   "__import__('domino_widgets').__path__[0], '..', 'submissions'))\n"
                                   "import ada\nplayer = ada.player\n",
    })
    env = {**os.environ, "PYTHONPATH": str(project)}
    out = subprocess.run([sys.executable, "-m", "domino_widgets", "contest", "block", "submissions", "--deals", "2",
                          "--jobs", "1", "--no-progress"], capture_output=True, text=True, timeout=300, cwd=project,
                         env=env)
    assert out.returncode == 0, out.stderr
    assert str(project / "domino_widgets") in subprocess.run(
        [sys.executable, "-c", "import domino_widgets; print(domino_widgets.__file__)"], capture_output=True,
        text=True, cwd=project, env=env).stdout  # the copy in the project folder is the one that ran
    text = out.stdout
    disqualified = text.split("disqualified:")[1]
    for name in ("bob_reads_ada", "cyd_reads_solution", "dan_lists_project", "eve_reads_readme",
                 "fay_imports_a_classmate"):
        assert f"{name}: forbidden" in disqualified, text
    assert "ada" in text.split("disqualified:")[0]


#: Issue 36: after a refused ``open`` an entry walked up its frames (``sys._getframe``) to the
#: child's list of violations, cleared it and answered: it stayed in the table.
CLEARS_THE_RECORD = """
import sys
def forget_it():
    f = sys._getframe(1)
    while f is not None:
        for value in list(f.f_locals.values()):
            if isinstance(value, list):
                value.clear()
        f = f.f_back
def rule(core, code):
    try:
        open('/etc/passwd').read()
    except BaseException:
        pass
    forget_it()
    return code
"""

SWALLOWS_A_PEEK = """
class P:
    name = 'peeker'
    def choose(self, view, rng):
        try:
            view.hands
        except BaseException:
            pass
        return view.legal_actions[0]
player = P()
"""

PATCHES_THE_FENCES_TOOLS = """
import os
os.path.realpath = lambda path, **kw: os.__file__  # every path "is" a file of Python's library
def rule(core, code):
    try:
        open('/etc/passwd').read()
    except BaseException:
        pass
    return code
"""

FORGES_A_PATH = """
import pathlib, os, sys
class Sly(pathlib.PosixPath):
    def __fspath__(self):  # the file to open; a harmless one when the fence asks
        return '/etc/passwd' if sys._getframe(1).f_code.co_filename == __file__ else os.__file__
def rule(core, code):
    try:
        open(Sly('/x')).read()
    except BaseException:
        pass
    return code
"""


@pytest.mark.parametrize("body, reason, words", [
    (CLEARS_THE_RECORD, "forbidden", "/etc/passwd"), (SWALLOWS_A_PEEK, "peek", "hands"),
    (PATCHES_THE_FENCES_TOOLS, "forbidden", "/etc/passwd"), (FORGES_A_PATH, "forbidden", "open the file"),
])
def test_a_violation_ends_the_entry_where_it_happens(tmp_path: Path, body: str, reason: str, words: str) -> None:
    path = tmp_path / "sly.py"
    path.write_text(body)
    s = dw.new_game("block", seed=2)  # the first play is a choice: the rule is asked
    with pytest.raises(Disqualified) as caught:
        with Sandbox(path, "block", per_move=2, per_game=10) as box:
            box.choose([("k", 1, s.view(s.current_player))])
            box.forget(["k"])
    assert caught.value.reason == reason, caught.value
    assert words in caught.value.detail
    # and in a contest, on the engine's codes (a rule) as on views
    write(tmp_path, {"ada": GOOD})
    r = contest("all_fives", tmp_path, deals=2, seed=1, progress=False, n_jobs=1)
    assert set(r.disqualified) == {"sly"} and r.disqualified["sly"].reason == reason


def test_a_submission_that_prints_a_traceback_is_not_disqualified(tmp_path: Path) -> None:
    """Printing a traceback reads the lines of the submission's file (linecache): they are kept in
    the child before the fence, so an honest entry that logs its own errors is not ended for it."""
    path = tmp_path / "careful.py"
    path.write_text("import traceback\ndef rule(core, code):\n    try:\n        1 / 0\n    except ZeroDivisionError:\n"
                    "        traceback.print_exc()\n    return code\n")
    s = dw.new_game("block", seed=2)
    with Sandbox(path, "block") as box:
        plays = box.choose([("k", 1, s.view(s.current_player))])
    assert plays[0] in [str(a) for a in s.legal_actions()]


def test_the_table_counts_entries_and_games_truthfully(tmp_path: Path) -> None:
    """Issue 36: the header said "5 entries" for 20 files (it counted the ranked ones), and "games"
    counted the games against an entry disqualified later while "vs field" left them out."""
    write(tmp_path, {"aaa": HONEST_RULE, "bbb": GOOD, "ccc_raises": "def rule(core, code):\n    return 1 / 0\n",
                     # plays its whole pairing with aaa (about 100 decisions), breaks in its second
                     "ddd_late": LATE["raises (a rule, on codes)"][0].replace("150", "400")})
    deals = 30
    r = contest("all_fives", tmp_path, deals=deals, seed=1, per_move=0.5, per_game=5, progress=False, n_jobs=1)
    assert set(r.disqualified) == {"ccc_raises", "ddd_late"}
    ranked = [row["entry"] for row in r.table]
    assert sorted(ranked) == ["aaa", "bbb", "greedy", "random"]
    head = str(r).splitlines()[0]
    assert "contest of 6 entries (4 submitted, 2 reference players): 4 ranked, 2 disqualified" in head, head
    assert "games against an entry disqualified later are left out" in str(r)
    for row in r.table:  # every column counts the same games: the 3 other ranked entries, all deals, both seats
        assert row["games"] == 3 * deals * 2, row
        mine = [p for p in r.pairings if row["entry"] in (p["entry"], p["opponent"])]
        assert sum(p["deals"] for p in mine) * 2 == row["games"]
        assert math.isclose(row["vs_field"], sum(p["difference"] if p["entry"] == row["entry"] else -p["difference"]
                                                 for p in mine) / len(mine))


class _Bars:
    """tqdm's stand-in: records each bar's description, total and updates."""

    made: list[_Bars] = []

    def __init__(self, *args: object, total: int = 0, desc: str = "", disable: bool = False, **kw: object) -> None:
        self.total, self.desc, self.disable, self.updates, self.n = total, desc, disable, [], 0
        _Bars.made.append(self)

    def update(self, n: int) -> None:
        self.updates.append(n)
        self.n += n

    def refresh(self) -> None:
        pass

    def __enter__(self) -> _Bars:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def test_progress_moves_with_the_games_and_shows_the_qualifying_round(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: the bar moved only when a whole pairing finished (1,000 deals: minutes without a
    sign) and showed nothing during the qualifying round."""
    import tqdm.auto
    monkeypatch.setattr(tqdm.auto, "tqdm", _Bars)
    _Bars.made = []
    write(tmp_path, {"ada": GOOD, "bob": HONEST_RULE, "cyd": "def rule(core, code):\n    return 1 / 0\n"})
    deals = 40
    contest("all_fives", tmp_path, deals=deals, seed=1, progress=True, n_jobs=1)
    qualifying, rounds = _Bars.made
    assert "qualifying" in qualifying.desc and not qualifying.disable
    assert qualifying.total == qualifying.n == 3 * 3 * 2 and len(qualifying.updates) == 3  # one per submission
    pairings = 6  # ada, bob, random, greedy
    assert rounds.total == rounds.n == pairings * deals * 2
    assert len(rounds.updates) >= 8 * pairings and max(rounds.updates) <= 50 * 2  # within each pairing


def test_a_held_child_dies_with_its_parent(tmp_path: Path) -> None:
    """A child is held still (SIGSTOP) between its moves; a parent that dies without closing it (a
    worker ended by its pool) must not leave it stopped for ever: the kernel kills it too."""
    (tmp_path / "ok.py").write_text("def rule(core, code):\n    return code\n")
    code = ("import os, sys\nfrom domino_widgets.sim.sandbox import Sandbox\nb = Sandbox(sys.argv[1], 'block')\n"
            "print(b._proc.pid, flush=True)\nos._exit(0)\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "ok.py")], capture_output=True, text=True,
                         timeout=120)
    pid = int(out.stdout)
    state = "?"
    for _ in range(50):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return  # gone
        if state in ("Z", "X"):
            return  # dead (its new parent reaps it)
        time.sleep(0.1)
    os.kill(pid, 9)
    raise AssertionError(f"the child {pid} outlived its parent (state {state})")


def test_the_command_line_on_dask(tmp_path: Path) -> None:
    """Issue 36: ``--backend dask`` from the command line exited with "first create a Dask Client".
    Without ``--scheduler`` it starts a local cluster (here of 2 worker processes) and closes it
    after; with ``--scheduler ADDRESS`` it plays on that cluster; an address nobody answers is an
    error, not a traceback. The same table each time as joblib on this machine."""
    from dask import distributed  # in the [test] extra
    write(tmp_path, {"ada": GOOD, "bob": "def rule(core, code):\n    raise KeyError('x')\n"})
    args = [sys.executable, "-m", "domino_widgets", "contest", "block", str(tmp_path), "--deals", "4",
            "--no-progress", "--jobs", "2"]
    here = subprocess.CompletedProcess(args, 0, str(contest("block", tmp_path, deals=4, progress=False)) + "\n")
    local = subprocess.run(args + ["--backend", "dask"], capture_output=True, text=True, timeout=300)
    assert local.returncode == 0, local.stderr
    assert local.stdout == here.stdout and "bob: raised: KeyError" in local.stdout
    assert "Traceback" not in local.stderr and "killing" not in local.stderr  # closed in order
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None,
                                  processes=True) as cluster:
        there = subprocess.run(args + ["--scheduler", cluster.scheduler_address], capture_output=True, text=True,
                               timeout=300)
    assert there.returncode == 0, there.stderr
    assert there.stdout == here.stdout
    bad = subprocess.run(args + ["--scheduler", "tcp://127.0.0.1:9"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.startswith("error: cannot reach the Dask scheduler")
    assert "Traceback" not in bad.stderr
    wrong = subprocess.run(args + ["--scheduler", "tcp://127.0.0.1:9", "--backend", "loky"], capture_output=True,
                           text=True, timeout=120)
    assert wrong.returncode == 2 and "--backend dask" in wrong.stderr


def test_the_game_clock_is_kept_where_the_entry_cannot_reset_it(tmp_path: Path) -> None:
    """The child's clocks of its games are in its own memory, where its submission can reach them
    (``sys._getframe``) and set them back to zero: the contest keeps the games' clocks too."""
    path = tmp_path / "slow.py"
    path.write_text(textwrap.dedent("""
        import sys, time
        def rule(core, code):
            time.sleep(0.05)
            f = sys._getframe(1)
            while f is not None:
                for value in list(f.f_locals.values()):
                    if isinstance(value, dict) and all(isinstance(v, float) for v in value.values()):
                        value.clear()  # the child's clocks: every game starts again at 0 s
                f = f.f_back
            return code
    """))
    s = dw.new_game("block", seed=2)
    with pytest.raises(Disqualified) as caught:
        with Sandbox(path, "block", per_move=2, per_game=0.5) as box:
            for _ in range(20):  # the same game asked again and again: 0.05 s a play weighed
                box.choose([("k", 1, s.view(s.current_player))])
    assert caught.value.reason == "time" and "one game" in caught.value.detail


# ------------------------------------------------------------------------------------------------
# The warm-up on the puzzles (issue 41)
# ------------------------------------------------------------------------------------------------

def test_the_warm_up_scores_each_entry_on_the_puzzles_from_the_students_view(tmp_path: Path) -> None:
    """Each entry chooses on every puzzle from the puzzle's view only (the submission in its sandbox);
    its row counts the answers it found and what its other plays may cost, from the puzzles' own
    refutations; a submission that breaks a rule is disqualified with the reason."""
    from domino_widgets.core.actions import Action
    from domino_widgets.puzzles import load
    from domino_widgets.sim.contest import puzzle_loss, warm_up

    (tmp_path / "ada.py").write_text(GOOD)
    (tmp_path / "bob_raises.py").write_text(SUBMISSIONS["bob_raises"])
    (tmp_path / "dan_illegal.py").write_text(SUBMISSIONS["dan_illegal"])
    # the package's puzzles hold every deal and answer: an entry that reads them to find the puzzle
    # it is shown is stopped by the fence (through the package's own loader or by listing the folder)
    (tmp_path / "eve_reads_answers.py").write_text(
        "from domino_widgets import puzzles\n"
        "class P:\n"
        "    name = 'answers'\n"
        "    def choose(self, view, rng):\n"
        "        return next((p.answer for p in puzzles.load() if p.view() == view), view.legal_actions[0])\n"
        "player = P()\n")
    (tmp_path / "fay_lists_data.py").write_text(
        "import os, domino_widgets\n"
        "class P:\n"
        "    name = 'lister'\n"
        "    def choose(self, view, rng):\n"
        "        os.listdir(os.path.join(os.path.dirname(domino_widgets.__file__), 'puzzles', 'data'))\n"
        "        return view.legal_actions[0]\n"
        "player = P()\n")
    puzzles = load("block")[:3] + load("all_fives")[:3]   # hands won and points
    assert {p.objective for p in puzzles} == {"win", "points"}
    r = warm_up(tmp_path, puzzles, references=("greedy", "random"), seed=3)
    assert r.disqualified["bob_raises"].reason == "raised" and r.disqualified["dan_illegal"].reason == "illegal"
    assert r.disqualified["eve_reads_answers"].reason == "forbidden", r.disqualified["eve_reads_answers"]
    assert r.disqualified["fay_lists_data"].reason == "forbidden", r.disqualified["fay_lists_data"]
    assert sorted(row["entry"] for row in r.table) == ["ada", "greedy", "random"]
    for row in r.table:
        plays = r.plays[row["entry"]]
        assert len(plays) == len(puzzles) and row["puzzles"] == len(puzzles)
        for p, play in zip(puzzles, plays):
            assert p.state().is_legal(play)
        # the row again, from the puzzles' data: the answer found, else the refutation's margin
        solved = [Action.parse(play) == Action.parse(p.answer) for p, play in zip(puzzles, plays)]
        short = sum(next(o.margin for o in p.others if Action.parse(o.play) == Action.parse(play))
                    for p, play, ok in zip(puzzles, plays, solved) if not ok and p.objective == "points")
        not_sure = sum(1 for p, ok in zip(puzzles, solved) if not ok and p.objective == "win")
        assert (row["solved"], row["points_short"], row["hands_not_sure"]) == (sum(solved), short, not_sure), row
    assert [row["rank"] for row in r.table] == [1, 2, 3]
    ranks = [(-row["solved"], row["hands_not_sure"], row["points_short"]) for row in r.table]
    assert ranks == sorted(ranks)
    assert "warm-up on 6 puzzles" in str(r) and "disqualified: bob_raises: raised" in str(r)
    # the same seed, the same plays; each puzzle's answer scores as solved
    assert warm_up(tmp_path / "ada.py", puzzles, references=(), seed=3).plays["ada"] == r.plays["ada"]
    assert all(puzzle_loss(p, p.answer) == (True, 0, 0) for p in puzzles)
    with pytest.raises(DominoError):
        warm_up(tmp_path, [], references=("greedy",))
    with pytest.raises(DominoError):
        puzzle_loss(puzzles[0], "6-6 up")
