"""What a table picture shows, as plain data: built from a view (hidden tiles stay hidden) or a state.

`table_from_view` reads only a `PlayerView`, so a picture made from it cannot show more than
the seat may know (DESIGN principle 3); `table_from_state` is the teacher's open-hands table.

>>> import domino_widgets as dw
>>> t = table_from_view(dw.new_game("block", seed=2).view(1))
>>> [(r.name, r.tiles is None, r.count) for r in t.seats]
[('Seat 0', True, 7), ('Seat 1', False, 7)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.actions import Action, ActionKind
from ..core.errors import ParameterError
from ..core.layouts import Layout
from ..core.registry import get_variant
from ..core.state import GameState, PlayerView, PublicEvent
from ..core.tiles import Tile
from .labels import Labels, labels
from .layout import describe_layout


@dataclass(frozen=True)
class SeatRow:
    """One seat as the picture shows it."""

    seat: int
    name: str
    tiles: tuple[Tile, ...] | None  # None: face down
    count: int
    score: str
    to_play: bool
    viewer: bool
    place: int | None  # 1 for the first seat out, 2 for the second (BRG-5)


@dataclass(frozen=True)
class TableData:
    """Everything `draw_table` draws; built from a view (hidden tiles stay hidden) or a state."""

    title: str
    viewer: int | None
    seats: tuple[SeatRow, ...]
    layout: Layout
    draws: bool
    boneyard: int
    out_of_play: int
    status: str
    last: str | None
    outcome: str | None
    joints: bool
    over: bool
    lang: str = "en"


def _fmt(x: Any) -> str:
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else str(x.numerator)
    return str(x)


def _names(names: Sequence[str] | None, players: int, words: Labels) -> list[str]:
    if names is None:
        return [words("seat", n=i) for i in range(players)]
    if isinstance(names, str) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise ParameterError(f"names must list {players} strings, one per seat, not {names!r}")
    return list(names)


def _score(match: str, base: Any, hand: Any, final: Any | None, words: Labels) -> str:
    if match == "rounds":  # BRG-6: shares of the pot
        return words("pot", x=_fmt(final)) if final is not None else (words("won", x=_fmt(base)) if base else "")
    parts = []
    unit = "won" if match == "hands" else "score"
    parts.append(words(unit, x=_fmt(base)))
    extra = final if final is not None else hand
    if extra:
        parts.append(f"+{_fmt(extra)}")
    return " ".join(parts)


def last_turn(history: Sequence[PublicEvent], names: Sequence[str], *, lang: str = "en") -> str | None:
    """The last turn in words: draws (COM-5, counted, never named for other seats) then the play or pass.

    >>> from domino_widgets.core.actions import End
    >>> ev = [PublicEvent(1, Action.draw(), ()), PublicEvent(1, Action.draw(), ()),
    ...       PublicEvent(1, Action.parse("2-5 left"), ())]
    >>> last_turn(ev, ["Ann", "Bob"])
    'Bob drew 2 and played 2-5 left'
    >>> last_turn(ev, ["Ann", "Bob"], lang="cs")       # the notation 2-5 left is never translated
    'Bob: lízl(a) 2 a zahrál(a) 2-5 left'
    """
    words = labels(lang)
    if not history:
        return None
    seat = history[-1].seat
    turn: list[Action] = []
    for ev in reversed(history):
        if ev.seat != seat:
            break
        turn.append(ev.action)
    turn.reverse()
    draws = sum(a.kind is ActionKind.DRAW for a in turn)
    final = turn[-1]
    who = names[seat]
    bits = []
    if draws:
        bits.append(words("drew", n=draws))
    if final.kind is ActionKind.PLAY:
        bits.append(words("played", action=final))
    elif final.kind is ActionKind.PASS:
        bits.append(words("passed"))
    return words("turn", who=who, what=words("and").join(bits))


def _placed_rank(finished: Sequence[int], seat: int) -> int | None:
    return finished.index(seat) + 1 if seat in finished else None


def table_from_view(view: PlayerView, names: Sequence[str] | None = None, joints: bool | None = None, *,
                    lang: str = "en") -> TableData:
    """What the picture of ``view`` shows: nothing the seat may not know."""
    words = labels(lang)
    var = get_variant(view.variant)
    cfg = var.config(dict(view.params))
    nm = _names(names, view.players, words)
    rows = []
    for s in range(view.players):
        if s == view.seat:
            tiles: tuple[Tile, ...] | None = view.hand
        elif view.revealed is not None:
            tiles = view.revealed[s]
        else:
            tiles = None
        final = view.outcome.points[s] if view.outcome is not None else None
        rows.append(SeatRow(s, nm[s], tiles, view.hand_sizes[s],
                            _score(cfg.match, view.match_scores[s], view.scores[s], final, words),
                            view.current_player == s, s == view.seat, _placed_rank(view.finished, s)))
    return _table(words.title(var.name, var.title), view.seat, rows, view.layout, cfg, view.boneyard_size,
                  view.out_of_play_size, view.current_player, view.history, view.outcome, nm, joints, words)


def table_from_state(state: GameState, viewer: int | None, names: Sequence[str] | None = None,
                     joints: bool | None = None, *, lang: str = "en") -> TableData:
    """The table with every hand face up (``open_hands``): for teachers, never for players."""
    words = labels(lang)
    var = get_variant(state.variant)
    cfg = var.config(state.params)
    nm = _names(names, state.players, words)
    out = state.outcome
    finished = out.finished if out is not None else ()
    public = state.view(viewer if viewer is not None else 0)
    rows = []
    for s in range(state.players):
        final = out.points[s] if out is not None else None
        rows.append(SeatRow(s, nm[s], state.hand(s), len(state.hand(s)),
                            _score(cfg.match, state.match_scores[s], state.scores[s], final, words),
                            state.current_player == s, s == viewer,
                            _placed_rank(public.finished or finished, s)))
    return _table(words.title(var.name, var.title), viewer, rows, state.layout, cfg, len(state.boneyard),
                  len(state.out_of_play), state.current_player, public.history, out, nm, joints, words)


def _table(title: str, viewer: int | None, rows: list[SeatRow], layout: Layout, cfg: Any, boneyard: int,
           out_of_play: int, current: int | None, history: Sequence[PublicEvent], outcome: Any,
           names: Sequence[str], joints: bool | None, words: Labels) -> TableData:
    if current is None:
        status = words("hand_over")
    elif current == viewer:
        status = words("to_play", who=names[current] + words("you"))
    else:
        status = words("to_play", who=names[current])
    outcome_text = None
    if outcome is not None:
        outcome_text = _outcome_text(outcome, names, words)
    return TableData(
        title=title, viewer=viewer, seats=tuple(rows), layout=layout, draws=cfg.draws, boneyard=boneyard,
        out_of_play=out_of_play, status=status, last=last_turn(history, names, lang=words.lang),
        outcome=outcome_text,
        joints=(cfg.matching != "equal") if joints is None else bool(joints), over=current is None,
        lang=words.lang,
    )


def _outcome_text(outcome: Any, names: Sequence[str], words: Labels) -> str:
    pts = words("points", pts=", ".join(f"{names[i]} {_fmt(p)}" for i, p in enumerate(outcome.points)))
    if outcome.winner is None:
        return f"{words('tie')} {pts}"
    who = names[outcome.winner]
    if outcome.reason in ("out", "blocked", "target"):
        return f"{words(outcome.reason, who=who)} {pts}"
    return f"{words('reason', who=who, reason=outcome.reason)} {pts}"


def describe_table(t: TableData) -> str:
    """The whole position in text notation (the picture's ``<desc>``)."""
    words = labels(t.lang)
    lines = [f"{t.title}." + (words("seen_by", who=t.seats[t.viewer].name) if t.viewer is not None
                              else words("open_hands"))]
    lines.append(describe_layout(t.layout, lang=t.lang))
    for r in t.seats:
        who = r.name + (words("you") if r.viewer else "")
        if r.tiles is None:
            hand = words("face_down", tiles=words.tiles(r.count))
        else:
            hand = (" ".join(map(str, r.tiles)) or words("no_tiles")) + words("pips", n=sum(x.value for x in r.tiles))
        extra = f"; {r.score}" if r.score else ""
        lines.append(f"{who}: {hand}{extra}.")
    lines.append(words("boneyard_line", tiles=words.tiles(t.boneyard)) if t.draws
                 else words("out_of_play_line", tiles=words.tiles(t.out_of_play)))
    lines.append(t.status + ".")
    if t.last:
        lines.append(words("last_turn", last=t.last) + ".")
    if t.outcome:
        lines.append(t.outcome)
    return " ".join(lines)
