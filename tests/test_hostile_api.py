"""Issue 23 (Python API half): every bad input to a public entry point is a `DominoError` whose
message a person can read: the value is quoted in a bounded, safe form (a 5,000-digit int, a list
nested 100,000 deep, an object whose ``__repr__`` raises), and a seed is bounded where it is taken.
The generated properties over the same entry points are in `test_hostile_properties.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import DominoError, ParameterError, quote


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr refused")

    __str__ = __repr__


def _deep(n: int = 100_000) -> list[Any]:
    x: list[Any] = []
    for _ in range(n):
        x = [x]
    return x


HOSTILE = [10**5000, -(10**5000), _deep(), BadRepr(), "\ud800", "x" * 1_000_000, float("nan"), True,
           b"\x00\xff", {"k": BadRepr()}, [BadRepr()] * 3, "\x00\x1b[31m"]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_quote_never_raises_and_is_short(value: Any) -> None:
    text = quote(value)
    assert isinstance(text, str) and len(text) <= 120
    text.encode("utf-8")  # no lone surrogate reaches a message
    assert text.isprintable()


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("call", [
    lambda v: dw.new_game(v),
    lambda v: dw.new_game("block", seed=v),
    lambda v: dw.Match("block", seed=v),
    lambda v: dw.new_game("block", seed=1).play(v),
    lambda v: dw.load_record(v),
    lambda v: dw.new_game("block", leader=v),
    lambda v: dw.new_game("block", players=v),
], ids=["variant", "seed", "match-seed", "play", "load_record", "leader", "players"])
def test_a_hostile_value_is_a_domino_error_with_a_readable_message(call: Any, value: Any) -> None:
    with pytest.raises(DominoError) as info:
        call(value)
    text = str(info.value)
    assert len(text) < 1000
    text.encode("utf-8")
    info.value.text("cs").encode("utf-8")


@pytest.mark.parametrize("seed", [10**5000, 2**64, -1, -(10**30), True, 1.0, "7"], ids=range(7))
def test_a_seed_is_bounded_where_it_is_taken(seed: Any) -> None:
    for make in (lambda: dw.new_game("block", seed=seed), lambda: dw.Match("block", seed=seed),
                 lambda: dw.new_game("twentyone", seed=seed), lambda: dw.new_game("solitaire", seed=seed)):
        with pytest.raises(ParameterError, match=r"seed must be a whole number 0 <= seed < 2\*\*64"):
            make()


def test_the_largest_seed_is_written_back_and_shown() -> None:
    s = dw.new_game("block", seed=2**64 - 1)
    assert dw.load_record(s.to_json()).to_json() == s.to_json()
    assert "18446744073709551615" in repr(dw.Match("block", seed=2**64 - 1))


def test_a_record_with_a_huge_seed_is_a_record_error() -> None:
    rec = dw.new_game("block", seed=1).to_record()
    rec["seed"] = 10**5000
    with pytest.raises(dw.RecordError, match="seed: expected a whole number 0 <= seed < 2"):
        dw.load_record(rec)


@pytest.mark.parametrize("count", [10**5000, 2**70, 10**7 + 1, 0, -1, True, 2.0, "9"], ids=range(8))
def test_a_count_is_bounded_where_it_is_taken(count: Any) -> None:
    """A count of 10**5000 games, trials or samples was accepted and never ended."""
    from domino_widgets.players import get_player
    from domino_widgets.players.review import review
    from domino_widgets.prob import lessons
    from random import Random

    from domino_widgets.players.review import judge
    from domino_widgets.prob.bergen import simulate_cross
    from domino_widgets.sim import tournament

    start = dw.new_game("block", seed=1)
    for make in (lambda: tournament("block", ["random", "random"], games=count, progress=False),
                 lambda: tournament("block", ["random", "random"], games=2, chunk=count, progress=False),
                 lambda: lessons.frequency(lambda deal: True, trials=count, seed=1),
                 lambda: lessons.engine_leads("block", games=count),
                 lambda: get_player("expert", variant="block", samples=count),
                 lambda: review(dw.new_game("block", seed=1), 0, samples=count),
                 lambda: review(dw.new_game("block", seed=1), 0, cap=count),
                 lambda: judge(start.view(start.current_player), start.legal_actions()[0], Random(1), 1.0,
                               samples=count),
                 lambda: simulate_cross(2, games=count)):
        with pytest.raises(ParameterError, match=r"must be a whole number from [12] to 10,000,000, not"):
            make()


# ------------------------------------------------------------------ records


def _rec(**edits: Any) -> dict[str, Any]:
    rec = dw.new_game("block", seed=1).to_record()
    rec.update(edits)
    return rec


@pytest.mark.parametrize("source", ["\ud800", '{"format": "\ud800"}', '{"a": "\\ud800"}', b'{"a": "\\ud800"}',
                                    {"format": "\ud800"}], ids=range(5))
def test_a_lone_surrogate_in_a_record_is_a_record_error(source: Any) -> None:
    with pytest.raises(dw.RecordError, match="lone surrogate"):
        dw.load_record(source)


def test_a_lone_surrogate_pasted_in_the_load_box_is_a_record_error() -> None:
    from domino_widgets.core.record import record_from_json

    with pytest.raises(dw.RecordError, match="lone surrogate"):
        record_from_json('{"variant": "\ud800"}')


def test_duplicate_keys_are_refused_not_the_last_one_kept() -> None:
    import json

    text = json.dumps(_rec())[:-1] + ', "seed": 2}'
    with pytest.raises(dw.RecordError, match="the key 'seed' appears twice"):
        dw.load_record(text)


@pytest.mark.parametrize("scores", [[-1, 0], ["1/2", 0], [100, 0], [0, 250]], ids=range(4))
def test_impossible_match_scores_are_refused(scores: list[Any]) -> None:
    with pytest.raises(dw.RecordError, match=r"scores\[\d\] must be a whole number"):
        dw.load_record(_rec(scores=scores))


def test_new_game_refuses_the_same_scores() -> None:
    from fractions import Fraction

    for scores in ([-1, 0], [Fraction(1, 2), 0], [100, 0]):
        with pytest.raises(ParameterError, match="scores"):
            dw.new_game("block", seed=1, scores=scores)
    dw.new_game("block", seed=1, scores=[99, 0])
    dw.new_game("bergen", seed=2, players=4, scores=[Fraction(3, 4), Fraction(-1, 4), Fraction(1, 2), -1])  # BRG-6


@pytest.mark.parametrize("text", ["３-５", "3-５", "٣-5", "3-\u00b2"], ids=range(4))
def test_full_width_and_other_digits_are_not_tiles(text: str) -> None:
    with pytest.raises(dw.NotationError, match="a tile is written like"):
        dw.Tile.parse(text)


def test_an_end_named_on_the_lead_is_refused_in_a_record() -> None:
    with pytest.raises(dw.RecordError, match=r"actions\[0\]: '0-1 right' names an end, but it is the lead"):
        dw.load_record(_rec(actions=["0-1 right"]))
    assert dw.load_record(_rec(actions=["0-1"])).to_record()["actions"] == ["0-1"]


# ------------------------------------------------------------------ tournaments


@pytest.mark.parametrize("variant, players", [("twentyone", ["random"] * 3), ("solitaire", ["greedy"] * 2),
                                              ("twentyone", ["random"])])
def test_a_wrong_number_of_players_is_a_parameter_error_not_an_index_error(variant: str, players: list[str]) -> None:
    from domino_widgets.sim import tournament

    with pytest.raises(ParameterError, match=f"{variant} is played by"):
        tournament(variant, players, games=3, progress=False)


@pytest.mark.parametrize("kwargs, match", [
    (dict(chunk=-1), "chunk must be"), (dict(chunk=0), "chunk must be"), (dict(chunk=True), "chunk must be"),
    (dict(n_jobs=0), "n_jobs must be"), (dict(n_jobs="2"), "n_jobs must be"), (dict(params={1: 2}), "params is a dict"),
    (dict(params=[("target", 5)]), "params is a dict"), (dict(progress="no"), "progress must be True or False"),
    (dict(matches=1), "matches must be True or False"), (dict(seed=-1), "seed must be"),
], ids=lambda v: str(v)[:20])
def test_tournament_refuses_nonsense_arguments(kwargs: dict[str, Any], match: str) -> None:
    from domino_widgets.sim import tournament

    kwargs = {"progress": False, **kwargs}
    with pytest.raises(ParameterError, match=match):
        tournament("block", ["random", "random"], games=4, **kwargs)


def test_the_jobs_are_capped_at_the_tasks_and_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    import joblib

    from domino_widgets.sim import tournament

    started: list[int] = []
    real = joblib.Parallel

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, n_jobs: int | None = None, **kw: Any) -> None:
            started.append(n_jobs)  # type: ignore[arg-type]
            super().__init__(n_jobs=1, **kw)

    monkeypatch.setattr(joblib, "Parallel", Counting)
    assert len(tournament("block", ["random", "random"], games=2, n_jobs=12, progress=False).table) == 2
    assert started == []  # one deal, one task: no worker process at all
    tournament("block", ["random", "random"], games=40, n_jobs=12, progress=False, chunk=5)
    assert started and started[0] <= min(os.cpu_count() or 1, 4)


def test_a_player_that_raises_is_named_with_the_game_and_the_seat() -> None:
    from domino_widgets.core.errors import PlayerError
    from domino_widgets.players.base import Player
    from domino_widgets.sim import tournament

    class Broken(Player):
        name = "broken"

        def choose(self, view: Any, rng: Any) -> Any:
            raise ZeroDivisionError("my bug")

    with pytest.raises(PlayerError, match=r"game \d+ \(deal \d+, .*the player broken in seat \d raised "
                                          r"ZeroDivisionError: my bug") as info:
        tournament("block", [Broken(), "random"], games=2, progress=False)
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    assert isinstance(info.value, DominoError)


def test_the_command_line_prints_one_line_and_exits_2_for_a_wrong_number_of_players() -> None:
    import subprocess
    import sys

    for args in (["twentyone", "--players", "random", "random", "random"], ["solitaire", "--players", "greedy", "greedy"]):
        run = subprocess.run([sys.executable, "-m", "domino_widgets", "simulate", *args, "--games", "3", "--no-progress"],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 2, run.stderr
        assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1 and "is played by" in run.stderr


# ------------------------------------------------------------------ charts and pictures

HOSTILE_TEXT = ["<script>alert(1)</script>", "a\x00b", "\x1b[31m", "\ud800", "x\x0b\x0c\x7f", '"quoted" & <b>']


def _parses(svg: str) -> None:
    import xml.etree.ElementTree as ET

    ET.fromstring(svg.encode("utf-8"))
    assert "<script" not in svg


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_charts_with_hostile_text_are_well_formed_svg(text: str) -> None:
    from domino_widgets.render.charts import bar_chart, grouped_bar_chart, line_chart

    _parses(bar_chart([text, "b"], [1, 2], title=text, xlabel=text, ylabel=text, reference=1.5,
                      reference_label=text)._repr_svg_())
    _parses(grouped_bar_chart([(text, [(text, 0.5, 0.4, 0.6)])], title=text, ylabel=text)._repr_svg_())
    _parses(line_chart([1, 2], {text: [0.1, 0.2], "b": [0.2, 0.1]}, title=text, xlabel=text)._repr_svg_())


@pytest.mark.parametrize("colors", [['"><script>alert(1)</script>', "red"], ["red"], "red", [1, 2],
                                    ["red", "url(javascript:x)"]], ids=range(5))
def test_chart_colours_are_checked_before_they_reach_an_attribute(colors: Any) -> None:
    from domino_widgets.render.charts import bar_chart

    with pytest.raises(ParameterError, match="colors must list one colour per bar"):
        bar_chart(["a", "b"], [1, 2], title="t", colors=colors)
    _parses(bar_chart(["a", "b"], [1, 2], title="t", colors=["#1f77b4", "teal"])._repr_svg_())


@pytest.mark.parametrize("values", [[float("nan"), 1], [float("inf"), 1], ["x", 1], [None, 1], [1]], ids=range(5))
def test_a_bar_that_is_not_a_finite_number_is_a_parameter_error(values: Any) -> None:
    from domino_widgets.render.charts import bar_chart, grouped_bar_chart

    with pytest.raises(ParameterError):
        bar_chart(["a", "b"], values, title="t")
    with pytest.raises(ParameterError, match="must be a finite number"):
        grouped_bar_chart([("g", [("a", float("nan"), None, None)])], title="t")


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_table_pictures_with_hostile_names_are_well_formed_svg(text: str) -> None:
    from domino_widgets.render import state_svg

    s = dw.new_game("block", seed=1)
    try:
        svg = state_svg(s, names=[text, "b"])
    except DominoError:
        return
    _parses(svg)
    for variant in ("twentyone", "solitaire"):
        g = dw.new_game(variant, seed=1)
        try:
            _parses(state_svg(g, names=[text] * g.players))
        except DominoError:
            pass


# ------------------------------------------------------------------ catalogs


def _edit(po: Any, change: Any) -> None:
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as fh:
        cat = read_po(fh)
    change(cat)
    with po.open("wb") as fh:
        write_po(fh, cat)


@pytest.fixture
def broken_czech(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A Czech catalog whose translations name fields the English has not, have an unpaired
    brace, or carry markup: compiled and made the package's for one test."""
    import shutil
    import sys

    from domino_widgets import i18n_catalog as catalog
    from domino_widgets.language import reload

    folder = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE, folder)

    def damage(cat: Any) -> None:
        cat.get("Hand {n}", "widgets.hand_no").string = "<b><script>alert(1)</script> Hra {cislo}"
        cat.get("match to {target}", "widgets.match_to").string = "<img src=x onerror=alert(1)> do {target"
        cat.get("{who} to play", "render.to_play").string = "Na tahu: {kdo}"
        cat.get("delay must be a number of seconds from 0 to 10, not {delay!r}", "error").string = "delay {hry}"

    _edit(folder / "cs.po", damage)
    catalog.compile_all(folder)
    monkeypatch.setattr(sys.modules["domino_widgets.language"], "locale_dir", lambda: folder)
    reload()
    try:
        yield folder
    finally:
        dw.set_language("en")
        monkeypatch.undo()
        reload()


