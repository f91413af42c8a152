"""AI players. A player sees only ``state.view(seat)`` and gets its random source passed in.

Submodules are imported by name, e.g. ``from domino_widgets.players import line``.
"""

from .registry import available_players, get_player  # noqa: F401
