"""What a seat's public history forces about the hidden tiles: the *evidence* that
`domino_widgets.prob.counting` counts with.

Only what the rules force is read (the opponents' free choices carry no information, unless
``choices`` reads them by a model of how they choose, `gather`):

* COM-4/COM-5: at each pass or draw of an opponent, nothing in his hand fitted the open ends
  then (in matador, MAT-3/4: he held no matador either). A draw followed at once by a play of
  the same seat was the tile played (the rest of his hand did not fit the same ends).
* MAT-3: a matador laid against pips that do not make 7 was laid because nothing in the hand
  fitted the ends the ordinary way (unless the option lets matadors go at any time).
* A tile an opponent played was in his hand: dealt, or drawn by him before the play.
* DRW-2/A5-1: no double above the lead was dealt (the holder of the highest double leads it);
  before the lead, the seat to lead holds the highest double dealt (BRG-2: the 6-6).
* COM-6: a hand that is not over with an empty boneyard is not blocked: if the viewer cannot
  play now, some opponent still in the hand can.

Every opponent's tiles enter his hand at an *entry slot*: slot 0 is the deal, slots 1..m his
draws whose tile was not played at once (in time order). A tile is in his hand at a check that
comes after ``s`` of those slots exactly when it entered at a slot ``<= s`` (and was not played
yet), so a tile that fitted that check entered at a slot ``>= s + 1``: each tile's allowed entry
slots are an interval ``[lo, hi]`` (``hi = m`` for tiles still held, the slots before the play
for tiles played).

>>> import domino_widgets as dw
>>> from domino_widgets.core.tiles import tiles_of
>>> s = dw.new_game("block", hands=[["3-5", "5-5", "1-1"], ["6-6", "2-4", "0-0"]], leader=0)
>>> s = s.play("3-5").play("pass")     # BLK-3: seat 1 has no 3 and no 5
>>> (opp,) = gather(s.view(0)).opponents
>>> opp.seat, opp.dealt, opp.slots, [(s, len(tiles_of(m))) for s, m in opp.checks]  # 13 tiles show 3 or 5
(1, 3, 0, [(0, 13)])
>>> s = dw.new_game("draw", hands=[["6-6", "1-2"], ["5-5", "0-0", "3-3"]], boneyard=["1-4", "2-6", "0-4"])
>>> s = s.play("6-6").play("draw").play("draw").play("2-6 right")   # COM-5: no 6, draws twice
>>> (opp,) = gather(s.view(0)).opponents
>>> opp.slots, [s for s, _ in opp.checks], opp.played   # the 2nd draw was the 2-6: identified
(1, [0, 1], ())
>>> s = dw.new_game("block", hands=[["3-5", "0-1"], ["6-6", "1-5"]], leader=0).play("3-5")
>>> ev = gather(s.play("1-5 right").view(1))   # ends 3 and 1: seat 1 is stuck, the hand goes on
>>> tiles_of(ev.must_hit[0])[:3], ev.must_hit[1]   # COM-6: so seat 0 holds a 1 or a 3
((Tile(0, 1), Tile(1, 1), Tile(1, 2)), (0,))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core import registry
from ..core.actions import ActionKind
from ..core.engine import Config
from ..core.errors import ParameterError
from ..core.state import PlayerView
from ..core.tiles import mask_of

__all__ = ["Evidence", "OpponentEvidence", "entry_floor", "gather", "impossible", "reach"]


def impossible(view: PlayerView, why: str) -> ParameterError:
    """The error for a view whose history the rules cannot produce."""
    return ParameterError("no deal is consistent with the view of seat {seat} ({why})", seat=view.seat, why=why)


def entry_floor(checks: Iterable[tuple[int, int]], bit: int, not_dealt: int) -> int:
    """The first entry slot a tile can have: one past the last check it would have fitted
    (a tile in hand at that check would have been played), at least 1 if it was not dealt."""
    lo = 1 if bit & not_dealt else 0
    for s, fit in checks:
        if fit & bit and s + 1 > lo:
            lo = s + 1
    return lo


@dataclass(frozen=True)
class OpponentEvidence:
    """What one opponent's public actions force (see the module docstring)."""

    seat: int
    hand_size: int  # now
    dealt: int  # his hand at the deal (7 in a full deal; scripted positions may differ)
    finished: bool
    slots: int  # m: his draws whose tile is unknown (not played at once)
    checks: tuple[tuple[int, int], ...]  # (entry slots opened before it, mask of tiles that would fit)
    played: tuple[tuple[int, int, int], ...]  # (tile index, lo, hi) of his plays not identified with a draw

    def floor(self, bit: int, not_dealt: int) -> int:
        """The first entry slot of a tile (given as its bit) that he holds now; ``slots + 1``
        means it cannot be in his hand."""
        return entry_floor(self.checks, bit, not_dealt)

    def missed(self) -> int:
        """The union of the fitting tiles of all his checks (for games without draws)."""
        m = 0
        for _, fit in self.checks:
            m |= fit
        return m


