"""The classroom package without a server (issue 29): the address, its QR code, the capacity
estimate, the server's settings, and a first board that loads only what it needs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from domino_widgets.classroom import capacity, network


def test_the_address_students_type():
    assert network.url("192.168.1.20", 8866) == "http://192.168.1.20:8866/"
    assert network.lan_address("10.0.0.7") == "10.0.0.7"
    address = network.lan_address()
    assert address.count(".") == 3 and not address.startswith("0.")
    with pytest.raises(ValueError):
        network.lan_address("not an address")


def test_qr_code_in_the_terminal():
    pytest.importorskip("segno")
    text = network.qr_text("http://192.168.1.20:8866/")
    assert text is not None and text.count("\n") > 10 and "█" in text


def test_capacity_counts_the_pool_cores_and_memory():
    assert capacity.estimate(cores=2, available_mb=24000).students == 7  # 1 core starting, 10 s / 1.3 CPU-s
    assert capacity.estimate(cores=2, available_mb=24000, pool=30).students == 37  # and 30 ready
    assert capacity.estimate(cores=4, available_mb=24000, pool=30).students == 53
    small = capacity.estimate(cores=8, available_mb=capacity.RESERVE_MB + 10 * capacity.MB_PER_STUDENT, pool=30)
    assert (small.students, small.limit) == (10, "memory")
    here = capacity.estimate(pool=4)
    assert here.cores >= 1 and here.students == min(here.by_cores, here.by_memory)


def test_the_default_pool_is_a_class_in_half_the_free_memory():
    assert capacity.default_pool(available_mb=24000) == capacity.MAX_POOL == 30
    assert capacity.default_pool(available_mb=capacity.RESERVE_MB + 20 * capacity.MB_PER_STUDENT) == 10
    assert capacity.default_pool(available_mb=500) == 1
    assert capacity.starting_at_once(2) == 1 and capacity.starting_at_once(1) == 1 and capacity.starting_at_once(8) == 7


def test_server_settings_a_class_needs():
    pytest.importorskip("voila")
    from domino_widgets.classroom import server

    c = server.class_config(pool=6, cull=90)
    assert c.VoilaConfiguration.preheat_kernel and c.VoilaConfiguration.default_pool_size == 6
    assert c.VoilaExecutor.iopub_timeout == 600
    assert c.KernelManager.transport == "ipc"
    assert c.MappingKernelManager.cull_idle_timeout == 90 and c.MappingKernelManager.cull_connected is False
    assert c.Voila.token == ""
    assert server.game_notebook("cs").relative_to(server.NOTEBOOKS).as_posix() == "cs/play.cs.ipynb"
    assert server.game_notebook("el").is_file() and server.game_notebook(None).name == "play.ipynb"
    text = server.banner("192.168.1.20", 8866, None, 6, 90)
    assert "http://192.168.1.20:8866/" in text and "make lite" in text and "students" in text


HEAVY = ("domino_widgets.players.review", "domino_widgets.sim", "domino_widgets.sim.tournament",
         "domino_widgets.prob.inference", "domino_widgets.render.charts", "domino_widgets.widgets.explorer",
         "domino_widgets.widgets.twentyone", "domino_widgets.widgets.solitaire")


def test_the_first_board_loads_only_what_it_needs():
    pytest.importorskip("ipywidgets")
    code = ("import sys, domino_widgets as dw\n"
            "from domino_widgets.widgets.app import PlayApp\n"
            "PlayApp('all_fives')\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_the_public_names_still_work():
    pytest.importorskip("ipywidgets")
    import domino_widgets.widgets as dww

    assert {n: getattr(dww, n).__name__ for n in ("GameWidget", "RuleExplorer", "BoardWidget")} == {
        "GameWidget": "GameWidget", "RuleExplorer": "RuleExplorer", "BoardWidget": "BoardWidget"}
    assert "en" in dww.LANGS and set(dww.__all__) <= set(dir(dww))
    with pytest.raises(AttributeError):
        dww.NoSuchWidget  # noqa: B018


BANNER_WORDS = {  # a sentence of each banner, in each language (the catalogs' words)
    "en": ("The game is served to the room at:", "This address opens on this computer only",
           "students on the same network type it", "Ctrl-C stops the server."),
    "cs": ("Hra je pro třídu na adrese:", "Tato adresa se otevře jen na tomto počítači",
           "žáci ve stejné síti ji napíšou", "Ctrl-C server zastaví."),
    "el": ("Το παιχνίδι προσφέρεται στην τάξη στη διεύθυνση:", "Αυτή η διεύθυνση ανοίγει μόνο σε αυτόν τον υπολογιστή",
           "οι μαθητές στο ίδιο δίκτυο την πληκτρολογούν", "Το Ctrl-C σταματά τον διακομιστή."),
}


@pytest.mark.parametrize("lang", sorted(BANNER_WORDS))
def test_the_banner_in_the_class_language_says_when_no_other_computer_reaches_the_address(lang):
    """127.0.0.1 (no network found) reaches this computer alone: the banner says so and what to do,
    offers no QR code of it; a room's address is typed or scanned; every line in the class's language,
    the numbers the server runs with written out (no "(POOL=...)")."""
    pytest.importorskip("voila")
    from domino_widgets.classroom import server

    served, only_here, type_it, ctrl_c = BANNER_WORDS[lang]
    alone = server.banner("127.0.0.1", 8866, lang, 6, 90, per_address=4)
    room = server.banner("192.168.1.20", 8866, lang, 6, 90, per_address=4)
    for text in (alone, room):
        assert served in text and ctrl_c in text and "..." not in text and "…" not in text
        assert "POOL=6" in text and "CULL=90" in text and "PER_ADDRESS=4" in text and "make lite" in text
    assert "http://127.0.0.1:8866/" in alone and only_here in alone and "make class" in alone
    assert type_it not in alone and "█" not in alone
    assert "http://192.168.1.20:8866/" in room and type_it in room and only_here not in room
    if lang != "en":  # not a line left in English
        english = server.banner("192.168.1.20", 8866, None, 6, 90, per_address=4).splitlines()
        assert not {line for line in room.splitlines() if line.strip() and "█" not in line and "▀" not in line
                    and "▄" not in line} & set(english)
    assert server.reaches_only_this_machine("::1") and server.reaches_only_this_machine("localhost")
    assert not server.reaches_only_this_machine("10.0.0.7")


def test_the_server_prints_its_banner_in_the_class_language():
    """``python -m domino_widgets.classroom --lang el`` on 127.0.0.1 (no kernel in advance, so it
    starts at once): the teacher's terminal reads the Greek banner, with the 127.0.0.1 warning."""
    pytest.importorskip("voila")
    import os
    import socket
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "domino_widgets.classroom", "--lang", "el", "--ip", "127.0.0.1",
                             "--port", str(port), "--pool", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    try:
        end = time.monotonic() + 120
        assert proc.stdout is not None
        while time.monotonic() < end:  # bounded: the banner's last line, or the server's end
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if BANNER_WORDS["el"][3] in line:
                break
    finally:
        proc.terminate()
        proc.wait(30)
    text = "".join(lines)
    assert f"http://127.0.0.1:{port}/" in text, text[-2000:]
    assert BANNER_WORDS["el"][1] in text and BANNER_WORDS["el"][3] in text and "(POOL=...)" not in text
