"""Seeds derived from seeds: one game's, one guess's, one process's, the same everywhere.

Below every layer that seeds something (the tournament's games, the review's guesses), so that
neither reaches up to the other for it.
"""

from __future__ import annotations

import hashlib

__all__ = ["derive_seed"]


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from several parts, the same in every process and on every machine.

    >>> derive_seed(0, 1) == derive_seed(0, 1) != derive_seed(1, 0)
    True
    >>> derive_seed(7, "game", 3)
    4478397518305728415
    """
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
