"""The rules panel in every game widget and the rule explorer (docs/rules.md with the settings
in force), and the seed options as widget settings that travel in the record."""

from __future__ import annotations

import pytest

import domino_widgets as dw
from domino_widgets.widgets import explore, play
from domino_widgets.widgets.rules_panel import RulesPanel


def opened(widget: object) -> str:
    panel = widget.rules_panel  # type: ignore[attr-defined]
    panel.fold.selected_index = 0
    return str(panel.body.value)


def test_every_widget_shows_its_rules_with_the_options_in_force() -> None:
    g = play("all_fives", mode="watch", seed=3, delay=0, scoring="draw", lang="el")
    assert "A5-7 [R]" in opened(g) and "<code>scoring='draw'</code> ✎" in opened(g)
    assert g.rules_panel.get_title(0) == "Οι κανόνες αυτού του παιχνιδιού"
    t = play("twentyone", seed=2, lang="cs", rounds=True)
    assert "T21-2 [R]" in opened(t) and "rounds=True" in opened(t)
    s = play("solitaire", seed=2, may_stop=True)
    assert "SOL-3 [R]" in opened(s) and "may_stop=True" in opened(s)
    e = explore("matador", matador_optional=True)
    assert "MAT-4 [R]" in opened(e) and "matador_optional=True" in opened(e)


def test_twentyone_widget_rounds_option_plays_take_or_pass_and_travels_in_the_record() -> None:
    t = play("twentyone", seed=4, mode="hotseat", rounds=True)
    assert t.stand.description == "Pass"
    t.press("stand")                           # seat 0 passes: the turn goes round (T21-2 option)
    st = t.session.state
    assert str(st.history[0]) == "pass" and st.current_player == 1
    assert dw.load_record(st.to_json()).params["rounds"] is True
    assert play("twentyone", seed=4, rounds=True).session.seats[1] == "stand_at"   # optimal refuses rounds


def test_bergen_widget_says_when_the_cross_cannot_be_completed() -> None:
    s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
    g = play(s.play("6-6").play("4-6 left").play("5-6 right"), mode="hotseat")
    assert g.rules_panel.notice.layout.display is None
    assert "BRG-3" in g.rules_panel.notice.value
    assert play("bergen", mode="watch", seed=1, delay=0, players=4).rules_panel.notice.layout.display == "none"


def test_solitaire_widget_stop_button_with_may_stop() -> None:
    """SOL-3 seed option: the Stop button shows once a tile is laid in the round, and ends it."""
    start = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]],
                        boneyard=["6-6", "0-1", "4-4", "1-1"], may_stop=True)
    g = play(start)
    assert g.stop.layout.display == "none"           # no base yet
    g.click("3-5")                                   # the base; the 5-6 still fits
    assert g.stop.layout.display is None
    g.press("stop")                                  # round 1 ends: one tile laid, one drawn (6-6)
    st = g.session.state
    assert st.round == 2 and str(st.history[-1]) == "stop" and g.stop.layout.display == "none"
    assert play(dw.new_game("solitaire", hands=[["3-5", "5-6"]], boneyard=["6-6"])).stop.layout.display == "none"


def test_the_seed_option_is_a_setting_of_each_game_widget() -> None:
    """Changing the panel's setting starts a new game with the option (it travels in the record)."""
    g = play("all_fives", mode="hotseat", seed=1)
    g.rules_panel.option.value = "draw"              # A5-7
    assert g.session.state.params["scoring"] == "draw" and g.session.state.params["target"] == 50
    m = play("matador", mode="hotseat", seed=1)
    m.rules_panel.option.value = True                # MAT-4
    assert dw.load_record(m.session.state.to_json()).params["matador_optional"] is True
    t = play("twentyone", seed=1)
    assert t.session.seats[1] == "optimal"
    t.rules_panel.option.value = True                # T21-2
    assert t.session.state.params["rounds"] is True and t.session.seats[1] == "stand_at"
    s = play("solitaire", seed=1)
    s.rules_panel.option.value = True                # SOL-3
    assert s.session.state.params["may_stop"] is True
    assert play("bergen", mode="watch", seed=1, delay=0).rules_panel.option.layout.display is None  # BRG-1: players


