"""The stock ipywidgets around the board: buttons, switches, the replay slider, panels, records.

Nothing here knows a rule; `GameWidget` wires these to its `GameSession`. `TimelineControls`
(undo, redo, the replay slider, Save and Open) and `TimelineWidget` (what they do) are shared by
the line-game, Twenty-one and solitaire widgets, over a session with a `Timeline`.

>>> c = Controls("cs")
>>> c.new_hand.description, c.draw.description
('Nová hra', 'Dobrat')
>>> c.relabel("el"); c.pass_.description
'Πάσο'
"""

from __future__ import annotations

import base64
import html
import secrets
import weakref
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from ..core.errors import DominoError, ParameterError, Phrase
from .guard import guard_tree, lock
from .i18n import tr
from .notes import Note
from .timeline import MAX_RECORD_CHARS

_TIMELINE_BUTTONS = ("undo", "redo", "save")
_BUTTONS = ("draw", "pass_", "new_hand", "new_match", *_TIMELINE_BUTTONS)
_SWITCHES = ("open_hands", "hint", "inference")
_LOCKABLE = ("open_hands", "fair_play", "hint", "inference", "level", "speed")


def _key(attr: str) -> str:
    return attr.rstrip("_")


def close_tree(*roots: Any) -> int:
    """Close every widget reachable from ``roots``: the widgets themselves, their children, and
    the `Layout` and style widgets each one made (ipywidgets registers those too, and
    ``Widget.close`` leaves them open). Lists, tuples and dicts are searched; returns how many
    were closed.

    >>> box = w.HBox([w.Button(), w.Checkbox()])
    >>> close_tree(box)          # the box, 2 children, and the layout and style of each
    8
    """
    seen: set[int] = set()
    todo: list[Any] = list(roots)
    closed = 0
    while todo:
        item = todo.pop()
        if isinstance(item, (list, tuple, set)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, w.Widget) and id(item) not in seen:
            seen.add(id(item))
            for name in item.keys:
                value = getattr(item, name, None)
                if isinstance(value, w.Widget) or (isinstance(value, (list, tuple)) and value
                                                   and isinstance(value[0], w.Widget)):
                    todo.append(value)
            if item.comm is not None:
                item.close()
                closed += 1
    return closed


#: Widgets by the notebook cell that made them: re-running a cell closes what it made before.
_BY_CELL: dict[str, list[weakref.ref[Any]]] = {}