def test_the_catalog_check_refuses_other_fields_and_unpaired_braces(broken_czech: Any) -> None:
    from domino_widgets import i18n_catalog as catalog

    found = "\n".join(catalog.problems(broken_czech))
    assert "cs.po: widgets.hand_no: fields ['cislo'], the English has ['n']" in found
    assert "cs.po: widgets.match_to: not a valid template" in found
    assert "cs.po: render.to_play: fields ['kdo'], the English has ['who']" in found
    assert catalog.main(["check", "--folder", str(broken_czech)]) == 1


def test_a_broken_translation_falls_back_to_english_in_the_pictures_the_widgets_and_the_errors(
        broken_czech: Any) -> None:
    from domino_widgets.core.errors import ParameterError as PE
    from domino_widgets.render import state_svg

    dw.set_language("cs")
    svg = state_svg(dw.new_game("block", seed=2), seat=0)
    assert "to play" in svg or "Player" in svg  # the English of the broken text, no KeyError
    assert "delay {hry}" not in str(PE("delay must be a number of seconds from 0 to 10, not {delay!r}", delay=11))
    game = dw.widgets.play("block", seed=3, delay=0)
    try:
        status = game.controls.status.value
        assert "<script" not in status and "<img" not in status
        assert "Hand 1" in status  # the broken Czech text falls back to the English
    finally:
        game.close()


