"""The one naming of a seat a person reads, in every language of the catalog: people count from 1,
code from 0. Here, below every layer that names a player (the pictures, the widgets, the
review's sentences, the lessons), as `game_name` is in `registry.py`; the words are the
renderer's catalog messages (context ``render.<key>``).

>>> player_name(0), player_name(0, role="you"), player_name(1, role="computer")
('Player 1', 'Player 1 (you)', 'Player 2 (computer)')
"""

from __future__ import annotations

from ..language import check_language, pgettext
from .errors import ParameterError

#: The English words that name a seat (the msgids; `domino_widgets.render.labels` lists them
#: among the pictures' words, so the catalog holds them once).
SEAT_WORDS: dict[str, str] = {
    "player": "Player {n}",
    "role_you": " (you)",
    "role_computer": " (computer)",
}

#: Who plays a seat, as a name may add it: nobody said, the person at the widget, an AI.
ROLES: tuple[str | None, ...] = (None, "you", "computer")


def player_name(seat: int, lang: str | None = None, role: str | None = None) -> str:
    """How a person reads the name of 0-based ``seat``: people count from 1, code from 0.

    This is the one naming scheme for every text a person reads (pictures, widgets, rule
    explorer, lessons). ``role`` adds who plays the seat: ``"you"`` for the person at the
    widget, ``"computer"`` for an AI seat, ``None`` (hot-seat, pictures of a plain position)
    for nothing.

    >>> player_name(0), player_name(0, role="you"), player_name(1, role="computer")
    ('Player 1', 'Player 1 (you)', 'Player 2 (computer)')
    >>> player_name(1, "cs", "computer"), player_name(0, "el", "you")
    ('Hráč 2 (počítač)', 'Παίκτης 1 (εσείς)')
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ParameterError("seat must be a whole number from 0, not {seat!r}", seat=seat)
    if role not in ROLES:
        raise ParameterError("role must be one of {choices}, not {role!r}",
                             choices=', '.join(map(repr, ROLES)), role=role)
    lang = check_language(lang)
    name = pgettext(lang, "render.player", SEAT_WORDS["player"]).format(n=seat + 1)
    return name if role is None else name + pgettext(lang, f"render.role_{role}", SEAT_WORDS[f"role_{role}"])
