"""Rule tests for Matador, ``matador`` (docs/rules.md MAT-1..MAT-5, with COM-4/5/8 and DCZ-3/4).

Each test names the rule ids it checks. Positions are scripted deals with a comment per play:
``new_game("matador", hands=[...], boneyard=[...], leader=...)``; the boneyard is drawn in the
order listed and ``boneyard=[]`` means it is empty. In the line, the lead ``a-b`` (a <= b)
shows ``a`` on the left and ``b`` on the right.
"""

from __future__ import annotations

import random

import pytest

import domino_widgets as dw
from domino_widgets import End, GameState, Tile, tile_set
from domino_widgets.core.errors import AmbiguousPlayError, IllegalPlayError

MATADORS = {Tile(0, 0), Tile(1, 6), Tile(2, 5), Tile(3, 4)}
# A boneyard that nobody in these positions needs to reach (drawing is never forced here).
SPARE = ["0-3", "0-4", "0-5"]


def legal(s: GameState) -> set[str]:
    """The legal actions of the player to move, in notation."""
    return {str(a) for a in s.legal_actions()}


# ---------------------------------------------------------------- MAT-1: the deal


def test_mat_1_seeded_deal_three_removed_three_each_nineteen_in_boneyard() -> None:
    """MAT-1: 3 tiles removed unseen, 3 tiles each, the remaining 19 form the boneyard."""
    removed_ever: set[Tile] = set()
    leaders = set()
    for seed in range(200):
        s = dw.new_game("matador", seed=seed)
        assert [len(h) for h in s.hands] == [3, 3]
        assert len(s.out_of_play) == 3 and len(s.boneyard) == 19
        every = [*s.hands[0], *s.hands[1], *s.out_of_play, *s.boneyard]
        assert sorted(every) == list(tile_set(6))  # each tile exactly once
        removed_ever |= set(s.out_of_play)
        leaders.add(s.current_player)
        assert s.view(0).out_of_play_size == 3
    assert removed_ever == set(tile_set(6))      # any tile can be the one removed
    assert leaders == {0, 1}                     # the leader is chosen by lot


def test_mat_1_seeded_deal_replays() -> None:
    """MAT-1, COM-7: the removal, the deal and the leader come from the seed."""
    a, b = dw.new_game("matador", seed=42), dw.new_game("matador", seed=42)
    assert (a.hands, a.out_of_play, a.boneyard, a.current_player) == (b.hands, b.out_of_play, b.boneyard,
                                                                        b.current_player)


def test_mat_1_view_does_not_reveal_removed_tiles_seeded() -> None:
    """MAT-1, DESIGN 3: no part of a seat's view names a removed tile, even at the end of the hand."""
    rng = random.Random(0)
    for seed in range(12):
        s = dw.new_game("matador", seed=seed)
        removed = set(s.out_of_play)
        while True:
            for seat in (0, 1):
                v = s.view(seat)
                shown = {*v.hand, *(p.tile for p in v.layout.placements())}
                shown |= {e.action.tile for e in v.history if e.action.tile is not None}
                shown |= {a.tile for a in v.legal_actions if a.tile is not None}
                if v.revealed is not None:
                    shown |= {t for h in v.revealed for t in h}
                assert not shown & removed
                assert v.out_of_play_size == 3
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))


def test_mat_1_views_are_equal_whichever_tiles_were_removed() -> None:
    """MAT-1: two deals that differ only in which tile is removed and which lies in the boneyard
    give every seat exactly the same view (the removed tiles are unseen by anyone)."""
    hands = [["3-3", "0-1", "2-2"], ["5-5", "1-1", "0-2"]]
    removed_a, removed_b = ["6-6", "5-6", "4-6"], ["6-6", "5-6", "4-4"]
    held = {Tile.parse(t) for h in hands for t in h}
    rest = [str(t) for t in tile_set(6) if t not in held and str(t) not in [*removed_a, *removed_b, "1-5"]]
    yard_a = ["1-5", *rest, "4-4"]             # 4-4 lies at the bottom of the boneyard ...
    yard_b = ["1-5", *rest, "4-6"]             # ... or the 4-6 does, and 4-4 is removed
    assert len(yard_a) == 19
    a = dw.new_game("matador", hands=hands, boneyard=yard_a, out=removed_a, leader=0)
    b = dw.new_game("matador", hands=hands, boneyard=yard_b, out=removed_b, leader=0)
    for step in ["3-3", "draw"]:               # seat 0 leads 3-3; seat 1 (no 4, no matador) draws 1-5
        for seat in (0, 1):
            assert a.view(seat) == b.view(seat)
        a, b = a.play(step), b.play(step)
    for seat in (0, 1):
        assert a.view(seat) == b.view(seat)
    assert a.hand(1) == b.hand(1) == (Tile(1, 1), Tile(0, 2), Tile(1, 5), Tile(5, 5))


