"""The SVG pictures: the contract with the clickable board, titles, themes, goldens, purity.

Structure is checked by parsing the SVG with ``xml.etree``; a few small fixed positions are
compared byte for byte with ``tests/golden/*.svg`` (rewrite them with ``DW_UPDATE_GOLDEN=1``
after a deliberate change of the drawing, and look at them).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.errors import ParameterError
from domino_widgets.render import Highlights
from domino_widgets.render.gallery import write_gallery
from domino_widgets.render.pips import face_path
from domino_widgets.render.save import png_available

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, *classes: str) -> list[ET.Element]:
    """Elements whose class attribute holds all of ``classes``."""
    return [el for el in root.iter() if set(classes) <= set(el.get("class", "").split())]


def draw_position() -> dw.GameState:
    """Greek draw game: seat 0 leads 6-6 (DRW-2); seat 1 holds 6-5, which fits both sixes."""
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], boneyard=["3-3"])
    return s.play("6-6")


def test_hand_tiles_ends_and_face_down_tiles_follow_the_board_contract() -> None:
    s = draw_position()
    h = Highlights.from_actions(s.legal_actions(), selected="5-6")  # DRW-7, from the core's legal actions
    root = parse(render.view_svg(s.view(1), highlights=h))
    hand = [el for el in with_class(root, "tile") if el.get("id", "").startswith("dw-hand-")]
    assert sorted(el.get("data-tile") for el in hand) == ["0-0", "4-5", "5-6"]
    assert all(el.tag == NS + "g" for el in hand)
    assert [el.get("data-tile") for el in with_class(root, "tile", "playable")] == ["5-6"]
    assert [el.get("data-tile") for el in with_class(root, "tile", "selected")] == ["5-6"]
    ends = with_class(root, "end")
    assert sorted(el.get("data-end") for el in ends) == ["left", "right"]
    assert all("target" in el.get("class", "").split() for el in ends)  # 6-5 fits both ends (COM-8)
    # the table tile carries data-tile too, and is the last play
    assert [el.get("data-tile") for el in with_class(root, "tile", "last")] == ["6-6"]
    # seat 0's tile and the boneyard's are face down: no data-tile, no value anywhere on them
    down = with_class(root, "tile", "face-down")
    assert len(down) == 2
    for el in down:
        assert el.get("data-tile") is None
        assert not any(re.search(r"\d-\d", v) for v in el.attrib.values() if not v.startswith("translate"))
    # without a selection the ends are plain ends and only the playable tile is marked
    plain = parse(render.view_svg(s.view(1), highlights=True))
    assert [el.get("class") for el in with_class(plain, "end")] == ["end", "end"]
    assert [el.get("data-tile") for el in with_class(plain, "playable")] == ["5-6"]
    # the widgets pass plain sequences: the same picture
    same = Highlights(playable=["5-6"], selected="6-5", targets=["left", "right"])
    assert render.view_svg(s.view(1), highlights=same) == render.view_svg(s.view(1), highlights=h)


def test_whose_turn_scores_and_the_last_turn_are_shown() -> None:
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]], boneyard=["1-2"], leader=0)
    s = dw.play_all(s, [
        "5-5",        # A5-4: the 5-5 lead counts 10
        "0-5 right",  # 10 (the spinner's two halves) + 0: seat 1 scores 10
    ])
    root = parse(render.state_svg(s, seat=0))
    seats = {el.get("data-seat"): el for el in with_class(root, "seat")}
    assert "to-play" in seats["0"].get("class", "")          # seat 0 is to play
    assert "to-play" not in seats["1"].get("class", "")
    label = "".join(seats["1"].itertext())
    assert "Player 2" in label and "score 10 (+10 this hand)" in label and "2 tiles" in label
    assert "Player 1 (you)" in "".join(seats["0"].itertext())
    last = with_class(root, "last-turn")[0].text
    assert last == "Last turn: Player 2 played 0-5 right"
    assert [el.get("data-tile") for el in with_class(root, "tile", "last")] == ["0-5"]
    assert with_class(root, "lead", "dw-spinner")[0].get("data-tile") == "5-5"  # A5-2
    assert with_class(root, "boneyard")[0].get("data-count") == "1"


def test_every_picture_has_a_title_and_a_desc_in_text_notation() -> None:
    s = draw_position()
    pictures = {
        "tile": render.tile_svg("3-5"),
        "hand": render.hand_svg("1-2 3-4"),
        "boneyard": render.boneyard_svg(3),
        "layout": render.layout_svg(s.layout),
        "view": render.view_svg(s.view(1)),
        "state": render.state_svg(s, open_hands=True),
        "twentyone": render.twentyone_svg([["6-6", "5-5"], 2]),
        "solitaire": render.solitaire_svg(["1-2", "2-3"], hand=["3-3"]),
    }
    for name, svg in pictures.items():
        root = parse(svg)
        title, desc = root.find(NS + "title"), root.find(NS + "desc")
        assert title is not None and title.text, name
        assert desc is not None and desc.text, name
        assert list(root)[:2] == [title, desc]  # first, where screen readers look for them
    view_desc = parse(pictures["view"]).find(NS + "desc").text
    assert "Table: 6-6. Open ends: left 6, right 6." in view_desc
    assert "Player 2 (you): 4-5 0-0 5-6" in view_desc or "Player 2 (you): 0-0 4-5 5-6" in view_desc
    assert "Player 1: 1 tile face down" in view_desc and "Boneyard: 1 tile." in view_desc


def test_open_hands_and_a_finished_hand_show_every_hand_face_up() -> None:
    s = draw_position()
    root = parse(render.state_svg(s, open_hands=True, seat=None))
    faces = {el.get("data-tile") for el in with_class(root, "tile") if el.get("data-tile")}
    assert {"1-2", "4-5", "5-6", "0-0", "6-6"} <= faces
    assert len(with_class(root, "tile", "face-down")) == 1  # only the boneyard stays face down
    over = dw.play_all(dw.new_game("block", hands=[["1-1", "1-2"], ["2-3", "6-6"]], leader=0),
                       ["1-1", "pass", "1-2 right"])   # seat 1 cannot play; seat 0 goes out (BLK-4)
    assert over.is_over
    root = parse(render.state_svg(over, seat=0))
    assert "6-6" in {el.get("data-tile") for el in with_class(root, "tile")}  # revealed at the end
    assert with_class(root, "outcome") and not with_class(root, "end")  # no clickable end once over


def test_matador_joints_show_the_sum_of_seven_or_a_matador() -> None:
    s = dw.new_game("matador", hands=[["3-3", "0-1", "4-6"], ["1-6", "2-2", "5-5"]], boneyard=["0-2"], leader=0)
    s = dw.play_all(s, [
        "3-3",         # MAT-2: any tile leads
        "1-6 left 1",  # MAT-3: seat 1 has no 4 to make 7, so it lays the matador 6-1, its 1 against the 3
        "4-6 right",   # MAT-2: the 4 against the 3 makes 7
    ])
    root = parse(render.view_svg(s.view(0)))
    badges = with_class(root, "joint")
    assert sorted(el.get("data-sum") for el in badges) == ["4", "7"]
    labels = sorted("".join(el.itertext()) for el in badges)
    assert labels == ["7", "M"]
    # equal-matching games show no joint badges
    assert not with_class(parse(render.view_svg(draw_position().view(0))), "joint")


def test_the_cross_opens_four_ends_and_an_empty_table_offers_the_lead() -> None:
    s = dw.new_game("bergen", seed=4)
    lead = s.legal_actions()[0]
    assert str(lead) == "6-6"   # BRG-2: the holder of 6-6 lays it
    after = s.play(lead)
    root = parse(render.state_svg(after, highlights=True))
    assert with_class(root, "layout")[0].get("data-kind") == "cross"
    assert sorted(el.get("data-end") for el in with_class(root, "end")) == ["down", "left", "right", "up"]  # BRG-3
    empty = parse(render.state_svg(s, highlights=Highlights.from_actions(s.legal_actions(), selected="6-6")))
    assert not with_class(empty, "end")
    assert with_class(empty, "lead-slot", "target")


def test_the_same_input_gives_the_same_bytes_in_any_process() -> None:
    code = (
        "import hashlib, sys, domino_widgets as dw\n"
        "from domino_widgets import render\n"
        "import svgwrite\n"
        "for _ in range(int(sys.argv[1])): svgwrite.Drawing().rect().get_id()\n"  # move svgwrite's id counter
        "s = dw.new_game('all_fives', seed=11)\n"
        "for _ in range(9): s = s.play(s.legal_actions()[-1]) if not s.is_over else s\n"
        "out = [render.state_svg(s, highlights=True), render.state_svg(s, open_hands=True, theme='dark'),\n"
        "       render.layout_svg(s.layout, scale=1.5), render.tile_svg('6-6', rotation=270)]\n"
        "assert out == [render.state_svg(s, highlights=True), render.state_svg(s, open_hands=True, theme='dark'),\n"
        "               render.layout_svg(s.layout, scale=1.5), render.tile_svg('6-6', rotation=270)]\n"
        "print(hashlib.sha256(''.join(out).encode()).hexdigest())\n"
    )
    digests = set()
    for seed, bump in (("1", "0"), ("2", "13")):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        run = subprocess.run([sys.executable, "-c", code, bump], capture_output=True, text=True, env=env, check=True)
        digests.add(run.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64


GOLDENS = {
    "tile_3-5.svg": lambda: render.tile_svg("3-5"),
    "tile_6-6_upright_face_down.svg": lambda: render.tile_svg("6-6", rotation=90, face_down=True),
    "layout_block_three.svg": lambda: render.layout_svg(
        dw.play_all(dw.new_game("block", hands=[["3-5", "5-5", "2-4"], ["1-3", "6-6", "5-6"]], leader=0),
                    ["3-5", "1-3 left", "5-5 right"]).layout, width=420),
    "view_draw_selected.svg": lambda: render.view_svg(
        draw_position().view(1), highlights=Highlights.from_actions(draw_position().legal_actions(), selected="5-6"),
        width=420),
    "layout_matador_joint.svg": lambda: render.layout_svg(
        dw.play_all(dw.new_game("matador", hands=[["3-3", "0-1"], ["4-6", "2-2"]], boneyard=["0-2"], leader=0),
                    ["3-3", "4-6 right"]).layout, width=420, theme="contrast"),
    # A5-2/A5-3: the spinner's mark and the open-end total (10 + 0), in Czech
    "view_all_fives_spinner_cs.svg": lambda: render.view_svg(
        dw.play_all(dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]], boneyard=["1-2"],
                                leader=0), ["5-5", "0-5 right"]).view(0), width=520, lang="cs"),
}


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_pictures(name: str) -> None:
    svg = GOLDENS[name]()
    path = GOLDEN / name
    if os.environ.get("DW_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"missing golden {path}: run with DW_UPDATE_GOLDEN=1 and look at the picture"
    assert svg == path.read_text(encoding="utf-8")


def test_pips_patterns_have_one_mark_per_pip_for_0_to_12() -> None:
    for n in range(13):
        # the path holds the divider bar and one closed circle per pip of each half
        assert face_path(n, 0, True, 36.0, 1.8).count("z") == 1 + n
        assert face_path(n, n, False, 36.0, 1.8).count("z") == 1 + 2 * n
    root = parse(render.tile_svg("4-9", rotation=180))
    assert root.find(f".//{NS}g").get("data-tile") == "4-9"


def test_themes_and_scale() -> None:
    s = draw_position()
    for name, theme in render.THEMES.items():
        svg = render.view_svg(s.view(1), theme=name)
        root = parse(svg)
        assert theme.background in svg and f"theme-{name}" in root.get("class", "")
    assert render.get_theme("print") is render.CONTRAST and render.get_theme("high-contrast") is render.HIGH_CONTRAST
    custom = render.LIGHT.replace(table="#123456", name="mine")
    assert 'fill="#123456"' in render.layout_svg(s.layout, theme=custom)
    one, two = parse(render.layout_svg(s.layout)), parse(render.layout_svg(s.layout, scale=2))
    assert float(two.get("width")) == 2 * float(one.get("width")) and two.get("viewBox") == one.get("viewBox")
    with pytest.raises(ParameterError, match="unknown theme"):
        render.view_svg(s.view(1), theme="neon")


def test_bad_arguments_raise_clear_errors_and_change_nothing() -> None:
    s = draw_position()
    before = s.describe()
    with pytest.raises(ParameterError, match="seat"):
        render.state_svg(s, seat=5)
    with pytest.raises(ParameterError, match="width"):
        render.state_svg(s, width=20)
    with pytest.raises(ParameterError, match="cannot be selected"):
        Highlights.from_actions(s.legal_actions(), selected="0-0")
    with pytest.raises(ParameterError, match="highlights"):
        render.view_svg(s.view(1), highlights="5-6")  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="PlayerView"):
        render.view_svg(s)  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="id_prefix"):
        render.tile_svg("1-2", id_prefix="1 bad")
    with pytest.raises(ParameterError, match="names"):
        render.state_svg(s, names=["only one"])
    with pytest.raises(ParameterError, match="cannot draw"):
        render.state_svg("not a state")
    assert s.describe() == before


def test_names_and_id_prefix_label_the_picture() -> None:
    s = draw_position()
    root = parse(render.state_svg(s, seat=1, names=["Ann", "Bob"], id_prefix="board7"))
    assert "Bob (you)" in "".join(with_class(root, "seat")[-1].itertext())
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert ids and all(i.startswith("board7-") for i in ids) and len(ids) == len(set(ids))


def test_save_writes_svg_and_png_when_cairosvg_is_there(tmp_path: Path) -> None:
    svg = render.tile_svg("2-2")
    paths = render.save(svg, tmp_path / "sheet" / "two.png", png=False)
    assert paths == [tmp_path / "sheet" / "two.svg"] and paths[0].read_text() == svg
    if png_available():
        paths = render.save(svg, tmp_path / "two")
        assert [p.suffix for p in paths] == [".svg", ".png"]
        assert paths[1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        with pytest.raises(ModuleNotFoundError, match="cairosvg"):
            render.save(svg, tmp_path / "two", png=True)
    with pytest.raises(ParameterError):
        render.save("hello", tmp_path / "x")


def test_gallery_writes_every_kind_of_picture(tmp_path: Path) -> None:
    files = write_gallery(tmp_path, themes=["light"], png=False)
    names = {p.stem for p in files if p.suffix == ".svg"}
    for kind in ("layout_line", "layout_snake_double_nine", "layout_spinner", "layout_cross", "layout_matador",
                 "table_all_fives", "table_bergen_open_hands", "twentyone", "solitaire", "tiles_double_nine"):
        assert f"{kind}_light" in names
    for p in files:
        if p.suffix == ".svg":
            parse(p.read_text())  # well-formed
    assert (tmp_path / "index.html").read_text().count("<img") == len(names)


def test_the_core_imports_and_plays_without_svgwrite() -> None:
    code = (
        "import sys\n"
        "sys.modules['svgwrite'] = None\n"
        "import domino_widgets as dw\n"
        "s = dw.new_game('draw', seed=3)\n"
        "while not s.is_over: s = s.play(s.legal_actions()[0])\n"
        "print(s.outcome.reason)\n"
        "try:\n"
        "    s._repr_svg_()\n"
        "except ImportError:\n"
        "    print('no renderer')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] in ("out", "blocked") and out[-2:] == ["no", "renderer"]


def test_repr_svg_of_core_objects_uses_the_renderer() -> None:
    s = draw_position()
    for obj in (dw.Tile(3, 5), s.layout, s.view(0), s):
        svg = obj._repr_svg_()
        assert svg.startswith("<svg") and hashlib.sha256(svg.encode()).hexdigest()
    assert 'data-tile="3-5"' in dw.Tile(5, 3)._repr_svg_()


def test_the_spinner_carries_a_visible_mark() -> None:
    """A5-2: All Fives' first double is the spinner; BRG-3: Bergen's 6-6 takes tiles on four sides.
    Both carry a ring and a star (``dw-spinner-mark``); a double leading a line game does not."""
    fives = dw.new_game("all_fives", hands=[["5-5", "3-5"], ["0-5", "1-4"]], boneyard=["1-2"], leader=0).play("5-5")
    bergen = dw.new_game("bergen", seed=4)
    bergen = bergen.play(bergen.legal_actions()[0])  # BRG-2: the 6-6
    for s, tile in ((fives, "5-5"), (bergen, "6-6")):
        for svg in (render.state_svg(s, seat=0), render.layout_svg(s.layout), render.state_svg(s, fit=(1024, 768))):
            root = parse(svg)
            (lead,) = with_class(root, "lead")
            assert lead.get("data-tile") == tile and lead.get("data-spinner") == "true"
            assert "dw-spinner" in lead.get("class", "").split()
            marks = with_class(lead, "dw-spinner-mark")
            assert len(marks) == 2  # the ring under the tile and the star on it
            ring, star = (next(m.iter(NS + tag)) for m, tag in zip(marks, ("rect", "polygon"), strict=True))
            colour = render.LIGHT.spinner
            assert ring.get("stroke") == colour and float(ring.get("stroke-width")) >= 3
            assert star.get("fill") == colour
            assert list(lead)[0] is marks[0] and list(lead)[-1] is marks[1]  # under the body, over the pips
    line = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "5-4"]], boneyard=["3-3"]).play("6-6")
    root = parse(render.state_svg(line, seat=0))
    assert not with_class(root, "dw-spinner-mark") and with_class(root, "lead")[0].get("data-spinner") is None


def test_the_all_fives_board_shows_the_open_end_total() -> None:
    """A5-3: the board shows what the open ends add up to, the core's own count, in every language."""
    from domino_widgets.variants.all_fives import open_end_total

    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]], boneyard=["1-2"], leader=0)
    for moves, total in ((["5-5"], 10), (["5-5", "0-5 right"], 10), (["5-5", "0-5 right", "3-5 left"], 3)):
        after = dw.play_all(s, moves)  # the A5-4 example: 10, then 0 + 10, then 0 + 3
        assert open_end_total(after.core) == total
        for svg, word in ((render.state_svg(after, seat=0), "Open ends add up to"),
                          (render.state_svg(after, seat=1, lang="cs"), "Součet volných konců:"),
                          (render.state_svg(after, open_hands=True, seat=None, lang="el"), "Άθροισμα ανοιχτών άκρων:")):
            (g,) = with_class(parse(svg), "open-total")
            assert g.get("data-total") == str(total) and "".join(g.itertext()) == f"{word} {total}"
            assert f"{word} {total}." in parse(svg).find(NS + "desc").text
    assert not with_class(parse(render.state_svg(s)), "open-total")  # nothing on the table yet
    assert not with_class(parse(render.state_svg(draw_position())), "open-total")  # not an All Fives board
