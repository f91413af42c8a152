"""Solitaire (SOL-1..5): rules as scripted deals, self-play conformance, the players (the expert
is optimal in small games, checked against a brute-force search), and bad input."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations

import pytest

import domino_widgets as dw
from domino_widgets.core.actions import Action, End
from domino_widgets.core.engine import tables
from domino_widgets.core.errors import (
    AmbiguousPlayError,
    GameOverError,
    IllegalPlayError,
    NotationError,
    ParameterError,
)
from domino_widgets.core.tiles import Tile, mask_of, tile_set
from domino_widgets.players import available_players, get_player
from domino_widgets.players.solitaire import ExpertPlayer, GreedyPlayer, RandomPlayer, stranded, survival

SET = tile_set(6)


def scripted(hand: list[str], boneyard: list[str], **params: object) -> dw.GameState:
    return dw.new_game("solitaire", hands=[hand], boneyard=boneyard, **params)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(Tile.parse(x) for x in text.split()))


def everything(s: dw.GameState) -> list[Tile]:
    return sorted([*s.hand, *s.boneyard, *s.out_of_play, *(p.tile for p in s.layout.placements())])


# ------------------------------------------------------------------ rules


def test_sol_1_five_tiles_face_up() -> None:
    s = dw.new_game("solitaire", seed=3)
    assert len(s.hand) == 5 and len(s.boneyard) == 23  # SOL-1
    assert everything(s) == sorted(SET)
    assert s.view().hand == s.hand  # face up: the player sees them
    assert s.players == 1 and s.current_player == 0


def test_sol_2_choose_the_base_once() -> None:
    s = scripted(["3-5", "5-6", "0-0", "1-2", "2-2"], ["6-6", "0-1"])
    assert s.legal_actions() == [Action.base(t) for t in tiles("0-0 1-2 2-2 3-5 5-6")]  # SOL-2: any of the five
    with pytest.raises(IllegalPlayError, match="choose the base first"):
        s.play("3-5 left")  # there is no line yet
    s = s.play("base 3-5")
    assert s.ends == {End.LEFT: 3, End.RIGHT: 5} and str(s.layout) == "3-5"
    with pytest.raises(IllegalPlayError, match="already chosen"):
        s.play("base 1-2")  # a base chosen twice
    assert s.history == (Action.base("3-5"),)
    plain = scripted(["3-5", "5-6"], []).play("3-5")  # a tile named alone before the base is the base
    assert plain.history == (Action.base("3-5"),)


def test_sol_3_round_and_refill_of_as_many_as_were_laid() -> None:
    s = scripted(["3-5", "5-6", "6-1", "0-0", "2-2"], ["4-4", "1-4", "0-3", "3-3", "6-6"])
    s = s.play("base 3-5")  # round 1: the base counts as laid
    s = s.play("5-6 right")  # 3 ... 6
    assert s.laid_this_round == 2 and [str(x) for x in s.boneyard] == ["4-4", "1-4", "0-3", "3-3", "6-6"]
    s = s.play("1-6 right")  # 3 ... 1; nothing of 0-0 2-2 fits 3 or 1: the round ends
    assert s.refills == ((1, (Tile(4, 4), Tile(1, 4), Tile(0, 3))),)  # three laid, three drawn, in stock order
    assert s.hand == tiles("0-0 2-2 4-4 1-4 0-3") and s.laid_this_round == 0 and s.round == 2
    assert [str(a) for a in s.legal_actions()] == ["0-3 left", "1-4 right"]


def test_sol_4_win_when_every_tile_is_laid_and_sol_5_short_stock() -> None:
    s = scripted(["1-2", "2-3"], ["3-4"])  # the other 25 tiles are out of play
    s = s.play("base 1-2")
    s = s.play("2-3 right")  # 1 ... 3; the hand is empty: the round ends, two laid
    assert s.refills[-1] == (1, (Tile(3, 4),))  # SOL-5: the stock holds one tile: take it, go on
    assert s.hand == (Tile(3, 4),) and not s.is_over
    s = s.play("3-4 right")  # the last tile in play
    assert s.is_over and s.outcome.reason == "won" and s.outcome.winner == 0 and s.outcome.points == (1,)
    assert s.outcome.placed == 3 and s.outcome.left == 0


def test_sol_4_lose_when_a_round_lays_nothing_right_after_a_refill() -> None:
    s = scripted(["3-5", "5-6", "0-0", "1-2", "2-2"], ["6-6", "0-1", "4-4", "1-1"])
    s = s.play("base 3-5").play("5-6 right")  # 3 ... 6: two laid, 6-6 and 0-1 drawn
    s = s.play("6-6 right")  # the only fit; the refill brings 4-4, which fits neither 3 nor 6
    assert s.is_over and s.outcome.reason == "stuck" and s.outcome.winner is None and s.outcome.points == (0,)
    assert s.refills[-1] == (2, (Tile(4, 4),)) and s.outcome.ends == (3, 6)
    with pytest.raises(GameOverError):
        s.play("0-0 left")


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("action, error, match", [
    ("4-4 left", IllegalPlayError, "does not hold 4-4"),  # a tile not in the hand
    ("0-0 left", IllegalPlayError, "does not fit the left end"),
    ("1-2", IllegalPlayError, "fits no open end"),
    ("5-5 up", IllegalPlayError, "only a left and a right end"),
    ("draw", IllegalPlayError, "the refill is automatic"),
    ("stand", IllegalPlayError, "not a solitaire action"),
    ("9-9 left", IllegalPlayError, "not a tile of the double-6 set"),
    ("five six", NotationError, "a tile is written like"),
])
def test_illegal_actions_change_nothing(action: str, error: type[Exception], match: str) -> None:
    s = scripted(["3-5", "5-5", "0-0", "1-2", "3-3"], ["6-6"]).play("base 3-5")
    before = (s.hand, s.boneyard, s.history, s.layout)
    with pytest.raises(error, match=match):
        s.play(action)
    assert (s.hand, s.boneyard, s.history, s.layout) == before


def test_a_tile_that_fits_both_ends_needs_its_end() -> None:
    u = scripted(["2-2", "2-5", "3-3"], []).play("base 2-2")  # 2 ... 2: 2-5 fits either end
    assert [str(a) for a in u.legal_actions()] == ["2-5 left", "2-5 right"]
    with pytest.raises(AmbiguousPlayError, match="name the end"):
        u.play("2-5")
    assert u.play("2-5 left").ends == {End.LEFT: 5, End.RIGHT: 2}
    t = scripted(["3-4", "4-4"], []).play("base 3-4")  # 3 ... 4: the 4-4 fits one end
    assert t.play("4-4").ends == {End.LEFT: 3, End.RIGHT: 4}  # no need to name it


@pytest.mark.parametrize("kwargs, match", [
    ({"pips": 1}, "pips must be"),
    ({"hand_size": 0}, "hand_size must be"),
    ({"players": 2}, "no parameter 'players'"),
    ({"hands": [["3-5"], ["1-2"]]}, "the one hand"),
    ({"hands": [["3-5", "3-5"]]}, "listed twice"),
    ({"hands": [[]]}, "at least one tile"),
    ({"hands": [["3-5"]], "boneyard": ["9-9"]}, "not in the set"),
    ({"out": ["1-1"]}, "go with hands="),
    ({"scores": [3]}, "no match scores"),
    ({"leader": 1}, "one player"),
    ({"seed": "x"}, "seed must be a whole number"),
])
def test_bad_parameters(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        dw.new_game("solitaire", **kwargs)  # type: ignore[arg-type]


def test_one_seat_and_no_match() -> None:
    with pytest.raises(ParameterError, match="one seat"):
        dw.new_game("solitaire", seed=1).view(1)
    with pytest.raises(ParameterError, match="no engine Config"):
        dw.Match("solitaire")


# ------------------------------------------------------------------ conformance self-play


@pytest.mark.parametrize("player, games", [(RandomPlayer(), 60), (GreedyPlayer(), 30), (ExpertPlayer(), 30)])
def test_self_play_conserves_tiles_ends_and_replays(player: object, games: int) -> None:
    for seed in range(games):
        s = dw.new_game("solitaire", seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over:
            v = s.view()
            assert everything(s) == sorted(SET)  # tiles conserved
            assert tuple(s.legal_actions()) == v.legal_actions
            assert set(v.unseen) == set(s.boneyard)  # the stock's tiles are known, not their order
            s = s.play(player.choose(v, rng))  # type: ignore[attr-defined]
            steps += 1
            assert steps <= 28  # terminates: every action lays a tile
        won = s.outcome.reason == "won"
        assert won == (len(s.layout) == 28)  # SOL-4: won exactly when all 28 are on the table
        assert dw.load_record(s.to_json()) == s  # the record replays the refills by itself
        assert dw.new_game("solitaire", seed=seed) == dw.new_game("solitaire", seed=seed)  # same seed, same deal
        assert s.undo().play(s.history[-1]) == s


def test_scripted_record_round_trips() -> None:
    s = scripted(["3-5", "5-6", "0-0", "1-2", "2-2"], ["6-6", "0-1", "4-4", "1-1"]).play("base 3-5")
    rec = s.to_record()
    assert rec["deal"]["hands"] == [["3-5", "5-6", "0-0", "1-2", "2-2"]] and "seed" not in rec
    assert dw.load_record(rec) == s


# ------------------------------------------------------------------ players


def test_greedy_lays_the_most_tiles_this_round() -> None:
    s = scripted(["1-3", "3-6", "1-6", "2-6", "0-0"], ["5-5"]).play("base 1-3").play("3-6 right")  # 1 ... 6
    # 1-6 on the left leaves 6 ... 6 and the 2-6 follows; 1-6 on the right leaves 1 ... 1, and the 2-6 is stuck
    rng = random.Random(0)
    for player in (GreedyPlayer(), ExpertPlayer()):
        assert player.choose(s.view(), rng) in (Action.play("1-6", "left"), Action.play("2-6", "right"))
    values = dict(GreedyPlayer().explain(s.view(), rng))
    assert values[Action.play("1-6", "right")] < values[Action.play("1-6", "left")]


def test_survival_and_stranded_match_enumeration() -> None:
    t = tables(6)
    unseen = tiles("0-3 1-3 2-2 4-5 5-5 6-6 1-1")
    for left, right, laid in [(3, 3, 1), (3, 5, 2), (2, 6, 3), (0, 0, 4)]:
        fits = [any(x.has(e) for e in (left, right)) for x in unseen]
        subsets = list(combinations(range(len(unseen)), laid))
        good = sum(any(fits[i] for i in sub) for sub in subsets)
        assert survival(t, left, right, mask_of([Tile(0, 0)]), mask_of(unseen), 5, laid) == Fraction(good, len(subsets))
    assert stranded(t, 3, 5, mask_of(tiles("2-2"))) and not stranded(t, 3, 5, mask_of(tiles("2-3 2-2")))
    assert not stranded(t, 3, 5, mask_of(tiles("5-6 6-6 1-6 1-1")))  # joined to 5 through 5-6, 6-1


def optimal_value(hand: frozenset[Tile], stock: frozenset[Tile]) -> Fraction:
    """The best chance of winning a small game, by brute force: every run of plays a round may
    take, every refill the stock may give."""

    def rounds(h: frozenset[Tile], a: int, b: int, laid: int) -> set[tuple[frozenset[Tile], int, int, int]]:
        moves = [(x, a, b) for x in h if x.has(a)] + [(x, b, a) for x in h if x.has(b)]
        if not moves:
            return {(h, a, b, laid)}
        out = set()
        for x, end, other in moves:
            out |= rounds(h - {x}, x.other(end), other, laid + 1)
        return out

    @cache
    def after(h: frozenset[Tile], a: int, b: int, rest: frozenset[Tile], laid: int) -> Fraction:
        k = min(laid, len(rest))
        draws = list(combinations(sorted(rest), k))
        total = Fraction(0)
        for d in draws:
            h2, rest2 = h | set(d), rest - set(d)
            if not h2 and not rest2:
                total += 1  # SOL-4: won
            elif any(x.has(a) or x.has(b) for x in h2):
                total += max(after(*r[:3], rest2, r[3]) for r in rounds(h2, a, b, 0))
        return total / len(draws) if draws else Fraction(int(not h))

    return max(after(*r[:3], stock, r[3]) for x in hand for r in rounds(hand - {x}, x.low, x.high, 1))


@pytest.mark.parametrize("hand", [["0-0", "0-2", "1-2", "2-2", "2-3"], ["0-1", "1-1", "3-3", "0-3", "1-2"]])
def test_the_expert_plays_small_games_optimally(hand: list[str]) -> None:
    """Double-three, five tiles face up: the expert searches the whole game exactly, so over all
    120 orders of the stock it wins exactly as often as the best possible play."""
    mine = frozenset(Tile.parse(x) for x in hand)
    stock = sorted(frozenset(tile_set(3)) - mine)
    expert = ExpertPlayer()
    wins = 0
    orders = list(permutations(stock))
    for order in orders:
        s = scripted(hand, [str(x) for x in order], pips=3)
        rng = random.Random(0)  # ties broken by what the player has seen, not by earlier games
        while not s.is_over:
            s = s.play(expert.choose(s.view(), rng))
        wins += s.outcome.reason == "won"
    assert Fraction(wins, len(orders)) == optimal_value(mine, frozenset(stock))


def test_players_by_name_and_bad_options() -> None:
    assert available_players("solitaire") == ("expert", "greedy", "random")
    assert isinstance(get_player("expert", variant="solitaire", exact_below=4), ExpertPlayer)
    with pytest.raises(ParameterError, match="exact_below"):
        ExpertPlayer(exact_below=-1)
    over = scripted(["1-2"], []).play("base 1-2")
    with pytest.raises(IllegalPlayError, match="the game is over"):
        GreedyPlayer().choose(over.view(), random.Random(0))
