"""Every picture has an accessible name in the reader's language: a tile, a hand, the boneyard and
a layout are one image (role="img") named by their title; a table is a named group (the board
makes its tiles and ends buttons inside it). The name is the picture's text form."""

import xml.etree.ElementTree as ET

import pytest

import domino_widgets as dw
from domino_widgets import render

NS = "{http://www.w3.org/2000/svg}"


def _name(svg):
    root = ET.fromstring(svg)
    title = root.find(NS + "title")
    desc = root.find(NS + "desc")
    assert list(root)[0] is title and desc is not None and desc.text
    assert root.get("aria-label") == title.text == repr(svg)  # the text form, reused
    return root.get("role"), title.text


def _state():
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0)
    return s.play("6-6")


EXPECT = {
    "en": {"tile": "Tile 3-5", "back": "A face-down tile", "table": "table"},
    "cs": {"tile": "Kostka 3-5", "back": None, "table": None},
    "el": {"tile": None, "back": None, "table": None},
}


def _names(lang):
    s = _state()
    pictures = {
        "tile": render.tile_svg("3-5", lang=lang),
        "back": render.tile_svg("3-5", face_down=True, lang=lang),
        "hand": render.hand_svg("6-6 5-6", lang=lang),
        "hand_down": render.hand_svg(3, lang=lang),
        "boneyard": render.boneyard_svg(12, lang=lang),
        "layout": render.layout_svg(s.layout, lang=lang),
        "table": render.state_svg(s, highlights=True, lang=lang),
        "view": render.view_svg(s.view(1), lang=lang),
    }
    names = {}
    for kind, svg in pictures.items():
        role, name = _name(svg)
        assert role == ("group" if kind in ("table", "view") else "img"), kind
        names[kind] = name
    for kind, want in EXPECT[lang].items():
        if want:
            assert want in names[kind], (kind, names[kind])
    assert "3-5" in names["tile"] and "6-6" in names["hand"] and "12" in names["boneyard"]
    assert "3-5" not in names["back"]  # a face-down tile's name tells nothing (DESIGN principle 3)
    return names


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_every_picture_is_named_in_the_language(lang):
    assert len(_names(lang)) == 8


def test_the_languages_differ():
    got = {lang: _names(lang) for lang in ("en", "cs", "el")}
    for kind in got["en"]:
        assert len({got[lang][kind] for lang in got}) == 3, (kind, [got[lang][kind] for lang in got])
    assert any(ord(c) > 0x370 for c in got["el"]["table"])  # Greek letters


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_each_tile_of_a_table_is_named(lang):
    """On a table each tile carries its own <title> (its name where the picture is in the page, as
    on the board, and its tooltip); a face-down tile's name is the same for every tile."""
    s = _state()
    root = ET.fromstring(render.view_svg(s.view(1), lang=lang))
    tile_name = render.tile_svg("3-5", lang=lang).summary.replace("3-5", "{}")
    back_name = render.tile_svg("3-5", face_down=True, lang=lang).summary
    faces = [g for g in root.iter(NS + "g") if g.get("data-tile")]
    backs = [g for g in root.iter(NS + "g") if "face-down" in (g.get("class") or "")]
    assert len(faces) == 4 and len(backs) == 1  # 6-6 on the table, three tiles in hand; one hidden
    for g in faces:
        assert g.find(NS + "title").text == tile_name.format(g.get("data-tile"))
    for g in backs:
        assert g.find(NS + "title").text == back_name
