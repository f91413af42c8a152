"""Reviewing a hand (`domino_widgets.players.review`) and its widget button: each decision is
judged from the view the person had at that moment, never from hidden tiles (DESIGN: hidden
tiles never reach an AI player); forced actions (COM-4, COM-5) are never listed."""

from __future__ import annotations

import domino_widgets as dw
from domino_widgets.players.review import review, states_of
from domino_widgets.widgets.game import GameWidget
from domino_widgets.widgets.review import ReviewPanel

BLOCK = [["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]]


def test_the_stranding_play_is_listed_with_its_loss() -> None:
    s = dw.play_all(dw.new_game("block", hands=BLOCK, leader=1), ["2-5", "5-6 right"])
    found = review(s, 0, samples=40)
    assert [(d.move, str(d.played), str(d.best)) for d in found] == [(2, "5-6 right", "5-5 right")]
    assert found[0].loss > 1 and found[0].unit.startswith("expected points")


def test_the_experts_own_play_is_not_listed() -> None:
    s = dw.play_all(dw.new_game("block", hands=BLOCK, leader=1), ["2-5", "5-5 right"])
    assert review(s, 0, samples=40) == []


def test_forced_actions_are_never_judged() -> None:
    # seat 1 holds no six: after the 6-6 its only action is to pass (BLK-3, COM-4)
    s = dw.play_all(dw.new_game("block", hands=[["6-6", "1-6", "2-2"], ["0-1", "2-3"]], leader=0), ["6-6", "pass"])
    assert review(s, 1, samples=20, min_loss=-1e9) == []
    assert [d.move for d in review(s, 0, samples=20, min_loss=-1e9)] == [1]  # the lead was a choice of three


def test_the_review_sees_only_the_view_then_not_hidden_tiles() -> None:
    # the same view for seat 0, different tiles hidden in seat 1's hand: the same review
    a = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
    b = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-2", "0-3", "4-4"]], leader=1)
    ra = review(dw.play_all(a, ["2-5", "5-6 right"]), 0, samples=30, min_loss=-1e9)
    rb = review(dw.play_all(b, ["2-5", "5-6 right"]), 0, samples=30, min_loss=-1e9)
    assert ra == rb and len(ra) == 1


def test_the_widget_button_reviews_a_finished_hand_for_the_person() -> None:
    s = dw.new_game("block", hands=BLOCK, leader=1)
    g = GameWidget(s, seats=[None, "greedy"])
    assert g.review_panel in g.children
    assert ReviewPanel(g, samples=20).review() == "The review opens when the hand is over."
    end = dw.play_all(s, ["2-5", "5-6 right"])
    assert end.is_over
    g2 = GameWidget(end, seats=[None, "greedy"])
    text = ReviewPanel(g2, samples=40).review()
    assert text.startswith("Move 2: Player 1 (you) played 5-6 on the right end; the expert prefers 5-5 on the "
                           "right end, which is worth")
    assert "Move 2" in g2.review_panel.output.value or g2.review_panel.output.value == ""
