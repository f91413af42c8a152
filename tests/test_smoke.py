"""Every variant deals, plays to the end with random legal actions, and replays from its record."""

import random

import pytest

import domino_widgets as dw


@pytest.mark.parametrize("variant", dw.available_variants())
def test_random_hand_replays_from_record(variant: str) -> None:
    rng = random.Random(1)
    for seed in range(20):
        s = dw.new_game(variant, seed=seed)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        assert dw.load_record(s.to_json()) == s
        assert s.outcome is not None


def test_the_name_tests_is_this_repositorys_folder() -> None:
    """`make test` loads nbval's settings as ``-p tests.notebooks.nbval_plugin`` and the offline
    site's tests import ``tests.browser``: a package installed with a top-level ``tests`` of its own
    (glicko2 2.1.0 has one) hides this folder, a regular package winning over a folder without
    ``__init__.py`` wherever it is on the path, and those imports fail with no word of why."""
    import importlib.metadata
    import importlib.util
    from pathlib import Path

    ours = Path(__file__).resolve().parent
    shadows = sorted({dist.metadata["Name"] for dist in importlib.metadata.distributions()
                      for f in dist.files or () if f.parts[:1] == ("tests",) and f.name == "__init__.py"})
    assert not shadows, f"installed packages with a top-level 'tests' package: {shadows}"
    spec = importlib.util.find_spec("tests")
    assert spec is not None and ours in [Path(p).resolve() for p in spec.submodule_search_locations or []], spec
