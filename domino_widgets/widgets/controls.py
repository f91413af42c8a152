"""The stock ipywidgets around the board: buttons, switches, the replay slider, panels, records.

Nothing here knows a rule; `GameWidget` wires these to its `GameSession`.

>>> c = Controls("cs")
>>> c.new_hand.description, c.draw.description
('Nová hra', 'Líznout')
>>> c.relabel("el"); c.pass_.description
'Πάσο'
"""

from __future__ import annotations

import ipywidgets as w

from .i18n import tr

_BUTTONS = ("draw", "pass_", "new_hand", "new_match", "undo", "redo", "save", "load")
_SWITCHES = ("open_hands", "hint", "inference")


def _key(attr: str) -> str:
    return attr.rstrip("_")


class Controls:
    """Every stock widget of the game widget, labelled in one language."""

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
        self.undo = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.redo = w.Button(icon="repeat", layout=w.Layout(width="auto"))
        self.replay = w.IntSlider(min=0, max=0, value=0, continuous_update=False, layout=w.Layout(width="320px"))
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
        self.record = w.Textarea(layout=w.Layout(width="100%", height="6em", display="none"))
        self.save = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.load = w.Button(icon="upload", layout=w.Layout(width="auto"))
        for attr in _BUTTONS:
            getattr(self, attr).add_class(f"dw-{_key(attr).replace('_', '-')}")
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """Put every label into ``lang``."""
        self.lang = lang
        for attr in _BUTTONS:
            button = getattr(self, attr)
            button.description = tr(lang, _key(attr))
            button.tooltip = tr(lang, _key(attr))
        for attr in _SWITCHES:
            getattr(self, attr).description = tr(lang, attr)
        self.replay.description = tr(lang, "replay")
        self.speed.description = tr(lang, "speed")
        self.level.description = tr(lang, "level")
        self.speed.style.description_width = "initial"

    def rows(self) -> list[w.Widget]:
        """The widgets below the board, in rows."""
        return [
            self.message,
            w.HBox([self.draw, self.pass_, self.choices]),
            w.HBox([self.new_hand, self.new_match, self.undo, self.redo, self.replay]),
            w.HBox([self.open_hands, self.hint, self.inference, self.level, self.speed]),
            self.hint_panel,
            self.inference_panel,
            self.log,
            w.HBox([self.save, self.load]),
            self.record,
        ]
