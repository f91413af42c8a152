"""The address students type: the laptop's address on the room's network, and its QR code.

>>> lan_address("127.0.0.1") == "127.0.0.1"
True
>>> url("192.168.1.20", 8866)
'http://192.168.1.20:8866/'
"""

from __future__ import annotations

import ipaddress
import socket


def lan_address(override: str | None = None) -> str:
    """This machine's address on the local network (the one its default route leaves from).

    No packet is sent: connecting a UDP socket only asks the kernel which interface it would use.
    Falls back to the host name's address, then to 127.0.0.1 (a laptop with no network)."""
    if override:
        return str(ipaddress.ip_address(override))
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if address and not address.startswith(("0.", "127.")):
            return address
    try:
        address = socket.gethostbyname(socket.gethostname())
        if not address.startswith("127."):
            return address
    except OSError:
        pass
    return "127.0.0.1"


def url(address: str, port: int) -> str:
    """The page students open."""
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


def qr_text(text: str) -> str | None:
    """A QR code of ``text`` for the terminal (None when segno, the ``class`` extra, is missing)."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()
