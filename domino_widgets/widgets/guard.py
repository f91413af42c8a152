"""What the page may change: every widget of a board is guarded against forged comm messages.

Every synced trait of an ipywidget can be set from the browser by a message of the same shape
the front end sends when a control changes (a student with the developer tools open can send
one). Two guards stand before any observer runs:

- `guard_tree` lets the page set only what a person could change with the mouse or keyboard:
  the value of a switch, slider, text box or file chooser, the index of a menu, the open section
  of an accordion, and nothing of a disabled or hidden control. Anything else (the options of a
  menu, the description of a button, a picture, a value of the wrong type or out of range, a huge
  payload) is refused before it is set; the page is sent the kernel's state back.
- `lock` makes a teacher's locked setting a validation (traitlets' cross-validation): a value
  the lock forbids raises `LockedSetting` before it is set, from the page and from Python alike,
  so no observer ever sees it (no redraw with open hands, not for one picture). Kernel code that
  must re-label a locked menu does so inside `unlocked`.

>>> box = w.Checkbox(value=False)
>>> lock(box)
>>> box.value = True
Traceback (most recent call last):
...
domino_widgets.widgets.guard.LockedSetting: this setting is locked by the teacher
>>> box.value
False
>>> s = w.FloatSlider(min=0, max=3, value=1); guard_tree(s)     # the slider, its layout and style
3
>>> forged(s, {"value": 2.5}), s.value          # a person could drag the slider there
(True, 2.5)
>>> forged(s, {"max": 100}), forged(s, {"value": "fast"}), forged(s, {"value": float("nan")}), s.max, s.value
(False, False, False, 3.0, 2.5)
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
from traitlets import TraitError

from ..core.errors import DominoError

_log = logging.getLogger(__name__)

#: The longest text (or the most items) one message from the page may carry (a record's limit).
MAX_PAYLOAD = 1_000_000


class LockedSetting(DominoError, TraitError):
    """A value a teacher's lock forbids (a `DominoError` and a traitlets `TraitError`)."""


class RefusedMessage(DominoError, TraitError):
    """A message from the page that sets what no person could set with the control."""


def front_end_keys(widget: Any) -> tuple[str, ...]:
    """The traits a person can change on ``widget`` (nothing while it is disabled or hidden).

    >>> front_end_keys(w.Dropdown(options=["a"])), front_end_keys(w.Button()), front_end_keys(w.HTML())
    (('index',), (), ())
    """
    declared = getattr(type(widget), "PAGE_SETS", None)
    if declared is not None:  # a widget of ours whose page reports something (the board: its width)
        return tuple(declared)
    if getattr(widget, "disabled", False) or getattr(widget, "_dw_locked", False):
        return ()
    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return ()
    if isinstance(widget, w.widgets.widget_selection._Selection):
        return ("index",)
    if isinstance(widget, (w.Accordion, w.Tab)):
        return ("selected_index",)
    if isinstance(widget, (w.Checkbox, w.ToggleButton, w.IntSlider, w.FloatSlider, w.Text, w.Textarea,
                           w.FileUpload)):
        return ("value",)
    return ()


def _size(value: Any, budget: int = MAX_PAYLOAD, depth: int = 0) -> int:
    """The size of a payload (characters and items), counted only up to ``budget``."""
    if depth > 8:
        return budget + 1
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        return len(value)
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, (list, tuple)):
        total = len(value)
        for item in value:
            if total > budget:
                break
            total += _size(item, budget - total, depth + 1)
        return total
    return 1


