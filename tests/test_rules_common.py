"""The common rules COM-1..8 of docs/rules.md, checked against the rules core.

Every test is a scripted deal (``dw.new_game(variant, hands=..., boneyard=..., leader=...)``,
boneyard in draw order, unlisted tiles out of play) with a comment per play saying what the
rule demands, or a set of seeded deals where the rule is about randomness (COM-7).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets import Action, ActionKind, End, GameState, Tile

LINE_VARIANTS = ("block", "draw_cz", "draw")


def ends(s: GameState) -> dict[str, int]:
    """The open ends as ``{"left": 3, ...}``."""
    return {str(e): v for e, v in s.ends.items()}


def names(actions: Any) -> list[str]:
    return [str(a) for a in actions]


def tiles_in(obj: Any) -> Iterator[Tile]:
    """Every `Tile` reachable from the fields of a (nested) dataclass, tuple or dict."""
    if isinstance(obj, Tile):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from tiles_in(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            yield from tiles_in(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from tiles_in(k)
            yield from tiles_in(v)


def random_hand(variant: str, seed: int) -> GameState:
    """A seeded hand played to its end with seeded random legal actions."""
    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------- COM-1 line of play


def test_com1_touching_halves_match_and_the_far_half_becomes_the_end() -> None:
    """COM-1: a tile goes only where its half matches an open end; its other half is then open."""
    s = dw.new_game("block", hands=[["3-5", "5-5", "0-1"], ["1-3", "6-6", "2-4"]], leader=0)
    s = s.play("3-5")  # the lead: the line shows 3 on the left and 5 on the right
    assert ends(s) == {"left": 3, "right": 5}
    # seat 1: only 1-3 matches (its 3 against the left 3); 6-6 and 2-4 match nothing
    assert names(s.legal_actions()) == ["1-3 left"]
    with pytest.raises(dw.IllegalPlayError, match="fits no open end"):
        s.play("2-4")
    with pytest.raises(dw.IllegalPlayError, match="does not fit the right end"):
        s.play("1-3 right")
    s = s.play("1-3 left")  # the 3 touches the 3: the left end now shows the far half, 1
    assert ends(s) == {"left": 1, "right": 5}
    (placed,) = s.layout.arms[End.LEFT]
    assert (placed.tile, placed.near, placed.far) == (Tile(1, 3), 3, 1)
    # seat 0: 0-1 matches the new left end, 5-5 the right end
    assert sorted(names(s.legal_actions())) == ["0-1 left", "5-5 right"]


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(LINE_VARIANTS), seed=st.integers(0, 2**32))
def test_com1_every_line_matches_and_has_exactly_two_open_ends(variant: str, seed: int) -> None:
    """COM-1: along any played line, touching halves are equal, and a line has two open ends."""
    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        if len(s.layout):
            assert sorted(s.ends) == [End.LEFT, End.RIGHT]  # a non-spinner line: two ends
    chain = s.layout.chain()
    for (_, _, right), (_, left, _) in zip(chain, chain[1:]):
        assert right == left  # touching halves match
    assert (chain[0][1], chain[-1][2]) == (s.ends[End.LEFT], s.ends[End.RIGHT])


# ---------------------------------------------------------------- COM-2 doubles


def test_com2_a_double_is_crosswise_and_shows_its_number_once() -> None:
    """COM-2: a double (not a spinner) keeps the end showing its number; it opens no new side."""
    s = dw.new_game("block", hands=[["3-4", "3-3", "1-1"], ["4-6", "0-3", "2-2"]], leader=0)
    s = s.play("3-4")  # ends 3 | 4
    s = s.play("4-6 right")  # seat 1: ends 3 | 6
    s = s.play("3-3 left")  # seat 0 lays the double crosswise on the 3: the end still shows 3
    assert ends(s) == {"left": 3, "right": 6}
    (double,) = s.layout.arms[End.LEFT]
    assert double.crosswise and (double.near, double.far) == (3, 3)
    # seat 1: 0-3 goes on the double's 3 as on any 3; nothing can go on the double's sides
    assert names(s.legal_actions()) == ["0-3 left"]


def test_com2_a_double_lead_in_a_line_game_is_no_spinner() -> None:
    """COM-2 (vs COM-3): in the Greek draw game the 6-6 lead gives two ends, never four."""
    s = dw.new_game("draw", hands=[["6-6", "6-3", "0-0"], ["6-5", "6-4", "1-1"]], boneyard=["1-2"])
    s = s.play("6-6")  # DRW-2: the double leads; both ends show 6
    s = s.play("5-6 left")  # ends 5 | 6
    s = s.play("3-6 right")  # both sides of the double are taken: ends 5 | 3, still only two
    assert ends(s) == {"left": 5, "right": 3}
    with pytest.raises(dw.IllegalPlayError, match="no up end"):
        s.play("4-6 up")  # a line has no long sides to play on


# ---------------------------------------------------------------- COM-3 spinner


def test_com3_spinner_long_sides_open_only_after_both_short_sides() -> None:
    """COM-3: the All Fives spinner takes tiles up and down only once left and right hold one."""
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "5-6"], ["1-5", "4-5", "2-2"]],
                    boneyard=["0-1"], leader=0)
    s = s.play("5-5")  # the spinner: two short sides open, both show 5
    assert ends(s) == {"left": 5, "right": 5}
    s = s.play("1-5 left")  # seat 1 fills the left side; the long sides stay closed
    assert ends(s) == {"left": 1, "right": 5}
    assert names(s.legal_actions()) == ["3-5 right", "5-6 right"]  # nothing up or down yet
    with pytest.raises(dw.IllegalPlayError, match="up end is not open"):
        s.play("5-6 up")
    s = s.play("3-5 right")  # seat 0 fills the right side: now the long sides open, showing 5
    assert ends(s) == {"left": 1, "right": 3, "up": 5, "down": 5}
    # seat 1: 4-5 fits only the long sides; 2-2 fits nothing
    assert names(s.legal_actions()) == ["4-5 up", "4-5 down"]
    s = s.play("4-5 up")
    assert ends(s) == {"left": 1, "right": 3, "up": 4, "down": 5}


# ---------------------------------------------------------------- COM-4 must play


def test_com4_no_voluntary_pass_in_the_block_game() -> None:
    """COM-4: a player holding a play may not pass; passing is legal only without one."""
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4"]], leader=0)
    s = s.play("6-6")
    # seat 1 holds 6-5, which fits: pass is not among the actions and is refused
    assert all(a.kind is ActionKind.PLAY for a in s.legal_actions())
    with pytest.raises(dw.IllegalPlayError, match="COM-4"):
        s.play("pass")
    s = s.play("5-6 left")  # ends 5 | 6
    # seat 0 holds only 1-2: now pass is the only action
    assert s.legal_actions() == [Action.pass_()]


def test_com4_no_voluntary_draw_and_no_pass_while_the_boneyard_has_tiles() -> None:
    """COM-4/COM-5: with a play you may not draw; without one you must draw, not pass."""
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "0-3"]], boneyard=["0-0", "2-2"])
    s = s.play("6-6")
    # seat 1 can lay 6-5: drawing is refused although the boneyard has tiles
    with pytest.raises(dw.IllegalPlayError, match="legal play"):
        s.play("draw")
    before = s.legal_actions()
    with pytest.raises(dw.IllegalPlayError):
        s.play("pass")
    assert s.legal_actions() == before  # the refused actions changed nothing
    s = s.play("5-6 left")  # ends 5 | 6
    # seat 0 holds 1-2, which fits nothing: he must draw (pass is refused)
    assert s.legal_actions() == [Action.draw()]
    with pytest.raises(dw.IllegalPlayError, match="must draw"):
        s.play("pass")


# ---------------------------------------------------------------- COM-5 drawing


def draw_scenario() -> GameState:
    """Seat 1 cannot play on 6-6 and draws 1-1, 0-4 (no fit) and 5-6 (fits); 2-3 stays below."""
    return dw.new_game("draw", hands=[["6-6", "4-4", "3-3"], ["1-2", "0-3"]],
                       boneyard=["1-1", "0-4", "5-6", "2-3"])


def test_com5_draw_one_at_a_time_until_playable_then_play_it_at_once() -> None:
    """COM-5 (DRW-3): draw one tile at a time; the first playable one is played at once."""
    s = draw_scenario().play("6-6")  # DRW-2: seat 0 leads the highest double; ends 6 | 6
    assert s.current_player == 1 and s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # seat 1 draws 1-1: no fit, he stays on turn and draws again
    assert s.last_action == Action.draw("1-1")
    assert s.current_player == 1 and s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # 0-4: no fit either
    assert s.current_player == 1 and s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # 5-6 fits: the drawing stops (2-3 stays in the boneyard) ...
    assert s.boneyard == (Tile(2, 3),)
    # ... and the drawn tile must be played at once: only 5-6, at either end, no draw, no pass
    assert names(s.legal_actions()) == ["5-6 left", "5-6 right"]
    for refused in ("draw", "pass", "1-2", "1-1"):
        with pytest.raises(dw.IllegalPlayError):
            s.play(refused)
    s = s.play("5-6 right")
    assert s.current_player == 0 and ends(s) == {"left": 6, "right": 5}
    assert s.hand(1) == (Tile(1, 1), Tile(1, 2), Tile(0, 3), Tile(0, 4))


def test_com5_the_other_seat_sees_the_draws_and_the_ends_but_not_the_tiles() -> None:
    """COM-5: others see how many tiles were drawn and the open ends then, never which tiles."""
    s = draw_scenario().play("6-6")
    ends_then = ((End.LEFT, 6), (End.RIGHT, 6))
    s = s.play("draw").play("draw").play("draw")  # 1-1, 0-4, 5-6 (see the test above)
    seen = s.view(0).history  # what seat 0 saw
    assert [(e.seat, str(e.action)) for e in seen] == [(0, "6-6"), (1, "draw"), (1, "draw"), (1, "draw")]
    assert [e.ends for e in seen[1:]] == [ends_then] * 3  # the open ends at each draw
    assert s.view(0).hand_sizes == (2, 5)  # the number of draws shows in the hand size
    hidden = {Tile(1, 1), Tile(0, 4), Tile(5, 6), Tile(1, 2), Tile(0, 3)}
    assert not hidden & set(tiles_in(s.view(0)))  # no drawn (or held) tile of seat 1 leaks
    # the drawer himself sees which tiles he drew
    own = s.view(1).history
    assert names(e.action for e in own[1:]) == ["draw 1-1", "draw 0-4", "draw 5-6"]
    # once 5-6 is played it is public; 1-1 and 0-4 stay hidden in seat 1's hand
    s = s.play("5-6 left")
    view = s.view(0)
    assert str(view.history[-1].action) == "5-6 left" and view.history[-1].ends == ends_then
    assert not {Tile(1, 1), Tile(0, 4)} & set(tiles_in(view))


def test_com5_boneyard_runs_out_then_pass() -> None:
    """COM-5: if the boneyard runs out and he still cannot play, he passes."""
    s = dw.new_game("draw", hands=[["6-6", "6-5", "0-0"], ["1-2"]], boneyard=["1-1", "0-4"])
    s = s.play("6-6")  # ends 6 | 6; seat 1 holds 1-2
    s = s.play("draw").play("draw")  # 1-1 and 0-4: no fit, and the boneyard is now empty
    assert s.boneyard == () and not s.is_over  # seat 0 can still play: not blocked
    assert s.current_player == 1 and s.legal_actions() == [Action.pass_()]
    with pytest.raises(dw.IllegalPlayError, match="boneyard is empty"):
        s.play("draw")
    s = s.play("pass")  # the turn goes to seat 0
    assert s.current_player == 0 and names(s.legal_actions()) == ["5-6 left", "5-6 right"]


# ---------------------------------------------------------------- COM-6 blocked


def test_com6_block_game_ends_the_moment_nobody_can_play() -> None:
    """COM-6: the play that leaves nobody able to play ends the hand, without any pass."""
    s = dw.new_game("block", hands=[["6-6", "0-1"], ["6-5", "2-3", "3-4"]], leader=0)
    s = s.play("6-6")
    s = s.play("5-6 left")  # ends 5 | 6: seat 0 holds 0-1, seat 1 holds 2-3 and 3-4: nobody fits
    assert s.is_over and s.outcome is not None and s.outcome.reason == "blocked"
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(dw.GameOverError):
        s.play("pass")


def test_com6_draw_game_is_not_blocked_while_the_boneyard_has_tiles() -> None:
    """COM-6: nobody can play, but a tile can be drawn: not blocked; the last draw blocks it."""
    s = dw.new_game("draw", hands=[["6-6", "0-1"], ["6-5", "2-3"]], boneyard=["1-2", "0-4"])
    s = s.play("6-6")
    s = s.play("5-6 left")  # ends 5 | 6; nobody holds a 5 or a 6 ...
    assert not s.is_over and s.legal_actions() == [Action.draw()]  # ... but seat 0 can draw
    s = s.play("draw")  # 1-2: no fit; one tile left
    assert not s.is_over
    s = s.play("draw")  # 0-4, the last tile: nobody can play and nobody can draw
    assert s.is_over and s.outcome is not None and s.outcome.reason == "blocked"


# ---------------------------------------------------------------- COM-7 one seeded source


@pytest.mark.parametrize("variant", [*LINE_VARIANTS, "matador"])
def test_com7_same_seed_same_deal(variant: str) -> None:
    """COM-7: a seed fixes the shuffle, the deal, the boneyard order and the removed tiles."""
    deals = set()
    for seed in range(10):
        a, b = dw.new_game(variant, seed=seed), dw.new_game(variant, seed=seed)
        assert (a.hands, a.boneyard, a.out_of_play, a.current_player) == (
            b.hands, b.boneyard, b.out_of_play, b.current_player)
        deals.add(a.hands)
    assert len(deals) == 10  # and the seed matters: ten seeds, ten different deals


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_com7_same_seed_replays_the_same_hand(variant: str) -> None:
    """COM-7: same seed and same choices give the same hand, draws included."""
    for seed in range(5):
        a, b = random_hand(variant, seed), random_hand(variant, seed)
        assert a == b and a.history == b.history and a.outcome == b.outcome


def test_com7_a_draw_takes_the_next_tile_of_the_seeded_boneyard() -> None:
    """COM-7: draws come from the seeded shuffle: the tile drawn is the next in seeded order."""
    drawn = 0
    for seed in range(10):
        s = dw.new_game("draw", seed=seed)
        while not s.is_over:
            actions = s.legal_actions()
            if actions == [Action.draw()]:
                nxt, drawer = s.boneyard[0], s.current_player
                assert drawer is not None
                s = s.play("draw")
                assert s.last_action == Action.draw(nxt) and nxt in s.hand(drawer)
                drawn += 1
            else:
                s = s.play(actions[0])
    assert drawn > 0


# ---------------------------------------------------------------- COM-8 choices


def test_com8_the_player_chooses_the_end() -> None:
    """COM-8: a tile that fits two ends goes where the player says; unnamed, it is ambiguous."""
    s = dw.new_game("block", hands=[["2-6", "2-5", "0-0"], ["5-6", "1-1", "0-1"]], leader=0)
    s = s.play("2-6")  # ends 2 | 6
    s = s.play("5-6 right")  # ends 2 | 5
    # seat 0's 2-5 fits both ends: two actions, one per end
    assert names(s.legal_actions()) == ["2-5 left", "2-5 right"]
    with pytest.raises(dw.AmbiguousPlayError, match="'2-5 left', '2-5 right'"):
        s.play("2-5")  # the end must be named
    assert names(s.legal_actions()) == ["2-5 left", "2-5 right"]  # the refusal changed nothing
    left = s.play("2-5 left")  # the 2 touches the left 2: the left end now shows 5
    assert ends(left) == {"left": 5, "right": 5}
    right = s.play("2-5 right")  # the 5 touches the right 5: the right end now shows 2
    assert ends(right) == {"left": 2, "right": 2}


def test_com8_same_number_at_both_ends_still_needs_an_end() -> None:
    """COM-8: on a double lead both ends show 6; 5-6 is still laid at a named end."""
    s = dw.new_game("block", hands=[["6-6", "1-2", "0-0"], ["6-5", "5-4"]], leader=0)
    s = s.play("6-6")
    with pytest.raises(dw.AmbiguousPlayError) as err:
        s.play("6-5")
    assert isinstance(err.value, dw.IllegalPlayError) and isinstance(err.value, ValueError)
    s = s.play("5-6 right")  # the player chose the right end
    assert ends(s) == {"left": 6, "right": 5}
    assert [p.tile for p in s.layout.arms[End.RIGHT]] == [Tile(5, 6)] and s.layout.arms[End.LEFT] == ()


def test_com8_the_player_chooses_which_half_touches_in_matador() -> None:
    """COM-8 (MAT-3): a matador fits one end in two orientations; the player names the half."""
    s = dw.new_game("matador", hands=[["3-3", "0-1"], ["1-6", "2-2"]], boneyard=["0-2"], leader=0)
    s = s.play("3-3")  # both ends show 3; seat 1 has no 4 to make 7, but holds the matador 6-1
    assert names(s.legal_actions()) == ["1-6 left 1", "1-6 left 6", "1-6 right 1", "1-6 right 6"]
    with pytest.raises(dw.AmbiguousPlayError, match="'1-6 left 1', '1-6 left 6'"):
        s.play("1-6 left")  # the end is named, the touching half is not
    six = s.play("1-6 left 6")  # the 6 touches: the left end shows 1 (the next player needs a 6)
    assert ends(six) == {"left": 1, "right": 3}
    one = s.play("1-6 left 1")  # the 1 touches: the left end shows 6 (the next player needs a 1)
    assert ends(one) == {"left": 6, "right": 3}
