"""The rules core: tiles, layouts, actions, the transition function, states, views, records.

Standard library only; the renderer is imported lazily inside ``_repr_svg_`` methods.
"""

from .actions import Action, ActionKind, End
from .errors import (
    AmbiguousPlayError,
    DominoError,
    GameOverError,
    IllegalPlayError,
    NotationError,
    ParameterError,
    RecordError,
)
from .layouts import Layout, Placement
from .match import Match
from .record import load_record, record_from_json, save_record
from .registry import available_variants, get_variant
from .state import GameState, Outcome, PlayerView, PublicEvent, new_game, play_all
from .tiles import Tile, parse_tiles, suit, tile_set

__all__ = [
    "Action", "ActionKind", "AmbiguousPlayError", "DominoError", "End", "GameOverError", "GameState",
    "IllegalPlayError", "Layout", "Match", "NotationError", "Outcome", "ParameterError", "Placement",
    "PlayerView", "PublicEvent", "RecordError", "Tile", "available_variants", "get_variant",
    "load_record", "new_game", "record_from_json", "parse_tiles", "play_all", "save_record", "suit", "tile_set",
]
