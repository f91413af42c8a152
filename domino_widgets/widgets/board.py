"""The one custom widget: an SVG board on which tiles and ends can be clicked (anywidget).

The kernel renders the SVG (`domino_widgets.render`) and puts it in the synced trait ``svg``;
the front end (``board.js``) shows it, makes the tiles of the viewer's hand (``hand``: the
viewer's own tiles, nothing hidden) and the open ends focusable buttons (Enter / Space), and
sends each click back with the revision ``rev`` of the picture that was clicked. A click on a
picture already replaced is reported as stale.

>>> b = BoardWidget()
>>> got = []
>>> b.on_click(lambda kind, value, stale: got.append((kind, value, stale)))
>>> b.show("<svg/>"); b.show("<svg/>"); b.rev          # the same picture twice: one revision
1
>>> b.receive({"type": "tile", "tile": "3-5", "rev": 1})
>>> b.receive({"type": "end", "end": "left", "rev": 0})      # clicked on the previous picture
>>> b.receive({"type": "tile", "tile": "<script>", "rev": 1})  # anything odd is passed as is, the game refuses it
>>> got
[('tile', '3-5', False), ('end', 'left', True), ('tile', '<script>', False)]
>>> b.receive({"type": "tile"}), b.receive("nonsense"), len(got)   # malformed messages are dropped
(None, None, 3)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

_HERE = Path(__file__).parent

ClickHandler = Callable[[str, str, bool], None]


#: The tiles and ends a picture offers to a click, with their marks (playable, selected, target).
_CLICKABLE = re.compile(r'<g class="([^"]*)" data-(tile|end)="([^"]*)"')


class BoardWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """An SVG picture with clickable tiles and ends."""

    # given as text, not as file paths: for a path anywidget registers a hot-reload callback that
    # holds every instance for the kernel's lifetime (+0.3 MiB per board, never freed)
    _esm = (_HERE / "board.js").read_text(encoding="utf-8")
    _css = (_HERE / "board.css").read_text(encoding="utf-8")

    svg = traitlets.Unicode("").tag(sync=True)
    rev = traitlets.Int(0).tag(sync=True)  # the revision of the picture (one more per `show`)
    interactive = traitlets.Bool(True).tag(sync=True)  # False: the clicks will be refused (AI to move)
    phase = traitlets.Unicode("").tag(sync=True)  # what the game waits for, as data-phase (for tests)
    description = traitlets.Unicode("").tag(sync=True)  # the table in notation, for screen readers
    ack = traitlets.Int(0).tag(sync=True)  # one more per click handled (redrawn or not)
    hand = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the viewer's own tiles: these are clickable
    #: the width in pixels the board has on the page, measured by the front end (ResizeObserver);
    #: 0 until it is known. The game lays its picture out for it (tiles keep their size).
    avail_width = traitlets.Int(0).tag(sync=True)
    #: What the page itself may set (widgets/guard.py refuses the rest): the width it measured, which
    #: `layout_width` takes only between 200 and 10000 pixels.
    PAGE_SETS = ("avail_width",)
    #: the measured width the game had when it drew the picture shown (0: it does not lay its
    #: picture out for the width); the page knows its picture fits once this is what it sent
    laid_for = traitlets.Int(0).tag(sync=True)
    label_board = traitlets.Unicode("Domino table").tag(sync=True)
    label_tile = traitlets.Unicode("tile").tag(sync=True)
    label_playable = traitlets.Unicode("playable tile").tag(sync=True)
    label_end = traitlets.Unicode("end").tag(sync=True)
    #: issue 27: the text the live region (role="status") says, once per ``announce_n``
    announce = traitlets.Unicode("").tag(sync=True)
    announce_n = traitlets.Int(0).tag(sync=True)
    tile_labels = traitlets.Dict().tag(sync=True)  # "3-5" -> "3-5, playable" (the viewer's own tiles)
    end_labels = traitlets.Dict().tag(sync=True)  # "left" -> "left end: 3"
    letters = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the letters the board answers
    keys_help = traitlets.Unicode("").tag(sync=True)  # the keys in words (the board's description)
    label_move = traitlets.Unicode("Type a move").tag(sync=True)  # the move box's label
    label_live = traitlets.Unicode("Announcements").tag(sync=True)
    label_log = traitlets.Unicode("Last moves").tag(sync=True)  # the name of the game's log (a Tab stop)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[ClickHandler] = []
        self._key_handlers: list[Callable[[str], None]] = []
        self._typed_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_front_end_msg)
        self._clickable: tuple[Any, ...] | None = None  # what a click on the picture can mean
        self._same_since = 0  # the first revision that offers the same clicks as the current one

    def show(self, svg: str, *, interactive: bool | None = None, phase: str | None = None,
             description: str | None = None, hand: list[str] | None = None, laid_for: int | None = None) -> None:
        """Put a new picture on the board (a new revision) with the other traits given, in one
        message; nothing is sent when nothing changed (clicks on it are then still current).
        ``laid_for``: the measured width the picture was laid out for."""
        if svg == self.svg and (interactive is None or interactive == self.interactive) \
                and (phase is None or phase == self.phase) \
                and (description is None or description == self.description) \
                and (hand is None or hand == self.hand):
            if laid_for is not None:
                self.laid_for = laid_for  # the same picture fits the new width
            return
        with self.hold_sync():
            if laid_for is not None:
                self.laid_for = laid_for
            if hand is not None:
                self.hand = hand
            if description is not None:
                self.description = description
            if interactive is not None:
                self.interactive = interactive
            if phase is not None:
                self.phase = phase
            self.rev += 1
            self.svg = svg
        clickable = (tuple(self.hand), self.phase, self.interactive, tuple(_CLICKABLE.findall(svg)))
        if clickable != self._clickable:
            self._clickable, self._same_since = clickable, self.rev

    def layout_width(self, default: float = 820.0) -> float:
        """The measured width (pixels) when the front end sent a sensible one, else ``default``;
        anything odd a page sends is ignored (at most 10000)."""
        w = self.avail_width
        return float(w) if isinstance(w, int) and 200 <= w <= 10000 else default

    def on_click(self, handler: ClickHandler) -> None:
        """Call ``handler(kind, value, stale)`` for each click: kind "tile", "end" or "cancel"."""
        self._handlers.append(handler)

    def say(self, text: str) -> None:
        """Announce ``text`` through the live region (again, even when it is the same text)."""
        if not text:
            return
        with self.hold_sync():
            self.announce = text
            self.announce_n += 1

    def unsay(self) -> None:
        """Empty the live region: after a language switch no sentence stays there in the old
        language (the next move is announced in the new one)."""
        with self.hold_sync():
            self.announce = ""
            self.announce_n += 1

    def on_key(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(letter)`` for each letter key pressed on the board (lower case)."""
        self._key_handlers.append(handler)

    def on_typed(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(text)`` for each move typed into the move box."""
        self._typed_handlers.append(handler)

    def receive(self, content: Any) -> None:
        """Handle one message of the front end (also used by tests to click without a browser)."""
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind in ("key", "typed"):
            value = content.get("key" if kind == "key" else "text")
            if not isinstance(value, str) or not value or len(value) > (1 if kind == "key" else 80):
                return
            try:
                if kind == "key":
                    for key_handler in list(self._key_handlers):
                        key_handler(value.lower())
                else:
                    for typed_handler in list(self._typed_handlers):
                        typed_handler(value)
            finally:
                self.ack += 1
            return
        value = content.get("tile") if kind == "tile" else content.get("end") if kind == "end" else ""
        if kind not in ("tile", "end", "cancel") or not isinstance(value, str) or len(value) > 40:
            return
        rev = content.get("rev")
        # a click on an older picture is stale unless that picture offered the same clicks (the
        # same tiles and ends, marked alike) as this one: a redraw for a new width changes nothing
        stale = isinstance(rev, int) and not self._same_since <= rev <= self.rev
        try:
            for handler in list(self._handlers):
                handler(kind, value, stale)
        finally:
            self.ack += 1

    def _on_front_end_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)
