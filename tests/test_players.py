"""AI players of the line games: they see only the view, follow the rules, and play their heuristics.

Rule ids: COM-4/5 (must play, drawing), BLK-3 (pass), A5-4 (scoring), MAT-2/3 (sum to 7, matadors),
BRG-3/4 (the sixes of the 6-6, then the arms), DRW-2 (the highest double leads).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.engine import new_core
from domino_widgets.core.errors import IllegalPlayError, ParameterError
from domino_widgets.core.state import GameState
from domino_widgets.core.tiles import mask_of, tiles_of
from domino_widgets.players import available_players, get_player
from domino_widgets.players.expert import ExpertPlayer
from domino_widgets.players.line import GreedyPlayer, RandomPlayer
from domino_widgets.players.registry import LINE_VARIANTS, register_player
from domino_widgets.players.sampling import HiddenSampler, fallback_sample_hidden, hidden_sampler, known_voids

NAMES = ("random", "greedy", "expert")
FAST = {"expert": {"samples": 6}}


def _player(name: str, variant: str):
    return get_player(name, variant=variant, **FAST.get(name, {}))


def _mover(s: GameState) -> int:
    seat = s.current_player
    assert seat is not None, "the hand is over"
    return seat


def _random_position(variant: str, seed: int, moves: int) -> GameState:
    """A dealt hand played ``moves`` random actions in (stopping before the end)."""
    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed)
    for _ in range(moves):
        nxt = s.play(rng.choice(s.legal_actions()))
        if nxt.is_over:
            break
        s = nxt
    return s


def _hidden_twin(s: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same public history with two tiles ``seat`` cannot see swapped, or None if none works.

    Candidates: tiles an opponent still holds from the deal, tiles out of play, and boneyard
    tiles nobody has drawn yet. The actions are replayed from the changed deal; a swap that
    would make a past pass or draw illegal is rejected by the rules and another one is tried.
    """
    c = s._core
    hands, stock, out, leader = c.initial
    drawn = {-3 - k for k in c.history if k < -2}
    played = {k >> 3 for k in c.history if k >= 0}
    where: dict[int, tuple[str, int]] = {}
    for p, h in enumerate(hands):
        if p != seat:
            for t in tiles_of(h):
                if t.index not in played and t.index not in drawn:
                    where[t.index] = ("hand", p)
    for pos, i in enumerate(stock):
        if i not in drawn:
            where[i] = ("stock", pos)
    for t in tiles_of(out):
        where[t.index] = ("out", 0)
    cands = sorted(where)
    if len(cands) < 2:  # late in a hand everything hidden may be gone (draw_cz, seed 1821, 29 moves)
        return None
    for _ in range(200):
        a, b = rng.sample(cands, 2)
        if where[a][0] == where[b][0] == "out" or (where[a] == where[b]):
            continue
        new_hands = list(hands)
        new_stock = list(stock)
        new_out = out
        for x, y in ((a, b), (b, a)):
            kind, pos = where[x]
            if kind == "hand":
                new_hands[pos] ^= (1 << x) | (1 << y)
            elif kind == "stock":
                new_stock[pos] = y
            else:
                new_out ^= (1 << x) | (1 << y)
        twin = GameState(new_core(c.cfg, hands=new_hands, stock=new_stock, out=new_out, leader=leader, seed=None,
                                  base_scores=c.base_scores))
        try:
            twin = dw.play_all(twin, s.history)  # draws name their tiles: same boneyard positions
        except IllegalPlayError:
            continue
        if twin.view(seat) != s.view(seat):  # DRW-2: a higher double dealt to him changes who may lead
            continue
        return twin
    return None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(LINE_VARIANTS), seed=st.integers(0, 10_000), moves=st.integers(0, 30))