# ---------------------------------------------------------------- MAT-2: sum to 7


def test_mat_2_leader_lays_any_tile() -> None:
    """MAT-2: the leader may lead any tile of his hand, matadors included."""
    matador_leads = 0
    for seed in range(40):
        s = dw.new_game("matador", seed=seed)
        assert s.current_player is not None
        leads = {a.tile for a in s.legal_actions()}
        assert leads == set(s.hand(s.current_player))
        matador_leads += bool(leads & MATADORS)
    assert matador_leads > 0                   # some of these deals give the leader a matador


def test_mat_2_touching_halves_sum_to_seven() -> None:
    """MAT-2: a 5 takes a 2, a 6 takes a 1; equal numbers do not match."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["2-3", "1-4", "5-5", "6-6"]], boneyard=SPARE, leader=0)
    s = s.play("5-6")                          # seat 0 leads: left shows 5, right shows 6
    assert legal(s) == {"2-3 left", "1-4 right"}  # 5-5 and 6-6 do not fit: 5+5, 6+6 are not 7
    s = s.play("2-3 left")                     # seat 1: 2 against 5, the 3 is free
    assert s.ends == {End.LEFT: 3, End.RIGHT: 6}
    with pytest.raises(IllegalPlayError):
        s.play("0-1 left")                     # seat 0: 1 against 3 is not 7


def test_mat_2_a_blank_takes_nothing_ordinary() -> None:
    """MAT-2: an end showing 0 would need a 7: no ordinary tile fits it."""
    blanks_and_more = ["0-1", "0-2", "0-5", "0-6", "1-1", "2-2", "5-5", "6-6", "1-5", "2-6"]
    s = dw.new_game("matador", hands=[["0-3", "4-4"], blanks_and_more], boneyard=["3-3"], leader=0)
    s = s.play("0-3")                          # seat 0: left shows 0, right shows 3
    assert legal(s) == {"draw"}                # seat 1: none of his tiles makes 7 with 0 or 3
    s = s.play("draw")                         # seat 1 draws 3-3: still nothing, and the boneyard is empty
    assert legal(s) == {"pass"}                # (seat 0's 4-4 still fits the 3: not blocked)


def test_mat_2_a_blank_tile_goes_with_its_other_half() -> None:
    """MAT-2: a 0-4 fits a 3 with its 4 touching, leaving a blank end."""
    s = dw.new_game("matador", hands=[["0-3", "1-2"], ["0-4", "0-6"]], boneyard=SPARE[2:], leader=0)
    s = s.play("0-3")                          # seat 0: ends 0 and 3
    assert legal(s) == {"0-4 right"}           # seat 1: only the 4 against the 3
    s = s.play("0-4 right")
    assert s.ends == {End.LEFT: 0, End.RIGHT: 0}


# ---------------------------------------------------------------- MAT-3: matadors


def test_mat_3_no_matador_while_an_ordinary_play_exists() -> None:
    """MAT-3: a matador may be laid only when the player has no ordinary play."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["3-4", "2-3"]], boneyard=SPARE, leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    assert legal(s) == {"2-3 left"}            # seat 1: 2-3 fits, so the 3-4 matador waits
    with pytest.raises(IllegalPlayError):
        s.play("3-4 right 3")


