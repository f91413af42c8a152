"""The SVG renderer: pure functions from a state or a view to an SVG string (svgwrite)."""
