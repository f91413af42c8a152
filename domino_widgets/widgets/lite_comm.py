"""None reaches the page in the browser-only site (JupyterLite's Pyodide kernel).

The kernel of the site (``pyodide_kernel`` 0.8) hands each widget message to the page through
Pyodide's ``toJs``, which turns Python's None into JavaScript's ``undefined``; the message then
travels as JSON, where a key whose value is ``undefined`` is dropped. So a trait set to None never
reached the page: a control shown again with ``layout.display = None`` stayed hidden (the Save
button's download link, issue 26; the computer's pause, a rule's option, the notice of a blocked
rule...). In Lab, Voila and every kernel but the site's, None is sent as JSON's null.

`send_none_as_null` makes the site's kernel send None as ``pyodide.ffi.jsnull`` (which ``toJs``
turns into null); anywhere else it does nothing. It is called when ``domino_widgets.widgets`` is
imported, before any widget exists.
"""

from __future__ import annotations

import sys
from typing import Any

_PATCHED = "_domino_widgets_none_as_null"


def with_nulls(value: Any, null: Any) -> Any:
    """``value`` with every None inside dicts, lists and tuples replaced by ``null``.

    >>> with_nulls({"method": "update", "state": {"display": None, "width": "auto"}, "ids": [None, 1]}, "NULL")
    {'method': 'update', 'state': {'display': 'NULL', 'width': 'auto'}, 'ids': ['NULL', 1]}
    """
    if value is None:
        return null
    if isinstance(value, dict):
        return {k: with_nulls(v, null) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_nulls(v, null) for v in value]
    return value


def patch_comm_class(cls: type, null: Any) -> bool:
    """Make ``cls.publish_msg`` send None in a message's data as ``null``; False if it already does.

    >>> class Comm:
    ...     def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
    ...         return msg_type, data
    >>> patch_comm_class(Comm, "NULL"), patch_comm_class(Comm, "NULL")
    (True, False)
    >>> Comm().publish_msg("comm_msg", {"state": {"display": None}})
    ('comm_msg', {'state': {'display': 'NULL'}})
    >>> Comm().publish_msg("comm_close")
    ('comm_close', None)
    """
    if getattr(cls, _PATCHED, False):
        return False
    original = cls.publish_msg  # type: ignore[attr-defined]

    def publish_msg(self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> Any:
        return original(self, msg_type, None if data is None else with_nulls(data, null), metadata, buffers, **keys)

    cls.publish_msg = publish_msg  # type: ignore[attr-defined]
    setattr(cls, _PATCHED, True)
    return True


def send_none_as_null() -> bool:
    """In the site's Pyodide kernel, send None as null; elsewhere nothing. True if it patched now."""
    if sys.platform != "emscripten" or "pyodide_kernel" not in sys.modules:
        return False
    try:
        import comm
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    except ImportError:  # an older Pyodide: nothing to send null with
        return False
    cls = getattr(comm, "create_comm", None)
    if not isinstance(cls, type) or not hasattr(cls, "publish_msg"):
        return False
    return patch_comm_class(cls, jsnull)
