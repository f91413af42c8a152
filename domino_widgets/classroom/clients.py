"""Who holds which kernel on the class server: the page it was handed to and the client that asked.

A client is its browser (the ``dw-client`` cookie the game page sets) and its address. Each page
takes a kernel (about 60 MB), so a client that asks for page after page (a script, a held-down
reload key) would take the class's pool and then the machine's memory. `Clients` counts the kernels
each client holds (and the pages it is still being served) and refuses a page beyond
``per_client`` for its cookie or ``per_address`` for its address (a script that drops its cookies
is still one address), before the page takes a kernel: the pool stays for the class.

>>> c = Clients(per_client=2, per_address=3)
>>> a, b = c.admit("A", "10.0.0.5", live=()), c.admit("A", "10.0.0.5", live=())
>>> c.admit("A", "10.0.0.5", live=())            # a third page for the browser A
Refused(by='client', held=2, cap=2)
>>> secret = c.bind(a, "k1"); c.release(b)     # a's page has its kernel; b's page failed
>>> c.admit("B", "10.0.0.5", live={"k1"}) is not None and c.held_by_address("10.0.0.5")
2
>>> c.allows("k1", secret), c.allows("k1", "a guess"), c.allows("k1", None)
(True, False, False)
>>> c.admit("A", "10.0.0.5", live=set())         # k1 is gone: A holds nothing, the address one page
Ticket(client='A', address='10.0.0.5')

A kernel is bound to the page that took it by a secret of that page's own (`bind`), which the page
keeps in an HttpOnly cookie named after the kernel (`cookie_name`): the kernel's websocket, its
information and its shutdown answer a request only with it (`allows`). The id of another student's
kernel (in a log, on a screen) opens nothing.
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass

#: the kernels one browser may hold at once: the game in a tab or two, and a reload whose closing
#: page has not yet given its kernel back
DEFAULT_PER_CLIENT = 3
#: the kernels one address may hold at once (a student's computer); a room whose students reach the
#: server through one address (a proxy, a NAT) raises it with --per-address
DEFAULT_PER_ADDRESS = 3
#: the cookie naming the browser (random, not a secret: forging one only makes a new client)
CLIENT_COOKIE = "dw-client"
#: the prefix of a page's own cookie, followed by its kernel's id
PAGE_COOKIE = "dw-page-"
#: the teacher's log says again that a client is refused at most this often (seconds)
LOG_EVERY = 60.0

_CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_client_id() -> str:
    """A fresh browser's name."""
    return secrets.token_urlsafe(18)


def client_id(cookie: str | None) -> str | None:
    """The browser's name from its cookie, None when missing or not one the server gives."""
    return cookie if cookie and _CLIENT_ID.fullmatch(cookie) else None


def cookie_name(kernel_id: str) -> str:
    """The name of the cookie that holds the secret of the page of ``kernel_id``."""
    return PAGE_COOKIE + kernel_id


@dataclass(frozen=True)
class Ticket:
    """A page being served to a client: it counts against the client's cap until it has a
    kernel (`Clients.bind`) or has failed (`Clients.release`)."""

    client: str
    address: str


@dataclass(frozen=True)
class Refused:
    """A page refused: ``by`` "client" (the browser's cookie) or "address", which held ``held``
    kernels and pages of the ``cap`` it may."""

    by: str
    held: int
    cap: int


@dataclass(frozen=True)
class _Holder:
    client: str
    address: str
    secret: str


class Clients:
    """The kernels and pages each client holds (see the module's text)."""

    def __init__(self, per_client: int = DEFAULT_PER_CLIENT, per_address: int = DEFAULT_PER_ADDRESS) -> None:
        if per_client < 1 or per_address < 1:
            raise ValueError("a client may hold at least one kernel")
        self.per_client = per_client
        self.per_address = per_address
        self._kernels: dict[str, _Holder] = {}
        self._pages: list[Ticket] = []
        self._logged: dict[str, tuple[float, int]] = {}

    def _prune(self, live: Collection[str]) -> None:
        for kernel_id in [k for k in self._kernels if k not in live]:
            del self._kernels[kernel_id]

    def held_by_client(self, client: str) -> int:
        return (sum(h.client == client for h in self._kernels.values())
                + sum(t.client == client for t in self._pages))

    def held_by_address(self, address: str) -> int:
        return (sum(h.address == address for h in self._kernels.values())
                + sum(t.address == address for t in self._pages))

    def admit(self, client: str, address: str, live: Collection[str]) -> Ticket | Refused:
        """A ticket for a new page of ``client`` at ``address``, or why not (``live``: the ids of
        the kernels still running; the others were shut down or culled and count no more)."""
        self._prune(live)
        by_address = self.held_by_address(address)
        if by_address >= self.per_address:
            return Refused("address", by_address, self.per_address)
        by_client = self.held_by_client(client)
        if by_client >= self.per_client:
            return Refused("client", by_client, self.per_client)
        ticket = Ticket(client, address)
        self._pages.append(ticket)
        return ticket

    def release(self, ticket: Ticket) -> None:
        """The page is over without a kernel (or already has one): it counts no more as a page."""
        for i, t in enumerate(self._pages):
            if t is ticket:
                del self._pages[i]
                return

    def bind(self, ticket: Ticket, kernel_id: str) -> str:
        """The page of ``ticket`` took ``kernel_id``: the kernel is that client's, and the secret
        returned (the page's own) is what opens it."""
        self.release(ticket)
        secret = secrets.token_urlsafe(32)
        self._kernels[kernel_id] = _Holder(ticket.client, ticket.address, secret)
        return secret

    def forget(self, kernel_id: str) -> None:
        self._kernels.pop(kernel_id, None)

    def holds(self, kernel_id: str) -> bool:
        """Whether ``kernel_id`` was handed to a page (a pool kernel was not)."""
        return kernel_id in self._kernels

    def allows(self, kernel_id: str, secret: str | None) -> bool:
        """Whether ``secret`` is the one of the page that took ``kernel_id``."""
        holder = self._kernels.get(kernel_id)
        return bool(holder and secret and hmac.compare_digest(holder.secret.encode(), secret.encode()))

    def should_log(self, key: str, now: float | None = None) -> int:
        """How many refusals of ``key`` the teacher's log should report now (0: not yet; the
        first refusal is reported at once, then at most every `LOG_EVERY` seconds)."""
        now = time.monotonic() if now is None else now
        last, count = self._logged.get(key, (float("-inf"), 0))
        count += 1
        if now - last >= LOG_EVERY:
            self._logged[key] = (now, 0)
            return count
        self._logged[key] = (last, count)
        return 0