def test_a_player_sees_only_its_view(variant: str, seed: int, moves: int) -> None:
    """Positions that differ only in tiles the seat cannot see give the same choice, same seed."""
    s = _random_position(variant, seed, moves)
    seat = _mover(s)
    twin = _hidden_twin(s, seat, random.Random(seed))
    if twin is None:  # nothing hidden can move without changing the history (rare): use another deal
        s = _random_position(variant, seed + 1, 0)
        seat = _mover(s)
        twin = _hidden_twin(s, seat, random.Random(seed))
    assert twin is not None
    assert twin.hands != s.hands or twin.boneyard != s.boneyard or twin.out_of_play != s.out_of_play
    assert twin.view(seat) == s.view(seat)
    for name in NAMES:
        player = _player(name, variant)
        random.seed(1)  # the global random state must not matter either
        first = player.choose(s.view(seat), random.Random(7))
        random.seed(2)
        second = player.choose(twin.view(seat), random.Random(7))
        assert first == second
        assert first in s.legal_actions()


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_every_player_explains_every_legal_action(variant: str) -> None:
    s = _random_position(variant, 3, 1)
    while len(s.legal_actions()) < 2:  # find a real choice
        s = s.play(s.legal_actions()[0])
    view = s.view(_mover(s))
    for name in NAMES:
        player = _player(name, variant)
        scored = player.explain(view, random.Random(0))
        assert [a for a, _ in scored] == list(view.legal_actions)
        assert all(isinstance(v, float | int) for _, v in scored)
        assert player.choose(view, random.Random(0)) in view.legal_actions
        assert player.name == name and player.value_kind


def test_the_random_player_gives_every_action_an_equal_chance() -> None:
    s = dw.new_game("block", hands=[["0-6", "0-5", "0-4"], ["0-0", "1-1"]], leader=1).play("0-0")
    view = s.view(0)  # 0-6, 0-5 and 0-4 all fit on both ends of 0-0 (COM-8: six actions)
    assert len(view.legal_actions) == 6
    rng = random.Random(5)
    counts: dict[str, int] = {}
    for _ in range(600):
        a = str(RandomPlayer().choose(view, rng))
        counts[a] = counts.get(a, 0) + 1
    assert len(counts) == 6 and min(counts.values()) > 60
    assert {v for _, v in RandomPlayer().explain(view, rng)} == {1 / 6}


# ---------------------------------------------------------------- greedy heuristics, scripted deals


def test_greedy_plays_the_heaviest_tile_in_the_block_and_draw_games() -> None:
    for variant in ("block", "draw_cz"):
        s = dw.new_game(variant, hands=[["4-4", "4-5", "1-4", "2-3"], ["4-0", "2-2"]], leader=1)
        s = s.play("0-4")                   # ends 0 and 4: seat 0 may lay 4-4, 4-5 or 1-4
        assert GreedyPlayer().choose(s.view(0), random.Random(0)) == dw.Action.parse("4-5 right")
    s = dw.new_game("draw", hands=[["1-5", "3-5", "0-1"], ["5-5", "2-2"]], boneyard=["0-0"])
    s = s.play("5-5")                       # DRW-2: 5-5 leads; 3-5 (8) beats 1-5 (6)
    assert GreedyPlayer().choose(s.view(0), random.Random(0)).tile == dw.Tile(3, 5)


def test_greedy_scores_first_then_plays_heavy_in_all_fives() -> None:
    s = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
    s = s.play("5-5")                       # DRW-2 and A5-4: the 5-5 leads and scores 10
    s = s.play("1-5 right")                 # ends: the spinner (10) and 1 = 11, no score
    # seat 0: 0-5 left makes 0 + 1 = 1 (no score); 4-5 left makes 4 + 1 = 5: five points
    assert GreedyPlayer().choose(s.view(0), random.Random(0)) == dw.Action.parse("4-5 left")
    s = dw.new_game("all_fives", hands=[["3-3", "3-6", "0-3"], ["1-3", "2-2"]], boneyard=["4-4"])
    s = s.play("3-3").play("1-3 right")     # ends: the spinner 3-3 (6) and 1
    # A5-3: 3-6 left gives 6 + 1 = 7, 0-3 left 0 + 1 = 1: no score either way, so the heavier 3-6
    assert GreedyPlayer().choose(s.view(0), random.Random(0)).tile == dw.Tile(3, 6)