def test_a_translated_status_text_is_escaped_in_the_html(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil
    import sys

    from domino_widgets import i18n_catalog as catalog
    from domino_widgets.language import reload

    folder = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE, folder)
    _edit(folder / "cs.po", lambda cat: setattr(cat.get("Hand {n}", "widgets.hand_no"), "string",
                                                "<b>Hra</b> {n} <script>x</script>"))
    catalog.compile_all(folder)
    monkeypatch.setattr(sys.modules["domino_widgets.language"], "locale_dir", lambda: folder)
    reload()
    try:
        game = dw.widgets.play("block", seed=3, delay=0, lang="cs")
        try:
            status = game.controls.status.value
            assert "&lt;b&gt;Hra&lt;/b&gt; 1 &lt;script&gt;" in status and "<script" not in status
        finally:
            game.close()
    finally:
        monkeypatch.undo()
        reload()


# ------------------------------------------------------------------ widget arguments


@pytest.fixture
def nothing_left_open() -> Any:
    """A widget that refuses its arguments leaves no widget (comm) open behind it, and nothing
    fails later when the half-made object is collected (its ``close`` runs from ``__del__``)."""
    import gc
    import sys

    import ipywidgets as w

    collected: list[str] = []
    hook = sys.unraisablehook
    sys.unraisablehook = lambda u: collected.append(f"{u.exc_type.__name__}: {u.exc_value} in {u.object!r}")
    gc.collect()
    before = set(w.widgets.widget._instances)
    try:
        yield
        gc.collect()
    finally:
        sys.unraisablehook = hook
    left = [type(x).__name__ for k, x in w.widgets.widget._instances.items() if k not in before]
    assert collected == [] and left == [], (collected, left)


