"""Reading the opponent's free choices (players/reading.py): only the public history, only free
choices (not the lead, DRW-2; not the drawn tile laid at once, DRW-3), and a weighted sampler."""

from __future__ import annotations

import random
import warnings

import pytest
from test_inference import assert_agrees, rejection_sample

import domino_widgets as dw
from domino_widgets.core.errors import DominoError, ParameterError
from domino_widgets.core.tiles import mask_of, tiles_of
from domino_widgets.players.expert import ExpertPlayer
from domino_widgets.players.heuristics import all_fives
from domino_widgets.players.line import GreedyPlayer
from domino_widgets.players.reading import evidence, model_choices, reading_sampler
from domino_widgets.prob.inference import Posterior, posterior


def test_a_free_choice_says_which_tiles_the_model_would_have_laid_instead() -> None:
    s = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1"], ["2-6", "0-6", "4-4"]], boneyard=["3-3"])
    s = s.play("6-6").play("0-6 left")  # 0 + 12 scores nothing; 3-6 would have scored 15 (A5-4)
    ((seat, preferred, later),) = evidence(s.view(0))
    assert seat == 1 and later == 0
    assert [str(t) for t in tiles_of(preferred)] == ["1-6", "2-6", "3-6", "4-6", "5-6"]  # 15, or heavier
    s = s.play("4-6 right")
    ((_, again, _),) = evidence(s.view(0))  # the viewer's own plays say nothing
    assert again == preferred


def test_the_lead_and_a_drawn_tile_laid_at_once_are_no_choice() -> None:
    s = dw.new_game("all_fives", hands=[["6-6", "1-1"], ["5-5", "0-0"]], boneyard=["0-2", "2-6", "3-4"])
    assert evidence(s.play("6-6").view(0)) == []  # DRW-2: the lead is forced
    s = s.play("6-6").play("draw")
    s = s.play(s.legal_actions()[0])  # DRW-3: the drawn 2-6 is laid at once
    assert s.view(0).history[-1].seat == 1 and evidence(s.view(0)) == []


def test_evidence_reads_only_the_public_history() -> None:
    """Two deals that look the same to seat 0 read the same (the hidden tiles never enter)."""
    a = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1"], ["2-6", "0-6", "4-4"]], boneyard=["3-3"])
    b = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1"], ["3-6", "0-6", "1-1"]], boneyard=["2-2"])
    assert evidence(a.play("6-6").play("0-6 left").view(0)) == evidence(b.play("6-6").play("0-6 left").view(0))


def test_other_variants_are_not_read() -> None:
    s = dw.new_game("draw", seed=4)
    for _ in range(6):
        s = s.play(s.legal_actions()[-1])
    assert evidence(s.view(0)) == []


def test_the_sampler_keeps_guesses_in_proportion_to_their_weights() -> None:
    guesses = [([0, mask_of(dw.parse_tiles(["3-6"]))], [], 0), ([0, mask_of(dw.parse_tiles(["0-0"]))], [], 0)]
    preferred = mask_of(dw.parse_tiles(["3-6"]))
    rng = random.Random(2)
    draw = reading_sampler(lambda view, r: guesses[int(r.random() * 2)], [(1, preferred, 0)], rho=0.25, pool=4)
    kept = [draw(None, rng)[0][1] for _ in range(4000)]
    share = kept.count(guesses[0][0][1]) / len(kept)
    # each try draws the first kind (weight 1/4, kept with chance 1/4) or the second (weight 1, kept at once)
    # with chance 1/2; after 4 tries that all drew the first kind and kept none, the likeliest of them
    exact = sum((0.5 * 0.75) ** k * 0.5 * 0.25 for k in range(4)) + (0.5 * 0.75) ** 4
    assert share == pytest.approx(exact, abs=0.02)
    first = guesses.__getitem__
    assert reading_sampler(first, [(1, preferred, 0)], rho=1.0, pool=4) is first  # 1 reads nothing
    assert reading_sampler(first, [], rho=0.2, pool=4) is first  # nothing to read
    with pytest.raises(DominoError, match="rho must be between 0 and 1"):
        reading_sampler(first, [], rho=2.0, pool=4)