def test_greedy_keeps_matadors_back() -> None:
    # MAT-3 option: matadors may be laid at any time; greedy still prefers an ordinary tile
    s = dw.new_game("matador", hands=[["1-6", "4-3", "3-2"], ["4-4", "2-2", "0-1"]], boneyard=["0-5"],
                    leader=1, matadors_any_time=True)
    s = s.play("4-4")                       # ends show 4: 3-2 (3 against 4) is ordinary; 1-6 and 4-3 are matadors
    actions = {str(a) for a in s.legal_actions()}
    assert "1-6 left 1" in actions and "3-4 left 3" in actions
    assert GreedyPlayer().choose(s.view(0), random.Random(0)).tile == dw.Tile(2, 3)


def test_greedy_matador_prefers_leaving_a_blank() -> None:
    # MAT-2: a blank end takes no ordinary tile. On ends showing 2 (5 + 2 = 7), 5-0 leaves a
    # blank and 5-1 leaves a 1: greedy lays the lighter 5-0, so the opponent must spend a matador
    s = dw.new_game("matador", hands=[["0-5", "1-5", "3-3"], ["2-2", "6-6"]], boneyard=["4-4"], leader=1)
    s = s.play("2-2")
    values = {str(a): v for a, v in GreedyPlayer().explain(s.view(0), random.Random(0))}
    assert values == {"0-5 left": 5 + 3, "0-5 right": 5 + 3, "1-5 left": 6, "1-5 right": 6}
    assert GreedyPlayer().choose(s.view(0), random.Random(0)).tile == dw.Tile(0, 5)


def test_greedy_races_its_sixes_in_bergen() -> None:
    s = dw.new_game("bergen", players=2, hands=[["6-6", "6-0", "6-5", "0-0", "2-2", "3-3", "1-2"],
                                                 ["6-1", "6-3", "1-4", "6-4", "5-5", "0-1", "2-3"]])
    s = s.play("6-6").play("6-1 left")      # BRG-2/3: the 6-6 leads; only sixes go against it
    s = s.play("6-0 right").play("6-3 up")
    s = s.play("6-5 down")                  # BRG-4: all four sides taken, phase two begins
    s = s.play("1-4 left").play("0-0 right")  # ends: left 4, right 0, up 3, down 5
    view = s.view(1)                        # seat 1 holds 6-4, 5-5, 0-1, 2-3
    assert {str(a) for a in view.legal_actions} == {"4-6 left", "0-1 right", "2-3 up", "5-5 down"}
    # the sixes race: 6-4 (10 pips) goes before the heavier 5-5 (10 pips, a double)
    assert GreedyPlayer().choose(view, random.Random(0)) == dw.Action.parse("4-6 left")
    # phase one: 6-1 (7 pips, and 1-1, 0-1, 1-3 can follow a 1) before the heavier 6-2
    s = dw.new_game("bergen", players=2, hands=[["6-6", "6-0", "2-2", "3-3", "4-4", "5-5", "0-0"],
                                                 ["6-1", "6-2", "1-1", "0-1", "1-3", "2-4", "3-5"]])
    s = s.play("6-6")
    assert GreedyPlayer().choose(s.view(1), random.Random(0)).tile == dw.Tile(1, 6)


# ---------------------------------------------------------------- the expert


def test_expert_sees_further_than_greedy() -> None:
    # BLK-3: ends 2 and 5. Seat 0 holds 5-5, 5-6, 0-1. Greedy lays 5-6 (11 pips) and strands 5-5
    # (the end then shows 6); the expert lays 5-5 first, keeping the 5 open for 5-6.
    s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1).play("2-5")
    view = s.view(0)
    assert GreedyPlayer().choose(view, random.Random(0)).tile == dw.Tile(5, 6)
    values = {str(a): v for a, v in ExpertPlayer(samples=60).explain(view, random.Random(0))}
    assert values["5-5 right"] > values["5-6 right"]


