"""The optional panels of the game widget: the AI's hint and the exact tile inference.

Both are computed from the viewer's `PlayerView` only, so they cannot name a hidden tile:
the hint lists the viewer's own legal moves with the expert's estimate of each
(`domino_widgets.players`), with a sentence saying what its numbers mean (`meaning`), the inference panel gives, for each other seat and each number,
the exact chance that seat can follow on it (`domino_widgets.prob.inference.can_follow`).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from ..language import number
from .i18n import action_text, percent, tr


def hint_html(session: Any, view: Any, lang: str) -> str:
    """A table of the viewer's legal moves, best first, with the expert's value of each."""
    return hint(session, view, lang)[0]


def reason(view: Any, action: Any, lang: str) -> str:
    """One plain reason for ``action`` that is true of the position the viewer sees: the points it
    scores, else how many of the viewer's other tiles fit the open ends it leaves
    (`domino_widgets.players.advice.reason` finds them; this puts them into words).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "1-2"], ["1-5", "2-2", "3-4"]], leader=0)
    >>> reason(s.view(0), dw.core.actions.Action.parse("5-5"), "en")
    'it scores 10'
    >>> reason(s.view(0), dw.core.actions.Action.parse("5-5"), "cs")
    'získá 10 bodů'
    """
    from ..players.advice import reason as reason_of

    return reason_words(reason_of(view, action), lang)


def reason_words(why: Any, lang: str) -> str:
    """A `domino_widgets.players.advice.Reason` in words: the points a play scores, else the tiles
    that fit after it."""
    return tr(lang, "hint_scores", n=why.scores) if why.scores > 0 else tr(lang, "hint_fits", n=why.fits)


def hint(session: Any, view: Any, lang: str) -> tuple[str, Any]:
    """`hint_html` and the expert's play (None when there is no choice), to mark on the board: one
    question to the players (`domino_widgets.players.advice.advice`), its answer put into words."""
    try:
        from ..players.advice import advice as ask
    except ImportError:  # pragma: no cover - the players package is part of the project
        return html.escape(tr(lang, "unavailable", what="domino_widgets.players")), None
    if len(view.legal_actions) < 2:
        return html.escape(tr(lang, "hint_none")), None
    # a play is named only when told apart from the others
    said = ask(view, session.ai_rng(session.hand_number, len(view.history), purpose="hint"))
    unit = UNIT_KEYS[said.unit]
    rows = "".join(
        f"<tr><td>{html.escape(action_text(a, lang))}</td><td>{_value(v, said.match, lang)}</td></tr>"
        for a, v in said.values
    )
    best = said.best
    because = (tr(lang, "hint_best", play=action_text(best, lang), why=reason_words(said.reason_for(best), lang))
               if best is not None else tr(lang, "hint_close", plays=", ".join(action_text(a, lang) for a in said.tied)))
    return (f"<b>{html.escape(tr(lang, 'hint_title'))}</b>"
            f"<br><span class='dw-hint-meaning'>{html.escape(meaning(unit, [v for _, v in said.values], lang, named=best is not None))}</span>"
            f"<br><span class='dw-hint-best'>{html.escape(because)}</span>"
            f"<table class='dw-hint'><tr><th>{html.escape(tr(lang, 'move'))}</th>"
            f"<th>{html.escape(tr(lang, unit))}</th></tr>{rows}</table>"), best


def meaning(unit: str, values: list[float], lang: str, *, named: bool = False) -> str:
    """What the numbers of the hint table mean, in words a student reads: the unit (``unit``, a
    key of `UNIT_KEYS`), how the computer found them, and, when every move is worth less than
    nothing (``values``, as the table shows them), what that says; with ``named`` (the expert's
    play is told apart from every other), that it loses the least.

    >>> print(meaning("hint_points", [-3.8, -5.1], "en", named=True))  # doctest: +NORMALIZE_WHITESPACE
    Each number is how many points more than your opponent you score in this hand on average if you play that move
    (with more players: more than the one who scores the most); a number below zero means that many fewer. A move
    that wins the match counts as many points extra as the match is played to. The computer worked it out by
    playing the hand to its end many times, guessing the tiles it cannot see. Every number is below zero: whatever
    you play, you end this hand behind on average, by about that many points. The expert's move loses the least.
    >>> meaning("hint_hands", [0.5, 0.4], "cs")
    'Každé číslo je vaše šance vyhrát tuto hru, když zahrajete daný tah (hra, kterou nikdo nevyhraje, se počítá jako půl výhry). Počítač to zjistil tak, že hru mnohokrát dohrál do konce a kostky, které nevidí, přitom odhadoval.'
    """
    words = [tr(lang, f"{unit}_meaning"), tr(lang, "hint_how")]
    # a table shows a value rounded to a tenth: "below zero" only when every row reads so
    if unit in ("hint_points", "hint_match_points") and values and all(v < -0.05 for v in values):
        match = "_match" if unit == "hint_match_points" else ""
        words.append(tr(lang, f"hint_all_behind{match}"))
        if named:  # too close to call: no play is said to lose the least
            words.append(tr(lang, f"hint_least{match}"))
    return " ".join(words)


#: the catalog's words for each unit of the expert (`domino_widgets.players.expert.value_kind_of`)
UNIT_KEYS = {
    "chance of winning the hand (a drawn hand counts 1/2)": "hint_hands",
    "expected share of the pot (BRG-5)": "hint_rounds",
    "expected points margin, counted by the chance of winning the match it leaves": "hint_match_points",
    "expected points margin of the hand (winning the match counts target points more)": "hint_points",
}


def _value(v: float, kind: str, lang: str = "en") -> str:
    """An action's value in the hint table, as ``lang`` writes numbers.

    >>> _value(0.5, "hands", "cs"), _value(-1.25, "points", "el"), _value(2.0, "points")
    ('50 %', '-1,2', '+2.0')
    """
    if kind in ("hands", "rounds"):  # a chance of winning, a share of the pot
        return f"{100 * v:.0f} %"
    return number(v, "+.1f", lang)


def inference_html(view: Any, session: Any, lang: str) -> str:
    """For each other seat, the exact chance it can follow on each number (a table)."""
    try:
        from ..prob import inference
    except ImportError:
        return html.escape(tr(lang, "unavailable", what="domino_widgets.prob.inference"))
    numbers = range(view.pips + 1)
    others = [s for s in range(view.players) if s != view.seat and s not in view.finished]
    if view.is_over or not others or view.layout.center is None:
        return ""
    head = "".join(f"<th>{n}</th>" for n in numbers)
    rows = []
    for seat in others:
        cells = "".join(_cell(inference.can_follow(view, seat, n)) for n in numbers)
        rows.append(f"<tr><th>{html.escape(session.name(seat, lang))}</th>{cells}</tr>")
    ends = sorted({v for _, v in view.layout.ends})
    lines = "<br>".join(
        html.escape(tr(lang, "can_follow", who=session.name(seat, lang), n=n,
                        p=percent(inference.can_follow(view, seat, n), lang)))
        for seat in others for n in ends)
    return (f"<b>{html.escape(tr(lang, 'inference_title'))}</b><br>{lines}"
            f"<table class='dw-inference'><tr><th></th>{head}</tr>{''.join(rows)}</table>")


def _cell(p: Any) -> str:
    """A table cell: the chance in per cent, the exact fraction as its tooltip.

    >>> _cell(Fraction(11919, 12920))
    "<td title='11919/12920'>92 %</td>"
    """
    return f"<td title='{_frac(p)}'>{100 * float(p):.0f} %</td>"


def _frac(p: Any) -> str:
    if isinstance(p, Fraction):
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return html.escape(str(p))
