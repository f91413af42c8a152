"""Small helpers for the teaching notebooks: simulation checks of exact results, and the
counting argument behind a blocked line.

The notebooks compute nothing themselves; they ask the package. `domino_widgets.prob.deal`
and `domino_widgets.prob.inference` give the exact `Fraction`s; this module gives the seeded
simulations that check them (`frequency` and `tally` over uniform deals, `engine_frequency` and
`engine_leads` over the core's own deals, `consistent_deals` and `holds_estimate` by rejection
sampling), the lead given DRW-2's redeal (`lead_distribution`), the facts a lesson shows with the
core (`halves_showing`, `blocked_ends`, `find_blocked`, `score_sheet`), the opponent's replies to
an All Fives play counted from what the player can know (`replies`), every line of play of a
solitaire deal (`solitaire_lines`) and a blind guesser of hidden tiles for comparison with
exact counting (`blind_sample`).

>>> from domino_widgets.prob import deal
>>> est = frequency(has_no_double, trials=20_000, seed=1)   # DRW-2: a deal with no double
>>> est.trials, est.agrees(deal.p_no_double())
(20000, True)
>>> h = halves_showing(find_blocked("draw", seed=0).layout, 0)
>>> h.halves == 2 * h.joints + h.ends                      # every joint pairs two halves
True
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from ..core.actions import Action, ActionKind
from ..core.engine import random_playout
from ..core.errors import DominoError, ParameterError, Phrase, check_count, check_seed
from ..core.layouts import Layout
from ..core.pictured import pretty_shown
from ..core.registry import get_variant
from ..core.state import GameState, PlayerView, new_game
from ..core.tiles import Tile, set_size, tile_set
from ..sentences import action, progress_word
from .deal import highest_double
from .estimate import Estimate
from .inference import blind_sample

__all__ = [
    "Deal",
    "Estimate",
    "PlayDifference",
    "HalfCount",
    "Line",
    "LineSearch",
    "Replies",
    "ScoreRow",
    "blind_sample",
    "DrawRuns",
    "blocked_ends",
    "draws_when_stuck",
    "consistent_deals",
    "engine_frequency",
    "engine_leads",
    "find_blocked",
    "frequency",
    "halves_showing",
    "has_no_double",
    "highest_double_of",
    "size",
    "up_to",
    "holds_estimate",
    "lead_distribution",
    "misses_a_number",
    "numbers_in",
    "play_difference",
    "random_deal",
    "replies",
    "score_sheet",
    "solitaire_lines",
    "tally",
]

Deal = tuple[tuple[Tile, ...], ...]
K = TypeVar("K", bound=Hashable)


# ------------------------------------------------------------------ the size of a lesson's simulation


def up_to(full: int) -> int:
    """How many trials (deals, hands, games) a lesson's simulation runs: up to ``full``. It is
    ``full``, except when the lessons themselves are being tested (the environment variable
    ``DOMINO_FAST`` set to 1, as ``tests/notebooks/nbval_plugin.py`` and the JupyterLite test set
    it): then a tenth of it, at least 40 and at most 5,000, a multiple of 20 (every deal can be
    played from every seating). The lessons never show the switch.

    >>> import os
    >>> fast = os.environ.pop("DOMINO_FAST", None)
    >>> up_to(200_000)
    200000
    >>> os.environ["DOMINO_FAST"] = "1"
    >>> up_to(200_000), up_to(3_000), up_to(200)
    (5000, 300, 40)
    >>> _ = os.environ.pop("DOMINO_FAST") if fast is None else os.environ.update(DOMINO_FAST=fast)
    """
    _whole("full", full)
    if os.environ.get("DOMINO_FAST") != "1":
        return full
    return max(40, min(full // 10, 5_000) // 20 * 20)


#: The name of `up_to` before issue 39 (a lesson's ``games=lessons.size(3000)`` did not say what it meant).
size = up_to


# ------------------------------------------------------------------ deals and events


def _whole(name: str, x: object, least: int = 1) -> int:
    return check_count(x, name, least=least)


def random_deal(rng: random.Random, players: int = 2, hand_size: int = 7, pips: int = 6) -> Deal:
    """One uniform deal: ``players`` hands of ``hand_size`` tiles from the double-``pips`` set.

    Unlike a variant's own deal, nothing is redealt (DRW-2, BRG-1), so the rare deals that a
    rule throws back can be counted.

    >>> [len(h) for h in random_deal(random.Random(0), players=3, hand_size=5)]
    [5, 5, 5]
    """
    _whole("players", players)
    _whole("hand_size", hand_size)
    _whole("pips", pips, 0)
    if players * hand_size > set_size(pips):
        raise ParameterError("{players} hands of {hand_size} need {needed} tiles; the double-{pips} set has {set_size}",
                             players=players, hand_size=hand_size, needed=players * hand_size, pips=pips,
                             set_size=set_size(pips))
    tiles = rng.sample(tile_set(pips), players * hand_size)
    return tuple(tuple(sorted(tiles[k * hand_size:(k + 1) * hand_size])) for k in range(players))


def has_no_double(deal: Deal) -> bool:
    """DRW-2: no hand holds a double (the tiles are then redealt).

    >>> has_no_double(((Tile(1, 2),), (Tile(3, 3),)))
    False
    """
    return not any(t.is_double for hand in deal for t in hand)


def highest_double_of(deal: Deal) -> int | None:
    """The number of the highest double dealt (it leads, DRW-2), or None.

    >>> highest_double_of(((Tile(1, 1), Tile(0, 6)), (Tile(4, 4),)))
    4
    """
    return max((t.low for hand in deal for t in hand if t.is_double), default=None)


def numbers_in(hand: Iterable[Tile]) -> frozenset[int]:
    """The numbers that show on at least one half of the hand.

    >>> sorted(numbers_in([Tile(0, 6), Tile(6, 6)]))
    [0, 6]
    """
    return frozenset(n for t in hand for n in t.halves)


def misses_a_number(hand: Sequence[Tile], pips: int = 6) -> bool:
    """True if some number 0..``pips`` shows on no tile of the hand (a *void* in that suit).

    >>> misses_a_number([Tile(0, 1), Tile(2, 3), Tile(4, 5), Tile(6, 6)])
    False
    """
    return len(numbers_in(hand)) < pips + 1


def _steps(n: int, progress: bool, desc: str) -> Iterable[int]:
    """``range(n)``, with a `tqdm.auto` progress bar when ``progress`` (a lesson's long simulation
    shows that it runs)."""
    if not progress:
        return range(n)
    from tqdm.auto import tqdm

    tqdm.monitor_interval = 0  # no monitor thread (a TqdmMonitorWarning on stderr otherwise)
    unit = progress_word({"hands": "hand", "deals": "deal"}[desc])  # «rozdání/s», not tqdm's «it/s»
    return tqdm(range(n), desc=progress_word(desc), unit=unit, mininterval=0.5)  # the lesson's language


def _deals(trials: int, seed: int, players: int, hand_size: int, pips: int, progress: bool = False) -> Iterable[Deal]:
    _whole("trials", trials)
    seed = check_seed(seed, optional=False)
    rng = random.Random(seed)
    random_deal(random.Random(0), players, hand_size, pips)  # check the sizes before the loop
    return (random_deal(rng, players, hand_size, pips) for _ in _steps(trials, progress, "deals"))


def frequency(event: Callable[[Deal], bool], trials: int, seed: int, *, players: int = 2, hand_size: int = 7,
              pips: int = 6, progress: bool = False) -> Estimate:
    """How often ``event(deal)`` is true in ``trials`` seeded uniform deals (``progress``: show a bar).

    >>> from domino_widgets.prob.deal import p_hand_misses_a_number
    >>> frequency(lambda d: misses_a_number(d[0]), trials=2000, seed=3, players=1).agrees(p_hand_misses_a_number())
    True
    """
    return Estimate(sum(1 for d in _deals(trials, seed, players, hand_size, pips, progress) if event(d)), trials)


def tally(f: Callable[[Deal], K], trials: int, seed: int, *, players: int = 2, hand_size: int = 7,
          pips: int = 6, progress: bool = False) -> dict[K, Fraction]:
    """The simulated distribution of ``f(deal)`` over ``trials`` seeded uniform deals (``progress``: a bar).

    >>> t = tally(highest_double_of, trials=1000, seed=2)
    >>> sum(t.values()), t[6] > t[0]
    (Fraction(1, 1), True)
    """
    counts = Counter(f(d) for d in _deals(trials, seed, players, hand_size, pips, progress))
    return {k: Fraction(v, trials) for k, v in counts.items()}


def engine_frequency(variant: str, event: Callable[[Any], bool], games: int, seed: int = 0,
                     progress: bool = False, **params: Any) -> Estimate:
    """How often ``event(state)`` holds for ``games`` hands of ``variant`` dealt by the core from
    seeds drawn from ``seed``: the rules' own deal (redeals and all), checked against a count.

    >>> from domino_widgets.prob.twentyone import deal_bust_probability
    >>> engine_frequency("twentyone", lambda s: s.view(0).is_bust, games=3000, seed=1).agrees(deal_bust_probability())
    True
    """
    _whole("games", games)
    rng = random.Random(seed)
    hits = sum(1 for _ in _steps(games, progress, "hands") if event(new_game(variant, rng.randrange(2**32), **params)))
    return Estimate(hits, games)


# ------------------------------------------------------------------ the lead


def lead_distribution(players: int = 2, hand_size: int = 7, pips: int = 6) -> dict[int, Fraction]:
    """DRW-2 / A5-1: which double leads a hand that is played. Deals without a double are dealt
    again, so this is `highest_double` given that some double was dealt.

    >>> lead_distribution()[5]        # the 5-5 leads (and scores 10 at once in All Fives, A5-4)
    Fraction(805, 3096)
    >>> sum(lead_distribution().values())
    Fraction(1, 1)
    """
    dist = highest_double(players, hand_size, pips)
    kept = 1 - dist[None]
    return {d: p / kept for d, p in dist.items() if d is not None}


def engine_leads(variant: str, games: int, seed: int = 0, progress: bool = False, **params: Any) -> dict[int, Fraction]:
    """Deal ``games`` seeded hands of ``variant`` with the core and tally the double the rules
    make lead (DRW-2, BRG-2): a check of the engine's deal against `lead_distribution`.

    >>> engine_leads("bergen", games=5)          # BRG-2: the 6-6 always leads
    {6: Fraction(1, 1)}
    """
    _whole("games", games)
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    for _ in _steps(games, progress, "hands"):
        actions = new_game(variant, rng.randrange(2**32), **params).legal_actions()
        lead = actions[0].tile if len(actions) == 1 else None
        if lead is None or not lead.is_double:
            raise ParameterError("{variant}: the rules do not force a double to lead (DRW-2/BRG-2)", variant=variant)
        counts[lead.low] += 1
    return {d: Fraction(k, games) for d, k in sorted(counts.items(), reverse=True)}


# ------------------------------------------------------------------ the blocked line


@dataclass(frozen=True)
class HalfCount:
    """How the halves showing one number lie on a line: ``halves`` in all, ``joints`` where
    two of them touch (COM-1), ``ends`` open ends that show it. Always ``halves == 2 * joints + ends``."""

    number: int
    halves: int
    joints: int
    ends: int

    def shown(self, lang: str | None = None) -> str:
        """The count in words, in ``lang`` (the language setting if None).

        >>> HalfCount(4, 8, 3, 2).shown("el")
        'ο αριθμός 4: 8 μισά, 3 ενώσεις, 2 ανοιχτές άκρες'
        """
        return Phrase("number {number}: {halves} halves, {joints} joints, {ends} open ends", number=self.number,
                      halves=self.halves, joints=self.joints, ends=self.ends).text(lang)

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the dataclass's repr in English


def halves_showing(layout: Layout, number: int) -> HalfCount:
    """Count the halves showing ``number`` on a line of play (COM-1/2).

    Every half on a line either touches a matching half (a joint uses two) or is an open end, so
    ``halves == 2 * joints + ends``. When all 8 halves of a number are on the table (8 is even),
    an end showing it has a partner: the other end shows it too. That is why a line game with
    every tile in play (an empty boneyard, nothing out of play) blocks only with equal ends.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["3-5", "5-5"], ["1-3", "6-5"]], leader=0)
    >>> lay = s.play("3-5").play("1-3 left").play("5-5").layout   # 1-3 3-5 5-5
    >>> halves_showing(lay, 5)
    HalfCount(number=5, halves=3, joints=1, ends=1)
    """
    if layout.kind != "line":
        raise ParameterError("halves_showing counts a line of play, not a {kind} layout", kind=layout.kind)
    placements = list(layout.placements())
    halves = sum(p.tile.halves.count(number) for p in placements)
    joints = sum(1 for p in placements if p.arm is not None and p.near == number)
    ends = sum(1 for _, v in layout.ends if v == number)
    return HalfCount(number, halves, joints, ends)


def _line_variant(variant: str) -> str:
    v = get_variant(variant)
    if v.factory is not None or v.config({}).layout != "line":
        raise ParameterError("{name} is not played on a two-ended line; choose block, draw_cz or draw", name=v.name)
    if v.name == "matador":
        raise ParameterError("matador joins halves that sum to 7 (MAT-2), not equal halves; choose block, draw_cz or draw")
    return v.name


def _random_hand(variant: str, seed: int) -> GameState:
    """A hand of ``variant`` dealt from ``seed`` and played out by uniformly random legal moves."""
    core = new_game(variant, seed).core
    random_playout(core, random.Random(seed))
    return GameState(core)


@dataclass(frozen=True)
class DrawRuns:
    """How many tiles a player draws when he cannot play (`draws_when_stuck`): ``draws`` tiles in
    ``runs`` runs of drawing, over ``games`` hands; ``mean`` and its 95% interval [``low``, ``high``]
    (the hands are independent, so the interval is that of the ratio over hands)."""

    draws: int
    runs: int
    games: int
    mean: float
    low: float
    high: float


def draws_when_stuck(variant: str, games: int, seed: int = 0, progress: bool = False) -> DrawRuns:
    """Play ``games`` hands of a draw game out at random (COM-5: a player who cannot play draws
    until he can) and count each run of draws: the mean number of tiles drawn per run, with its
    95% interval (lesson 02, exercise 1; ``progress``: a bar).

    >>> r = draws_when_stuck("draw", games=200, seed=1)
    >>> r.runs > 0 and 1 <= r.low < r.mean < r.high
    True
    """
    _whole("games", games)
    per_hand = []
    for k in _steps(games, progress, "hands"):
        g = _random_hand(variant, seed * 1_000_003 + k)
        draws = runs = 0
        before = None
        for a in g.history:
            if a.kind is ActionKind.DRAW:
                draws += 1
                runs += before is not ActionKind.DRAW
            before = a.kind
        per_hand.append((draws, runs))
    total_d = sum(d for d, _ in per_hand)
    total_r = sum(r for _, r in per_hand)
    if not total_r:
        raise ParameterError("no player had to draw in {games} hands of {variant}", games=games, variant=variant)
    mean = total_d / total_r
    # the ratio's interval: the spread over hands of draws - mean x runs (the delta method)
    rbar = total_r / games
    resid = [d - mean * r for d, r in per_hand]
    sd = math.sqrt(sum(x * x for x in resid) / (games - 1)) if games > 1 else math.inf
    half = 1.959963984540054 * sd / (rbar * math.sqrt(games))
    return DrawRuns(total_d, total_r, games, mean, mean - half, mean + half)


class BlockedEnds(Counter):  # type: ignore[type-arg]
    """`blocked_ends`' counts (a `Counter` keyed in English, as the lessons' code reads it), shown
    in a notebook in the lesson's language.

    >>> BlockedEnds(games=10, blocked=4, equal=3, unequal=1, **{"all in play": 0}).shown("cs")
    'odehrané hry: 10; ve slepé uličce: 4, z toho se stejnými konci 3 a s různými 1; se všemi kostkami ve hře: 0'
    """

    def shown(self, lang: str | None = None) -> str:
        return Phrase("hands played: {games}; blocked: {blocked}, {equal} of them with equal ends and {unequal} "
                      "with unequal ends; with every tile in play: {all}", games=self["games"],
                      blocked=self["blocked"], equal=self["equal"], unequal=self["unequal"],
                      all=self["all in play"]).text(lang)

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the Counter's repr in English


def blocked_ends(variant: str, games: int, seed: int = 0, progress: bool = False) -> BlockedEnds:
    """Play ``games`` hands by random legal moves; count those that block (COM-6) with ``equal``
    and with ``unequal`` open ends, and how many had every tile in play (``all in play``);
    ``progress``: a bar.

    >>> c = blocked_ends("block", games=200, seed=1)
    >>> c["equal"] + c["unequal"] == c["blocked"], c["all in play"]   # BLK-1: 14 tiles out
    (True, 0)
    """
    name = _line_variant(variant)
    _whole("games", games)
    out = BlockedEnds(games=games, blocked=0, equal=0, unequal=0)
    out["all in play"] = 0
    rng = random.Random(seed)
    for _ in _steps(games, progress, "hands"):
        s = _random_hand(name, rng.randrange(2**32))
        if s.outcome is None or s.outcome.reason != "blocked":
            continue
        out["blocked"] += 1
        values = list(s.ends.values())
        out["equal" if len(set(values)) == 1 else "unequal"] += 1
        out["all in play"] += not s.boneyard and not s.out_of_play
    return out


def find_blocked(variant: str, seed: int = 0, *, equal: bool | None = None, tries: int = 10_000) -> GameState:
    """The first hand, from ``seed`` on, that random legal moves play into a block (COM-6);
    with ``equal`` given, one whose two open ends are (or are not) equal.

    >>> s = find_blocked("block", seed=0, equal=False)
    >>> s.outcome.reason, len(set(s.ends.values()))
    ('blocked', 2)
    """
    name = _line_variant(variant)
    rng = random.Random(seed)
    for _ in range(tries):
        s = _random_hand(name, rng.randrange(2**32))
        blocked = s.outcome is not None and s.outcome.reason == "blocked"
        if blocked and (equal is None or (len(set(s.ends.values())) == 1) == equal):
            return s
    raise ParameterError("no such blocked {name} hand in {tries} tries from seed {seed}",
                         name=name, tries=tries, seed=seed)


# ------------------------------------------------------------------ All Fives scoring


@dataclass(frozen=True)
class ScoreRow:
    """One play of All Fives: the open-end total after it (A5-3) and what it scored (A5-4); the
    play as a person reads it in the language set (`domino_widgets.sentences.action`: the
    notation in English, "0-5 vlevo" in Czech)."""

    seat: int
    play: str
    total: int
    scored: int


def score_sheet(state: GameState, actions: Iterable[Action | str]) -> list[ScoreRow]:
    """Play ``actions`` from ``state`` (All Fives) and list, for each, the open-end total and
    the points the player scored at once.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]],
    ...                 boneyard=["1-2"], leader=0)
    >>> [(r.play, r.total, r.scored) for r in score_sheet(s, ["5-5", "0-5 right", "3-5 left"])]
    [('5-5', 10, 10), ('0-5 right', 10, 10), ('3-5 left', 3, 0)]
    >>> dw.set_language("cs"); [r.play for r in score_sheet(s, ["5-5", "0-5 right"])]; dw.set_language("en")
    ['5-5', '0-5 vpravo']
    """
    from ..variants.all_fives import open_end_total

    if state.variant != "all_fives":
        raise ParameterError("score_sheet follows All Fives scoring (A5-3/4), not {variant}", variant=state.variant)
    rows = []
    for a in actions:
        seat = state.current_player
        after = state.play(a)  # raises, naming the position, if the play is illegal or the hand is over
        assert seat is not None  # a hand that is over has raised GameOverError above
        scored = after.scores[seat] - state.scores[seat]
        rows.append(ScoreRow(seat, action(after.last_action), open_end_total(after.core), scored))
        state = after
    return rows


# ------------------------------------------------------------------ counting by rejection


def consistent_deals(view: PlayerView, trials: int, seed: int = 0, progress: bool = False) -> list[GameState]:
    """Deal the tiles ``view``'s seat has not seen at random, ``trials`` times; replay the public
    history on each deal with the core, and keep the deals it accepts (rejection sampling).

    The kept deals are uniform among the deals that reproduce the history: the same
    distribution that `domino_widgets.prob.inference` counts exactly, reached here by brute force
    with nothing but the rules. For games without a boneyard (``block``, ``bergen``): every
    hidden tile is then in a hand or out of play.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["3-5", "0-0", "0-1", "0-2", "0-4", "1-1", "1-2"],
    ...                                 ["6-6", "6-5", "6-3", "6-4", "2-2", "2-4", "4-4"]], leader=1)
    >>> kept = consistent_deals(s.play("6-6").play("pass").view(1), trials=200, seed=1)
    >>> all(not any(t.has(6) for t in d.hand(0)) for d in kept)     # BLK-3: he passed on a 6
    True
    """
    _whole("trials", trials)
    var = get_variant(view.variant)
    cfg = var.config(dict(view.params)) if var.factory is None else None
    if cfg is None or cfg.draws:
        raise ParameterError("consistent_deals replays games without a boneyard (block, bergen), not {variant}",
                             variant=view.variant)
    played: dict[int, list[Tile]] = {s: [] for s in range(view.players)}
    for ev in view.history:
        if ev.action.kind is ActionKind.PLAY and ev.action.tile is not None:
            played[ev.seat].append(ev.action.tile)
    leader = view.history[0].seat if view.history else view.current_player
    mine = [*view.hand, *played[view.seat]]
    unseen = list(view.unseen)
    rng = random.Random(seed)
    kept = []
    for _ in _steps(trials, progress, "deals"):
        rng.shuffle(unseen)
        hands, k = [], 0
        for s in range(view.players):
            if s == view.seat:
                hands.append(mine)
            else:
                hands.append([*unseen[k:k + view.hand_sizes[s]], *played[s]])
                k += view.hand_sizes[s]
        try:
            g = new_game(view.variant, hands=hands, leader=leader, **dict(view.params))
            for ev in view.history:
                g = g.play(ev.action)
        except DominoError:
            continue  # this deal cannot have produced the history
        if g.is_over == view.is_over:
            kept.append(g)
    return kept


def holds_estimate(view: PlayerView, seat: int, tile: Tile | str, trials: int, seed: int = 0,
                   progress: bool = False) -> Estimate:
    """Among the `consistent_deals`, how often ``seat`` holds ``tile`` now (``progress``: a bar).

    >>> import domino_widgets as dw
    >>> from domino_widgets.prob.inference import tile_probabilities
    >>> s = dw.new_game("block", hands=[["3-5", "0-0", "0-1", "0-2", "0-4", "1-1", "1-2"],
    ...                                 ["6-6", "6-5", "6-3", "6-4", "2-2", "2-4", "4-4"]], leader=1)
    >>> v = s.play("6-6").play("pass").view(1)
    >>> holds_estimate(v, 0, "0-0", trials=3000, seed=2).agrees(tile_probabilities(v)[dw.Tile(0, 0)][0])
    True
    """
    t = Tile.parse(tile)
    kept = consistent_deals(view, trials, seed, progress)
    if not kept:
        raise ParameterError("none of {trials} random deals reproduces the history; try more trials", trials=trials)
    return Estimate(sum(1 for g in kept if t in g.hand(seat)), len(kept))


# ------------------------------------------------------------------ All Fives: the opponent's replies


@dataclass(frozen=True)
class Replies:
    """What follows ``move`` over the next two turns (All Fives, A5-3/4), judged from the mover's
    view. For every tile the opponent may hold, ``holds`` is the exact chance that it does
    (`domino_widgets.prob.inference`), ``scores`` what laying it scores at once (where it
    scores most) and ``next_scores`` the most the mover can then score with his own hand on the
    turn after (both 0 for a tile that cannot be laid, which ``placeable`` leaves out). ``can_score`` is the exact chance that the opponent holds at least one scoring
    tile, ``expected_best`` the exact mean of the most it can score at once from its hand (0
    when it cannot; a draw is not counted). ``if_no_reply`` is what the mover can score next if
    the opponent lays nothing on the table as it is now.

    ``two_turns`` is the mover's points minus the opponent's over the move, the reply and the
    mover's next play, exactly averaged over the opponent's possible hands (the exact posterior,
    as the expert imagines them): the opponent lays the reply that is best for it over those two
    plays (its points minus the mover's next), or nothing if no tile of its hand fits; the mover
    then scores the most he can (the exact mean, as a float to print)."""

    move: Action
    scored_now: int
    scores: dict[Tile, int]
    next_scores: dict[Tile, int]
    holds: dict[Tile, Fraction]
    can_score: Fraction
    expected_best: Fraction
    if_no_reply: int
    two_turns: float
    placeable: frozenset[Tile] = frozenset()

    def scoring(self) -> dict[Tile, int]:
        """The replies that score, highest first."""
        return dict(sorted(((t, s) for t, s in self.scores.items() if s), key=lambda ts: (-ts[1], ts[0].index)))



def _best_gain(c: Any, seat: int, only: int | None = None) -> tuple[int, Any]:
    """The most ``seat`` (to play in ``c``) scores at once with one play (of tile ``only``), and the position after it."""
    from ..core.engine import apply_code, legal_codes

    best, after = 0, None
    for code in legal_codes(c):
        if code >= 0 and (only is None or code >> 3 == only):  # plays only: draws and passes are negative
            e = c.copy()
            apply_code(e, code)
            gain = e.hand_points[seat] - c.hand_points[seat]
            if after is None or gain > best:
                best, after = gain, e
    return best, after


def replies(view: PlayerView, move: Action | str) -> Replies:
    """The opponent's possible replies to ``move``, what each scores at once and what the mover
    can score on the turn after (All Fives), from what ``view``'s seat can know: the table, the
    own hand, and the exact chances of the opponent's holdings given the public history
    (`domino_widgets.prob.inference.posterior`).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "1-2"], ["1-5", "2-2", "3-4"]],
    ...                 boneyard=["3-3", "0-4", "4-4"], leader=0)
    >>> r = replies(s.play("5-5").play("1-5 right").view(0), "0-5 left")
    >>> r.scored_now, {str(t): p for t, p in r.scoring().items()}   # 0 + 1 now; a 4 on the 0 or the spinner
    (0, {'0-4': 5, '4-5': 5})
    >>> r.holds[dw.Tile(0, 4)], r.can_score                         # 2 of 23 hidden tiles; 1 - C(21,2)/C(23,2)
    (Fraction(2, 23), Fraction(43, 253))
    """
    from ..core.engine import apply_code, legal_codes
    from ..core.state import core_from_view
    from .inference import posterior, sample_hidden

    if view.variant != "all_fives":
        raise ParameterError("replies follows All Fives scoring (A5-3/4), not {variant}", variant=view.variant)
    if view.players != 2 or view.current_player != view.seat:
        raise ParameterError("replies needs a two-player All Fives position with the viewer to play")
    a = Action.parse(move)
    if a not in view.legal_actions:
        raise ParameterError("{action} is not a legal action here; legal: {choices}",
                             action=a, choices=', '.join(map(str, view.legal_actions)))
    me, opp = view.seat, 1 - view.seat
    hands, stock, out = sample_hidden(view, random.Random(0))  # any placement of the hidden tiles will do:
    c = core_from_view(view, hands, stock, out)                 # the table and the own hand decide the scores
    apply_code(c, legal_codes(c)[view.legal_actions.index(a)])
    scored_now = c.hand_points[me] - view.scores[me]
    post = posterior(view)
    holds = {t: p[opp] for t, p in post.tile_probabilities().items() if p[opp]}
    scores: dict[Tile, int] = {}
    nexts: dict[Tile, int] = {}
    placeable: set[Tile] = set()
    if_no_reply = 0
    if not c.over:
        still = c.copy()
        still.turn = me
        if_no_reply = _best_gain(still, me)[0]
    for t in holds:
        scores[t] = nexts[t] = 0
        if c.over:
            continue
        d = c.copy()
        d.hands = list(c.hands)
        d.hands[opp] = c.hands[opp] | 1 << t.index | 1 << (0 if t.index else 1)  # never its last tile
        gain, after = _best_gain(d, opp, only=t.index)
        if after is not None:
            placeable.add(t)
            scores[t] = gain
            nexts[t] = 0 if after.over else _best_gain(after, me)[0]
    # E[best] = sum over score levels v of (v - previous level) * P(the opponent holds a tile scoring >= v)
    levels = sorted({s for s in scores.values() if s})
    expected, prev = Fraction(0), 0
    for v in levels:
        mask = sum(1 << t.index for t, s in scores.items() if s >= v)
        expected += (v - prev) * (1 - post.miss({opp: mask}))
        prev = v
    mask = sum(1 << t.index for t, s in scores.items() if s)
    can = 1 - post.miss({opp: mask}) if mask else Fraction(0)
    # The opponent's reply leaves the mover d_t = next - scores for the tile t it lays (the least
    # it can leave him), or if_no_reply when no tile of its hand fits: with the distinct levels
    # o_1 < o_2 < ... of d over the placeable tiles, P(min = o_k) = miss(d <= o_(k-1)) - miss(d <= o_k).
    two = Fraction(scored_now)
    if not c.over:
        diffs = {t: nexts[t] - scores[t] for t in placeable}
        left = Fraction(1)  # the chance that the opponent holds no placeable tile below the level
        for level in sorted(set(diffs.values())):
            mask = sum(1 << t.index for t, d in diffs.items() if d <= level)
            now = post.miss({opp: mask})
            two += level * (left - now)
            left = now
        two += if_no_reply * left
    return Replies(a, scored_now, scores, nexts, holds, can, expected, if_no_reply, float(two), frozenset(placeable))


# ------------------------------------------------------------------ solitaire: every line of play of one deal


class Line(tuple[Action, ...]):
    """A line of play: the plays one after the other, which a sentence writes separated by commas
    (``f"One of them: {line}."``); in a Czech or Greek lesson each play in its words
    (`domino_widgets.language.in_language`).

    >>> line = Line([Action.parse("base 1-1"), Action.parse("1-4 left")])
    >>> f"{line}.", line[1]
    ('base 1-1, 1-4 left.', Action.parse('1-4 left'))
    """

    def __str__(self) -> str:
        return ", ".join(map(str, self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class LineSearch:
    """The exact search of `solitaire_lines`: how many lines of play the deal allows from the
    position, how many of them win, the most tiles any of them lays, and a winning line if one exists."""

    lines: int
    won: int
    most_placed: int
    winning_line: Line | None


def solitaire_lines(state: Any) -> LineSearch:
    """Every way to play a solitaire deal on from ``state``, with the stock in the order it
    really comes (hindsight: more than the player can know, SOL-3): an exhaustive search with
    the core's own moves, positions remembered so each is searched once.

    If no line wins, the deal was lost whatever was played from here.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]],
    ...                 boneyard=["6-6", "0-1", "4-4", "1-1"])
    >>> r = solitaire_lines(s)
    >>> r.lines, r.won, r.most_placed                    # no line lays more than 4 of the 9 tiles
    (6, 0, 4)
    """
    if getattr(state, "variant", None) != "solitaire":
        raise ParameterError("solitaire_lines searches a solitaire game; start one with dw.new_game('solitaire', ...)")
    memo: dict[tuple[Any, ...], tuple[int, int, int, tuple[Action, ...] | None]] = {}

    def key(s: Any) -> tuple[Any, ...]:
        ends = tuple(sorted(s.ends.values())) if s.ends else None
        return (s.hand, len(s.boneyard), ends, s.laid_this_round)

    def search(s: Any) -> tuple[int, int, int, tuple[Action, ...] | None]:
        if s.is_over:
            won = s.outcome.reason == "won"
            return 1, int(won), s.outcome.placed, () if won else None
        k = key(s)
        if k not in memo:
            lines = won = most = 0
            line: tuple[Action, ...] | None = None
            for a in s.legal_actions():
                n, w, m, sub = search(s.play(a))
                lines, won, most = lines + n, won + w, max(most, m)
                if line is None and sub is not None:
                    line = (a, *sub)
            memo[k] = (lines, won, most, line)
        return memo[k]

    lines, won, most, line = search(state)
    return LineSearch(lines, won, most, None if line is None else Line(line))


# ------------------------------------------------------------------ two plays on the same deals


@dataclass(frozen=True)
class PlayDifference:
    """``a`` minus ``b``, two plays of one position judged on the same guessed deals (`play_difference`):
    the mean of the paired differences of the game's objective (`value_kind`), its 95% interval
    [``low``, ``high``] and the ``verdict`` (`domino_widgets.sim.compare`'s words: better, worse,
    cannot tell at this size). Win chances are in percentage points (``scale`` 100)."""

    a: str
    b: str
    estimate: float
    low: float
    high: float
    samples: int
    seed: int
    verdict: str
    value_kind: str
    scale: float = 1.0

    def fields(self, verdicts: dict[str, str] | None = None) -> dict[str, Any]:
        """The values a lesson's sentence is filled in with, the verdict in the words of ``verdicts``
        (as `domino_widgets.sim.compare.Comparison.fields`); the estimate and the interval are scaled."""
        from ..core.actions import Action
        from ..sentences import action

        v = self.verdict  # the plays as the reader's language names them (the notation in English)
        return dict(a=action(Action.parse(self.a)), b=action(Action.parse(self.b)),
                    estimate=self.estimate * self.scale, low=self.low * self.scale,
                    high=self.high * self.scale, half_width=(self.high - self.low) / 2 * self.scale,
                    samples=self.samples, seed=self.seed, verdict=(verdicts or {}).get(v, v))


def play_difference(view: PlayerView, a: Action | str, b: Action | str, samples: int, seed: int = 0, *,
                    policy: str = "expert", progress: bool = False) -> PlayDifference:
    """Play ``a`` and play ``b`` from ``view``, each on the same ``samples`` guesses of the hidden
    tiles (drawn as the expert draws them) and the same playout random numbers (common random
    numbers), and give the mean paired difference of the result for ``view``'s seat, on the game's
    own objective (`domino_widgets.players.expert.objective`: a hand's win counts 1, a draw 1/2
    in Matador and the Czech draw; points elsewhere), with its 95% interval. ``policy``:
    ``"expert"``, the expert's rollouts (`rollout_policy`, a random play one time in ten), or
    ``"greedy"``, the greedy player's heuristic for every seat; both break ties at random.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1).play("2-5")
    >>> d = play_difference(s.view(0), "5-5 right", "5-6 right", samples=200, seed=1)
    >>> d.verdict, d.low > 0                      # 5-6 first would strand the 5-5
    ('better', True)
    """
    from ..core.state import core_from_view
    from ..players.base import legal_codes_of
    from ..players.equity import match_equity
    from ..players.expert import ExpertPlayer, objective
    from ..players.heuristics import heuristic_for, heuristic_playout, rollout_policy
    from ..players.sampling import config_of
    from ..sim.compare import _verdict
    from ..sim.stats import mean_interval

    _whole("samples", samples, 2)
    plays = [Action.parse(x) if isinstance(x, str) else x for x in (a, b)]
    actions = list(view.legal_actions)
    for p in plays:
        if p not in actions:
            raise ParameterError("{play} is not a legal play here; the legal ones are: {legal}", play=str(p),
                                 legal=", ".join(str(x) for x in actions))
    if policy not in ("expert", "greedy"):
        raise ParameterError("policy must be 'expert' or 'greedy', not {policy!r}", policy=policy)
    expert = ExpertPlayer()
    cfg = config_of(view)
    params = dict(view.params)
    target = params.get("target") if cfg.match == "points" else None
    equity = match_equity(view.variant, params) if target is not None else None
    score = objective(cfg, view.seat, target, tuple(view.match_scores), equity)
    sample = expert._sample_fn(view)
    heuristic = rollout_policy(view.variant) if policy == "expert" else heuristic_for(view.variant)
    eps = expert.epsilon if policy == "expert" else 0.0
    rng = random.Random(seed)
    diffs: list[float] = []
    codes: tuple[int, ...] = ()
    from tqdm.auto import tqdm

    desc = f"{action(plays[0])} – {action(plays[1])}"  # in the lesson's language, as its sentences
    for _ in tqdm(range(samples), disable=not progress, desc=desc, unit=progress_word("deal")):
        hands, stock, out = sample(view, rng)
        root = core_from_view(view, hands, stock, out)
        if not codes:
            codes = legal_codes_of(view, root)
        playout_seed = rng.getrandbits(64)
        values = []
        for p in plays:
            c = root.copy()
            heuristic_playout(c, random.Random(playout_seed), heuristic, eps, first=codes[actions.index(p)])
            values.append(score(c))
        diffs.append(values[0] - values[1])
    est, low, high = mean_interval(diffs)
    null = 0.0
    return PlayDifference(str(plays[0]), str(plays[1]), est, low, high, samples, seed, _verdict(low, high, null),
                          cfg.match, 100.0 if cfg.match == "hands" else 1.0)