@dataclass(frozen=True)
class Evidence:
    """A view's facts about the hidden tiles, as bit masks over `Tile.index`."""

    cfg: Config
    seat: int
    hand: int  # the viewer's hand
    unseen: int  # tiles the viewer has not seen
    opponents: tuple[OpponentEvidence, ...]
    boneyard: int  # its size
    out: int  # the size of the out-of-play pile
    not_dealt: int  # tiles no hand was dealt (DRW-2: doubles above the lead)
    must_hit: tuple[int, tuple[int, ...]] | None  # at least one of these seats holds a tile of the mask
    revealed: tuple[int, ...] | None  # every hand, once the hand is over


def reach(cfg: Config, values: Iterable[int]) -> int:
    """The tiles that can be laid on ends showing ``values`` (COM-1, MAT-2/3: matadors go anywhere).

    >>> from domino_widgets.core.tiles import tiles_of
    >>> cfg = registry.get_variant("matador").config({})
    >>> tiles_of(reach(cfg, [6]))       # a 6 takes a 1; the matadors always fit
    (Tile(0, 0), Tile(0, 1), Tile(1, 1), Tile(1, 2), Tile(1, 3), Tile(1, 4), Tile(3, 4), Tile(1, 5), Tile(2, 5), Tile(1, 6))
    """
    m = 0
    any_end = False
    for v in values:
        m |= cfg.fit[v]
        any_end = True
    return m | cfg.matadors if any_end else m


def _ordinary(cfg: Config, values: Iterable[int]) -> int:
    """The tiles that fit ends showing ``values`` by the matching rule alone (no matador rule)."""
    m = 0
    for v in values:
        m |= cfg.fit[v]
    return m


def _config(view: PlayerView) -> Config:
    if not isinstance(view, PlayerView):
        raise ParameterError("inference needs a PlayerView (state.view(seat)), not {name}", name=type(view).__name__)
    return registry.get_variant(view.variant).config(dict(view.params))


