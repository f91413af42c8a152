"""Twenty-one leftovers (issue 26): the app's instruction, the log after going bust, and why the
computer plays on after the student went bust."""

from __future__ import annotations

import domino_widgets as dw
from domino_widgets.widgets.app import PlayApp
from domino_widgets.widgets.twentyone import TwentyOneWidget


def _bust_game(lang: str = "en") -> TwentyOneWidget:
    # seat 0 holds 17 and takes the 6-6: 29, bust (T21-2); seat 1 (the computer) has not played yet
    start = dw.new_game("twentyone", hands=[["6-5", "3-3"], ["1-0", "1-1"]], boneyard=["6-6", "0-2", "2-2", "0-3"])
    g = TwentyOneWidget(start, seats=[None, "random"], delay=0, lang=lang)
    assert g.press("take").key == "took"
    return g


def test_the_log_says_bust_not_stands() -> None:
    g = _bust_game()
    log = g.log_box.value + " " + g.message.value
    assert "Player 1 (you): over 21, bust, out of this game (T21-2)" in log
    assert "Player 1 (you) stands" not in log


def test_the_computer_playing_on_is_explained() -> None:
    g = _bust_game()
    log = g.log_box.value + " " + g.message.value
    assert "Player 2 (computer) cannot see your tiles until everybody has stood (T21-3), so it plays on" in log
    g = _bust_game("cs")
    assert "nevidí vaše kostky" in g.log_box.value + g.message.value


def test_app_instruction_fits_the_game() -> None:
    app = PlayApp("twentyone", seed=1, delay=0)
    assert "Take or Stand" in app.intro.value and "highlighted tile" not in app.intro.value
    app.choose_game("block")
    assert "highlighted tile" in app.intro.value
    app.set_lang("cs")
    app.choose_game("twentyone")
    app.answer(True)
    assert "Brát a Stát" in app.intro.value
    app.close()


def test_app_keeps_the_size_chosen_in_its_game() -> None:
    """The projector setting chosen on the game reaches the app's menus and outlives a switch
    (the next game came back at the size the app was made with)."""
    app = PlayApp("all_fives", seed=1, delay=0)
    assert "dw-size-normal" in app.header._dom_classes
    app.game.size.value = "projector"
    assert "dw-size-projector" in app.header._dom_classes and "dw-size-normal" not in app.header._dom_classes
    assert "dw-size-projector" in app.confirm_bar._dom_classes
    for variant in ("bergen", "twentyone", "block"):  # Twenty-one has no size setting: the app keeps it
        app.choose_game(variant)
        app.answer(True)
        assert "dw-size-projector" in app.header._dom_classes
    assert app.game.size.value == "projector" and "dw-size-projector" in app.game._dom_classes
    app.close()
