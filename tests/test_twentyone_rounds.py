"""Twenty-one's seed option T21-2 ``rounds=True``: turns go round, one tile or a pass each; a
seat that passed may take later; bust seats are out; the hand ends when a whole round passes
with nobody taking, or the stock is empty. Scripted deals with a comment per action."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import IllegalPlayError, ParameterError
from domino_widgets.players import get_player
from domino_widgets.prob import twentyone as odds


def rounds(hands: list[list[str]], boneyard: list[str]) -> dw.GameState:
    return dw.new_game("twentyone", hands=hands, boneyard=boneyard, rounds=True, players=len(hands))


def names(s: dw.GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_t21_2_rounds_one_tile_or_a_pass_per_turn_in_seat_order() -> None:
    """T21-2 option: each turn a seat takes ONE tile or passes; then the next seat acts."""
    s = rounds([["1-2", "2-3"], ["1-1", "0-4"], ["0-1", "0-2"]], ["0-3", "1-3", "2-2", "3-3"])
    assert names(s) == ["take", "pass"]        # no "stand" in rounds
    s = s.play("take")                         # seat 0 takes the 0-3: 11
    assert s.current_player == 1 and s.counts[0] == 11   # one tile, then the turn moves on
    s = s.play("take")                         # seat 1 takes the 1-3
    s = s.play("pass")                         # seat 2 passes
    assert s.current_player == 0 and not s.is_over
    with pytest.raises(IllegalPlayError, match="rounds=True"):
        s.play("stand")


def test_t21_2_rounds_a_seat_that_passed_may_take_later() -> None:
    """T21-2 option: a pass is not standing; the seat may take on a later round."""
    s = rounds([["1-2", "2-3"], ["1-1", "0-4"]], ["0-3", "1-3", "2-2"])
    s = s.play("pass")                         # seat 0 passes on 8
    s = s.play("take")                         # seat 1 takes the 0-3: 9
    assert s.current_player == 0
    s = s.play("take")                         # seat 0 takes again: the 1-3, 12
    assert s.counts == (12, 9) and not s.is_over


def test_t21_2_rounds_end_when_a_whole_round_passes_without_a_take() -> None:
    """T21-2 option: the hand ends when every seat still in passes in turn with nobody taking."""
    s = rounds([["6-6", "2-3"], ["5-5", "1-4"], ["4-4", "3-3"]], ["0-1", "0-2", "0-3"])
    s = s.play("pass").play("take")            # seat 0 passes (17), seat 1 takes the 0-1 (16)
    s = s.play("pass").play("pass")            # seats 2 and 0 pass: seat 1 has not passed since taking
    assert not s.is_over and s.current_player == 1
    s = s.play("pass")                         # seat 1 passes: a whole round without a take
    assert s.is_over and s.outcome is not None and s.outcome.winner == 0   # 17 beats 16 and 14
    assert s.legal_actions() == []


def test_t21_2_rounds_bust_seats_are_out() -> None:
    """T21-2 option: a seat that goes over 21 is out: skipped, and it cannot win (T21-3)."""
    s = rounds([["6-6", "3-3"], ["1-1", "0-4"], ["2-2", "0-1"]], ["5-6", "0-2", "1-2", "0-3"])
    s = s.play("take")                         # seat 0 takes the 5-6: 18 + 11 = 29, bust
    s = s.play("take")                         # seat 1 takes the 0-2: 8
    s = s.play("take")                         # seat 2 takes the 1-2: 8
    assert s.current_player == 1               # seat 0 is skipped
    s = s.play("pass").play("pass")            # seats 1 and 2 pass: the round is over
    assert s.is_over and s.outcome is not None
    assert s.outcome.bust == (True, False, False) and s.outcome.winners == (1, 2)


def test_t21_2_rounds_a_bust_deal_is_out_from_the_start() -> None:
    """T21-2 option with T21-4: a seat dealt a bust hand never acts."""
    s = rounds([["6-6", "5-5"], ["1-1", "0-4"]], ["0-3", "1-3"])
    assert s.current_player == 1
    s = s.play("pass")
    assert s.is_over and s.outcome is not None and s.outcome.winner == 1


def test_t21_2_rounds_the_hand_ends_when_the_stock_is_empty() -> None:
    """T21-2 option: the hand ends the moment the stock is empty."""
    s = rounds([["1-2", "2-3"], ["1-1", "0-4"]], ["0-1"])
    s = s.play("take")                         # seat 0 takes the last tile
    assert s.is_over and s.boneyard == ()


def test_t21_2_rounds_views_hide_takes_and_records_replay() -> None:
    """T21-2 option: the others see that a seat took, not what; the record replays."""
    s = dw.new_game("twentyone", players=3, seed=8, rounds=True)
    s = s.play("take").play("pass")
    v = s.view(1)
    assert [(e.seat, str(e.action)) for e in v.history] == [(0, "take"), (1, "pass")]
    rng = random.Random(2)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    again = dw.load_record(s.to_json())
    assert again == s and again.params["rounds"] is True and again.outcome == s.outcome


def test_t21_2_rounds_stand_at_k_plays_and_its_exact_odds_carry_over() -> None:
    """T21-2 option: "stand at 17" takes below 17 and passes from 17; its final count has the
    same exact distribution as in the seed's turn order (the simulated bust rate lies within
    four standard errors of the exact value)."""
    player = get_player("stand_at", variant="twentyone", k=17)
    rng = random.Random(5)
    games, bust = 1500, 0
    for seed in range(games):
        s = dw.new_game("twentyone", players=2, seed=seed, rounds=True)
        while not s.is_over:
            seat = s.current_player
            s = s.play(player.choose(s.view(seat), rng))
        assert s.counts[1] >= 17 or s.outcome.bust[1]   # seat 1 never stopped below 17
        bust += s.counts[0] > 21
    exact = odds.final_count_distribution(17)["bust"]
    p = Fraction(bust, games)
    se = (float(exact) * (1 - float(exact)) / games) ** 0.5
    assert abs(float(p - exact)) < 4 * se


def test_t21_2_rounds_optimal_player_refuses_and_names_the_strongest() -> None:
    """T21-2 option: optimal stopping does not carry over; the optimal player says so clearly."""
    s = dw.new_game("twentyone", players=2, seed=1, rounds=True)
    with pytest.raises(ParameterError, match="stand_at"):
        get_player("optimal", variant="twentyone").choose(s.view(0), random.Random(0))


def test_t21_2_rounds_bad_value_refused() -> None:
    with pytest.raises(ParameterError, match="rounds"):
        dw.new_game("twentyone", rounds="yes")


def test_t21_2_rounds_a_take_that_busts_opens_a_new_round() -> None:
    """T21-2 option: a take opens a new round, even one that goes over 21, so the seats that passed
    before it are asked again; the hand ends only when a whole round passes with nobody taking."""
    s = rounds([["5-6", "3-3"], ["6-6", "2-4"], ["4-5", "1-5"]], ["4-6", "0-1", "1-1"])
    s = s.play("pass").play("pass")            # seats 0 (17) and 1 (18) pass
    s = s.play("take")                         # seat 2 takes the 4-6: 15 + 10 = 25, bust and out
    assert not s.is_over and s.current_player == 0 and s.counts == (17, 18, 25)
    assert s.stood == (False, False, True)     # only the bust seat is out
    s = s.play("take")                         # seat 0 takes the 0-1: 18
    assert s.current_player == 1               # the bust seat 2 is skipped
    s = s.play("pass").play("pass")            # seats 1 and 0 pass: a whole round without a take
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0, 1)   # 18 and 18 share


def test_t21_2_rounds_a_take_by_the_last_seat_asks_the_others_again() -> None:
    """T21-2 option: the same without a bust: the seats that passed are asked again after a take."""
    s = rounds([["5-6", "3-3"], ["6-6", "2-4"], ["0-1", "1-5"]], ["0-2", "0-3", "1-1"])
    s = s.play("pass").play("pass").play("take")   # seat 2 takes the 0-2: 9
    assert s.current_player == 0 and s.stood == (False, False, False)
    s = s.play("pass").play("pass")
    assert not s.is_over and s.current_player == 2     # seat 2 has not passed since it took
    s = s.play("pass")
    assert s.is_over and s.outcome is not None and s.outcome.winner == 1


# The words of the default game's "stand" (T21-2), which a rounds game has no button for.
STAND_WORDS = {"en": r"\bstand|\bstood", "cs": r"\bstát\b|stůjte|\bstojí\b|\bstál", "el": r"στοπ|σταμάτ"}


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_t21_2_rounds_the_widget_speaks_of_take_and_pass_in_plain_words(lang: str) -> None:
    """Issue 38: with rounds=True the board's title, its screen-reader label, the status line and
    the messages say "take a tile or pass" (the button says Pass), never "take or stand"; a pass is
    told in words, without a rule id or the option's name."""
    import re

    from domino_widgets.widgets import play

    from domino_widgets.render import state_svg
    from domino_widgets.widgets.i18n import tr

    passes = 0
    for seed in range(4):
        t = play("twentyone", seed=seed, rounds=True, lang=lang)
        said, pictures = [], []
        while True:
            st = t.session.state
            said += [t.status.value, t.message.value, t.log_box.value]
            pictures += [t.svg(), str(state_svg(st, lang=lang)), str(state_svg(st, lang=lang, open_hands=True))]
            if st.is_over:
                break
            t.press("take" if sum(x.value for x in st.hand(0)) < 15 else "stand")
        labels = [x for p in pictures for x in re.findall(r"<title[^>]*>([^<]*)", p) + re.findall(r'aria-label="([^"]*)"', p)]
        assert labels and not [x for x in labels if re.search(STAND_WORDS[lang], x, re.I)], labels
        shown = re.sub(r"<[^>]+>", " ", "\n".join(said + pictures))
        assert not re.search(STAND_WORDS[lang], shown, re.I), shown
        assert not re.search(r"T21-|rounds|kola:|γύροι:", shown), shown
        passes += tr(lang, "t21_passes", who="@").split("@")[-1][:12] in shown
    assert passes  # a pass was told
    assert t.stand.description == {"en": "Pass", "cs": "Dál", "el": "Πάσο"}[lang]
