"""Rule tests for Bergen as the Czech seed describes it, ``bergen`` (docs/rules.md BRG-1..BRG-7).

Each test names the rule ids it checks. Positions are scripted deals with a comment per play:
``new_game("bergen", hands=[...])``; tiles listed in no hand are out of play (Bergen has no
boneyard). The 6-6 leads in the middle; its sides are the ends left, right, up and down.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

import domino_widgets as dw
from domino_widgets import End, GameState, Tile, tile_set
from domino_widgets.core.errors import IllegalPlayError, ParameterError

SIDES = ("left", "right", "up", "down")


def legal(s: GameState) -> set[str]:
    """The legal actions of the player to move, in notation."""
    return {str(a) for a in s.legal_actions()}


def shares(s: GameState) -> tuple[F, ...]:
    """Each seat's share of the pot at the end of the hand (BRG-5), checked to be exact fractions."""
    assert s.is_over and s.outcome is not None
    pts = s.outcome.points
    assert all(type(x) is F for x in pts) and sum(pts) == 1
    return tuple(pts)


# ---------------------------------------------------------------- BRG-1: the deal


def test_brg_1_three_players_by_default_four_as_the_other_reading() -> None:
    """BRG-1: three players by default, as the sheet's heading says, 7 tiles each and 7 out of
    play; with four (the pot text's reading) the whole set is dealt."""
    s = dw.new_game("bergen", seed=1)
    assert s.players == 3 and [len(h) for h in s.hands] == [7, 7, 7] and len(s.out_of_play) == 7
    s = dw.new_game("bergen", seed=1, players=4)
    assert s.players == 4
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert sorted(t for h in s.hands for t in h) == list(tile_set(6))
    assert s.boneyard == () and s.out_of_play == ()


@pytest.mark.parametrize("players", [2, 3])
def test_brg_1_two_or_three_players_rest_out_of_play_and_6_6_always_dealt(players: int) -> None:
    """BRG-1: with 2 or 3 players, 7 tiles each, the rest out of play; without the 6-6 in a hand
    the tiles are dealt again, so every deal has it (a plain deal would miss it 1/2 or 1/4 of the
    time), and, the redeal being a fresh deal, each seat holds it equally often."""
    deals = 360
    holds = [0] * players
    for seed in range(deals):
        s = dw.new_game("bergen", seed=seed, players=players)
        assert [len(h) for h in s.hands] == [7] * players
        assert len(s.out_of_play) == 28 - 7 * players and s.boneyard == ()
        holders = [seat for seat, h in enumerate(s.hands) if Tile(6, 6) in h]
        assert len(holders) == 1
        holds[holders[0]] += 1
    # about deals/players each (binomial sd < 10); a redeal that favoured a seat would be far off
    assert all(abs(h - deals / players) < 40 for h in holds), holds


def test_brg_1_redeal_is_seeded() -> None:
    """BRG-1, COM-7: the redeal comes from the same seeded source: a seed replays the deal."""
    for seed in range(20):
        a, b = dw.new_game("bergen", seed=seed, players=2), dw.new_game("bergen", seed=seed, players=2)
        assert a.hands == b.hands and a.out_of_play == b.out_of_play


@pytest.mark.parametrize("players", [1, 5, "4"])
def test_brg_1_other_player_counts_are_refused(players: object) -> None:
    """BRG-1: 4 players, or 2 or 3; anything else is a ParameterError."""
    with pytest.raises(ParameterError):
        dw.new_game("bergen", seed=1, players=players)


def test_brg_1_scripted_deal_without_6_6_is_refused() -> None:
    """BRG-1: a deal without the 6-6 is dealt again, so a scripted one is refused."""
    with pytest.raises(ParameterError):
        dw.new_game("bergen", hands=[["5-5"], ["4-4"]], players=2)


# ---------------------------------------------------------------- BRG-2: the lead and turns


