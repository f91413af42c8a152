"""What a table picture shows, as plain data: built from a view (hidden tiles stay hidden) or a state.

`table_from_view` reads only a `PlayerView`, so a picture made from it cannot show more than
the seat may know (DESIGN principle 3); `table_from_state` is the teacher's open-hands table.

>>> import domino_widgets as dw
>>> t = table_from_view(dw.new_game("block", seed=2).view(1))
>>> [(r.name, r.tiles is None, r.count) for r in t.seats]      # people count from 1
[('Player 1', True, 7), ('Player 2', False, 7)]
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
from .labels import ROLES, Labels, labels, player_name
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
    lang: str | None = None
    you: str = ""  # what follows the viewer's name: " (you)" in its language, or nothing (hot-seat)
    open_total: int | None = None  # A5-3: the open ends' count, on an All Fives board


def _fmt(x: Any) -> str:
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else str(x.numerator)
    return str(x)


def _names(names: Sequence[str] | None, players: int, words: Labels) -> list[str]:
    if names is None:  # the one naming scheme: Player 1, Player 2, ... (people count from 1)
        return [player_name(i, words.lang) for i in range(players)]
    if not isinstance(names, (list, tuple)) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise ParameterError("names must list {players} strings, one per seat, not {names!r}",
                             players=players, names=names)
    return list(names)


def _score(match: str, base: Any, hand: Any, final: Any | None, words: Labels) -> str:
    """A seat's score as a person reads it: the total, then the points just scored apart
    ("score 10 (+5 this hand)"), never two bare numbers side by side."""
    if match == "rounds":  # BRG-6: shares of the pot
        return words("pot", x=_fmt(final)) if final is not None else (words("won", x=_fmt(base)) if base else "")
    extra = final if final is not None else hand
    if match == "hands":
        out = words("won", x=_fmt(base))
        return f"{out} {words('points_hand', x=_fmt(extra))}" if extra else out
    if not extra:
        return words("score", x=_fmt(base))
    return f"{words('score', x=_fmt(base + extra))} {words('points_hand', x=_fmt(extra))}"


def last_turn(history: Sequence[PublicEvent], names: Sequence[str], *, lang: str | None = None) -> str | None:
    """The last turn in words: draws (COM-5, counted, never named for other seats) then the play or pass.

    >>> from domino_widgets.core.actions import End
    >>> ev = [PublicEvent(1, Action.draw(), ()), PublicEvent(1, Action.draw(), ()),
    ...       PublicEvent(1, Action.parse("2-5 left"), ())]
    >>> last_turn(ev, ["Ann", "Bob"])
    'Bob drew 2 tiles and played 2-5 left'
    >>> last_turn(ev, ["Ann", "Bob"], lang="cs")       # the tile notation stays, the end is Czech
    'Bob: dobral(a) 2 kostky a zahrál(a) 2-5 vlevo'
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
        bits.append(words.count("drew", draws))
    if final.kind is ActionKind.PLAY:
        bits.append(words("played", action=words.action(final)))
    elif final.kind is ActionKind.PASS:
        bits.append(words("passed"))
    return words("turn", who=who, what=words("and").join(bits))


def _placed_rank(finished: Sequence[int], seat: int) -> int | None:
    return finished.index(seat) + 1 if seat in finished else None


def _you(viewer_role: str | None, words: Labels) -> str:
    if viewer_role not in ROLES:
        raise ParameterError("viewer_role must be one of {choices}, not {viewer_role!r}",
                             choices=', '.join(map(repr, ROLES)), viewer_role=viewer_role)
    return "" if viewer_role is None else words("role_" + viewer_role)