@pytest.mark.parametrize("variant, kwargs, match", [
    ("block", dict(seat=True), "seat must be a whole number"),
    ("block", dict(level=None), "level must be a player's name"),
    ("draw", dict(auto_draw="x"), "auto_draw must be True, False or None"),
    ("block", dict(open_hands="yes"), "open_hands must be True or False"),
    ("block", dict(locked=5), "locked must be a list"),
    ("block", dict(locked="level"), "locked must be a list"),
    ("block", dict(hint=1), "hint must be True or False"),
    ("block", dict(delay=float("nan")), "delay must be"),
    ("block", dict(seed=2**64), "seed must be a whole number 0 <= seed"),
    ("twentyone", dict(open_hands="yes"), "open_hands must be True or False"),
    ("twentyone", dict(players=2.0), "players must be a whole number"),
    ("twentyone", dict(locked=5), "locked must be a list"),
    ("solitaire", dict(hint="no"), "hint must be True or False"),
    ("solitaire", dict(seed=-1), "seed must be"),
], ids=lambda v: str(v)[:24])
def test_play_refuses_arguments_of_the_wrong_kind(variant: str, kwargs: dict[str, Any], match: str,
                                                  nothing_left_open: None) -> None:
    with pytest.raises(ParameterError, match=match):
        dw.widgets.play(variant, **kwargs)


