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