def test_brg_2_holder_of_6_6_leads_it_then_seat_order() -> None:
    """BRG-2: the holder of the 6-6 lays it in the middle; turns then go in seat order."""
    for seed in range(20):
        s = dw.new_game("bergen", seed=seed, players=4)
        holder = next(seat for seat, h in enumerate(s.hands) if Tile(6, 6) in h)
        assert s.current_player == holder and legal(s) == {"6-6"}
        s = s.play("6-6")
        assert s.current_player == (holder + 1) % 4
        assert s.layout.center is not None and s.layout.center.tile == Tile(6, 6)


def test_brg_2_scripted_leader_must_hold_6_6() -> None:
    """BRG-2: the rules choose the leader; naming another seat is refused."""
    with pytest.raises(ParameterError):
        dw.new_game("bergen", players=4, hands=[["1-1"], ["6-6"], ["2-2"], ["3-3"]], leader=0)


# ---------------------------------------------------------------- BRG-3 / BRG-4 / BRG-5: a whole hand

HAND_A = [
    ["6-6", "0-0", "0-1"],                     # seat 0
    ["5-6", "4-6"],                            # seat 1
    ["3-6", "2-2", "0-2"],                     # seat 2
    ["2-6", "1-2", "3-3"],                     # seat 3
]


def test_brg_2_3_4_5_a_whole_hand() -> None:
    """BRG-3: phase one takes only sixes on free sides of the 6-6; BRG-4: then play on the four
    arm ends, doubles do not branch; BRG-2: seat order, skipping players who are out; BRG-5:
    first out 3/4, second out 1/4, the others nothing (whatever their counts)."""
    s = dw.new_game("bergen", players=4, hands=HAND_A)
    assert s.current_player == 0 and legal(s) == {"6-6"}
    s = s.play("6-6")                          # seat 0 leads the 6-6
    assert legal(s) == {f"5-6 {side}" for side in SIDES} | {f"4-6 {side}" for side in SIDES}
    s = s.play("5-6 left")                     # seat 1: a six on the left side
    assert s.ends == {End.RIGHT: 6, End.UP: 6, End.DOWN: 6}  # phase one: the left arm's 5 is not open
    assert legal(s) == {"3-6 right", "3-6 up", "3-6 down"}
    s = s.play("3-6 right")                    # seat 2
    assert legal(s) == {"2-6 up", "2-6 down"}  # seat 3: his 3-3 matches the right arm, but not yet
    with pytest.raises(IllegalPlayError):
        s.play("3-3 right")
    s = s.play("2-6 up")                       # seat 3
    assert s.current_player == 0 and legal(s) == {"pass"}  # seat 0 holds no six: he passes
    s = s.play("pass")
    s = s.play("4-6 down")                     # seat 1: the fourth side; seat 1 is out (first)
    assert s.ends == {End.LEFT: 5, End.RIGHT: 3, End.UP: 2, End.DOWN: 4}  # BRG-4: phase two
    assert not s.is_over and s.outcome is None
    assert legal(s) == {"2-2 up", "0-2 up"}    # seat 2
    s = s.play("2-2 up")                       # seat 2: a double in an arm is crosswise ...
    assert s.ends == {End.LEFT: 5, End.RIGHT: 3, End.UP: 2, End.DOWN: 4}  # ... and does not branch
    assert legal(s) == {"1-2 up", "3-3 right"}  # seat 3: now the 3-3 may go on the right arm
    s = s.play("1-2 up")                       # seat 3: up shows 1
    s = s.play("0-1 up")                       # seat 0: up shows 0
    assert s.current_player == 2               # seat 1 is out: his turn is skipped
    s = s.play("0-2 up")                       # seat 2 lays his last tile: second out
    assert s.is_over and s.outcome is not None and s.outcome.reason == "out"
    assert s.outcome.finished == (1, 2) and s.outcome.winner == 1
    assert s.outcome.counts == (0, 0, 0, 6)    # seat 0 (0-0, count 0) gets nothing all the same
    assert shares(s) == (F(0), F(3, 4), F(1, 4), F(0))


