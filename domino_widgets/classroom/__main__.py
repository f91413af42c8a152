"""``python -m domino_widgets.classroom [--lang cs] [--port 8866] [--pool 30] [--cull 120] [--per-address 3]``"""

from __future__ import annotations

import argparse

from ..language import languages
from . import clients, server


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m domino_widgets.classroom",
                                description="Serve the domino game to a class on this machine's network (Voila).")
    p.add_argument("--lang", default=None, help="the game's language (a code of the message catalog, e.g. cs)")
    p.add_argument("--port", type=int, default=server.DEFAULT_PORT)
    p.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: every interface)")
    p.add_argument("--address", default=None, help="the address students type (default: found)")
    p.add_argument("--pool", type=int, default=server.DEFAULT_POOL, help="kernels that run the game before anyone arrives (default: a class's worth, "
                   "up to 30, in half the free memory)")
    p.add_argument("--cull", type=int, default=server.DEFAULT_CULL,
                   help="seconds after which a closed page's kernel is shut down")
    p.add_argument("--per-client", type=int, default=clients.DEFAULT_PER_CLIENT,
                   help="games one browser may hold at once (default: %(default)s)")
    p.add_argument("--per-address", type=int, default=clients.DEFAULT_PER_ADDRESS,
                   help="games one address may hold at once (default: %(default)s; raise it when the students "
                   "reach the server through one address, a proxy)")
    p.add_argument("--notebook", default=None, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.per_client < 1 or a.per_address < 1:
        p.error("--per-client and --per-address: at least 1")
    lang = a.lang if a.lang in languages() else None
    server.serve(lang, ip=a.ip, port=a.port, pool=a.pool, cull=a.cull, address=a.address, notebook=a.notebook,
                 per_client=a.per_client, per_address=a.per_address)


if __name__ == "__main__":
    main()