def test_expert_values_are_chances_in_hands_won_games_and_shares_in_bergen() -> None:
    # DCZ-6: draw_cz counts hands won, so a value is a chance of winning; BRG-5: a share of the pot
    for variant in ("draw_cz", "matador", "bergen"):
        s = dw.new_game(variant, seed=4)
        while len(s.legal_actions()) < 2:
            s = s.play(s.legal_actions()[0])
        values = [v for _, v in ExpertPlayer(samples=10).explain(s.view(_mover(s)), random.Random(1))]
        assert all(0.0 <= v <= 1.0 for v in values)


def test_expert_uses_the_exact_sampler_when_present() -> None:
    fn, name = hidden_sampler()
    from domino_widgets.prob import inference

    assert fn is inference.sample_hidden and name == "prob.inference.sample_hidden"
    assert ExpertPlayer().sampler_name == name


def test_expert_falls_back_loudly_if_the_exact_sampler_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from domino_widgets.prob import inference

    def broken(view: object, choices: object = ()) -> None:
        raise ParameterError("no deal is consistent with the view")

    monkeypatch.setattr(inference, "posterior", broken)
    s = dw.new_game("draw", seed=5)
    while len(s.legal_actions()) < 2:
        s = s.play(s.legal_actions()[0])
    with pytest.warns(RuntimeWarning, match="fallback sampler"):
        action = ExpertPlayer(samples=4).choose(s.view(_mover(s)), random.Random(0))
    assert action in s.legal_actions()


def test_expert_rejects_bad_options() -> None:
    for bad in ({"samples": 0}, {"samples": 2.5}, {"rollout": "smart"}, {"epsilon": 2}):
        with pytest.raises(ParameterError):
            ExpertPlayer(**bad)
    with pytest.raises(ParameterError, match="expert"):
        get_player("expert", variant="block", depth=3)


def test_a_player_asked_out_of_turn_raises() -> None:
    s = dw.new_game("block", seed=2)
    other = 1 - _mover(s)
    for name in NAMES:
        with pytest.raises(IllegalPlayError, match="turn"):
            _player(name, "block").choose(s.view(other), random.Random(0))


# ---------------------------------------------------------------- samplers of the hidden tiles


def test_fallback_sampler_keeps_the_voids_of_passes_and_draws() -> None:
    # COM-5: seat 1 draws twice on a 5 and plays the drawn 3-5: its other tiles hold no 5
    s = dw.new_game("draw", hands=[["5-5", "0-1", "2-6"], ["1-2", "3-4", "0-0"]],
                    boneyard=["2-2", "3-5", "4-4", "6-6", "1-6"])
    s = s.play("5-5").play("draw").play("draw").play("3-5 left")
    view = s.view(0)
    # DRW-2: no double above 5-5 was dealt to him (he has drawn twice since); COM-5: no 5 now
    assert [(v.seat, v.move, v.drawn_since) for v in known_voids(view)] == [(1, -1, 2), (1, 3, 0)]
    fives = mask_of(dw.suit(5))
    rng = random.Random(0)
    seen_in_hand = 0
    for _ in range(200):
        hands, stock, out = fallback_sample_hidden(view, rng)
        assert hands[0] == mask_of(view.hand)
        assert not hands[1] & fives
        assert hands[1].bit_count() == 4 and len(stock) == 3 and out.bit_count() == view.out_of_play_size
        everything = hands[0] | hands[1] | out | mask_of(p.tile for p in view.layout)
        for i in stock:
            everything |= 1 << i
        assert everything == (1 << 28) - 1
        seen_in_hand |= hands[1]
    assert seen_in_hand & mask_of([dw.Tile(6, 6)])  # unconstrained tiles do turn up in his hand