def open_end_total(view: PlayerView) -> int | None:
    """A5-3: the count of the open ends on an All Fives table (None for other variants).

    The core's own count (`domino_widgets.variants.all_fives.open_end_total`) is asked on a
    position rebuilt from the view (`core_from_view`); the hidden tiles are put anywhere, since
    the count reads only the tiles on the table.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]],
    ...                 boneyard=["1-2"], leader=0)
    >>> [open_end_total(dw.play_all(s, moves).view(0)) for moves in (["5-5"], ["5-5", "0-5 right"])]
    [10, 10]
    >>> open_end_total(dw.new_game("block", seed=1).view(0)) is None
    True
    """
    if view.variant != "all_fives":
        return None
    from ..core.state import core_from_view
    from ..core.tiles import mask_of
    from ..variants.all_fives import open_end_total as count

    unseen = [t.index for t in view.unseen]
    hands, k = [], 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(mask_of(view.hand))
            continue
        hands.append(sum(1 << i for i in unseen[k:k + size]))
        k += size
    stock = unseen[k:k + view.boneyard_size]
    out = sum(1 << i for i in unseen[k + view.boneyard_size:])
    return count(core_from_view(view, hands, stock, out))


def table_from_view(view: PlayerView, names: Sequence[str] | None = None, joints: bool | None = None, *,
                    lang: str | None = None, viewer_role: str | None = "you") -> TableData:
    """What the picture of ``view`` shows: nothing the seat may not know.

    ``viewer_role`` is said after the viewer's name: "you" (the person at the widget) or None
    (hot-seat: whoever sits there, no role).
    """
    words = labels(lang)
    you = _you(viewer_role, words)
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
                  view.out_of_play_size, view.current_player, view.history, view.outcome, nm, joints, words,
                  you, open_end_total(view))


def table_from_state(state: GameState, viewer: int | None, names: Sequence[str] | None = None,
                     joints: bool | None = None, *, lang: str | None = None,
                     viewer_role: str | None = "you") -> TableData:
    """The table with every hand face up (``open_hands``): for teachers, never for players."""
    words = labels(lang)
    you = _you(viewer_role, words)
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
    total = None
    if state.variant == "all_fives":
        from ..variants.all_fives import open_end_total as count

        total = count(state.core)
    return _table(words.title(var.name, var.title), viewer, rows, state.layout, cfg, len(state.boneyard),
                  len(state.out_of_play), state.current_player, public.history, out, nm, joints, words,
                  you, total)


def _table(title: str, viewer: int | None, rows: list[SeatRow], layout: Layout, cfg: Any, boneyard: int,
           out_of_play: int, current: int | None, history: Sequence[PublicEvent], outcome: Any,
           names: Sequence[str], joints: bool | None, words: Labels, you: str,
           open_total: int | None) -> TableData:
    if current is None:
        status = words("hand_over")
    elif current == viewer:
        status = words("to_play", who=names[current] + you)
    else:
        status = words("to_play", who=names[current])
    outcome_text = None
    if outcome is not None:
        # the viewer is "(you)" in the outcome too, as on the seat rows (issue 40)
        outcome_text = _outcome_text(outcome, [n + (you if i == viewer else "") for i, n in enumerate(names)], words)
    return TableData(
        title=title, viewer=viewer, seats=tuple(rows), layout=layout, draws=cfg.draws, boneyard=boneyard,
        out_of_play=out_of_play, status=status, last=last_turn(history, names, lang=words.lang),
        outcome=outcome_text,
        joints=(cfg.matching != "equal") if joints is None else bool(joints), over=current is None,
        lang=words.lang, you=you,
        open_total=open_total if layout.center is not None and current is not None else None,  # while in play
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
    if t.open_total is not None:
        lines.append(words("open_total_line", n=t.open_total))
    for r in t.seats:
        who = r.name + (t.you if r.viewer else "")
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


def summarize_table(t: TableData) -> str:
    """The picture's text form, one sentence (`Svg.summary`): the game, the tiles on the table,
    whose turn it is.

    >>> import domino_widgets as dw
    >>> summarize_table(table_from_view(dw.new_game("block", seed=2).view(1)))
    'Block game (Slepá ulička) table: 0 tiles, Player 1 to play'
    >>> summarize_table(table_from_view(dw.new_game("block", seed=2).view(0), lang="cs"))
    'Slepá ulička, stůl: 0 kostek, na tahu: Hráč 1 (vy)'
    """
    words = labels(t.lang)
    status = t.status
    if not any(status.startswith(r.name) for r in t.seats):  # "Na tahu: ..." continues the sentence
        status = status[:1].lower() + status[1:]
    return words("table_summary", title=t.title, tiles=words.tiles(len(t.layout)), status=status)
