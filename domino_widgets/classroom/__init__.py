"""A class of thirty on one laptop: ``make class`` (or ``python -m domino_widgets.classroom``)
serves the game to a room with Voila (issue 29). `network` finds the address students type,
`capacity` says how many students the machine serves, `server` is the Voila set up for a class.

Nothing here is imported by the rest of the package; the server (and Voila) load only when asked for.
"""