def test_seed_options_are_offered_in_words_of_every_language() -> None:
    """The setting names each choice in the widget's language, with its rule id (no `scoring='draw'`)."""
    from domino_widgets.variants.rulebook import _texts
    from domino_widgets.widgets.rules_panel import SEED_OPTIONS, RulesPanel

    for lang in ("en", "cs", "el"):
        for variant, (name, values) in SEED_OPTIONS.items():
            labels = [_texts(lang).OPTION_VALUES[(name, v)] for v in values]
            assert len(set(labels)) == len(values) and all("-" in x and "=" not in x for x in labels), labels
        p = RulesPanel(lang, on_option=lambda *_: None)
        p.show(dw.new_game("matador", seed=1, matador_optional=True), lang)
        assert [label for label, _v in p.option.options] == [
            _texts(lang).OPTION_VALUES[("matador_optional", v)] for v in (False, True)]
        assert p.option.value is True


def test_the_panel_shows_only_the_rules_in_force_and_marks_options_against_their_own_default() -> None:
    """A5-7 scoring="draw": A5-5 (rounding) and A5-6 (to 150) give way; target=50 is that option's
    own default (no ✎), 150 with scoring="draw" is a change (✎)."""
    import domino_widgets as dw

    sheet = dw.rules("all_fives", lang="cs", scoring="draw")
    ids = [r.id for r in sheet.rules]
    assert "A5-5" not in ids and "A5-6" not in ids and "A5-7" in ids
    assert "A5-5" not in [rid for rid, _, _ in sheet.house] and "A5-6" not in [rid for rid, _, _ in sheet.house]
    assert "`target=50`," in sheet.markdown() and "`target=50` ✎" not in sheet.markdown()
    assert "`scoring='draw'` ✎" in sheet.markdown()
    changed = dw.rules("all_fives", lang="en", scoring="draw", target=150).markdown()
    assert "`target=150` ✎" in changed
    default = dw.rules("all_fives", lang="en")
    assert {"A5-5", "A5-6"} <= {r.id for r in default.rules} and "✎" not in default._options_line()
    assert "`target=100` ✎" in dw.rules("all_fives", lang="el", target=100).markdown()


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_the_setting_shows_the_target_the_match_would_have(lang: str) -> None:
    import domino_widgets as dw

    p = RulesPanel(lang, on_option=lambda name, value: None)
    p.show(dw.new_game("all_fives", seed=1, scoring="draw"))
    labels = dict((v, k) for k, v in p.option.options)
    assert "50" in labels["draw"] and "150" in labels["fives"] and "{target}" not in labels["draw"]
    p.show(dw.new_game("all_fives", seed=1, target=200))
    labels = dict((v, k) for k, v in p.option.options)
    assert "200" in labels["draw"] and "200" in labels["fives"] and "150" not in labels["fives"]


def test_bergen_offers_players_as_its_option_and_the_seats_follow() -> None:
    """BRG-1: `players` is in the Bergen widget's option list, the sheet's three first; choosing 4
    starts a 4-seat match."""
    g = play("bergen", seed=3, delay=0)
    assert g.session.state.players == 3
    assert [v for _, v in g.rules_panel.option.options] == [3, 2, 4] and g.rules_panel.option.layout.display is None
    g.rules_panel.option.value = 4
    assert g.session.state.players == 4 and len(g.session.seats) == 4 and g.session.seats[0] is None
    assert "players=4" in g.rules_panel.html
    g.rules_panel.option.value = 2
    assert g.session.state.players == 2 and len(g.session.seats) == 2