@pytest.mark.parametrize("kwargs", [dict(variant="chess"), dict(variant="block", hands="[6|6]"),
                                    dict(variant="block", lang="xx"), dict(variant="block", moves=5),
                                    dict(variant="block", leader="me"), dict(variant="block", boneyard=["0|0"]),
                                    dict(variant="all_fives", leader=True)],
                         ids=range(7))
def test_the_explorer_refuses_arguments_and_leaves_nothing_open(kwargs: dict[str, Any],
                                                                nothing_left_open: None) -> None:
    with pytest.raises(DominoError):
        dw.widgets.explore(**kwargs)


@pytest.mark.parametrize("kwargs, why", [
    (dict(hands=["6|6 9|9", "0|0"]), "9-9 is not in the double-6 set"),
    (dict(variant="all_fives", leader=7), "leader must be a seat from 0 to 1, or -1"),
], ids=range(2))
def test_the_explorer_says_why_a_position_cannot_be_set_up(kwargs: dict[str, Any], why: str) -> None:
    """A position the explorer cannot build is said in its message (the teacher fixes the boxes),
    and the leader box keeps a seat it has, never a value it was not offered."""
    e = dw.widgets.explore(**kwargs)
    try:
        assert why in e.message.value
        assert e.leader_box.value in [v for _label, v in e.leader_box.options]
    finally:
        e.close()


