"""Twenty-one (T21-1..4): rules as scripted deals, self-play conformance, exact odds against
brute-force enumeration, players, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations

import pytest

import domino_widgets as dw
from domino_widgets.core.actions import STAND, TAKE, Action
from domino_widgets.core.errors import GameOverError, IllegalPlayError, NotationError, ParameterError
from domino_widgets.core.tiles import Tile, tile_set
from domino_widgets.players import get_player
from domino_widgets.players.twentyone import OptimalPlayer, RandomPlayer, StandAtPlayer
from domino_widgets.prob import twentyone as odds

SET = tile_set(6)


def scripted(hands: list[list[str]], boneyard: list[str], **params: object) -> dw.GameState:
    return dw.new_game("twentyone", hands=hands, boneyard=boneyard, **params)


def value(tiles: tuple[Tile, ...]) -> int:
    return sum(t.value for t in tiles)


# ------------------------------------------------------------------ rules


def test_t21_1_each_seat_gets_two_tiles_in_seat_order() -> None:
    s = dw.new_game("twentyone", players=4, seed=11)
    assert [len(h) for h in s.hands] == [2, 2, 2, 2]  # T21-1
    assert len(s.boneyard) == 28 - 8
    assert s.current_player == 0  # seat 0 acts first, the others follow in seat order
    assert sorted([*sum(s.hands, ()), *s.boneyard]) == sorted(SET)


def test_t21_2_take_and_stand_in_seat_order() -> None:
    s = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-5", "0-2", "3-3"])
    s = s.play("take")  # seat 0: 13 + the next stock tile, 4-5 = 22 -> bust
    assert s.hand(0)[-1] == Tile(4, 5) and s.counts[0] == 22
    assert s.current_player == 0  # still seat 0's turn: only standing ends it
    assert s.legal_actions() == [STAND]  # T21-2: a bust seat cannot win; it can only stand
    s = s.play("stand")
    assert s.current_player == 1 and s.stood == (True, False)
    s = s.play("take")  # seat 1: 7 + 0-2 = 9
    s = s.play("take")  # + 3-3 = 15
    assert s.counts == (22, 15) and s.boneyard == ()
    assert s.legal_actions() == [STAND]  # the stock is empty: nothing to take
    s = s.play("stand")
    assert s.is_over and s.outcome.winner == 1  # T21-3: seat 0 is bust


def test_t21_2_a_bust_seat_cannot_take() -> None:
    s = scripted([["6-6", "5-5"], ["0-0", "1-1"]], ["0-1"])  # T21-4: 22 on the deal
    with pytest.raises(IllegalPlayError, match="bust"):
        s.play("take")
    assert s.counts == (22, 2) and s.boneyard == (Tile(0, 1),)  # unchanged


@pytest.mark.parametrize("counts, winners, points", [
    ((21, 20), (0,), (1, 0)),  # T21-3: exactly 21 wins
    ((18, 20), (1,), (0, 1)),  # the highest count not over 21
    ((23, 12), (1,), (0, 1)),  # a bust seat cannot win, even against 12
    ((19, 19), (0, 1), (Fraction(1, 2), Fraction(1, 2))),  # tied winners share
    ((22, 25), (), (0, 0)),  # everybody bust: nobody wins
])
def test_t21_3_showdown(counts: tuple[int, int], winners: tuple[int, ...], points: tuple[Fraction, ...]) -> None:
    out = dw.variants.twentyone.showdown(counts)
    assert out.winners == winners and out.points == points
    assert out.winner == (winners[0] if len(winners) == 1 else None)
    assert out.reason == ("all_bust" if not winners else "showdown")


def test_t21_3_three_players_share_and_reveal() -> None:
    s = scripted([["6-6", "3-4"], ["5-5", "4-5"], ["6-5", "4-4"]], ["0-0"], players=3)
    for _ in range(3):
        s = s.play("stand")  # 19, 19 and 19: three winners share the prize
    assert s.outcome.winners == (0, 1, 2) and s.outcome.points == (Fraction(1, 3),) * 3
    assert s.view(2).revealed == s.hands  # T21-3: all reveal


def test_t21_3_views_hide_the_other_hands_until_the_end() -> None:
    s = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-4", "0-2", "3-3"])
    s = s.play("take").play("stand").play("take")  # seat 0 takes 4-4, seat 1 takes 0-2
    v = s.view(1)
    assert v.hand == (Tile(2, 3), Tile(1, 1), Tile(0, 2))
    assert v.hand_sizes == (3, 3) and v.stood == (True, False) and v.revealed is None
    assert [str(e.action) for e in v.history] == ["take", "stand", "take 0-2"]  # 4-4 unnamed
    assert v.legal_actions == (TAKE, STAND) and s.view(0).legal_actions == ()
    over = s.play("stand")
    assert over.view(1).history[0].action == Action.take("4-4")  # revealed at the end
    assert over.view(0).revealed == over.hands


def test_t21_4_bust_on_the_deal_and_its_odds() -> None:
    busts = [(a, b) for a, b in combinations(SET, 2) if a.value + b.value > 21]
    assert sorted((str(a), str(b)) for a, b in busts) == [("4-6", "6-6"), ("5-5", "6-6"), ("5-6", "6-6")]
    assert odds.deal_bust_probability() == Fraction(len(busts), 378) == Fraction(1, 126)


# ------------------------------------------------------------------ bad input


def test_taking_after_standing_is_refused_and_changes_nothing() -> None:
    s = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-4"]).play("stand")
    before = (s.hands, s.boneyard, s.history, s.current_player)
    with pytest.raises(IllegalPlayError, match="seat 0 has stood"):
        s.play("take", seat=0)
    assert (s.hands, s.boneyard, s.history, s.current_player) == before
    over = s.play("stand")
    with pytest.raises(GameOverError):
        over.play("take")


@pytest.mark.parametrize("action, error", [
    ("3-5 left", IllegalPlayError),  # a line game's play
    ("draw", IllegalPlayError),
    ("base 3-5", IllegalPlayError),
    ("take 6-6", IllegalPlayError),  # not in the stock: seat 0 holds it
    ("hit me", NotationError),
])
def test_actions_of_other_games_are_refused(action: str, error: type[Exception]) -> None:
    s = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-4"])
    with pytest.raises(error):
        s.play(action)
    assert s.history == () and s.boneyard == (Tile(4, 4),)


@pytest.mark.parametrize("kwargs, match", [
    ({"players": 5}, "players must be one of 2, 3, 4"),  # T21-1: two to four players
    ({"players": 1}, "players must be one of 2, 3, 4"),
    ({"players": "3"}, "players"),
    ({"pips": 9}, "no parameter 'pips'"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"hands": [["6-6", "0-1", "2-2"], ["1-1", "2-3"]]}, "starts with 2 tiles"),
    ({"hands": [["6-6", "0-1"], ["6-6", "2-3"]]}, "listed twice"),
    ({"hands": [["6-6", "0-1"]]}, "must list 2 hands"),
    ({"hands": [["9-9", "0-1"], ["1-1", "2-3"]]}, "not in the set"),
    ({"boneyard": ["1-1"]}, "go with hands="),
    ({"scores": [1, 2]}, "no match scores"),
    ({"leader": 1}, "seat 0 acts first"),
])
def test_bad_parameters(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        dw.new_game("twentyone", **kwargs)  # type: ignore[arg-type]


def test_no_match_and_bad_seats() -> None:
    with pytest.raises(ParameterError, match="not played on a shared line"):
        dw.Match("twentyone")
    s = dw.new_game("twentyone", seed=1)
    with pytest.raises(ParameterError, match="seat must be 0..1"):
        s.view(2)
    with pytest.raises(ParameterError):
        s.play("take", seat=-1)


def test_line_games_refuse_the_new_action_kinds() -> None:
    """core/state.py (not this module's file) should refuse take/stand/base with an
    IllegalPlayError; today 'stand' trips an assert and 'base 3-5' is played as a lead."""
    s = dw.new_game("block", hands=[["3-5"], ["1-2"]], leader=0)
    for text in ("stand", "take", "base 3-5"):
        with pytest.raises(IllegalPlayError):
            s.play(text)


# ------------------------------------------------------------------ conformance self-play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_self_play_conserves_tiles_ends_and_replays(players: int) -> None:
    rng = random.Random(players)
    bots = [StandAtPlayer(15), RandomPlayer(), StandAtPlayer(18), StandAtPlayer(21)]
    for seed in range(40):
        s = dw.new_game("twentyone", players=players, seed=seed)
        steps = 0
        while not s.is_over:
            seat = s.current_player
            assert sorted([*sum(s.hands, ()), *s.boneyard]) == sorted(SET)  # tiles conserved
            v = s.view(seat)
            assert v.hand == s.hand(seat) and v.revealed is None
            assert all(e.action.tile is None for e in v.history if e.seat != seat)  # nothing leaks
            a = bots[seat].choose(v, rng)
            assert a in s.legal_actions()
            s = s.play(a)
            steps += 1
            assert steps <= 2 * 28  # terminates: each seat takes at most 9 tiles, then stands
        assert s.outcome is not None and sum(s.outcome.points) in (0, 1)
        again = dw.load_record(s.to_json())
        assert again == s and again.history == s.history  # the record round trips
        same = dw.new_game("twentyone", players=players, seed=seed)
        assert same.hands == dw.new_game("twentyone", players=players, seed=seed).hands  # same seed, same deal
        assert s.undo().play(s.history[-1]) == s


def test_a_named_take_replays_the_seed_and_picks_only_in_scripted_deals() -> None:
    s = dw.new_game("twentyone", seed=4)
    nxt, other = s.boneyard[0], s.boneyard[5]
    assert s.play(f"take {nxt}") == s.play("take")  # COM-7: naming the next tile replays the take
    with pytest.raises(IllegalPlayError, match="decided by the seed"):
        s.play(f"take {other}")  # the seed decides what comes next
    lesson = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-4", "0-2"])
    assert lesson.play("take 0-2").hand(0)[-1] == Tile(0, 2)  # a scripted lesson may pick


def test_scripted_record_round_trips() -> None:
    s = scripted([["6-6", "0-1"], ["2-3", "1-1"]], ["4-4", "0-2"], players=2)
    s = s.play("take").play("stand").play("take 0-2")  # a named take, as in a lesson
    rec = s.to_record()
    assert rec["deal"]["hands"] == [["6-6", "0-1"], ["2-3", "1-1"]] and "seed" not in rec
    assert dw.load_record(rec) == s


# ------------------------------------------------------------------ exact odds


def test_deal_totals_match_enumeration() -> None:
    counts: dict[int, int] = {}
    for a, b in combinations(SET, 2):
        counts[a.value + b.value] = counts.get(a.value + b.value, 0) + 1
    d = odds.two_tile_totals()
    assert {c: p for c, p in d.items() if p} == {c: Fraction(n, 378) for c, n in counts.items()}
    assert odds.deal_twentyone_probability() == Fraction(counts[21], 378) == Fraction(2, 189)


def test_bust_with_one_more_tile_given_the_total_matches_enumeration() -> None:
    hits = total = 0
    for a, b, c in permutations(SET, 3):  # a two-tile hand of 16 (tiles unknown), then one more tile
        if a.value + b.value == 16:
            total += 1
            hits += c.value > 5
    assert odds.bust_probability(16) == Fraction(hits, total)


@pytest.mark.parametrize("hand, seen", [(["6-4", "3-3"], []), (["6-4", "3-3"], ["5-5", "6-6", "0-0"]),
                                        (["2-2", "1-1", "0-3"], ["6-2"])])
def test_one_more_tile_given_the_tiles_matches_enumeration(hand: list[str], seen: list[str]) -> None:
    mine = [Tile.parse(x) for x in hand]
    pool = [t for t in SET if t not in mine and str(t) not in {str(Tile.parse(x)) for x in seen}]
    count = sum(t.value for t in mine)
    assert odds.bust_probability(hand, seen) == Fraction(sum(count + t.value > 21 for t in pool), len(pool))
    assert odds.twentyone_probability(hand, seen) == Fraction(sum(count + t.value == 21 for t in pool), len(pool))


def test_stand_at_distribution_matches_tile_by_tile_enumeration() -> None:
    hand = (Tile(6, 6), Tile(1, 2))  # 15, standing at 19

    @cache
    def finals(pool: frozenset[Tile], total: int) -> dict[int, Fraction]:
        if total >= 19:
            return {total: Fraction(1)}
        out: dict[int, Fraction] = {}
        for t in pool:
            for end, p in finals(pool - {t}, total + t.value).items():
                out[end] = out.get(end, Fraction(0)) + p / len(pool)
        return out

    brute = finals(frozenset(SET) - set(hand), 15)
    want = {c: p for c, p in brute.items() if c <= 21}
    want["bust"] = sum((p for c, p in brute.items() if c > 21), Fraction(0))
    assert odds.final_count_distribution(19, hand) == want
    assert odds.finish_on_target_probability(19, hand) == brute[21]


# A small game (double-three, "21" is 7, the opponent stands at 5) solved by brute force, tile by
# tile, with no grouping by value and no shortcut: the exact search must agree to the last digit.
PIPS, TARGET, K = 3, 7, 5
SMALL = frozenset(tile_set(PIPS))


def share(mine: int, theirs: int) -> Fraction:
    if mine > TARGET:
        return Fraction(0)
    if theirs > TARGET or theirs < mine:
        return Fraction(1)
    return Fraction(1, 2) if theirs == mine else Fraction(0)


@cache
def opponent(pool: frozenset[Tile], total: int, held: int) -> tuple[tuple[int, Fraction], ...]:
    if held >= 2 and total >= K:
        return ((total, Fraction(1)),)
    out: dict[int, Fraction] = {}
    for t in pool:
        for end, p in opponent(pool - {t}, total + t.value, held + 1):
            out[end] = out.get(end, Fraction(0)) + p / len(pool)
    return tuple(out.items())


def stand_first(hand: frozenset[Tile]) -> Fraction:
    mine = value(tuple(hand))
    return sum((p * share(mine, o) for o, p in opponent(SMALL - hand, 0, 0)), Fraction(0))


@cache
def best_first(hand: frozenset[Tile]) -> Fraction:
    if value(tuple(hand)) > TARGET:
        return Fraction(0)
    rest = SMALL - hand
    return max(stand_first(hand), sum((best_first(hand | {t}) for t in rest), Fraction(0)) / len(rest))


@cache
def rule_first(hand: frozenset[Tile], k: int) -> Fraction:
    if value(tuple(hand)) > TARGET:
        return Fraction(0)
    if value(tuple(hand)) >= k:
        return stand_first(hand)
    rest = SMALL - hand
    return sum((rule_first(hand | {t}, k) for t in rest), Fraction(0)) / len(rest)


def test_optimal_stopping_matches_brute_force_at_seat_0() -> None:
    duel = odds.OptimalStopping(K, target=TARGET, pips=PIPS)
    pairs = [frozenset(p) for p in permutations(SMALL, 2)]
    assert duel.win_probability() == sum((best_first(p) for p in pairs), Fraction(0)) / len(pairs)
    for k in range(TARGET + 2):  # and every "stand at k" policy, evaluated exactly
        assert duel.win_probability(k) == sum((rule_first(p, k) for p in pairs), Fraction(0)) / len(pairs)
    assert duel.win_probability() >= max(duel.win_probability(k) for k in range(TARGET + 2))
    for hand in {p for p in pairs if value(tuple(p)) <= TARGET}:
        v = duel.values(list(hand))
        rest = SMALL - hand
        assert v["stand"] == stand_first(hand)
        assert v["take"] == sum((best_first(hand | {t}) for t in rest), Fraction(0)) / len(rest)


def test_optimal_stopping_matches_brute_force_at_seat_1() -> None:
    """Seat 1 has seen the opponent stand with m tiles: every tile sequence of an opponent who
    stands at K and stops at m tiles, disjoint from seat 1's tiles, is equally likely."""
    duel = odds.OptimalStopping(K, target=TARGET, pips=PIPS)

    def sequences(pool: frozenset[Tile], total: int, held: int, m: int) -> list[tuple[Tile, ...]]:
        if held >= 2 and total >= K:
            return [()] if held == m else []
        if held == m:
            return []
        return [(t, *rest) for t in pool for rest in sequences(pool - {t}, total + t.value, held + 1, m)]

    @cache
    def values(hand: frozenset[Tile], m: int) -> tuple[Fraction, Fraction]:
        mine = value(tuple(hand))
        if mine > TARGET:
            return Fraction(0), Fraction(0)
        seqs = sequences(SMALL - hand, 0, 0, m)
        stand = sum((share(mine, value(s)) for s in seqs), Fraction(0)) / len(seqs)
        take = Fraction(0)
        for s in seqs:
            rest = SMALL - hand - set(s)
            take += sum((max(values(hand | {t}, m)) for t in rest), Fraction(0)) / len(rest) / len(seqs)
        return stand, take

    for hand, m in [(("0-1", "1-1"), 2), (("0-0", "0-2"), 3), (("1-2", "0-1"), 2), (("0-0", "1-1", "0-1"), 2)]:
        stand, take = values(frozenset(Tile.parse(x) for x in hand), m)
        assert duel.values(list(hand), seat=1, opponent_tiles=m) == {"stand": stand, "take": take}
    with pytest.raises(ParameterError, match="cannot have stood with 3 tiles"):
        duel.values(["0-0", "1-1", "0-1"], seat=1, opponent_tiles=3)  # any two tiles left make 5 or more


def test_optimal_stopping_in_the_real_game() -> None:
    duel = odds.OptimalStopping(17)
    v = duel.values(["6-4", "3-3"])  # 16 against "stand at 17": taking wins more
    assert v["take"] > v["stand"] and duel.best_action(["6-4", "3-3"]) == TAKE
    assert duel.best_action(["6-6", "5-5"]) == STAND  # 22: bust, it can only stand
    assert duel.best_action(["2-2", "1-3"]) == TAKE  # 8: no tile can bust it
    assert duel.best_action(["6-6", "2-3"], seat=1, opponent_tiles=2) == TAKE  # he holds 17..21 (or is bust)


def test_optimal_stopping_agrees_with_simulated_games() -> None:
    """The engine and the exact odds tell the same story: from 6-4 3-3 at seat 0 against "stand at
    17", the optimal player wins (ties half) as often as `values` says, within 4 standard errors."""
    duel = odds.OptimalStopping(17)
    exact = float(max(duel.values(["6-4", "3-3"]).values()))
    me, them = OptimalPlayer(17), StandAtPlayer(17)
    rng = random.Random(7)
    rest = [t for t in SET if t not in (Tile(4, 6), Tile(3, 3))]
    n, won = 1500, 0.0
    for seed in range(n):
        deal = rng.sample(rest, 2)
        s = dw.new_game("twentyone", hands=[["6-4", "3-3"], deal], seed=seed)
        while not s.is_over:
            bot = me if s.current_player == 0 else them
            s = s.play(bot.choose(s.view(s.current_player), rng))
        won += float(s.outcome.points[0])
    se = (exact * (1 - exact) / n) ** 0.5
    assert abs(won / n - exact) < 4 * se


@pytest.mark.parametrize("call, match", [
    (lambda: odds.OptimalStopping(-1), "opponent_stands_at"),
    (lambda: odds.OptimalStopping(17, target=30, pips=3), "empty the stock"),
    (lambda: odds.OptimalStopping(17).values(["6-6"]), "at least the two tiles"),
    (lambda: odds.OptimalStopping(17).values(["6-6", "6-6"]), "listed twice"),
    (lambda: odds.OptimalStopping(17).values(["6-6", "1-1"], seat=1), "opponent_tiles"),
    (lambda: odds.OptimalStopping(17).values(["6-6", "1-1"], seat=2), "seat must be 0"),
    (lambda: odds.bust_probability(40), "no hand of 2 tiles counts 40"),
    (lambda: odds.bust_probability(["6-6"], seen=["6-6"]), "in the hand already"),
    (lambda: odds.final_count_distribution(30), "stand_at must be 0..22"),
])
def test_bad_odds_input(call: object, match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        call()  # type: ignore[operator]


# ------------------------------------------------------------------ players


def test_players_choose_from_the_view() -> None:
    s = scripted([["6-4", "3-3"], ["5-5", "1-4"]], ["0-1", "6-6"])
    rng = random.Random(0)
    assert StandAtPlayer(16).choose(s.view(0), rng) == STAND  # 16 is not below 16
    assert StandAtPlayer(17).choose(s.view(0), rng) == TAKE
    assert dict(StandAtPlayer(17).explain(s.view(0), rng)) == {TAKE: 1.0, STAND: 0.0}
    assert OptimalPlayer(17).choose(s.view(0), rng) == TAKE
    with pytest.raises(IllegalPlayError, match="seat 1 has no action"):
        StandAtPlayer(17).choose(s.view(1), rng)  # not its turn
    assert isinstance(get_player("optimal", variant="twentyone"), OptimalPlayer)
    three = dw.new_game("twentyone", players=3, seed=2)
    with pytest.raises(ParameterError, match="exact for two players"):
        OptimalPlayer(17).choose(three.view(0), rng)


def test_optimal_beats_every_stand_at_k_it_is_compared_with() -> None:
    duel = odds.OptimalStopping(K, target=TARGET, pips=PIPS)
    best_rule = max(range(TARGET + 2), key=duel.win_probability)
    assert duel.win_probability() > duel.win_probability(best_rule)