def test_fallback_and_exact_samplers_agree_on_a_hard_fact() -> None:
    # BLK-3: seat 0 passes on 5 and 6, so in every sample his hand has neither
    s = dw.new_game("block", hands=[["6-6", "0-1", "1-1", "0-0"], ["6-5", "5-3", "4-4", "2-2"]], leader=0)
    s = s.play("6-6").play("6-5 left").play("pass")
    view = s.view(1)
    exact, _ = hidden_sampler()
    bad = mask_of([t for t in dw.tile_set() if t.has(5) or t.has(6)])
    rng = random.Random(1)
    for sampler in (exact, fallback_sample_hidden, lambda v, r: HiddenSampler(v).sample(r)):
        for _ in range(50):
            hands, _, _ = sampler(view, rng)
            assert not hands[0] & bad


# ---------------------------------------------------------------- the registry


def test_registry_names_and_custom_players() -> None:
    for v in LINE_VARIANTS:
        assert set(NAMES) <= set(available_players(v))
    assert isinstance(get_player("greedy", variant="muggins"), GreedyPlayer)  # aliases work

    class First(RandomPlayer):
        name = "first"

        def choose(self, view, rng):  # type: ignore[no-untyped-def]
            return view.legal_actions[0]

    register_player("first", First, ["block"])
    try:
        assert "first" in available_players("block") and "first" not in available_players("draw")
        s = dw.new_game("block", seed=1)
        assert get_player("first", variant="block").choose(s.view(_mover(s)), random.Random(0)) == \
            s.legal_actions()[0]
    finally:
        from domino_widgets.players import registry

        registry._PLAYERS.pop(("first", "block"))
    with pytest.raises(ParameterError, match="the players are"):
        get_player("first", variant="block")
    with pytest.raises(ParameterError, match="unknown variant"):
        get_player("random", variant="chess")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 25))
def test_immediate_points_agree_with_playing_the_tile(seed: int, moves: int) -> None:
    """A5-3/A5-4: the greedy's look-ahead at the score equals what the engine scores for the play."""
    from domino_widgets.core.engine import apply_code, legal_codes
    from domino_widgets.players.heuristics import immediate_points

    c = _random_position("all_fives", seed, moves).core
    before = (c.ends[:], c.arms[:], c.tips[:], c.hand_points[:])
    for code in legal_codes(c):
        after = c.copy()
        apply_code(after, code)
        assert immediate_points(c, code) == after.hand_points[c.turn] - c.hand_points[c.turn]
    assert (c.ends, c.arms, c.tips, c.hand_points) == before  # the table is put back


def test_rollout_policies_score_as_their_parts() -> None:
    # The fused All Fives rollout policy (A5-4) gives exactly all_fives + 2 * follow_ups.
    from domino_widgets.core.engine import legal_codes
    from domino_widgets.players.heuristics import all_fives, follow_ups, heuristic_for, rollout_policy

    for variant in ("all_fives", "block"):
        policy = rollout_policy(variant)
        h = heuristic_for(variant)
        for seed in range(20):
            s = dw.new_game(variant, seed=seed)
            while not s.is_over:
                c = s.core
                for k in legal_codes(c):
                    assert policy(c, k) == h(c, k) + 2.0 * follow_ups(c, k)
                    assert c.ends == s.core.ends and c.arms == s.core.arms  # the table is put back
                s = s.play(s.legal_actions()[0])
    assert all_fives is heuristic_for("all_fives")