def test_the_expert_reads_only_where_asked() -> None:
    for bad in (-0.1, 1.5, "0.2", True):
        with pytest.raises(DominoError, match="reads must be None or between 0 and 1"):
            ExpertPlayer(reads=bad)  # type: ignore[arg-type]
    s = dw.new_game("all_fives", hands=[["6-6", "4-6", "3-4", "0-1"], ["2-6", "0-6", "4-4", "3-3"]],
                    boneyard=["1-1", "2-2", "5-5", "0-3"])
    view = s.play("6-6").play("0-6 left").view(0)
    for reads in (None, 0.0, 0.2):
        assert ExpertPlayer(samples=8, reads=reads).choose(view, random.Random(1)) in s.play("6-6").play(
            "0-6 left").legal_actions()


def greedy_opponent(seed: int, moves: int) -> dw.GameState:
    """An All Fives hand in which seat 0 plays at random and seat 1 as the model (greedy)."""
    rng = random.Random(seed)
    s = dw.new_game("all_fives", seed=seed)
    for _ in range(moves):
        mover = s.current_player
        s = s.play(rng.choice(s.legal_actions()) if mover == 0 else GreedyPlayer().choose(s.view(mover), rng))
    return s


@pytest.mark.parametrize("seed,moves", [(0, 14), (5, 14), (12, 14), (27, 14), (12, 18)])
def test_the_posterior_given_his_choices_is_the_deals_in_which_he_chose_as_the_model(seed: int, moves: int) -> None:
    """Deals drawn uniformly, replayed, kept when the history comes out the same and every free
    choice of seat 1 is one the model finds best in the hand he held in that deal: their
    frequencies are the exact probabilities of `Posterior` given `model_choices` (draws between
    the choices included; the first four positions are ones the plain posterior gets wrong)."""
    s = greedy_opponent(seed, moves)
    view = s.view(0)
    choices = model_choices(view)
    assert len(choices) >= 3 and not s.is_over
    n, counts = rejection_sample(s, 0, 8000, random.Random(seed), model=all_fives)
    assert_agrees(Posterior(view, choices).tile_probabilities(), counts, n)


def test_a_choice_his_later_play_contradicts_is_not_read() -> None:
    s = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1", "1-2"], ["2-6", "0-6", "4-4", "3-3"]],
                    boneyard=["1-1", "5-5", "0-3", "2-2"])
    s = s.play("6-6").play("0-6 left")  # the model would have laid 2-6 (heavier, same score)
    assert [i for i, _ in model_choices(s.view(0))] == [1]
    t = s.play("0-1 left").play("2-6 right")  # ... which he held: at 1 he did not choose as the model
    assert 1 not in [i for i, _ in model_choices(t.view(0))]
    with pytest.raises(ParameterError, match="could not have held"):
        Posterior(t.view(0), model_choices(s.view(0)))  # read anyway, the history is impossible
    # a preferred tile he drew since (laid at once, or after a draw he kept) was not held then:
    # the brute-force test above holds such positions (seed 0: the 2-3, drawn and laid at once)


def test_the_expert_reads_the_model_exactly_and_falls_back_where_it_is_contradicted(monkeypatch) -> None:
    s = greedy_opponent(0, 14)
    view = s.view(0)
    draw = ExpertPlayer(reads=0.0)._sample_fn(view)
    held = {draw(view, random.Random(k))[0][1] for k in range(200)}
    exact = posterior(view, model_choices(view)).tile_probabilities()
    never = {t.index for t, row in exact.items() if row[1] == 0}
    assert never and all(not h >> i & 1 for h in held for i in never)
    # a reading the history contradicts (he laid the 4-5 at 4 and drew nothing before): the plain
    # posterior, without a warning
    assert [(e.seat, str(e.action)) for e in view.history[2:5]] == [(1, "0-6 left"), (0, "4-6 up"), (1, "4-5 up")]
    monkeypatch.setattr("domino_widgets.players.expert.model_choices",
                        lambda v: ((2, mask_of(dw.parse_tiles(["4-5"]))),))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        draw = ExpertPlayer(reads=0.0)._sample_fn(view)
    plain = posterior(view).tile_probabilities()
    likely = max(never, key=lambda i: plain[dw.Tile.from_index(i)][1])
    assert plain[dw.Tile.from_index(likely)][1] >= 0.1  # so 100 guesses miss it with odds 1e-6
    assert any(draw(view, random.Random(k))[0][1] >> likely & 1 for k in range(100))