def _finite(value: Any, depth: int = 0) -> bool:
    """Whether every number in a payload is finite: no control of a page sends NaN or infinity
    (a NaN passes a slider's range check, and the kernel would then send the page a NaN, which
    no browser parses).

    >>> _finite({"value": 1.5}), _finite({"value": float("nan")}), _finite({"v": [1, float("-inf")]})
    (True, False, False)
    """
    if isinstance(value, float):
        return math.isfinite(value)
    if depth > 8:
        return True  # `_size` refuses payloads this deep
    if isinstance(value, dict):
        return all(_finite(v, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_finite(v, depth + 1) for v in value)
    return True


def _refused(widget: Any, names: Any, why: str) -> None:
    widget._dw_refused = getattr(widget, "_dw_refused", 0) + 1
    _log.warning("refused a message from the page to %s: %s", type(widget).__name__, why)
    keys = [k for k in names if k in widget.keys]
    if keys and widget.comm is not None:
        widget.send_state(keys)  # the page shows the kernel's value again


def _guard(widget: Any) -> bool:
    if getattr(widget, "_dw_guarded", False):
        return False
    original = widget.set_state

    def set_state(sync_data: dict[str, Any]) -> None:
        """A state message from the page: only what a person could change, else refused unset."""
        if not isinstance(sync_data, dict):
            return _refused(widget, (), "not a state")
        allowed = front_end_keys(widget)
        bad = [k for k in sync_data if k not in allowed]
        if bad:
            return _refused(widget, sync_data, f"{', '.join(map(str, bad))[:80]} cannot be changed by a person")
        if _size(sync_data) > MAX_PAYLOAD:
            return _refused(widget, sync_data, "a payload too big")
        if not _finite(sync_data):
            return _refused(widget, sync_data, "a number that is not finite")
        try:
            original(sync_data)
        except TraitError as exc:  # a wrong type, out of range, a locked value: nothing was set
            _refused(widget, sync_data, str(exc)[:200])
        return None

    widget.set_state = set_state
    widget._dw_guarded = True
    return True


class PageButton(w.Button):  # type: ignore[misc]
    """A button whose click from the page is refused, before any handler runs, while it is
    disabled or hidden: no person can click it then (a click is a custom message, which the
    state guard of `guard_tree` does not see). A click from Python (``click()``) is the kernel's own.

    >>> b = PageButton(disabled=True); seen = []; b.on_click(lambda _b: seen.append(1))
    >>> clicked(b), seen
    (False, [])
    >>> b.disabled = False; clicked(b), seen
    (True, [1])
    >>> b.layout.display = "none"; clicked(b), seen
    (False, [1])
    """

    def _handle_button_msg(self, _: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return _refused(self, (), "not a click")
        if self.disabled or getattr(self.layout, "display", None) == "none":
            return _refused(self, (), "a click on a disabled or hidden button")
        self.click()
        return None


def clicked(button: Any) -> bool:
    """Send ``button`` the message the front end sends when a person clicks it (for tests);
    whether it was taken."""
    before = getattr(button, "_dw_refused", 0)
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})
    return getattr(button, "_dw_refused", 0) == before


def guard_tree(*roots: Any) -> int:
    """Guard every widget reachable from ``roots`` (children, layouts, styles, the widgets held in
    attributes are found by the caller) against forged messages; returns how many were new."""
    seen: set[int] = set()
    todo: list[Any] = list(roots)
    done = 0
    while todo:
        item = todo.pop()
        if isinstance(item, (list, tuple)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, w.Widget) and id(item) not in seen:
            seen.add(id(item))
            if item.__dict__.get("_dw_guarded"):  # its layout and style were guarded with it:
                todo.extend(item.__dict__.get("_trait_values", {}).get("children", ()))  # new children only
                continue
            for name in item.keys:
                value = getattr(item, name, None)
                if isinstance(value, w.Widget) or (isinstance(value, (list, tuple)) and value
                                                   and isinstance(value[0], w.Widget)):
                    todo.append(value)
            done += _guard(item)
    return done


def forged(widget: Any, state: dict[str, Any]) -> bool:
    """Send ``widget`` the message the front end sends when a person changes it (for tests);
    whether it was taken."""
    before = getattr(widget, "_dw_refused", 0)
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})
    return getattr(widget, "_dw_refused", 0) == before


def _locked_names(control: Any) -> tuple[str, ...]:
    if isinstance(control, w.widgets.widget_selection._Selection):
        return ("index", "value", "label")
    if isinstance(control, w.FileUpload):
        return ("value",)
    return ("value",) if "value" in control.keys else ()


def lock(control: Any) -> None:
    """Lock ``control`` at its value: any other value raises `LockedSetting` before it is set."""
    control._dw_locked = True
    # a menu syncs its index, not its value (``value`` is not in its keys): its value is still what
    # the lock holds (a menu locked at None, "every theme", was no lock at all)
    control._dw_value = getattr(control, "value", None)
    for name in _locked_names(control):
        old = control._trait_validators.get(name)

        def check(obj: Any, proposal: Any, old: Any = old, name: str = name) -> Any:
            value = old(obj, proposal) if old is not None else proposal["value"]
            if getattr(obj, "_dw_unlocked", 0):
                return value
            if isinstance(obj, w.FileUpload):
                if value:
                    raise LockedSetting("this setting is locked by the teacher")
                return value
            if name == "index":
                options = obj._options_values
                wanted = options[value] if value is not None and 0 <= value < len(options) else None
            elif name == "label":
                labels = obj._options_labels
                wanted = obj._options_values[labels.index(value)] if value in labels else None
            else:
                wanted = value
            if wanted != obj._dw_value:
                raise LockedSetting("this setting is locked by the teacher")
            return value

        control._trait_validators[name] = check


@contextmanager
def unlocked(*controls: Any) -> Iterator[None]:
    """Kernel code changing locked controls (new labels, the levels a game can play): the value
    they hold afterwards is the locked one."""
    for c in controls:
        c._dw_unlocked = getattr(c, "_dw_unlocked", 0) + 1
    try:
        yield
    finally:
        for c in controls:
            c._dw_unlocked -= 1
            if getattr(c, "_dw_locked", False) and hasattr(c, "value"):
                c._dw_value = c.value