def test_the_bergen_and_matador_rollout_policies_score_as_their_parts() -> None:
    # issue 39: the review's Bergen and Matador playouts read their policy from tables per play
    # code (`_tabled_policy`); the values must stay those of the heuristic plus 2 x follow_ups, in
    # every phase (Bergen's 6-6 taking sixes, then the arms; Matador's matadors and blank ends)
    from domino_widgets.core.engine import apply_code, legal_codes
    from domino_widgets.players.heuristics import follow_ups, heuristic_for, rollout_policy

    checked = 0
    for variant, params in (("bergen", {}), ("bergen", {"players": 2}), ("bergen", {"players": 4}),
                            ("matador", {})):
        policy, h = rollout_policy(variant), heuristic_for(variant)
        for seed in range(40):
            c = dw.new_game(variant, seed=seed, **params).core
            rng = random.Random(seed)
            while not c.over:
                codes = legal_codes(c)
                for k in codes if len(codes) > 1 else ():  # a rollout asks only when there is a choice
                    if k >= 0:
                        want = h(c, k) + 2.0 * (follow_ups(c, k) if c.center >= 0 else 0)
                        assert policy(c, k) == want, (variant, params, seed, k)
                        checked += 1
                apply_code(c, codes[int(rng.random() * len(codes))])
    assert checked > 1000


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 100_000), moves=st.integers(0, 25), epsilon=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
       params=st.sampled_from([{}, {"scoring": "draw"}, {"pips": 9}, {"target": 30}]),
       scores=st.sampled_from([None, (140, 135), (0, 145)]), guessed=st.booleans(), first=st.integers(-1, 40))
def test_the_fused_all_fives_rollout_plays_as_the_plain_one(seed: int, moves: int, epsilon: float,
                                                            params: dict[str, object], scores: Any,
                                                            guessed: bool, first: int) -> None:
    # The expert's All Fives rollouts are `legal_codes`, `apply_code` and the policy fused into
    # one loop (`_all_fives_playout`): the same plays, the same random numbers, the same end of
    # the hand slot for slot: out, blocked (COM-6), the target reached mid-hand (A5-6, with match
    # scores near it), from a dealt position or from one guessed from a view (as the expert plays).
    from domino_widgets.core.engine import Core, apply_code, legal_codes
    from domino_widgets.core.state import core_from_view
    from domino_widgets.players.heuristics import heuristic_playout, rollout_policy

    rng = random.Random(seed)
    if scores is not None:  # near the target of these parameters (a score at or past it is refused)
        target = dw.get_variant("all_fives").config(params).target
        scores = tuple(min(target - 5, x) for x in scores)
    s = dw.new_game("all_fives", seed=seed, scores=scores, **params)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    if guessed and not s.is_over:
        view = s.view(s.current_player)
        start = core_from_view(view, *fallback_sample_hidden(view, rng))
    else:
        start = s.core
    policy = rollout_policy("all_fives")
    fused, plain = start.copy(), start.copy()
    codes = legal_codes(start)
    if first >= 0 and codes:  # the expert's way: its action first (`first`), then the rollout
        k = codes[first % len(codes)]
        n_fused = heuristic_playout(fused, random.Random(seed), policy, epsilon, first=k)
        apply_code(plain, k)
        n_plain = 1 + heuristic_playout(plain, random.Random(seed), lambda c, k: policy(c, k), epsilon)
    else:
        n_fused = heuristic_playout(fused, random.Random(seed), policy, epsilon)
        n_plain = heuristic_playout(plain, random.Random(seed), lambda c, k: policy(c, k), epsilon)  # not fused
    assert n_fused == n_plain
    assert [getattr(fused, k) for k in Core.__slots__] == [getattr(plain, k) for k in Core.__slots__]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 100_000), moves=st.integers(0, 30), epsilon=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
       game=st.sampled_from([("block", {}), ("block", {"pips": 9}), ("draw", {}), ("draw", {"pips": 9}),
                             ("draw_cz", {}), ("draw_cz", {"standard": True}), ("draw_cz", {"pips": 9})]),
       guessed=st.booleans(), first=st.integers(-1, 40))