def test_brg_4_pass_in_phase_two() -> None:
    """BRG-4: in phase two a player whose tiles fit none of the four arm ends passes."""
    s = dw.new_game("bergen", players=4, hands=[["6-6", "0-4"], ["1-6", "2-6"], ["3-6", "4-6"], ["5-6", "3-4", "0-0"]])
    s = s.play("6-6")                          # seat 0
    s = s.play("1-6 left")                     # seat 1
    s = s.play("3-6 right")                    # seat 2
    s = s.play("5-6 up")                       # seat 3
    s = s.play("pass")                         # seat 0: the 0-4 is no six
    s = s.play("2-6 down")                     # seat 1: the fourth side, and out first
    assert s.ends == {End.LEFT: 1, End.RIGHT: 3, End.UP: 5, End.DOWN: 2}
    assert s.current_player == 2 and legal(s) == {"pass"}  # seat 2: 4-6 fits no arm end
    s = s.play("pass")
    assert legal(s) == {"3-4 right"}           # seat 3
    s = s.play("3-4 right")                    # the right arm shows 4
    assert legal(s) == {"0-4 right"}           # seat 0
    s = s.play("0-4 right")                    # seat 0: out second
    assert s.outcome is not None and s.outcome.finished == (1, 0)
    assert shares(s) == (F(1, 4), F(3, 4), F(0), F(0))


# ---------------------------------------------------------------- BRG-5: blocked hands


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        # nobody but the leader holds a six: blocked as soon as the 6-6 is down
        ([["6-6", "5-5"], ["1-2"], ["0-2"], ["4-4"]], (F(0), F(1, 4), F(3, 4), F(0))),   # 10 3 2 8
        ([["6-6", "5-5"], ["1-1"], ["0-2"], ["4-4"]], (F(0), F(1, 2), F(1, 2), F(0))),   # tied lowest: 3/4 + 1/4
        ([["6-6", "5-5"], ["0-1"], ["0-2"], ["1-1"]], (F(0), F(3, 4), F(1, 8), F(1, 8))),  # tied second: 1/4
        ([["6-6", "5-5"], ["0-3"], ["1-2"], ["0-0", "1-1", "0-1"]], (F(0), F(1, 3), F(1, 3), F(1, 3))),
        ([["6-6", "0-1"], ["4-4"], ["3-4"], ["2-5"]], (F(3, 4), F(0), F(1, 8), F(1, 8))),  # the leader wins
    ],
)
def test_brg_5_blocked_in_phase_one(hands: list[list[str]], expected: tuple[F, ...]) -> None:
    """BRG-5: blocked (here in phase one): lowest count 3/4, next lowest 1/4; ties share equally."""
    s = dw.new_game("bergen", players=4, hands=hands)
    s = s.play("6-6")                          # seat 0 leads; no other six anywhere: nobody can play
    assert s.outcome is not None and s.outcome.reason == "blocked" and s.outcome.finished == ()
    assert shares(s) == expected


def test_brg_5_blocked_in_phase_one_holding_tiles_that_match_arm_ends() -> None:
    """BRG-3, BRG-5: tiles that match an arm's end do not unblock phase one."""
    s = dw.new_game("bergen", players=4, hands=[["6-6", "5-5"], ["5-6", "1-1"], ["2-5"], ["0-0", "4-5"]])
    s = s.play("6-6")                          # seat 0
    s = s.play("5-6 left")                     # seat 1: the left arm shows 5; three sides still want a six
    assert s.outcome is not None and s.outcome.reason == "blocked"  # 5-5, 2-5, 4-5 must wait: blocked
    assert s.outcome.counts == (10, 2, 7, 9)
    assert shares(s) == (F(0), F(3, 4), F(1, 4), F(0))


