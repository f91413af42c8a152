"""A gallery of every kind of picture in every theme: ``python -m domino_widgets.render.gallery OUTDIR``.

Writes one ``.svg`` per picture (and a ``.png`` beside it when cairosvg is installed, unless
``--no-png``) and an ``index.html`` that shows them all. Positions come from seeded random play,
so the gallery is the same on every run. ``--langs en cs el`` adds the Czech and Greek pictures
(their files end in ``_cs``, ``_el``); the ``*_projector`` pictures are fitted to 1024 x 768.
"""

from __future__ import annotations

import argparse
import html
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core.state import GameState, new_game
from ..core.tiles import tile_set
from .games import solitaire_svg, twentyone_svg
from .highlights import Highlights
from .labels import LANGS
from .layout import layout_svg
from .save import png_available, save
from .table import state_svg
from .themes import THEMES
from .tiles import boneyard_svg, hand_svg, tile_svg


def played(variant: str, seed: int, steps: int | None = None, **params: object) -> Any:
    """A position after ``steps`` uniformly random legal actions (all of them: to the end)."""
    import domino_widgets  # noqa: F401  (registers the variants)

    s = new_game(variant, seed=seed, **params)  # type: ignore[arg-type]
    rng = random.Random(seed)
    n = 0
    while not s.is_over and (steps is None or n < steps):
        s = s.play(rng.choice(s.legal_actions()))
        n += 1
    return s


def _selected(s: GameState) -> Highlights:
    """The legal plays highlighted, with the first playable tile selected (its ends as targets)."""
    acts = s.legal_actions()
    tile = next((a.tile for a in acts if a.tile is not None), None)
    return Highlights.from_actions(acts, selected=tile)


def pictures(theme: str, lang: str = "en") -> list[tuple[str, Callable[[], str]]]:
    """(name, make) for every picture of the gallery in ``theme`` and ``lang``."""
    fives = played("all_fives", 5, 16)
    bergen = played("bergen", 3, 40)
    block_mid = played("block", 3, 9)
    if lang != "en":
        return _translated(theme, lang, fives, bergen, block_mid)
    out: list[tuple[str, Callable[[], str]]] = [
        ("tiles_double_nine", lambda: hand_svg(list(tile_set(9)), theme=theme, width=1000)),
        ("tiles_ten_to_twelve", lambda: hand_svg(["10-10", "11-11", "12-12", "10-12", "0-11"], theme=theme)),
        ("tile_face_down", lambda: tile_svg("3-5", face_down=True, theme=theme)),
        ("boneyard", lambda: boneyard_svg(12, theme=theme)),
        ("layout_line", lambda: layout_svg(played("block", 3).layout, theme=theme)),
        ("layout_snake_double_nine", lambda: layout_svg(played("draw", 1, pips=9).layout, theme=theme)),
        ("layout_spinner", lambda: layout_svg(played("all_fives", 5).layout, theme=theme)),
        ("layout_cross", lambda: layout_svg(played("bergen", 2).layout, theme=theme)),
        ("layout_matador", lambda: layout_svg(played("matador", 4).layout, theme=theme)),
        ("table_block_selected", lambda: state_svg(block_mid, highlights=_selected(block_mid), theme=theme)),
        ("table_all_fives", lambda: state_svg(fives, highlights=_selected(fives), theme=theme)),
        ("table_draw_over", lambda: state_svg(played("draw", 8), seat=0, theme=theme)),
        ("table_draw_cz", lambda: state_svg(played("draw_cz", 2, 12), highlights=True, theme=theme)),
        ("table_matador", lambda: state_svg(played("matador", 6, 14), highlights=True, theme=theme)),
        ("table_bergen_open_hands", lambda: state_svg(bergen, open_hands=True, theme=theme)),
        ("table_bergen_seat2", lambda: state_svg(bergen, seat=2, highlights=True, theme=theme)),
        ("twentyone", lambda: twentyone_svg([["6-6", "5-4"], ["6-5", "5-5", "3-2"], 3], seat=0,
                                            stood=[True, True, False], current=2, stock=19, theme=theme)),
        ("twentyone_over", lambda: twentyone_svg([["6-6", "5-4"], ["6-5", "5-5", "3-2"], ["1-2", "4-4", "3-5"]],
                                                 seat=0, stood=[True] * 3, winners=[0], stock=19, theme=theme)),
        ("solitaire", lambda: solitaire_svg(["2-1", "1-3", "3-5", "5-5", "5-0"], base=2, hand=["0-4", "6-2", "1-1"],
                                            stock=20, playable=["0-4", "6-2"], theme=theme)),
        ("twentyone_game", lambda: state_svg(played("twentyone", 5, 3, players=3), theme=theme)),
        ("solitaire_game", lambda: state_svg(played("solitaire", 5, 9), highlights=True, theme=theme)),
        ("table_bergen_projector", lambda: state_svg(bergen, highlights=True, theme=theme, fit=(1024, 768))),
        ("table_all_fives_projector", lambda: state_svg(fives, highlights=True, theme=theme, fit=(1024, 768))),
    ]
    return out