def test_the_fused_line_rollout_plays_as_the_plain_one(seed: int, moves: int, epsilon: float,
                                                       game: tuple[str, dict[str, object]],
                                                       guessed: bool, first: int) -> None:
    # The expert's rollouts of block, draw and draw_cz are `legal_codes`, `apply_code` and the
    # policy fused into one loop (`_line_playout`): the same plays, the same random numbers, the
    # same end of the hand slot for slot: out (at once, or DCZ-4 only once the boneyard is empty,
    # also when the opponent drew the last tile), blocked (COM-6), from a dealt position or from
    # one guessed from a view (as the expert plays).
    from domino_widgets.core.engine import Core, apply_code, legal_codes
    from domino_widgets.core.state import core_from_view
    from domino_widgets.players import heuristics
    from domino_widgets.players.heuristics import heuristic_playout, rollout_policy

    variant, params = game
    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed, **params)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    if guessed and not s.is_over:
        view = s.view(s.current_player)
        start = core_from_view(view, *fallback_sample_hidden(view, rng))
    else:
        start = s.core
    policy = rollout_policy(variant)
    assert getattr(policy, "heaviest_follow_weight", None) == 2.0  # `heuristic_playout` fuses this one
    fused, plain = start.copy(), start.copy()
    codes = legal_codes(start)
    taken = []
    real = heuristics._line_playout

    def spy(*args: Any, **kwargs: Any) -> int:
        taken.append(True)
        return real(*args, **kwargs)

    heuristics._line_playout = spy  # type: ignore[assignment]
    try:
        if first >= 0 and codes:  # the expert's way: its action first (`first`), then the rollout
            k = codes[first % len(codes)]
            n_fused = heuristic_playout(fused, random.Random(seed), policy, epsilon, first=k)
            apply_code(plain, k)
            n_plain = 1 + heuristic_playout(plain, random.Random(seed), lambda c, k: policy(c, k), epsilon)
        else:
            n_fused = heuristic_playout(fused, random.Random(seed), policy, epsilon)
            n_plain = heuristic_playout(plain, random.Random(seed), lambda c, k: policy(c, k), epsilon)  # not fused
    finally:
        heuristics._line_playout = real  # type: ignore[assignment]
    assert taken == ([] if start.finished else [True])  # a hand already out is left to the plain loop
    assert n_fused == n_plain
    assert [getattr(fused, k) for k in Core.__slots__] == [getattr(plain, k) for k in Core.__slots__]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 100_000), moves=st.integers(0, 30), params=st.sampled_from([{}, {"pips": 9}]))
def test_all_fives_values_are_the_heuristic_s(seed: int, moves: int, params: dict[str, object]) -> None:
    # The greedy player's fast path: A5-3's total summed once per move, the same values.
    from domino_widgets.core.engine import legal_codes
    from domino_widgets.players.heuristics import all_fives, all_fives_values

    rng = random.Random(seed)
    s = dw.new_game("all_fives", seed=seed, **params)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    plays = tuple(k for k in legal_codes(s.core) if k >= 0)
    assert all_fives_values(s.core, plays) == [all_fives(s.core, k) for k in plays]


@contextlib.contextmanager
def counting_rollouts() -> Iterator[dict[str, int]]:
    """``calls["n"]``: the expert's rollouts (`heuristic_playout` calls) while the block runs."""
    from domino_widgets.players import expert as expert_module

    calls = {"n": 0}
    real = expert_module.heuristic_playout

    def counted(*args: Any, **kwargs: Any) -> int:
        calls["n"] += 1
        return real(*args, **kwargs)

    expert_module.heuristic_playout = counted  # type: ignore[assignment]
    try:
        yield calls
    finally:
        expert_module.heuristic_playout = real  # type: ignore[assignment]


