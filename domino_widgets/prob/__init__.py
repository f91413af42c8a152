"""Exact probabilities as `fractions.Fraction`, by counting (DESIGN principle 4).

Submodules are imported by name, e.g. ``from domino_widgets.prob import twentyone``.
"""
