"""Contrast (WCAG 2.x relative luminance): every pair of colours a picture puts side by side, in
every theme, at or above its bar; and the pictures at every size use only the themes' colours."""

import re

import pytest

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.render import contrast
from domino_widgets.render.themes import THEMES, blend, contrast_ratio, ink_on


def test_formula_against_known_values():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.478, abs=1e-3)  # the classic 4.48
    assert contrast_ratio("#f29d0b", "#2f6e4f") == pytest.approx(2.77, abs=5e-3)  # the old light marks (issue 27)
    assert contrast_ratio("#27c46b", "#2f6e4f") == pytest.approx(2.65, abs=5e-3)
    assert blend("#ffffff", "#000000", 0.5) == "#808080"


@pytest.mark.parametrize("name", list(THEMES))
def test_every_pair_passes(name):
    bad = [f"{p.what}: {p.fg} on {p.bg} is {p.ratio:.2f}:1, needs {p.minimum}:1" for p in contrast.pairs(name)]
    bad = [line for line, p in zip(bad, contrast.pairs(name)) if not p.ok]
    assert not bad, "\n".join(bad)


def test_the_bar_is_the_one_asked():
    pairs = contrast.pairs("light")
    assert {p.minimum for p in pairs if "text" in p.what or "number" in p.what} == {4.5}
    assert {p.minimum for p in pairs if "mark" in p.what or "pips" in p.what or "edge" in p.what
            or "focus" in p.what} == {3.0}
    assert {p.minimum for p in contrast.pairs("high-contrast") if "text" in p.what} == {7.0}
    whats = " ".join(p.what for p in pairs)
    for needed in ("pips", "tile edge", "focus ring", "playable mark / table", "target mark / table",
                   "playable mark / tile face"):
        assert needed in whats


def test_a_failing_theme_is_caught_and_named():
    old = render.LIGHT.replace(accent="#f29d0b", target="#27c46b", table="#2f6e4f")
    names = {p.what: round(p.ratio, 2) for p in contrast.failing(old)}
    assert names["playable mark / table"] == 2.77 and names["target mark / table"] == 2.65
    assert "FAIL" not in contrast.table() and contrast.main([]) == 0


def test_ink_on_picks_the_readable_one():
    for fill in ("#000000", "#ffffff", "#b47608", "#143826", "#ffff00"):
        assert contrast_ratio(ink_on(fill), fill) >= 4.5


_COLOUR = re.compile(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"')


def _pictures(theme, scale):
    s = dw.new_game("all_fives", seed=3)
    for _ in range(5):
        s = s.play(s.legal_actions()[0])
    yield render.state_svg(s, highlights=True, theme=theme, scale=scale)
    m = dw.new_game("matador", seed=2)
    for _ in range(4):
        m = m.play(m.legal_actions()[0])
    yield render.state_svg(m, highlights=True, theme=theme, scale=scale)
    yield render.hand_svg("6-6 5-6 0-1", highlights=render.Highlights(playable=["5-6"]), theme=theme, scale=scale)
    yield render.tile_svg("3-5", face_down=True, theme=theme, scale=scale)
    yield render.boneyard_svg(0, theme=theme, scale=scale)


@pytest.mark.parametrize("name", list(THEMES))
@pytest.mark.parametrize("scale", [0.5, 1.0, 2.0])
def test_every_size_draws_only_checked_colours(name, scale):
    """A picture at any size uses the theme's colours (and the inks chosen for them) and nothing else,
    so the pairs above are all there is to check."""
    th = render.get_theme(name)
    checked = {c.lower() for p in contrast.pairs(th) for c in (p.fg, p.bg)}
    checked |= {th.back.lower(), th.back_mark.lower(), th.back_edge.lower(), th.tile_edge.lower(), th.table_edge.lower(), th.slot.lower(), th.joint.lower()}
    for pic in _pictures(name, scale):
        used = {c.lower() for c in _COLOUR.findall(pic)}
        assert used <= checked, (name, scale, used - checked)
        assert f"--dw-focus: {th.focus}" in pic


def test_summary_names_each_theme_lowest_pair(capsys):
    assert contrast.main(["--summary"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == list(THEMES)
    light = min(p.ratio for p in contrast.pairs("light") if p.minimum == 3.0)
    assert f"graphics >= {light:.2f}:1" in out[0]
    assert contrast.main(["light"]) == 0


def test_the_accessibility_page_shows_what_the_command_prints():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "accessibility.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in page.splitlines()]
    for line in contrast.summary().splitlines():
        assert line in lines, f"docs/accessibility.md's contrast figures are stale: paste `python -m domino_widgets.render.contrast --summary` ({line})"