def test_a_sooner_pruning_finds_the_clear_play_with_fewer_rollouts() -> None:
    # Two positions, each with one clearly right play: a schedule that prunes sooner and has an
    # indifference zone finds it as the default pruning and the plain search do, with fewer rollouts.
    from domino_widgets.players.expert import PRUNING, SCHEDULES, Pruning

    s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1).play("2-5")
    a5 = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
    a5 = a5.play("5-5").play("1-5 right")      # A5-4: 4-5 left makes 4 + 1 = 5
    sooner = Pruning(4, 2, 2.0, {"points": 2.0})
    with counting_rollouts() as calls:
        for state, right in ((s, "5-5 right"), (a5, "4-5 left")):
            used = []
            for player in (ExpertPlayer(pruning=sooner), ExpertPlayer(pruning=PRUNING), ExpertPlayer(prune=False)):
                calls["n"] = 0
                assert str(player.choose(state.view(0), random.Random(1))) == right
                used.append(calls["n"])
            assert used[0] < used[1] < used[2]
    with pytest.raises(ParameterError, match="pruning must be a Pruning"):
        ExpertPlayer(pruning=(4, 2, 2.0, {}))  # type: ignore[arg-type]
    assert ExpertPlayer()._schedule("block") == (48, PRUNING, False)  # the default, but where measured otherwise
    assert ExpertPlayer()._schedule("all_fives") == SCHEDULES["all_fives"]
    assert ExpertPlayer(samples=20, pruning=PRUNING, merge=False)._schedule("all_fives") == (20, PRUNING, False)
    for option in ("merge", "prune", "equity"):  # 1 == True, but is no answer to a yes-or-no option
        with pytest.raises(ParameterError, match=f"{option} must be"):
            ExpertPlayer(**{option: 1})


def _children(c: Any) -> list[str]:
    """The positions one action on, as `position_key` sees them (sorted, to compare as multisets)."""
    from domino_widgets.core.engine import apply_code, legal_codes, position_key

    out = []
    for code in legal_codes(c):
        after = c.copy()
        apply_code(after, code)
        out.append(repr(position_key(after)))
    return sorted(out)


@pytest.mark.parametrize("variant", ["block", "draw", "draw_cz", "all_fives", "matador"])
def test_plays_of_one_kind_lead_to_the_same_game(variant: str) -> None:
    """Two plays `_same_plays` merges leave positions no rule tells apart: the same scores and, two
    actions deep, the same positions one action on (COM-3's opening of the spinner, A5-3's count of
    a double at an end and of the spinner, MAT-2's sevens all read only what the key holds).
    Random positions; some plays are merged in each variant."""
    from domino_widgets.core.engine import apply_code, legal_codes, position_key
    from domino_widgets.players.expert import _same_plays

    merged = 0
    for seed in range(120):
        rng = random.Random(seed)
        s = dw.new_game(variant, seed=seed)
        for _ in range(rng.randrange(0, 12)):
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        c = s.core
        codes = legal_codes(c)
        for j, first in enumerate(_same_plays(c, codes)):
            if first == j:
                continue
            merged += 1
            a, b = c.copy(), c.copy()
            apply_code(a, codes[first])
            apply_code(b, codes[j])
            assert position_key(a) == position_key(b) and a.hand_points == b.hand_points
            assert _children(a) == _children(b)
            for k in legal_codes(a)[:3]:  # and one action further, from each child of the first
                aa = a.copy()
                apply_code(aa, k)
                twin = [x for x in legal_codes(b) if repr(position_key(_after(b, x))) == repr(position_key(aa))]
                assert twin and _children(aa) == _children(_after(b, twin[0]))
    assert merged >= 5, merged


def _after(c: Any, code: int) -> Any:
    from domino_widgets.core.engine import apply_code

    c = c.copy()
    apply_code(c, code)
    return c


def test_the_expert_gives_plays_of_one_kind_one_value_and_plays_out_one() -> None:
    """All Fives after the 6-6 lead: 3-6 on the left and on the right are one play (COM-3: the
    spinner's first two sides are alike); the expert's values are equal and it plays out one."""
    s = dw.new_game("all_fives", hands=[["6-6", "0-1", "2-2"], ["3-6", "1-6", "4-4"]], boneyard=["0-0", "5-5"])
    s = s.play("6-6")
    values = dict(ExpertPlayer(samples=12).explain(s.view(1), random.Random(3)))
    assert values[dw.Action.parse("3-6 left")] == values[dw.Action.parse("3-6 right")]
    assert values[dw.Action.parse("1-6 left")] == values[dw.Action.parse("1-6 right")]
    with counting_rollouts() as calls:
        ExpertPlayer(samples=12, prune=False, merge=True).explain(s.view(1), random.Random(3))
    assert calls["n"] == 12 * 2  # 4 legal plays, 2 kinds
