"""A small cache that keeps only its newest entries (for caches keyed by a variant's parameters:
a school day of many targets or seed options must not grow them without bound).

>>> c = BoundedCache(2)
>>> c["a"], c["b"], c["c"] = 1, 2, 3
>>> sorted(c), c.get("a")
(['b', 'c'], None)
"""

from __future__ import annotations

from typing import Any


class BoundedCache(dict):  # type: ignore[type-arg]
    """A dict of at most ``size`` entries: adding one more forgets the oldest."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: Any, value: Any) -> None:
        if key not in self:
            while len(self) >= self.size:
                del self[next(iter(self))]
        super().__setitem__(key, value)


#: How many parameter sets a cache keyed by them keeps (far more than a lesson uses at once).
PARAMS_CACHE_SIZE = 256
