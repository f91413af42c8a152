"""Issue 37: in hot-seat play the person at the keyboard uses every control to see another
person's hand: the replay slider, Undo and Redo, Save and its download link, Show, the keys. This
walks them, in every game with hands, with fair play on and off, and reads everything the page
holds after each step (every synced value of every widget in the tree, the board's picture, the
download link's file decoded): no tile of a hand another person holds may be in it.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import ipywidgets as w
import pytest

import domino_widgets.widgets as dww
from domino_widgets.core.actions import ActionKind
from domino_widgets.widgets.guard import forged

LINE = ["block", "draw", "draw_cz", "all_fives", "matador", "bergen"]


def page_text(root: Any) -> str:
    """Every synced value of every widget reachable from ``root`` (what the page holds), with
    the files behind download links decoded."""
    seen: set[int] = set()
    todo: list[Any] = [root]
    out: list[str] = []
    while todo:
        item = todo.pop()
        if isinstance(item, (list, tuple)):
            todo.extend(item)
        elif isinstance(item, w.Widget) and id(item) not in seen:
            seen.add(id(item))
            for name, value in item.get_state().items():
                if isinstance(value, str):
                    out.append(value)
                    for data in re.findall(r"data:application/json;base64,([A-Za-z0-9+/=]+)", value):
                        out.append(base64.b64decode(data).decode("utf-8"))
                elif isinstance(value, (list, dict)):
                    out.append(json.dumps(value, default=str))
            for name in item.keys:
                value = getattr(item, name, None)
                if isinstance(value, (w.Widget, list, tuple)):
                    todo.append(value)
    return "\n".join(out)


_TILE_WORD = re.compile(r"(?<![\w.])(\d{1,2})-(\d{1,2})(?![\w.])")


def named(text: str, tiles: set[str]) -> set[str]:
    """The tiles of ``tiles`` that ``text`` names ("3-5" or "5-3", not inside a longer number)."""
    words = {f"{min(int(a), int(b))}-{max(int(a), int(b))}" for a, b in set(_TILE_WORD.findall(text))}
    return {t for t in tiles if "-".join(sorted(t.split("-"), key=int)) in words}


def hidden_from(s: Any, seat: int | None) -> set[str]:
    """The tiles that another person than ``seat`` holds in the game as played (None: every
    person's), none of them laid."""
    live = s.live
    if live.is_over:
        return set()
    return {str(t) for p in s.humans if p != seat for t in live.hand(p)}


def check(g: Any, what: str, seat: int | None) -> None:
    """Nothing of a hand another person than ``seat`` (the person at the board; None: nobody,
    the curtain is up) holds reaches the page."""
    s = g.session
    secret = hidden_from(s, seat)
    text = page_text(g) + "\n" + g.text()
    leaked = named(text, secret)
    assert not leaked, f"{what}: {sorted(leaked)} of another person's hand reach the page (seated {seat})"


def walk(g: Any, what: str, seat: int | None) -> None:
    """Every control a person at the keyboard can reach without acting for another person:
    every step of the slider; Save (and its link) and the keys that read the board at the first
    step, the last but one and the last; Undo and Redo."""
    s, c = g.session, g.controls
    end = s.length
    for i in range(end + 1):
        c.replay.value = i
        check(g, f"{what}, slider at {i} of {end}", seat)
        if i in (0, end - 1, end):
            g.show_record()
            check(g, f"{what}, Save at {i} of {end}", seat)
            for letter in ("h", "l", "e", "c"):  # the hand, the last moves, the ends, the scores
                g.key(letter)
            check(g, f"{what}, keys at {i} of {end}", seat)
    if end:
        g.press("undo")
        check(g, f"{what}, Undo", seat)
        g.press("redo")
        check(g, f"{what}, Redo", seat)
    c.replay.value = end
    assert s.cursor == end


def one_move(g: Any, variant: str) -> None:
    s = g.session
    if variant == "twentyone":
        g.press("take" if sum(t.value for t in s.state.hand(s.state.current_player)) < 15 else "stand")
        return
    if s.playable_tiles():
        g.click(str(s.playable_tiles()[0]))
        if s.selected is not None:
            g.click_end(str(s.target_ends()[0]))
    elif s.can(ActionKind.DRAW):
        g.press("draw")
    else:
        g.press("pass")


@pytest.mark.parametrize("fair_play", [False, True], ids=["practice", "fair"])
@pytest.mark.parametrize("variant", [*LINE, "twentyone"])
def test_no_control_shows_another_persons_hand_in_hot_seat(variant: str, fair_play: bool) -> None:
    g = dww.play(variant, mode="hotseat", seed=3, delay=0, fair_play=fair_play)
    s = g.session
    walked = 0
    try:
        for _move in range(5):
            if s.state.is_over:
                break
            while s.curtain is not None:
                walk(g, f"{variant}: the curtain up for seat {s.curtain}", None)  # nobody at the board
                g.press("show")
            walk(g, f"{variant}: seat {s.state.current_player} at the board", s.state.current_player)
            walked += 1
            one_move(g, variant)
    finally:
        g.close()
    assert walked >= 2


def test_a_download_link_leaves_with_its_person_and_its_game() -> None:
    """A link saved by one person is gone once the next person's turn comes; a link of the last
    game is gone after New game (Twenty-one, the solitaire) and after New match."""
    g = dww.play("block", mode="hotseat", seed=3, delay=0)
    s = g.session
    for _move in range(10):  # until a move hands the board to the other person
        while s.curtain is not None:
            g.press("show")
        g.show_record()
        assert "download" in g.controls.download.value
        one_move(g, "block")
        if s.curtain is not None:
            break
    assert s.curtain is not None and g.controls.download.value == ""
    assert "press Show" in (g.show_record() and g.message()) and g.controls.download.value == ""
    while s.curtain is not None:
        g.press("show")
    g.show_record()
    assert "download" in g.controls.download.value
    g.press("new_match")
    assert g.controls.download.value == ""
    for variant, params in (("twentyone", {"delay": 0}), ("solitaire", {})):
        game = dww.play(variant, seed=3, **params)
        game.show_record()
        assert "download" in game.controls.download.value, variant
        game.press("new_game")
        assert game.controls.download.value == "", variant
        game.close()
    g.close()


def test_fair_play_holds_for_every_action_on_a_replayed_position() -> None:
    """Issue 37: under fair play (locked) the solitaire's Undo is refused past a refill, but the
    slider went back before it, where Stop (SOL-3 may_stop) played on from there. Every action
    on a replayed position goes through the one fair-play rule: the tiles, the ends and Stop."""
    from domino_widgets.core.actions import STOP

    for seed in range(40):
        g = dww.play("solitaire", seed=seed, may_stop=True, locked=["fair_play"])
        s = g.session
        stop_at = None
        for _ in range(60):  # play on, stopping as soon as one may, until a refill came after a stop
            if s.state.is_over:
                break
            if STOP in s.state.legal_actions():
                stop_at = s.cursor
                g.press("stop")
                break
            tiles = s.playable_tiles()
            if not tiles:
                break
            g.click(str(tiles[0]))
            if s.selected is not None:
                g.click_end(str(s.target_ends()[0]))
        if stop_at is None or s.state.is_over or s.fair_floor() <= stop_at:
            g.close()
            continue
        g.controls.replay.value = stop_at      # before the refill: Stop shows there
        assert s.cursor == stop_at and STOP in s.state.legal_actions()
        before = [id(x) for x in s._t.states], s.cursor   # the game as played, and the step shown
        g.press("stop")
        for tile in [str(t) for t in s.state.hand]:
            g.click(tile)
        assert ([id(x) for x in s._t.states], s.cursor) == before, "an action on a replayed position undid fair play"
        assert g.press("undo") is not None and s.cursor >= 0
        g.close()
        return
    raise AssertionError("no seed gave a stop followed by a refill")


def test_a_locked_twentyone_level_holds_through_every_control_that_rebuilds_the_players() -> None:
    """Issue 37: the teacher locks "optimal"; turning rounds (T21-2) on and off left the computer at
    "stand at k" for good. The rounds option gives way to the lock, and so does every other path
    that rebuilds the players: the rules panel's menu, New game, the language, Undo and Redo."""
    g = dww.play("twentyone", level="optimal", locked=["level"], seed=3, delay=0)
    s = g.session

    def levels() -> tuple[Any, ...]:
        return g.level.value, tuple(x for x in s.seats if isinstance(x, str))

    locked = levels()
    assert locked[0] == "optimal" and set(locked[1]) == {"optimal"}
    g.set_option("rounds", True)
    assert levels() == locked and not s.state.params.get("rounds")
    assert "teacher" in g.message.value
    g.set_option("rounds", False)
    assert levels() == locked
    panel = g.rules_panel
    values = [v for _label, v in panel.option.options]
    assert forged(panel.option, {"index": values.index(True)})  # the page's message: a person may choose it
    assert levels() == locked and not s.state.params.get("rounds") and panel.option.value is False
    for action in ("new_game", "undo", "redo"):
        g.press(action)
        assert levels() == locked, action
    g.set_lang("cs")
    assert levels() == locked
    g.close()


@pytest.mark.parametrize("variant", ["block", "draw_cz", "all_fives"])
def test_the_hint_and_the_inference_panels_read_only_the_seated_persons_view(variant: str) -> None:
    """The Hint and "who holds what" panels (switched on as the page does) during the same walk:
    with the curtain up they show nothing; with a person seated, only what that person may see."""
    g = dww.play(variant, mode="hotseat", seed=5, delay=0)
    s, c = g.session, g.controls
    c.hint.value = c.inference.value = True
    try:
        for _move in range(3):
            if s.state.is_over:
                break
            while s.curtain is not None:
                assert c.hint_panel.value == c.inference_panel.value == ""
                walk(g, f"{variant} with hints: the curtain up for seat {s.curtain}", None)
                g.press("show")
            assert c.hint_panel.value  # the seated person gets their hint (the walk reads both panels)
            walk(g, f"{variant} with hints: seat {s.state.current_player} at the board", s.state.current_player)
            one_move(g, variant)
    finally:
        g.close()