def _cell_run() -> tuple[str, int] | None:
    """The cell being run in the kernel (JupyterLab, Notebook 7 and VS Code send its id) and the
    run's number, or None outside a notebook."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets depends on IPython
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if shell is None or kernel is None:
        return None
    parent = kernel.get_parent() if hasattr(kernel, "get_parent") else getattr(kernel, "_parent_header", {})
    cell = (parent or {}).get("metadata", {}).get("cellId")
    return (str(cell), int(shell.execution_count)) if cell else None


def replace_in_cell(widget: Any, run: tuple[str, int] | None = None) -> None:
    """Remember that ``widget`` was made by the running cell, and close the widgets an earlier
    run of the same cell made: re-running a cell replaces its widget instead of leaving the old
    one's comms open. Widgets made in the same run (two boards in one cell) are kept."""
    run = run if run is not None else _cell_run()
    if run is None:
        return
    cell, count = run
    kept = []
    for ref in _BY_CELL.get(cell, []):
        old = ref()
        if old is None or old is widget:
            continue
        if getattr(old, "_cell_run", None) == run:
            kept.append(ref)
        else:
            old.close()
    widget._cell_run = run
    _BY_CELL[cell] = [*kept, weakref.ref(widget)]
    for other in [c for c, refs in _BY_CELL.items() if not any(r() is not None for r in refs)]:
        del _BY_CELL[other]  # cells whose widgets are all gone: nothing to remember


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
    """Undo, Redo, the replay slider, Save (one press: the browser downloads the file) and Open (a
    record file from the person's computer).

    >>> t = TimelineControls("el"); t.undo.description, t.replay.description
    ('Αναίρεση', 'Κίνηση')
    """

    _buttons: tuple[str, ...] = _TIMELINE_BUTTONS

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.undo = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.redo = w.Button(icon="repeat", layout=w.Layout(width="auto"))
        self.replay = w.IntSlider(min=0, max=0, value=0, continuous_update=False, layout=w.Layout(width="auto"))
        self.save = w.Button(icon="download", layout=w.Layout(width="auto"))
        # Open: a record file from the person's own computer (nothing here reads the kernel's files)
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False, layout=w.Layout(width="auto"))
        self.upload.add_class("dw-upload")
        # the saved file: a link never shown, which the page clicks as it arrives (board.js), so one
        # press of Save downloads the file (issue 40: Save, then a "Download" link, was two steps),
        # in Lab, Voila and the browser-only site alike
        self.download = w.HTML(layout=w.Layout(display="none"))
        self.download.add_class("dw-download")
        # fair play: undo never goes back past a tile that was shown (off: practice mode)
        self.fair_play = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.fair_play.add_class("dw-fair-play")
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
        self.upload.description = tr(lang, "upload")
        self.upload.tooltip = tr(lang, "upload_tip")
        self.fair_play.description = tr(lang, "fair_play")
        self.fair_play.tooltip = tr(lang, "fair_play_tip")

    def widgets(self) -> list[w.Widget]:
        """Every widget made here (to close them)."""
        return [self.undo, self.redo, self.replay, self.save, self.upload, self.download, self.fair_play]

    def rows(self) -> list[w.Widget]:
        """The widgets in rows: moving in time, then records."""
        return [w.HBox([self.undo, self.redo, self.replay, self.fair_play]),
                w.HBox([self.save, self.upload, self.download])]


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
        # why Draw and Pass stay grey where the rules draw for you (All Fives, the Greek draw game)
        self.auto_note = w.HTML(layout=w.Layout(display="none"))
        self.auto_note.add_class("dw-auto-note")
        self.new_hand = w.Button(icon="refresh", button_style="success", layout=w.Layout(width="auto"))
        self.new_match = w.Button(icon="trophy", layout=w.Layout(width="auto"))
        # hot-seat privacy: shown while the next person's hand is face down
        self.show = show_button()
        self.open_hands = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.hint = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.inference = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.speed = w.FloatSlider(min=0.0, max=3.0, step=0.1, value=0.6, readout_format=".1f",
                                   layout=w.Layout(width="auto"))
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
        for attr in (*_BUTTONS, *_SWITCHES, "level", "speed"):
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
            w.HBox([self.show, self.draw, self.pass_, self.auto_note, self.choices]),
            w.HBox([self.new_hand, self.new_match, self.undo, self.redo, self.replay]),
            w.HBox([self.open_hands, self.hint, self.inference, self.fair_play, self.level, self.speed]),
            self.hint_panel,
            self.inference_panel,
            self.log,
            w.HBox([self.save, self.upload, self.download]),
        ]


