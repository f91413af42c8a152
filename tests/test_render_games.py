"""Pictures of the games not played on a shared line: Twenty-one (T21) and Solitaire (SOL)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.actions import End
from domino_widgets.core.errors import ParameterError
from domino_widgets.render.games import chain_layout

NS = "{http://www.w3.org/2000/svg}"


def with_class(root: ET.Element, *classes: str) -> list[ET.Element]:
    return [el for el in root.iter() if set(classes) <= set(el.get("class", "").split())]


def test_twentyone_totals_bust_and_twenty_one() -> None:
    svg = render.twentyone_svg(
        [["6-6", "6-5"],        # T21-4: a two-tile hand can already be bust: 12 + 11 = 23
         ["6-4", "5-4", "1-1"],  # 10 + 9 + 2 = 21 exactly
         3],                     # seat 2's tiles are still face down (T21-1)
        seat=1, stood=[True, True, False], current=2, stock=19)
    root = ET.fromstring(svg)
    seats = {el.get("data-seat"): el for el in with_class(root, "seat")}
    assert seats["0"].get("data-total") == "23" and "bust" in seats["0"].get("class", "").split()
    assert seats["1"].get("data-total") == "21" and "bust" not in seats["1"].get("class", "").split()
    assert seats["2"].get("data-total") is None and "to-play" in seats["2"].get("class", "").split()
    badges = {el.get("data-seat"): "".join(b.itertext()) for el in seats.values() for b in with_class(el, "badge")}
    assert badges == {"0": "BUST", "1": "21!"}
    texts = ["".join(el.itertext()) for el in root.iter(NS + "text")]
    assert "Player 2 (you) · 3 tiles · total 21 · stands" in texts
    assert len(with_class(root, "tile", "face-down")) == 3 + 4  # seat 2's hand and the stock's stack
    assert with_class(root, "boneyard")[0].get("data-count") == "19"
    desc = root.find(NS + "desc").text
    assert "Player 1: 6-6 5-6, total 23, bust." in desc and "Player 3: 3 tiles face down." in desc   # bust: out, not "stands"


def test_twentyone_winners_and_everybody_bust() -> None:
    # T21-3: exactly 21 wins; tied winners share
    root = ET.fromstring(render.twentyone_svg([["6-6", "5-4"], ["6-5", "5-5"]], winners=[0]))
    assert [el.text for el in with_class(root, "outcome")[0].iter(NS + "text")] == ["Winner: Player 1."]
    root = ET.fromstring(render.twentyone_svg([["6-6", "6-5"], ["5-5", "6-4", "3-3"]], winners=[]))
    assert [el.text for el in with_class(root, "outcome")[0].iter(NS + "text")] == ["Nobody wins: everybody is bust."]
    with pytest.raises(ParameterError, match="hands\\[1\\]"):
        render.twentyone_svg([["6-6"], ["7-7-7"]])
    with pytest.raises(ParameterError, match="names"):
        render.twentyone_svg([["6-6"], 2], names=["one"])


def test_solitaire_line_hand_stock_and_ends() -> None:
    # SOL-2/3: the base 3-5 was laid first; 1-3 went left of it and 5-5 right
    svg = render.solitaire_svg(["1-3", "3-5", "5-5"], base=1, hand=["5-2", "0-4", "1-6"], stock=18,
                               playable=["5-2", "1-6"], selected="5-2", targets=["right"])
    root = ET.fromstring(svg)
    assert sorted(el.get("data-tile") for el in with_class(root, "tile", "playable")) == ["1-6", "2-5"]
    ends = {el.get("data-end"): el.get("class") for el in with_class(root, "end")}
    assert ends == {"left": "end", "right": "end target"}
    table = [el.get("data-tile") for el in with_class(root, "layout")[0].iter() if el.get("data-tile")]
    assert sorted(table) == ["1-3", "3-5", "5-5"]
    assert with_class(root, "lead")[0].get("data-tile") == "3-5"
    assert "Stock: 18 tiles." in root.find(NS + "desc").text
    # SOL-4: won and lost show a banner and no clickable end
    for won, words in ((True, "you win"), (False, "lost")):
        done = ET.fromstring(render.solitaire_svg(["1-3"], hand=[] if won else ["6-6"], won=won))
        assert not with_class(done, "end") and words in "".join(with_class(done, "outcome")[0].itertext())


def test_chain_layout_reads_tiles_as_they_lie() -> None:
    lay = chain_layout(["2-1", "1-3", "3-3", "3-0"], base=2)
    assert str(lay) == "2-1 1-3 3-3 3-0" and dict(lay.ends) == {End.LEFT: 2, End.RIGHT: 0}
    assert [str(p.tile) for p in lay.arms[End.LEFT]] == ["1-3", "1-2"]
    with pytest.raises(ParameterError, match="does not touch"):
        chain_layout(["1-2", "3-4"])
    with pytest.raises(ParameterError, match="base"):
        chain_layout(["1-2"], base=3)
    assert str(chain_layout([])) == "(empty)"


def test_a_twentyone_state_is_drawn_from_the_seats_view() -> None:
    s = dw.new_game("twentyone", hands=[["6-6", "2-3"], ["5-5", "1-4"]], boneyard=["0-4", "3-6", "6-5"])
    s = dw.play_all(s, [
        "take",   # T21-2: seat 0 takes the 0-4: 17 + 4 = 21
        "stand",
        "take",   # seat 1 takes the 3-6: 15 + 9 = 24, bust
    ])
    root = ET.fromstring(render.state_svg(s, seat=0))
    seats = {el.get("data-seat"): el for el in with_class(root, "seat")}
    assert seats["0"].get("data-total") == "21"            # its own total
    assert seats["1"].get("data-total") is None             # T21-1: seat 1's tiles stay face down
    assert "to-play" in seats["1"].get("class", "")
    faces = {el.get("data-tile") for el in with_class(root, "tile") if el.get("data-tile")}
    assert faces == {"6-6", "2-3", "0-4"}
    # seat 1 sees its own bust
    mine = ET.fromstring(render.view_svg(s.view(1)))
    assert "bust" in with_class(mine, "seat")[1].get("class", "").split()
    # T21-3: once everybody has stood, all reveal and the winner is shown
    over = s.play("stand")
    root = ET.fromstring(over._repr_svg_())
    assert {el.get("data-tile") for el in with_class(root, "tile")} >= {"5-5", "1-4", "3-6"}
    assert "Winner: Player 1." in "".join(with_class(root, "outcome")[0].itertext())
    # open hands: the teacher sees seat 1's tiles during the game
    assert "1-4" in {el.get("data-tile") for el in with_class(ET.fromstring(render.state_svg(s, open_hands=True)),
                                                                   "tile")}


def test_a_solitaire_state_shows_its_base_choice_line_and_refills() -> None:
    s = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]], boneyard=["6-6", "0-1", "4-4", "1-1"])
    root = ET.fromstring(render.state_svg(s, highlights=True))
    # SOL-2: before the base every tile of the hand may be chosen, and the table offers the lead place
    assert len(with_class(root, "tile", "playable")) == 5 and with_class(root, "lead-slot")
    assert "Choose the base" in "".join(with_class(root, "status")[0].itertext())
    s = s.play("base 3-5").play("5-6 right")   # SOL-3: nothing else fits: two tiles laid, two drawn
    root = ET.fromstring(render.view_svg(s.view(0), highlights=True))
    table = {el.get("data-tile") for el in with_class(root, "layout")[0].iter() if el.get("data-tile")}
    assert table == {"3-5", "5-6"}
    assert [el.get("data-tile") for el in with_class(root, "tile", "playable")] == ["6-6"]
    assert with_class(root, "boneyard")[0].get("data-count") == "2"
    lost = s.play("6-6 right")   # SOL-4: the refill fits nothing
    root = ET.fromstring(render.state_svg(lost))
    assert not with_class(root, "end") and "lost" in "".join(with_class(root, "outcome")[0].itertext()).lower()