def _translated(theme: str, lang: str, fives: Any, bergen: Any, block_mid: Any) -> list[tuple[str, Callable[[], str]]]:
    """The pictures with words, in ``lang``."""
    return [(f"{name}_{lang}", make) for name, make in [
        ("tile", lambda: tile_svg("3-5", theme=theme, lang=lang)),
        ("boneyard", lambda: boneyard_svg(12, theme=theme, lang=lang)),
        ("layout_cross", lambda: layout_svg(played("bergen", 2).layout, theme=theme, lang=lang)),
        ("table_block_selected", lambda: state_svg(block_mid, highlights=_selected(block_mid), theme=theme, lang=lang)),
        ("table_all_fives", lambda: state_svg(fives, highlights=_selected(fives), theme=theme, lang=lang)),
        ("table_draw_over", lambda: state_svg(played("draw", 8), seat=0, theme=theme, lang=lang)),
        ("table_matador", lambda: state_svg(played("matador", 6, 14), highlights=True, theme=theme, lang=lang)),
        ("table_bergen_open_hands", lambda: state_svg(bergen, open_hands=True, theme=theme, lang=lang)),
        ("table_bergen_projector", lambda: state_svg(bergen, highlights=True, theme=theme, lang=lang,
                                                     fit=(1024, 768))),
        ("twentyone_game", lambda: state_svg(played("twentyone", 5, 3, players=3), theme=theme, lang=lang)),
        ("solitaire_game", lambda: state_svg(played("solitaire", 5, 9), highlights=True, theme=theme, lang=lang)),
    ]]


def write_gallery(outdir: str | Path, *, themes: Sequence[str] = tuple(THEMES), png: bool | None = None,
                  langs: Sequence[str] = ("en",)) -> list[Path]:
    """Write the gallery into ``outdir``; returns the files written (index.html last)."""
    root = Path(outdir)
    root.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rows = []
    for theme, lang in [(t, lang) for lang in langs for t in themes]:
        for name, make in pictures(theme, lang):
            paths = save(make(), root / f"{name}_{theme}", png=png)
            written.extend(paths)
            rows.append(f'<figure><img src="{html.escape(paths[0].name)}"><figcaption>{html.escape(name)} '
                        f"({html.escape(theme)})</figcaption></figure>")
    index = root / "index.html"
    index.write_text("<!doctype html><meta charset=utf-8><title>domino_widgets gallery</title>"
                     "<style>body{font-family:sans-serif;background:#ddd}figure{display:inline-block;margin:8px;"
                     "vertical-align:top}img{max-width:900px}</style>\n" + "\n".join(rows) + "\n", encoding="utf-8")
    written.append(index)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m domino_widgets.render.gallery", description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--themes", nargs="*", default=list(THEMES), choices=list(THEMES))
    ap.add_argument("--langs", nargs="*", default=["en"], choices=list(LANGS))
    ap.add_argument("--no-png", action="store_true", help="write only .svg files")
    args = ap.parse_args(argv)
    png = False if args.no_png else None
    files = write_gallery(args.outdir, themes=args.themes, png=png, langs=args.langs)
    pngs = sum(p.suffix == ".png" for p in files)
    note = "" if pngs or args.no_png or png_available() else " (install cairosvg for .png files)"
    print(f"wrote {len(files)} files to {args.outdir} ({pngs} png){note}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
