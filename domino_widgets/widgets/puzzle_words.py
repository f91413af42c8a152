"""The puzzle widget's words (issue 41): the verdict on the student's play, why each other play
loses (the holding of hidden tiles that beats it), the themes' names and the rating, in the
student's language (the catalog's ``widgets.*`` messages, numbers written the language's way).

A holding names tiles the student cannot see, as a *possibility* the engine found (`Puzzle.others`):
these words are shown only once the student has made the attempt.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import Action
from ..core.registry import get_variant
from ..language import number
from .a11y import join_sentences
from .i18n import action_text, tr

Namer = Callable[[int], str]


def theme_name(theme: str | None, lang: str) -> str:
    """A theme in words ("All themes" for None).

    >>> theme_name(None, "en"), theme_name("count", "en")
    ('All themes', 'Counting')
    """
    return tr(lang, "theme_all" if theme is None else f"theme_{theme}")


def rating_text(rating: Any, lang: str) -> str:
    """A rating and its deviation, rounded, written the language's way: "1,500 ± 350".

    >>> from types import SimpleNamespace
    >>> rating_text(SimpleNamespace(rating=1512.4, rd=80.6), "el"), rating_text(SimpleNamespace(rating=2012, rd=60), "cs")
    ('1.512 ± 81', '2\xa0012 ± 60')
    """
    return f"{number(round(float(rating.rating)), ',', lang)} ± {number(round(float(rating.rd)), ',', lang)}"


def points_words(n: int, lang: str) -> str:
    """A number of points, with its sign when below zero ("−5 points"), in the language's plural form.

    >>> points_words(1, "en"), points_words(-5, "en"), points_words(3, "cs"), points_words(5, "cs")
    ('1 point', '−5 points', '3 body', '5 bodů')
    """
    text = tr(lang, "points_n", n=abs(int(n)))
    return ("\u2212" + text) if n < 0 else text


def draws(state: Any) -> bool:
    """Whether the game of ``state`` draws from a boneyard (its count is public)."""
    return bool(get_variant(state.variant).config(state.params).draws)


def answer_action(puzzle: Any, legal: Sequence[Action]) -> Action:
    """The puzzle's answer as one of the legal plays."""
    return _legal(puzzle.answer, legal, puzzle)


def _legal(play: str, legal: Sequence[Action], puzzle: Any) -> Action:
    action = Action.parse(play)
    if action in legal:
        return action
    same = [a for a in legal if a.tile == action.tile and action.end is None]
    if len(same) == 1:
        return same[0]
    raise ValueError(f"puzzle {puzzle.id}: {play!r} is not a legal play")


def refutation_of(puzzle: Any, action: Action, legal: Sequence[Action]) -> Any:
    """The engine's reason why ``action`` is worse than the answer (None for the answer)."""
    for other in puzzle.others:
        if _legal(other.play, legal, puzzle) == action:
            return other
    return None


def capital(text: str) -> str:
    """``text`` with its first letter upper case (a clause that starts a line of its own).

    >>> capital("η κίνηση 5-6"), capital("5-6 can lose")
    ('Η κίνηση 5-6', '5-6 can lose')
    """
    return text[:1].upper() + text[1:]


def tiles_words(tiles: Sequence[Any], lang: str) -> str:
    """Tiles as a list in words: "3-4, 4-4 and 2-5".

    >>> tiles_words(["3-4", "4-4", "2-5"], "cs"), tiles_words(["6-6"], "el"), tiles_words([], "en")
    ('3-4, 4-4 a 2-5', '6-6', 'no tile')
    """
    names = [str(t) for t in tiles]
    if not names:
        return tr(lang, "no_tiles")
    if len(names) == 1:
        return names[0]
    return tr(lang, "list_and", rest=", ".join(names[:-1]), last=names[-1])


def holding_words(other: Any, opponent: str, lang: str) -> str:
    """The holding that shows a play is worse: "Player 2 holds 3-4 and 4-4; the boneyard holds
    2-5, drawn in this order" (every other tile the student has not seen is out of play)."""
    parts = [tr(lang, "holds", who=opponent, tiles=tiles_words(other.hand, lang))]
    if other.boneyard:
        parts.append(tr(lang, "boneyard_holds", tiles=tiles_words(other.boneyard, lang)))
    return "; ".join(parts)


def why_words(puzzle: Any, other: Any, legal: Sequence[Action], name: Namer, lang: str) -> str:
    """One other play and why it is worse, with the holding that shows it."""
    opponent = name(1 - puzzle.seat)
    play = action_text(_legal(other.play, legal, puzzle), lang)
    holding = holding_words(other, opponent, lang)
    if puzzle.objective == "win":
        return tr(lang, "why_loses" if other.value < 0 else "why_ties", play=play, holding=holding)
    return tr(lang, "why_points" if other.value >= 0 else "why_behind", play=play,
              short=points_words(other.margin, lang), holding=holding, points=points_words(abs(other.value), lang))


def guarantee_words(puzzle: Any, lang: str) -> str:
    """What the answer makes sure of: "It wins the hand whatever the hidden tiles are and whatever
    your opponent plays" (with the draws counted as the worst tiles, when a boneyard is still to come)."""
    if puzzle.objective == "win":
        text = tr(lang, "sure_win")
    else:
        text = tr(lang, "sure_points" if puzzle.value >= 0 else "sure_behind", points=points_words(abs(puzzle.value), lang))
    return f"{text} ({tr(lang, 'sure_draws')})" if puzzle.chance == "adversarial" else text


def verdict(puzzle: Any, action: Action, best: Action, right: bool, name: Namer, lang: str,
            legal: Sequence[Action] = ()) -> str:
    """Right or wrong, in words: "Right: 3-5 on the left end is the best play. It wins the hand
    ...", or "Not the best: 5-6 on the right end can lose the hand: when Player 2 holds ....
    The best play is 3-5 on the left end"."""
    if right:
        return join_sentences([tr(lang, "puzzle_right", play=action_text(action, lang)),
                               guarantee_words(puzzle, lang)])
    other = refutation_of(puzzle, action, legal)
    why = why_words(puzzle, other, legal, name, lang) if other is not None else action_text(action, lang)
    return tr(lang, "puzzle_wrong", why=why, best=action_text(best, lang))


def explanation_lines(puzzle: Any, best: Action, legal: Sequence[Action], name: Namer, lang: str) -> list[str]:
    """The answer and what it makes sure of, then each other legal play and why it is worse."""
    lines = [join_sentences([tr(lang, "best_is", best=action_text(best, lang)), guarantee_words(puzzle, lang)])]
    lines += [capital(why_words(puzzle, other, legal, name, lang)) for other in puzzle.others]
    return lines


def explanation_html(puzzle: Any, best: Action, legal: Sequence[Action], name: Namer, lang: str) -> str:
    """`explanation_lines` as the panel under the board: the answer, then a list."""
    first, *rest = explanation_lines(puzzle, best, legal, name, lang)
    items = "".join(f"<li>{html.escape(x)}</li>" for x in rest)
    return (f"<p><b>{html.escape(first)}</b></p>"
            + (f"<p>{html.escape(tr(lang, 'others_title'))}:</p><ul>{items}</ul>" if items else ""))