class TimelineWidget:
    """Mixin: what the timeline controls do, for a widget with ``session`` (a `Timeline`),
    ``controls`` (`TimelineControls`), ``_act(do, timeline=...)`` and ``refresh()``.

    A saved file names only what the person at the board may see (`show_record`).
    """

    session: Any
    controls: TimelineControls
    _refreshing: bool = False

    def _act(self, do: Any, *, timeline: bool = False) -> Any:  # pragma: no cover - the widget's
        raise NotImplementedError

    def close(self) -> None:
        """Stop any automatic step and close every widget this one made, shown or not (with their
        layouts and styles), then itself."""
        close_widget(self)

    def _wire_timeline(self) -> None:
        c = self.controls
        c.undo.on_click(lambda _b: self._act(self.session.undo, timeline=True))
        c.redo.on_click(lambda _b: self._act(self.session.redo, timeline=True))
        c.save.on_click(lambda _b: self.show_record())
        c.upload.observe(self._on_upload, names="value")
        c.replay.observe(self._on_replay, names="value")
        c.fair_play.observe(self._on_fair_play, names="value")

    # ------------------------------------------------------------------ a teacher's settings

    def lockable(self) -> dict[str, tuple[w.Widget, ...]]:
        """The settings a teacher may lock, by name, with their controls: those of "open_hands",
        "fair_play", "hint", "inference", "level", "speed" this widget has, and "load" (the Open
        button)."""
        c = self.controls
        found: dict[str, tuple[w.Widget, ...]] = {}
        for name in _LOCKABLE:
            control = getattr(c, name, None)
            if not isinstance(control, w.Widget):
                control = vars(self).get(name)
            if isinstance(control, w.Widget):
                found[name] = (control,)
        found["load"] = (c.upload,)
        return found

    def _set_up_safety(self, fair_play: bool | None, locked: Iterable[str]) -> None:
        """Fair play (None: the session's default, on against the computer) and the locked
        settings: hidden, disabled, and locked (`guard.lock`): a value the lock forbids is refused
        before any observer sees it, from a page script and from Python alike."""
        if fair_play is not None:
            if not isinstance(fair_play, bool):
                raise ParameterError("fair_play must be True or False, not {fair_play!r}", fair_play=fair_play)
            self.session.fair_play = fair_play
        self.controls.fair_play.value = bool(self.session.fair_play)
        if isinstance(locked, str):
            locked = (locked,)
        switches = self.lockable()
        names = tuple(locked)
        unknown = [n for n in names if n not in switches]
        if unknown:
            raise ParameterError("locked names settings of this widget ({switches}), not {choices}",
                                 switches=', '.join(switches), choices=', '.join(map(repr, unknown)))
        self.locked: tuple[str, ...] = names
        for name in names:
            for control in switches[name]:
                control.layout.display = "none"
                control.disabled = True
                lock(control)
        guard_widget(self)

    def _on_fair_play(self, change: dict[str, Any]) -> None:
        if "fair_play" in getattr(self, "locked", ()):
            return
        self.session.fair_play = bool(change["new"])
        self._act(lambda: self.session._say(Note.of("fair_play_on" if change["new"] else "practice_on")))

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
        saved = getattr(self, "_saved", None)
        game, seat = self._save_key()
        if saved is not None and (saved[2] is not game or saved[3] != seat):
            self._saved = None  # another game, or another person at the board: their link goes (issue 37)
            self._show_download()

    def record(self) -> dict[str, Any]:
        """The core's record of the shown position (kernel-side only: it names hidden tiles)."""
        return self.session.record()  # type: ignore[no-any-return]

    def _open_hands_on(self) -> bool:
        """Whether open hands are on (a checkbox in Twenty-one, a setting of the line games)."""
        setting = getattr(self, "open_hands", False)
        return bool(getattr(setting, "value", setting))

    def file_name(self) -> str:
        """The name the saved file gets: the game and the move, "domino-twentyone-move-3.json"."""
        st = self.session.state
        return f"domino-{st.variant}-move-{len(st.history)}.json"

    def show_record(self) -> Note:
        """Save: the game (the whole match of a line game) as a file the browser downloads at once
        (the page clicks the link it gets, `download_link`), at any moment. Before the end the file
        leaves out the tiles the viewer cannot see (unless open hands are on), and the message says
        so; loading it deals them afresh (`match_file`)."""
        s = self.session
        if getattr(s, "busy", None) is not None:
            return self._act(lambda: s._say(s.busy))  # type: ignore[no-any-return]
        open_hands = self._open_hands_on()
        try:
            text = s.save_text(open_hands=open_hands)
        except DominoError as exc:
            why = exc
            return self._act(lambda: s._say(Note.of("save_error", error=why)))  # type: ignore[no-any-return]
        self._saved = (text, self.file_name(), *self._save_key(), secrets.token_hex(8))
        self._show_download()
        public = not (s.state.is_over or open_hands)
        notes = (Note.of("saved_file", name=self._saved[1]),) + ((Note.of("saved_public"),) if public else ())

        def say() -> Note:
            s._say(notes[0])
            s.said = notes
            return notes[0]

        return self._act(say)  # type: ignore[no-any-return]

    def _save_key(self) -> tuple[Any, int | None]:
        """Whose file a download link is: the game (the match of a line game, else the game the
        timeline started with) and the seat at the board. A link stays on the page only while both
        are the same: New game, a loaded file, or the next person's turn in hot-seat play takes it away."""
        s = self.session
        game = getattr(s, "_match", None) or s._t.states[0]
        return game, s.save_viewer()

    def saved_text(self) -> str | None:
        """The text of the last saved file (what the download link holds), or None."""
        saved = getattr(self, "_saved", None)
        return saved[0] if saved else None

    def _show_download(self) -> None:
        saved = getattr(self, "_saved", None)
        c = self.controls
        if saved is None:
            c.download.value = ""
            return
        c.download.value = download_link(saved[0], saved[1], tr(getattr(self, "lang", "en"), "download", name=saved[1]),
                                         saved[4])

    def load(self, source: Any) -> Note:
        """Replay a record (dict, JSON text or path) and show its last position. A Python call:
        Open takes JSON text only (`load_text`)."""
        note = self._act(lambda: self.session.load(source), timeline=True)
        assert note is not None
        return note  # type: ignore[no-any-return]

    def load_text(self, text: str | bytes) -> Note:
        """What Open does with the file chosen: replay a record given as JSON text (never a path);
        anything wrong becomes a message and changes nothing."""
        try:
            return self._act(lambda: self.session.load_text(text), timeline=True)  # type: ignore[no-any-return]
        except DominoError as exc:
            why = exc
            key = "record_not_path" if isinstance(text, str) and not _looks_like_json(text) else "record_error"
            return self._act(lambda: self.session._say(Note.of(key, error=why)))  # type: ignore[no-any-return]

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files or "load" in getattr(self, "locked", ()):
            return
        first = files[0]
        try:
            size = int(first.get("size") or len(first["content"]))
            if size > MAX_RECORD_CHARS:
                self._act(lambda: self.session._say(Note.of(
                    "record_error", error=Phrase("the file has {size:,} bytes; a record is at most {most:,}", size=size,
                                                 most=MAX_RECORD_CHARS))))
                return
            self.load_text(bytes(first["content"]))
        finally:
            self.controls.upload.value = ()  # the same file can be chosen again


