"""AI players. A player sees only ``state.view(seat)`` and gets its random source passed in.

Submodules are imported by name, e.g. ``from domino_widgets.players import line``.
"""