def _doubles_above(cfg: Config, number: int) -> int:
    """The mask of the doubles higher than ``number`` in the set."""
    return sum(cfg.t.bit[d * (d + 3) // 2] for d in range(number + 1, cfg.pips + 1))


def _highest_double(cfg: Config, hand: int) -> int:
    """The highest double in ``hand``, or -1."""
    for d in range(cfg.pips, -1, -1):
        if hand & cfg.t.bit[d * (d + 3) // 2]:
            return d
    return -1


def gather(view: PlayerView, choices: Iterable[tuple[int, int]] = ()) -> Evidence:
    """Read the evidence of a view (raises `ParameterError` for an impossible history).

    ``choices``: ``(i, mask)`` pairs read beyond the rules, each saying that the opponent who
    made the play ``view.history[i]`` held no tile of ``mask`` when he made it (a model of how
    he chooses, `domino_widgets.players.reading`); each is a check like a pass, at that moment.
    A history they contradict (he later played such a tile) raises `ParameterError` too."""
    cfg = _config(view)
    n = cfg.players
    seat = view.seat
    if cfg.draws and n != 2:
        raise ParameterError("{variant}: exact inference with a boneyard is implemented for two players, not {n}",
                             variant=view.variant, n=n)
    if view.boneyard_size and not cfg.draws:
        raise impossible(view, f"{view.variant} has no boneyard")
    hand = mask_of(view.hand)
    unseen = mask_of(view.unseen)
    hist = view.history

    # lead rules: DRW-2 (highest double) and BRG-2 (6-6)
    not_dealt = 0
    must_hit: tuple[int, tuple[int, ...]] | None = None
    lead = view.layout.center
    if cfg.lead == "highest_double":
        if lead is not None:
            not_dealt = _doubles_above(cfg, lead.tile.low)
        elif view.current_player == seat:
            not_dealt = _doubles_above(cfg, _highest_double(cfg, hand))
        elif view.current_player is not None:
            must_hit = (_doubles_above(cfg, _highest_double(cfg, hand)) & unseen, (view.current_player,))
    elif cfg.lead == "6-6" and lead is None and view.current_player not in (None, seat):
        must_hit = (cfg.t.bit[27], (view.current_player,))

    # the timeline of every opponent
    slots = [0] * n
    draws = [0] * n
    plays = [0] * n
    checks: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    played: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    identified: set[int] = set()
    placed = {p.move: p for p in view.layout.placements()}
    read = dict(choices)
    for i, ev in enumerate(hist):
        o = ev.seat
        if o == seat:
            continue
        kind = ev.action.kind
        if kind is ActionKind.PLAY:
            plays[o] += 1
            if i in identified:
                continue
            tile = ev.action.tile
            assert tile is not None
            bit = cfg.t.bit[tile.index]
            lo = entry_floor(checks[o], bit, not_dealt)
            if lo > slots[o]:
                raise impossible(view, f"seat {o} played {tile}, which he could not have held then")
            played[o].append((tile.index, lo, slots[o]))
            if i in read:
                checks[o].append((slots[o], read[i]))
            if bit & cfg.matadors and not cfg.matadors_any_time and i in placed:
                p = placed[i]
                end_value = dict(ev.ends).get(p.arm) if p.arm is not None else None
                if end_value is not None and p.near != cfg.touch[end_value]:
                    # MAT-3: a matador laid against the pips had no ordinary play beside it
                    checks[o].append((slots[o], _ordinary(cfg, (v for _, v in ev.ends))))
            continue
        optional = kind is ActionKind.DRAW and cfg.matador_optional  # MAT-4 seed option: may hold a matador
        checks[o].append((slots[o], (_ordinary if optional else reach)(cfg, (v for _, v in ev.ends))))
        if kind is ActionKind.DRAW:
            draws[o] += 1
            nxt = hist[i + 1] if i + 1 < len(hist) else None
            if (nxt is not None and nxt.seat == o and nxt.action.kind is ActionKind.PLAY
                    and not (optional and nxt.action.tile is not None and cfg.t.bit[nxt.action.tile.index] & cfg.matadors)):
                identified.add(i + 1)  # COM-5: the drawn tile was the one played at once
            else:
                slots[o] += 1

    opponents = tuple(
        OpponentEvidence(o, view.hand_sizes[o], view.hand_sizes[o] + plays[o] - draws[o], o in view.finished,
                         slots[o], tuple(checks[o]), tuple(played[o]))
        for o in range(n) if o != seat
    )

    # COM-6: not over, nothing to draw, the viewer stuck -> an opponent can play
    if (lead is not None and not view.is_over and not view.boneyard_size):
        now = reach(cfg, (v for _, v in view.layout.ends))
        live = tuple(o.seat for o in opponents if not o.finished)
        if not hand & now:
            if not live:
                raise impossible(view, "nobody can play but the hand is not over")
            must_hit = (now & unseen, live)

    revealed = None
    if view.is_over and view.revealed is not None:
        revealed = tuple(mask_of(h) for h in view.revealed)
    return Evidence(cfg, seat, hand, unseen, opponents, view.boneyard_size, view.out_of_play_size,
                    not_dealt, must_hit, revealed)
