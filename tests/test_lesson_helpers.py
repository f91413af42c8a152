"""The helpers lessons 03 and 07 and every lesson's exercises use: All Fives replies counted from
a player's view (A5-3/4), every line of play of a solitaire deal (SOL-3/4), the exercise check,
and a comparison's values for a lesson's own sentence."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import ParameterError
from domino_widgets.players import get_player
from domino_widgets.prob import lessons as L
from domino_widgets.prob.exercises import TEXTS, check
from domino_widgets.sim import compare

T = dw.Tile


def _lesson_03_position() -> dw.GameState:
    # seed 3: Player 1 leads the 5-5 (A5-4: 10), Player 2 draws the 4-5 and lays it (COM-5)
    return dw.play_all(dw.new_game("all_fives", seed=3), ["5-5", "draw", "4-5 left"])


def test_replies_count_what_player_2_may_hold() -> None:
    p = _lesson_03_position()
    r = L.replies(p.view(0), "1-5 right")
    # Player 2 drew on a 5 (no 5 in hand) and did not lead (no 6-6): 17 tiles, 7 in his hand
    assert len(r.holds) == 17 and set(r.holds.values()) == {Fraction(7, 17)}
    assert T(2, 5) not in r.holds and T(6, 6) not in r.holds
    assert r.scored_now == 5                                    # ends 4 and 1: 4 + 1 (A5-3/4)
    assert r.scoring() == {T(1, 6): 10}                         # 4 + 6 = 10
    assert r.can_score == 1 - Fraction(comb(16, 7), comb(17, 7)) == Fraction(7, 17)
    assert r.expected_best == 10 * r.can_score


def test_replies_see_the_mover_s_next_play() -> None:
    p = _lesson_03_position()
    quiet = L.replies(p.view(0), "1-4 left")
    assert quiet.scored_now == 0 and quiet.if_no_reply == 15  # then 1-5 on the 1 end: 5 + 10 (spinner)
    assert quiet.next_scores[T(0, 1)] == 15 and quiet.scores[T(0, 1)] == 10
    assert T(0, 0) not in quiet.placeable and (quiet.scores[T(0, 0)], quiet.next_scores[T(0, 0)]) == (0, 0)
    greedy = L.replies(p.view(0), "1-5 right")
    assert quiet.two_turns > greedy.two_turns                  # what the lesson shows

def test_replies_two_turns_is_the_exact_mean_over_player_2_s_hands() -> None:
    # every hand Player 2 may hold (7 of the 17 unseen tiles, all equally likely here), enumerated
    p = _lesson_03_position()
    for move in ("1-4 left", "1-5 right"):
        r = L.replies(p.view(0), move)
        unseen = sorted(r.holds, key=lambda t: t.index)
        total = Fraction(0)
        hands = list(combinations(unseen, 7))
        for hand in hands:
            outcomes = [r.next_scores[t] - r.scores[t] for t in hand if t in r.placeable]
            total += r.scored_now + (min(outcomes) if outcomes else r.if_no_reply)
        assert r.two_turns == float(total / len(hands))


def test_replies_agree_with_the_expert_on_the_lesson_position() -> None:
    p = _lesson_03_position()
    values = dict(get_player("expert", variant="all_fives", samples=200).explain(p.view(0), random.Random(0)))
    by_two_turns = {a: L.replies(p.view(0), a).two_turns for a in p.legal_actions()}
    assert max(values, key=values.get) == max(by_two_turns, key=by_two_turns.get) == dw.Action.parse("1-4 left")


def test_replies_refuse_other_games_and_illegal_moves() -> None:
    p = _lesson_03_position()
    with pytest.raises(ParameterError, match="not a legal action"):
        L.replies(p.view(0), "6-6 left")
    with pytest.raises(ParameterError, match="All Fives"):
        L.replies(dw.new_game("draw", seed=1).view(0), "draw")
    with pytest.raises(ParameterError, match="viewer to play"):
        L.replies(p.view(1), "1-5 right")


def test_solitaire_lines_of_the_stranded_deal() -> None:
    # lesson 07: the expert's game that strands the 4-4; with hindsight no line wins (SOL-3/4)
    hand = "1-1 0-2 1-4 2-4 2-6"
    stock = "3-5 0-6 0-4 6-6 4-5 4-6 5-6 1-6 2-3 1-5 3-4 1-3 5-5 1-2 2-2 2-5 0-0 0-1 3-6 0-5 3-3 4-4 0-3"
    r = L.solitaire_lines(dw.new_game("solitaire", hands=[hand], boneyard=stock))
    assert (r.won, r.most_placed, r.winning_line) == (0, 27, None) and r.lines > 1000
    # SOL-3 seed option: stopping early, the same deal in the same order can be won
    s = dw.new_game("solitaire", hands=[hand], boneyard=stock, may_stop=True)
    stop = L.solitaire_lines(s)
    assert stop.won > 0 and stop.most_placed == 28
    assert dw.play_all(s, list(stop.winning_line)).outcome.reason == "won"


def test_solitaire_lines_counts_every_line_of_a_small_deal() -> None:
    s = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]], boneyard=["6-6", "0-1", "4-4", "1-1"])

    def brute(state) -> int:  # no memo: every line played out
        return 1 if state.is_over else sum(brute(state.play(a)) for a in state.legal_actions())

    assert L.solitaire_lines(s).lines == brute(s)
    with pytest.raises(ParameterError, match="solitaire"):
        L.solitaire_lines(dw.new_game("block", seed=1))


def test_check_in_another_language(capsys: pytest.CaptureFixture[str]) -> None:
    check({1: Fraction(1, 2), 2: 3}, {1: 0.5, 2: 4}, texts={**TEXTS, "wrong": "Cvičení {}: {} ne."})
    assert capsys.readouterr().out.splitlines() == ["Exercise 1: right (1/2).", "Cvičení 2: 3 ne.", "Right so far: 1 of 2."]
    with pytest.raises(ParameterError, match="no sentence"):
        check({}, {1: 1}, texts={"bravo": "{}"})


def test_comparison_fields_fill_a_lesson_sentence() -> None:
    c = compare.stored("draw counting-blind")
    f = c.fields({compare.CANNOT_TELL: "nelze rozhodnout"})
    assert f["verdict"] == "nelze rozhodnout" and f["low"] < 0 < f["high"]
    assert "{verdict}".format(**c.fields()) == compare.CANNOT_TELL


def test_charts_take_a_lesson_s_own_words() -> None:
    from domino_widgets.render import charts

    results = [compare.stored("matador greedy-random"), compare.stored("matador expert-greedy")]
    svg = charts.comparison_chart(results, title="Matador", ylabel="podíl vyhraných her", labels=["A", "B"],
                                  games={"matador": "Matadoři"}, reference_label="50 %: žádný rozdíl")._repr_svg_()
    assert all(w in svg for w in ("podíl vyhraných her", "Matadoři", "50 %: žádný rozdíl", ">A<", ">B<"))
    assert "greedy vs random" not in svg and "no difference" not in svg
    with pytest.raises(ValueError, match="one label per comparison"):
        charts.comparison_chart(results, title="t", labels=["A"])
    dist = charts.exact_vs_simulated({1: Fraction(1, 2), 2: Fraction(1, 2)}, {1: 0.4}, title="t", xlabel="x",
                                     ylabel="pravděpodobnost", exact_label="přesně", simulated_label="simulace")
    assert all(w in dist._repr_svg_() for w in ("pravděpodobnost", "přesně", "simulace"))