def test_mat_3_matador_any_end_either_half_when_no_ordinary_play() -> None:
    """MAT-3, MAT-4, COM-8: no ordinary play: the matador goes on either end, either half touching,
    and must be laid (no draw, although the boneyard has tiles)."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["3-4", "4-4"]], boneyard=SPARE, leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6; seat 1's 4-4 needs a 3
    assert legal(s) == {"3-4 left 3", "3-4 left 4", "3-4 right 3", "3-4 right 4"}
    with pytest.raises(AmbiguousPlayError):
        s.play("3-4 left")                     # COM-8: the touching half must be named
    with pytest.raises(IllegalPlayError):
        s.play("draw")                         # MAT-4: holding a matador, he must lay it


@pytest.mark.parametrize(("play", "free", "answer"), [("3-4 left 3", 4, "3-5 left"), ("3-4 left 4", 3, "4-5 left")])
def test_mat_3_next_player_makes_seven_against_the_free_half(play: str, free: int, answer: str) -> None:
    """MAT-3, COM-8: the touching half is the player's choice; the next player must make 7
    against the matador's free half."""
    s = dw.new_game("matador", hands=[["5-6", "3-5", "4-5", "2-2"], ["3-4", "4-4"]], boneyard=SPARE, leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    s = s.play(play)                           # seat 1 lays the 3-4 matador on the left
    assert s.ends == {End.LEFT: free, End.RIGHT: 6}
    assert legal(s) == {answer}                # seat 0: only the tile that makes 7 with the free half


def test_mat_3_notation_names_the_touching_half() -> None:
    """COM-8, MAT-3: ``"1-6 left 6"`` lays the 6 against the left end, so the left end shows 1."""
    s = dw.new_game("matador", hands=[["0-3", "2-2"], ["1-6", "5-5"]], boneyard=SPARE[2:], leader=0)
    s = s.play("0-3")                          # seat 0: ends 0 and 3; seat 1's 5-5 needs a 2
    assert legal(s) == {"1-6 left 1", "1-6 left 6", "1-6 right 1", "1-6 right 6"}  # even on the blank
    s6 = s.play("1-6 left 6")
    assert s6.ends[End.LEFT] == 1 and s6.layout.arms[End.LEFT][0].near == 6
    s1 = s.play("1-6 left 1")
    assert s1.ends[End.LEFT] == 6


def test_mat_3_double_blank_matador() -> None:
    """MAT-3: the 0-0 is a matador, at either end; after it the end shows 0 and takes only matadors."""
    s = dw.new_game("matador", hands=[["5-6", "4-5", "2-2"], ["0-0", "4-4"]], boneyard=SPARE, leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    assert legal(s) == {"0-0 left", "0-0 right"}  # seat 1: a double has one way to touch
    s = s.play("0-0 left")                     # left shows 0
    assert legal(s) == {"draw"}                # seat 0: 4-5 and 2-2 fit neither 0 nor 6


def test_mat_3_option_matadors_any_time() -> None:
    """MAT-3 option: with matadors_any_time=True a matador may be laid even beside an ordinary play."""
    hands = [["5-6", "0-1"], ["3-4", "2-3"]]
    s = dw.new_game("matador", hands=hands, boneyard=SPARE, leader=0, matadors_any_time=True)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    assert legal(s) == {"2-3 left", "3-4 left 3", "3-4 left 4", "3-4 right 3", "3-4 right 4"}


# ---------------------------------------------------------------- MAT-4: drawing


def test_mat_4_draw_until_playable_then_play() -> None:
    """MAT-4, COM-5: holding neither an ordinary play nor a matador, draw until a tile fits, then play it."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["5-5", "3-3"]], boneyard=["0-3", "2-4", "1-1"], leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6 (they take a 2 or a 1)
    assert legal(s) == {"draw"}                # seat 1: 5-5 and 3-3 fit nothing
    s = s.play("draw")                         # seat 1 draws 0-3: nothing
    assert s.current_player == 1 and legal(s) == {"draw"}
    s = s.play("draw")                         # seat 1 draws 2-4: the 2 fits the 5
    assert legal(s) == {"2-4 left"}            # he plays it at once; no more drawing
    s = s.play("2-4 left")
    assert s.ends == {End.LEFT: 4, End.RIGHT: 6}


def test_mat_4_drawn_matador_must_be_laid() -> None:
    """MAT-4: a player who draws a matador (and still has no ordinary play) must lay it."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["5-5", "3-3"]], boneyard=["2-5", "1-1"], leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    s = s.play("draw")                         # seat 1 draws the 2-5 matador
    # the 2-5 also fits the 5 ordinarily (2 against 5): that ordinary play is the only play
    assert legal(s) == {"2-5 left"}
    t = dw.new_game("matador", hands=[["5-6", "0-1"], ["5-5", "3-3"]], boneyard=["3-4", "1-1"], leader=0)
    t = t.play("5-6").play("draw")             # seat 1 draws the 3-4 matador: no ordinary play
    assert legal(t) == {"3-4 left 3", "3-4 left 4", "3-4 right 3", "3-4 right 4"}


def test_mat_4_pass_with_empty_boneyard() -> None:
    """MAT-4: with the boneyard empty, a player with neither kind of play passes."""
    s = dw.new_game("matador", hands=[["5-6", "2-3"], ["5-5", "3-3"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    assert legal(s) == {"pass"}                # seat 1
    s = s.play("pass")
    assert s.current_player == 0 and legal(s) == {"2-3 left"}


def test_mat_4_matador_with_empty_boneyard_is_laid_not_passed() -> None:
    """MAT-4: with the boneyard empty a player holding a matador lays it (no pass)."""
    s = dw.new_game("matador", hands=[["5-6", "2-3"], ["5-5", "0-0"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0
    assert legal(s) == {"0-0 left", "0-0 right"}  # seat 1


# ---------------------------------------------------------------- MAT-5: winning


def test_mat_5_empty_hand_is_not_out_while_boneyard_has_tiles() -> None:
    """MAT-5, DCZ-3: a player whose hand is empty draws on his turn while the boneyard has tiles."""
    s = dw.new_game("matador", hands=[["5-6"], ["2-2", "3-3"]], boneyard=["0-4", "1-1", "0-3"], leader=0)
    s = s.play("5-6")                          # seat 0 lays his only tile: the boneyard is not empty
    assert not s.is_over
    s = s.play("2-2 left")                     # seat 1: 2 against 5
    assert s.current_player == 0 and legal(s) == {"draw"}  # seat 0 holds nothing: he draws
    s = s.play("draw")                         # seat 0 draws 0-4: nothing fits 2 or 6
    assert not s.is_over and legal(s) == {"draw"}


def test_mat_5_empty_hand_wins_when_opponent_draws_the_last_tile() -> None:
    """MAT-5, DCZ-4: the hand ends the moment the boneyard is empty and a player holds no tiles."""
    s = dw.new_game("matador", hands=[["5-6"], ["3-3", "4-4"]], boneyard=["0-2"], leader=0)
    s = s.play("5-6")                          # seat 0 empties his hand; one tile left in the boneyard
    assert not s.is_over
    s = s.play("draw")                         # seat 1 (nothing fits) draws the last tile
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == "out" and s.outcome.winner == 0
    assert s.outcome.points == (1, 0)          # a match counts hands won


def test_mat_5_last_tile_with_empty_boneyard_wins() -> None:
    """MAT-5, DCZ-4: laying the last tile when the boneyard is empty wins at once."""
    s = dw.new_game("matador", hands=[["5-6", "1-3"], ["2-4", "0-0"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6
    s = s.play("2-4 left")                     # seat 1: 2 against 5, shows 4
    s = s.play("1-3 left")                     # seat 0: 3 against 4, and his hand is empty
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.points == (1, 0)


def test_mat_5_blocked_lower_count_wins() -> None:
    """MAT-5, COM-6: blocked (no play, no matador, empty boneyard): the lower count wins the hand."""
    s = dw.new_game("matador", hands=[["5-6", "0-4"], ["3-3"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0: ends 5 and 6 need a 2 or a 1: nobody has one
    assert s.is_over and s.outcome is not None and s.outcome.reason == "blocked"
    assert s.outcome.counts == (4, 6)
    assert s.outcome.winner == 0 and s.outcome.points == (1, 0)


def test_mat_5_blocked_lower_count_wins_for_the_second_seat() -> None:
    """MAT-5: the lower count wins, whoever moved last."""
    s = dw.new_game("matador", hands=[["5-6", "4-4"], ["0-3"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0 leads; blocked: counts 8 and 3
    assert s.outcome is not None and s.outcome.winner == 1 and s.outcome.points == (0, 1)


def test_mat_5_blocked_equal_counts_is_a_drawn_hand() -> None:
    """MAT-5: blocked with equal counts: a drawn hand, nobody wins."""
    s = dw.new_game("matador", hands=[["5-6", "4-4"], ["3-5"]], boneyard=[], leader=0)
    s = s.play("5-6")                          # seat 0 leads; blocked: counts 8 and 8
    assert s.outcome is not None and s.outcome.reason == "blocked"
    assert s.outcome.winner is None and s.outcome.points == (0, 0)


def test_mat_5_standard_out_at_once_scores_opponents_count() -> None:
    """MAT-5 option standard=True: laying the last tile ends the hand (boneyard or not); the winner
    scores the opponent's count. Without the option the same play does not end the hand."""
    hands = [["5-6", "0-4"], ["1-3", "4-4"]]
    for standard in (True, False):
        s = dw.new_game("matador", hands=hands, boneyard=["0-5", "1-1"], leader=0, standard=standard)
        s = s.play("5-6")                      # seat 0: ends 5 and 6
        s = s.play("1-3 right")                # seat 1: 1 against 6, shows 3
        s = s.play("0-4 right")                # seat 0: 4 against 3: his last tile
        if standard:
            assert s.outcome is not None and s.outcome.reason == "out"
            assert s.outcome.winner == 0 and s.outcome.points == (8, 0)  # seat 1 holds 4-4
        else:
            assert not s.is_over and s.current_player == 1


def test_mat_5_standard_blocked_winner_scores_opponents_count() -> None:
    """MAT-5 option: blocked, the lower count wins and scores the opponent's count."""
    s = dw.new_game("matador", hands=[["5-6", "0-4"], ["3-3"]], boneyard=[], leader=0, standard=True)
    s = s.play("5-6")                          # blocked: counts 4 and 6
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.points == (6, 0)


def test_mat_5_match_to_five_hands_won() -> None:
    """MAT-5: a match counts hands won; the first to 5 wins."""
    m = dw.Match("matador", seed=2)
    assert m.target == 5
    rng = random.Random(2)
    while not m.is_over:
        m.play(rng.choice(m.hand.legal_actions()))
        if m.hand.is_over and not m.is_over:
            assert max(m.scores) < 5
            m.new_hand()
    wins = [sum(h.outcome.winner == s for h in m.hands if h.outcome) for s in (0, 1)]
    assert m.scores == tuple(wins) and max(wins) == 5


def test_mat_5_standard_match_to_100_points() -> None:
    """MAT-5 option: under the standard rule the match is to 100 points, from the opponents' counts."""
    m = dw.Match("matador", seed=4, standard=True)
    assert m.target == 100
    rng = random.Random(4)
    while not m.is_over:
        m.play(rng.choice(m.hand.legal_actions()))
        if m.hand.is_over and not m.is_over:
            m.new_hand()
    assert m.winner is not None and m.scores[m.winner] >= 100
    for h in m.hands:
        o = h.outcome
        assert o is not None
        if o.winner is not None:
            assert o.points[o.winner] == o.counts[1 - o.winner] and o.points[1 - o.winner] == 0


def test_mat_5_other_reading_last_tile_ends_counts_hands_won() -> None:
    """MAT-5's other reading ``last_tile_ends=True``: laying the last tile ends the hand although
    the boneyard has tiles, and the match still counts hands won (to 5); ``standard=True`` is the
    added option that scores the opponent's count to 100."""
    hands = [["3-4"], ["1-6", "2-2"]]
    default = dw.new_game("matador", hands=hands, boneyard=["0-2", "1-1"], leader=0).play("3-4")
    assert not default.is_over                       # the default: the boneyard is not used up
    s = dw.new_game("matador", hands=hands, boneyard=["0-2", "1-1"], leader=0, last_tile_ends=True).play("3-4")
    assert s.is_over and s.outcome.winner == 0 and s.params["target"] == 5
    m = dw.Match("matador", seed=4, last_tile_ends=True)
    assert m.hand.params["target"] == 5 and dw.Match("matador", seed=4, standard=True).hand.params["target"] == 100
