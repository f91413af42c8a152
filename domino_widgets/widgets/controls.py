"""The stock ipywidgets around the board: buttons, switches, the replay slider, panels, records.

Nothing here knows a rule; `GameWidget` wires these to its `GameSession`. `TimelineControls`
(undo, redo, the replay slider, save and load) and `TimelineWidget` (what they do) are shared by
the line-game, Twenty-one and solitaire widgets, over a session with a `Timeline`.

>>> c = Controls("cs")
>>> c.new_hand.description, c.draw.description
('Nová hra', 'Líznout')
>>> c.relabel("el"); c.pass_.description
'Πάσο'
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as w

from ..core.errors import DominoError
from .i18n import tr
from .session import Note

_TIMELINE_BUTTONS = ("undo", "redo", "save", "load")
_BUTTONS = ("draw", "pass_", "new_hand", "new_match", *_TIMELINE_BUTTONS)
_SWITCHES = ("open_hands", "hint", "inference")


def _key(attr: str) -> str:
    return attr.rstrip("_")


def show_button() -> w.Button:
    """Hot-seat privacy: the "Show Player N's tiles" button, hidden until `label_show` shows it.

    >>> b = show_button(); label_show(b, 1, "en"); b.description, b.layout.display
    ("Show Player 2's tiles", None)
    >>> label_show(b, None, "en"); b.layout.display
    'none'
    """
    b = w.Button(icon="eye", button_style="warning", layout=w.Layout(width="auto", display="none"))
    b.add_class("dw-show")
    return b


def label_show(button: w.Button, hidden: int | None, lang: str) -> None:
    """Show ``button`` labelled for the seat ``hidden`` whose hand is face down (hide it for None)."""
    button.layout.display = "none" if hidden is None else None
    if hidden is not None:
        button.description = button.tooltip = tr(lang, "show_tiles", n=hidden + 1)


class TimelineControls:
    """Undo, Redo, the replay slider, Save and Load with the record's text box.

    >>> t = TimelineControls("el"); t.undo.description, t.replay.description
    ('Αναίρεση', 'Κίνηση')
    """

    _buttons: tuple[str, ...] = _TIMELINE_BUTTONS

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.undo = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.redo = w.Button(icon="repeat", layout=w.Layout(width="auto"))
        self.replay = w.IntSlider(min=0, max=0, value=0, continuous_update=False, layout=w.Layout(width="320px"))
        self.record = w.Textarea(layout=w.Layout(width="100%", height="6em", display="none"))
        self.save = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.load = w.Button(icon="upload", layout=w.Layout(width="auto"))
        for attr in _TIMELINE_BUTTONS:
            getattr(self, attr).add_class(f"dw-{_key(attr).replace('_', '-')}")
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """Put every label into ``lang``."""
        self.lang = lang
        for attr in self._buttons:
            button = getattr(self, attr)
            button.description = tr(lang, _key(attr))
            button.tooltip = tr(lang, _key(attr))
        self.replay.description = tr(lang, "replay")

    def widgets(self) -> list[w.Widget]:
        """Every widget made here (to close them)."""
        return [self.undo, self.redo, self.replay, self.save, self.load, self.record]

    def rows(self) -> list[w.Widget]:
        """The widgets in rows: moving in time, then records."""
        return [w.HBox([self.undo, self.redo, self.replay]), w.HBox([self.save, self.load]), self.record]


class Controls(TimelineControls):
    """Every stock widget of the game widget, labelled in one language."""

    _buttons = _BUTTONS

    def __init__(self, lang: str = "en", *, ai_seats: bool = True) -> None:
        self.lang = lang
        self.status = w.HTML(layout=w.Layout(width="100%"))
        self.status.add_class("dw-status")
        self.message = w.HTML(layout=w.Layout(width="100%"))
        self.message.add_class("dw-message")
        self.draw = w.Button(icon="hand-paper-o", layout=w.Layout(width="auto"))
        self.pass_ = w.Button(icon="forward", layout=w.Layout(width="auto"))
        self.choices = w.HBox([])
        self.new_hand = w.Button(icon="refresh", button_style="success", layout=w.Layout(width="auto"))
        self.new_match = w.Button(icon="trophy", layout=w.Layout(width="auto"))
        # hot-seat privacy: shown while the next person's hand is face down
        self.show = show_button()
        self.open_hands = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.hint = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.inference = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.speed = w.FloatSlider(min=0.0, max=3.0, step=0.1, value=0.6, readout_format=".1f",
                                   layout=w.Layout(width="300px"))
        self.speed.layout.display = None if ai_seats else "none"
        self.level = w.Dropdown(options=["random", "greedy", "expert"], value="greedy",
                                layout=w.Layout(width="14em", display=None if ai_seats else "none"))
        self.hint_panel = w.HTML()
        self.hint_panel.add_class("dw-panel")
        self.inference_panel = w.HTML()
        self.inference_panel.add_class("dw-panel")
        self.log = w.HTML()
        self.log.add_class("dw-log")
        super().__init__(lang)
        for attr in _BUTTONS:
            if attr not in _TIMELINE_BUTTONS:
                getattr(self, attr).add_class(f"dw-{_key(attr).replace('_', '-')}")

    def relabel(self, lang: str) -> None:
        """Put every label into ``lang``."""
        super().relabel(lang)
        for attr in _SWITCHES:
            getattr(self, attr).description = tr(lang, attr)
        self.speed.description = tr(lang, "speed")
        self.level.description = tr(lang, "level")
        self.speed.style.description_width = "initial"

    def rows(self) -> list[w.Widget]:
        """The widgets below the board, in rows."""
        return [
            self.message,
            w.HBox([self.show, self.draw, self.pass_, self.choices]),
            w.HBox([self.new_hand, self.new_match, self.undo, self.redo, self.replay]),
            w.HBox([self.open_hands, self.hint, self.inference, self.level, self.speed]),
            self.hint_panel,
            self.inference_panel,
            self.log,
            w.HBox([self.save, self.load]),
            self.record,
        ]


class TimelineWidget:
    """Mixin: what the timeline controls do, for a widget with ``session`` (a `Timeline`),
    ``controls`` (`TimelineControls`), ``_act(do, timeline=...)`` and ``refresh()``.

    The record names every tile (a seed replays the deal), so it reaches the text box only when
    `_record_allowed` says nothing is hidden any more.
    """

    session: Any
    controls: TimelineControls
    _refreshing: bool = False

    def _act(self, do: Any, *, timeline: bool = False) -> Any:  # pragma: no cover - the widget's
        raise NotImplementedError

    def close(self) -> None:
        """Stop any automatic step and close every widget this one holds, shown or not."""
        for name in ("_task", "_hint_task"):
            task = getattr(self, name, None)
            if task is not None and not task.done():
                task.cancel()
        seen: set[int] = {id(self)}
        todo: list[Any] = [*vars(self).values(), *getattr(self, "children", ())]
        controls = getattr(self, "controls", None)
        if controls is not None:
            todo.extend(vars(controls).values())
        while todo:
            item = todo.pop()
            if isinstance(item, (list, tuple)):
                todo.extend(item)
            elif isinstance(item, dict):
                todo.extend(item.values())
            elif isinstance(item, w.Widget) and id(item) not in seen:
                seen.add(id(item))
                todo.extend(getattr(item, "children", ()))
                item.close()
        super().close()  # type: ignore[misc]

    def _wire_timeline(self) -> None:
        c = self.controls
        c.undo.on_click(lambda _b: self._act(self.session.undo, timeline=True))
        c.redo.on_click(lambda _b: self._act(self.session.redo, timeline=True))
        c.save.on_click(lambda _b: self.show_record())
        c.load.on_click(lambda _b: self._load_from_box())
        c.replay.observe(self._on_replay, names="value")

    def _on_replay(self, change: dict[str, Any]) -> None:
        i = change["new"]
        if i == self.session.cursor or self._refreshing:
            return
        self._act(lambda: self.session.goto(i), timeline=True)

    def _refresh_timeline(self) -> None:
        """Undo, Redo and the slider from the session; the record box emptied when it may not show."""
        s, c = self.session, self.controls
        c.undo.disabled = s.cursor == 0
        c.redo.disabled = not s.replaying
        c.replay.max = s.length
        c.replay.value = s.cursor
        if not self._record_allowed():
            c.record.value = ""
            c.record.layout.display = "none"

    def _record_allowed(self) -> bool:
        """Show the record only once the game is over (widgets with open hands add that)."""
        return bool(self.session.state.is_over)

    def record(self) -> dict[str, Any]:
        """The core's record of the shown position (kernel-side only: it names hidden tiles)."""
        return self.session.record()  # type: ignore[no-any-return]

    def show_record(self) -> Note:
        """Save: put the record in the text box, when that reveals nothing."""
        c = self.controls
        if not self._record_allowed():
            return self._act(lambda: self.session._say(Note.of("record_hidden")))  # type: ignore[no-any-return]
        c.record.value = json.dumps(self.record(), indent=1)
        c.record.layout.display = None
        return self._act(lambda: self.session._say(Note.of("saved")))  # type: ignore[no-any-return]

    def load(self, source: Any) -> Note:
        """Replay a record (dict, JSON text or path) and show its last position."""
        note = self._act(lambda: self.session.load(source), timeline=True)
        assert note is not None
        return note  # type: ignore[no-any-return]

    def _load_from_box(self) -> None:
        c = self.controls
        text = c.record.value.strip()
        if not text:
            c.record.layout.display = None
            c.record.placeholder = '{"format": "domino_widgets/record", ...}'
            return
        try:
            self.load(text)
        except DominoError as exc:
            why = str(exc)
            self._act(lambda: self.session._say(Note.of("record_error", error=why)))