@pytest.mark.parametrize(
    ("others", "expected"),
    [
        # seat 0 keeps 5-5 (count 10); seat 1 goes out with 1-6; then nobody holds a six: blocked
        ([["2-3"], ["0-4"]], (F(0), F(3, 4), F(0), F(1, 4))),                      # 10, 5, 4
        ([["1-3"], ["0-4"]], (F(0), F(3, 4), F(1, 8), F(1, 8))),                   # 10, 4, 4
        ([["4-4", "1-1"], ["3-3", "2-2"]], (F(1, 12), F(3, 4), F(1, 12), F(1, 12))),  # 10, 10, 10
    ],
)
def test_brg_5_blocked_after_first_out(others: list[list[str]], expected: tuple[F, ...]) -> None:
    """BRG-5: blocked after the first player is out: he keeps 3/4; the lowest count among the
    others takes the rest; ties share."""
    s = dw.new_game("bergen", players=4, hands=[["6-6", "5-5"], ["1-6"], *others])
    s = s.play("6-6")                          # seat 0 leads
    s = s.play("1-6 left")                     # seat 1 lays his only tile: first out
    assert s.outcome is not None and s.outcome.reason == "blocked" and s.outcome.finished == (1,)
    assert s.outcome.winner == 1
    assert shares(s) == expected


# ---------------------------------------------------------------- BRG-5: two and three players


def test_brg_5_three_players_first_two_out() -> None:
    """BRG-5, BRG-2 with 3 players: seat order skips the player out; the hand ends when two are
    out: 3/4 and 1/4, the third nothing."""
    s = dw.new_game("bergen", players=3, hands=[["6-6", "0-0", "0-6"], ["1-6"], ["2-6", "3-3", "3-6"]])
    s = s.play("6-6")                          # seat 0
    s = s.play("1-6 left")                     # seat 1: out first
    assert not s.is_over
    s = s.play("2-6 right")                    # seat 2
    s = s.play("0-6 up")                       # seat 0
    assert s.current_player == 2               # seat 1 is skipped
    assert legal(s) == {"3-6 down"}            # seat 2: the 3-3 waits for phase two
    s = s.play("3-6 down")                     # seat 2: phase two begins
    s = s.play("0-0 up")                       # seat 0: out second
    assert s.outcome is not None and s.outcome.reason == "out" and s.outcome.finished == (1, 0)
    assert shares(s) == (F(1, 4), F(3, 4), F(0))


@pytest.mark.parametrize(("split", "expected"), [("seed", (F(3, 4), F(1, 4))), ("winner_takes_all", (F(1), F(0)))])
def test_brg_5_two_players_out(split: str, expected: tuple[F, F]) -> None:
    """BRG-5 with 2 players: the first out ends the hand; 3/4 and 1/4 by default, or winner takes all."""
    s = dw.new_game("bergen", players=2, two_player_split=split, hands=[["6-6", "5-6"], ["4-6", "1-1"]])
    s = s.play("6-6")                          # seat 0
    s = s.play("4-6 left")                     # seat 1
    s = s.play("5-6 right")                    # seat 0: out
    assert s.outcome is not None and s.outcome.reason == "out" and s.outcome.winner == 0
    assert shares(s) == expected


@pytest.mark.parametrize(
    ("split", "hands", "expected"),
    [
        ("seed", [["6-6", "5-5"], ["1-2"]], (F(1, 4), F(3, 4))),             # 10 against 3
        ("winner_takes_all", [["6-6", "5-5"], ["1-2"]], (F(0), F(1))),
        ("seed", [["6-6", "1-2"], ["0-3"]], (F(1, 2), F(1, 2))),             # 3 against 3: shared
        ("winner_takes_all", [["6-6", "1-2"], ["0-3"]], (F(1, 2), F(1, 2))),
    ],
)
def test_brg_5_two_players_blocked(split: str, hands: list[list[str]], expected: tuple[F, F]) -> None:
    """BRG-5 with 2 players, blocked: the lower count takes 3/4 (or all); equal counts share."""
    s = dw.new_game("bergen", players=2, two_player_split=split, hands=hands)
    s = s.play("6-6")                          # seat 0 leads; nobody else holds a six: blocked
    assert s.outcome is not None and s.outcome.reason == "blocked"
    assert shares(s) == expected


def test_brg_5_two_player_split_option_is_checked() -> None:
    """BRG-5: the split is 'seed' by default; an unknown value is a ParameterError."""
    assert dw.new_game("bergen", seed=1, players=2).params["two_player_split"] == "seed"
    with pytest.raises(ParameterError):
        dw.new_game("bergen", seed=1, players=2, two_player_split="loser_pays")