def download_link(text: str, name: str, label: str, token: str) -> str:
    """An ``<a download>`` link holding ``text`` as a ``data:`` URL, in Lab, Voila and the
    browser-only site alike. ``token``, new at each Save, tells the page a link it has not clicked
    yet: board.js clicks each one once, as it arrives (not the links a page opens with).

    >>> download_link("{}", "m.json", "Download m.json", "ab12")
    '<a class="dw-download-link" data-save="ab12" download="m.json" href="data:application/json;base64,e30=">Download m.json</a>'
    """
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="dw-download-link" data-save="{html.escape(token)}" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{data}">{html.escape(label)}</a>')


def _looks_like_json(text: str | bytes) -> bool:
    head = text.lstrip()[:1]
    return head in ("{", b"{")


def held_widgets(widget: Any) -> list[Any]:
    """Every widget ``widget`` made: its attributes, its controls' and its children."""
    held: list[Any] = [v for k, v in vars(widget).items() if not k.startswith("_trait")]
    controls = getattr(widget, "controls", None)
    if controls is not None:
        held.append(vars(controls))
    return [held, list(getattr(widget, "children", ())), widget.layout, widget]


def guard_widget(widget: Any) -> int:
    """Guard ``widget`` and every widget it made against forged messages from the page
    (`guard.guard_tree`); called after each redraw, so new buttons are guarded too."""
    return guard_tree(held_widgets(widget))


def close_widget(widget: Any) -> None:
    """Cancel ``widget``'s running tasks and close every widget it made (the ones it holds as
    attributes, in its controls, or as children, shown or not), then the widget itself."""
    for name in ("_task", "_hint_task"):
        task = getattr(widget, name, None)
        if task is not None and not task.done():
            task.cancel()
    widget._generation = getattr(widget, "_generation", 0) + 1
    close_tree(held_widgets(widget)[:-1])
    w.Widget.close(widget)