@pytest.mark.parametrize("kwargs, match", [(dict(size="x"), "size must be one of"), (dict(seed=-5), "seed must be"),
                                           (dict(delay="fast"), "delay must be")], ids=range(3))
def test_the_app_refuses_arguments_of_the_wrong_kind(kwargs: dict[str, Any], match: str,
                                                     nothing_left_open: None) -> None:
    from domino_widgets.widgets.app import PlayApp

    with pytest.raises(ParameterError, match=match):
        PlayApp(**kwargs)


def _deep(n: int = 100_000) -> list:
    x: list = []
    for _ in range(n):
        x = [x]
    return x


def _hostile_calls() -> list[tuple[str, Any]]:
    """Issue 37: calls that escaped as TypeError, RecursionError, AttributeError, OSError or
    MemoryError; each must be a `DominoError` (a ValueError)."""
    import domino_widgets.widgets as dww

    game = dww.play("block", seed=3, delay=0)
    t21 = dww.play("twentyone", seed=3, delay=0)
    sol = dww.play("solitaire", seed=3)
    state = dw.new_game("block", seed=1)
    calls: list[tuple[str, Any]] = []
    for name, widget in (("game", game), ("twentyone", t21), ("solitaire", sol)):
        for value in ([], {}, set(), None, 5, b"undo", _deep()):
            calls.append((f"{name}.press({type(value).__name__})", lambda w=widget, v=value: w.press(v)))
            calls.append((f"{name}.set_option({type(value).__name__})", lambda w=widget, v=value: w.set_option(v, True)))
    for value in (_deep(), [], None, 3.5):
        calls.append((f"click({type(value).__name__})", lambda v=value: game.click(v)))
        calls.append((f"click_end({type(value).__name__})", lambda v=value: game.click_end(v)))
        calls.append((f"type_move({type(value).__name__})", lambda v=value: game.type_move(v)))
        calls.append((f"tr({type(value).__name__})", lambda v=value: dw.tr(v)))
    for value in (None, 5, "x", [], {}):
        calls.append((f"play_all({value!r})", lambda v=value: dw.play_all(v, ["6-6"])))
        calls.append((f"save_record({value!r})", lambda v=value: dw.save_record(v, "never-written.json")))
    for path in ("", "x" * 100_000, "\ud800.json", "a\x00b.json", "/nonexistent-folder/x.json", "/"):
        calls.append((f"save_record(path={path[:12]!r})", lambda p=path: dw.save_record(state, p)))
    calls.append(("play(twentyone, players=2**63)", lambda: dww.play("twentyone", players=2**63)))
    calls.append(("play(twentyone, players=10**7)", lambda: dww.play("twentyone", players=10**7)))
    return calls


def test_every_hostile_call_is_a_domino_error() -> None:
    import tracemalloc

    escaped = []
    for name, call in _hostile_calls():
        tracemalloc.start()
        try:
            call()
        except dw.DominoError:
            pass
        except Exception as exc:  # noqa: BLE001 - what escapes is the finding
            escaped.append(f"{name}: {type(exc).__name__}")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 50 * 2**20, f"{name} allocated {peak / 2**20:.0f} MiB before refusing"
    assert not escaped, escaped


@pytest.mark.parametrize("make", [
    "from domino_widgets.widgets.app import PlayApp; a = PlayApp()",
    "import domino_widgets.widgets as dww; g = dww.play('block', seed=3)",
    "import domino_widgets.widgets as dww; g = dww.play('twentyone', seed=3)",
    "import domino_widgets.widgets as dww; g = dww.play('solitaire', seed=3)",
], ids=["app", "block", "twentyone", "solitaire"])
def test_a_widget_left_open_at_exit_prints_nothing(make: str) -> None:
    """Issue 37: PlayApp.__del__ printed "Exception ignored ... ImportError" at interpreter exit."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", make], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "Exception ignored" not in out.stderr, out.stderr[-2000:]