# ---------------------------------------------------------------- BRG-6: a match in stakes


@pytest.mark.parametrize("players", [4, 3, 2])
def test_brg_6_match_table_of_winnings_in_exact_stakes(players: int) -> None:
    """BRG-6, BRG-1: each round every player stakes 1 and the pot (one stake each) is shared by
    BRG-5; the match is a number of rounds and its result is each seat's net winnings in stakes,
    as exact fractions (they add up to 0)."""
    rng = random.Random(players)
    m = dw.Match("bergen", seed=7, rounds=3, players=players)
    while True:
        m.play(rng.choice(m.hand.legal_actions()))
        if m.hand.is_over:
            if m.is_over:
                break
            m.new_hand()
    assert len(m.hands) == 3
    assert all(type(x) is F for x in m.scores) and sum(m.scores) == 0
    pots = [h.outcome.points for h in m.hands if h.outcome is not None]
    assert m.scores == tuple(sum(pot[s] * players - 1 for pot in pots) for s in range(players))
    assert [row["hand"] for row in m.table()] == [1, 2, 3]
    with pytest.raises(ValueError):
        m.new_hand()                           # the agreed number of rounds is played


# ---------------------------------------------------------------- BRG-7: not the standard Bergen


def test_brg_7_bergen_standard_is_not_an_alias() -> None:
    """BRG-7: the standard Bergen is a different game; ``bergen_standard`` must not start this one."""
    with pytest.raises(ValueError):
        dw.new_game("bergen_standard", seed=1)
    with pytest.raises(ValueError):
        dw.get_variant("bergen_standard")
    assert "bergen_standard" not in dw.available_variants()


def test_brg_5_the_shares_kept_per_key_are_those_computed_afresh() -> None:
    """BRG-5: `pot_shares` keeps its answer per (who went out in order, the counts when blocked);
    on random hands of 2, 3 and 4 players, with both two-player splits, the kept answer is the one
    computed afresh from the same hand, and every share an exact fraction adding up to 1."""
    from domino_widgets.core.engine import apply_code, hand_count, legal_codes, split_places
    from domino_widgets.variants import bergen

    def afresh(c: object) -> tuple[object, tuple[F, ...]]:  # pot_shares as written before it kept answers
        n = c.cfg.players  # type: ignore[attr-defined]
        whole = n == 2 and c.cfg.params["two_player_split"] == "winner_takes_all"  # type: ignore[attr-defined]
        prizes = [F(1)] if whole else [F(3, 4), F(1, 4)]
        out = list(c.finished)  # type: ignore[attr-defined]
        got = {seat: F(0) for seat in range(n)}
        for place, seat in enumerate(out[: len(prizes)]):
            got[seat] = prizes[place]
        rest = prizes[len(out):]
        if rest:
            others = [(hand_count(c, s), s) for s in range(n) if s not in out]  # type: ignore[arg-type]
            got.update(split_places(others, rest + [F(0)] * len(others)))
        if out:
            winner = out[0]
        else:
            counts = [hand_count(c, s) for s in range(n)]  # type: ignore[arg-type]
            low = [s for s, x in enumerate(counts) if x == min(counts)]
            winner = low[0] if len(low) == 1 else None
        return winner, tuple(got[s] for s in range(n))

    ends = set()
    for seed in range(400):
        params = [{}, {"players": 2}, {"players": 2, "two_player_split": "winner_takes_all"}, {"players": 4}][seed % 4]
        c = dw.new_game("bergen", seed=seed, **params).core
        rng = random.Random(seed)
        while not c.over:
            codes = legal_codes(c)
            apply_code(c, codes[int(rng.random() * len(codes))])
        assert bergen.pot_shares(c) == afresh(c) and c.points == afresh(c)[1], seed
        assert all(type(x) is F for x in c.points) and sum(c.points) == 1
        ends.add((c.reason, len(c.finished)))
    assert ends == {("blocked", 0), ("blocked", 1), ("out", 1), ("out", 2)}  # every way a hand ends
