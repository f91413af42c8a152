"""Starting a hand: `new_game` deals one from a seed or sets up a scripted position, checking
every argument first (a `ParameterError` names the one that is wrong); `play_all` plays a list.

>>> s = new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0)
>>> play_all(s, ["6-6", "6-5 left"]).legal_actions()
[Action.parse('pass')]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from . import registry
from .actions import Action
from .engine import Core, deal, forced_lead, new_core, seeded_order
from .errors import ParameterError, check_seed, quote
from .state import GameState
from .tiles import Tile, mask_of, parse_tiles


def _tiles_arg(name: str, items: Iterable[str | Tile] | str | None) -> list[Tile]:
    if items is None:
        return []
    try:
        return parse_tiles(items)
    except ValueError as exc:
        raise ParameterError("{name}: {error}", name=name, error=exc) from None


def new_game(
    variant: str,
    seed: int | None = None,
    *,
    hands: Sequence[Iterable[str | Tile] | str] | None = None,
    boneyard: Iterable[str | Tile] | str | None = None,
    out: Iterable[str | Tile] | str | None = None,
    leader: int | None = None,
    scores: Sequence[Any] | None = None,
    **params: Any,
) -> GameState:
    """Start a hand of ``variant``: dealt from ``seed``, or a scripted position from ``hands``.

    Variant parameters are keywords (``target=150``, ``players=3``, ...). A scripted position
    lists the hands and, for drawing games, the boneyard in draw order (first drawn first);
    tiles listed nowhere are out of play, or with ``boneyard`` omitted in a drawing game, the
    boneyard in seeded random order. ``leader`` is the seat that leads (a forced lead, DRW-2 or
    BRG-2, must agree with it). ``scores`` are the match scores before this hand (A5-6).

    >>> new_game("block", seed=1).players
    2
    >>> new_game("draw", players=5)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: draw: players=5 is not allowed; players must be one of 2
    """
    var = registry.get_variant(variant)
    if var.factory is not None:
        extra = {k: v for k, v in (("hands", hands), ("boneyard", boneyard), ("out", out), ("leader", leader),
                                   ("scores", scores)) if v is not None}
        return var.factory(var, seed=seed, **extra, **params)  # type: ignore[no-any-return]
    cfg = var.config(params)
    n = cfg.players
    if scores is None:
        base: tuple[Any, ...] = (0,) * n
    else:
        if not isinstance(scores, Sequence) or isinstance(scores, (str, bytes)) or len(scores) != n or not all(
            isinstance(x, (int, Fraction)) and not isinstance(x, bool) for x in scores
        ):
            raise ParameterError("scores must list {n} numbers (whole or Fraction), one per seat, not {scores}",
                                 n=n, scores=quote(scores))
        base = tuple(scores)
        target = cfg.params.get("target")
        if cfg.match != "rounds":  # BRG-6's winnings may be fractions and below zero; points and hands are not
            for i, x in enumerate(base):
                if not isinstance(x, int) or x < 0 or (isinstance(target, int) and x >= target):
                    raise ParameterError("scores[{i}] must be a whole number 0 <= score < {target} (the match's "
                                         "target), not {score}" if isinstance(target, int) else
                                         "scores[{i}] must be a whole number >= 0, not {score}",
                                         i=i, target=target, score=quote(x))
    if leader is not None and (type(leader) is not int or not 0 <= leader < n):
        raise ParameterError("leader must be a seat 0..{last} (a whole number), not {leader}",
                             last=n - 1, leader=quote(leader))
    check_seed(seed)
    if hands is None:
        if boneyard is not None or out is not None:
            raise ParameterError("boneyard= and out= go with hands= (a scripted position)")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if leader is not None and cfg.lead != "any":
            raise ParameterError("{variant}: the rules choose who leads ({lead}); do not pass leader=",
                                 variant=variant, lead=cfg.lead)
        h, stock, out_mask, lead = deal(cfg, random.Random(seed), leader)
        return GameState(new_core(cfg, hands=h, stock=stock, out=out_mask, leader=lead, seed=seed, base_scores=base))
    return GameState(_scripted_core(cfg, seed, hands, boneyard, out, leader, base))


def _scripted_core(cfg: Any, seed: int | None, hands: Any, boneyard: Any, out: Any, leader: int | None,
                   base: tuple[Any, ...]) -> Core:
    n = cfg.players
    if not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)) or len(hands) != n:
        raise ParameterError("hands must list {n} hands (one per seat), like {value}, not {hands}",
                             n=n, value=[['6-6', '1-2']] * n, hands=quote(hands))
    for i, h in enumerate(hands):
        if h is None:
            raise ParameterError("hands[{i}]: a hand lists its tiles (an empty hand is []), not None", i=i)
    if seed is not None and not (cfg.draws and boneyard is None):
        # The seed of a scripted position only orders a boneyard left unlisted (COM-7); anything
        # else would be dropped silently, and the record would not say it.
        raise ParameterError("seed={seed} does nothing here: a scripted position uses a seed only to shuffle the "
                             "boneyard of a drawing game when boneyard= is not given; leave the seed out", seed=seed)
    hand_tiles = [_tiles_arg(f"hands[{i}]", h) for i, h in enumerate(hands)]
    stock_tiles = _tiles_arg("boneyard", boneyard)
    out_tiles = _tiles_arg("out", out)
    seen: dict[Tile, str] = {}
    for where, group in [*((f"hands[{i}]", h) for i, h in enumerate(hand_tiles)), ("boneyard", stock_tiles), ("out", out_tiles)]:
        for t in group:
            if t.index >= cfg.t.size:
                raise ParameterError("{where}: {tile} is not in the double-{pips} set",
                                     where=where, tile=t, pips=cfg.pips)
            if t in seen:
                raise ParameterError("{where}: {tile} is listed twice (also in {seen})",
                                     where=where, tile=t, seen=seen[t])
            seen[t] = where
    if stock_tiles and not cfg.draws:
        raise ParameterError("{variant} has no boneyard; list the unused tiles as out=", variant=cfg.variant)
    rest = [i for i in range(cfg.t.size) if Tile.from_index(i) not in seen]
    stock = [t.index for t in reversed(stock_tiles)]
    out_mask = mask_of(out_tiles)
    if cfg.draws and boneyard is None:
        stock = seeded_order(rest, seed)
    else:
        out_mask |= mask_of(Tile.from_index(i) for i in rest)
    hmask = [mask_of(h) for h in hand_tiles]
    if not any(hmask) and not (cfg.draws and stock):
        raise ParameterError("hands: every hand is empty and there is no boneyard to draw from, so nobody can ever "
                             "play (COM-6); give someone a tile")
    forced = forced_lead(cfg, hmask)
    if cfg.lead != "any":
        if forced is None:
            raise ParameterError("{variant}: no hand holds the tile that must lead ({lead}); the rules redeal",
                                 variant=cfg.variant, lead=cfg.lead)
        if leader is not None and leader != forced[0]:
            raise ParameterError("{variant}: seat {forced} holds {from_index}, which must lead, not seat {leader}",
                                 variant=cfg.variant, forced=forced[0], from_index=Tile.from_index(forced[1]),
                                 leader=leader)
        leader = forced[0]
    elif leader is None:
        leader = 0
    return new_core(cfg, hands=hmask, stock=stock, out=out_mask, leader=leader, seed=None, base_scores=base)


def play_all(state: GameState, actions: Iterable[Action | str]) -> GameState:
    """Play several actions in turn."""
    if not callable(getattr(state, "play", None)) or not callable(getattr(state, "legal_actions", None)):
        raise ParameterError("play_all plays on a game state (dw.new_game(...)), not {state}", state=quote(state))
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise ParameterError("play_all takes a list of actions like ['6-6', '5-6 right'], not {actions}",
                             actions=quote(actions))
    for a in actions:
        state = state.play(a)
    return state
