"""Glicko-2 (`domino_widgets.puzzles.rating`) against Glickman's "Example of the Glicko-2 system"
(2013), computed a second way: the paper's formulas step by step here, step 5's root found by
bisection instead of the module's Illinois iteration.

The module's doctest rounds the volatility to 5 places, where 0.0599960 and the starting 0.06
print alike: an update that skipped step 5, or whose f read the wrong phi, passed it. These tests
compare every number to 1e-6 and check the paper's own rounded numbers."""

import math

import pytest

from domino_widgets.puzzles import rating as R

S, TAU = 173.7178, 0.5
PAPER = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]


def by_hand(r: float, rd: float, sigma: float, games: list[tuple[float, float, float]]) -> dict[str, float]:
    mu, phi = (r - 1500) / S, rd / S
    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)
    def e(mj: float, pj: float) -> float:
        return 1 / (1 + math.exp(-g(pj) * (mu - mj)))
    gs = [((rj - 1500) / S, rdj / S, s) for rj, rdj, s in games]
    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _ in gs)
    total = sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in gs)
    delta = v * total
    a = math.log(sigma ** 2)
    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / TAU ** 2
    lo, hi = a - 30, a + 30  # f falls from + to -: bisection
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    sigma2 = math.exp(lo / 2)
    phi2 = 1 / math.sqrt(1 / (phi ** 2 + sigma2 ** 2) + 1 / v)
    mu2 = mu + phi2 ** 2 * total
    return {"v": v, "delta": delta, "sigma": sigma2, "phi": phi2, "mu": mu2, "rating": mu2 * S + 1500, "rd": phi2 * S}


def test_the_papers_numbers_by_hand() -> None:
    h = by_hand(1500, 200, 0.06, PAPER)
    # the paper, rounded as it prints them: v 1.7785, Delta -0.4834, sigma' 0.05999, phi' 0.8722,
    # mu' -0.2069, r' 1464.06, RD' 151.52 (it rounds as it goes, so v and Delta differ in the 4th place)
    assert round(h["v"], 2) == 1.78 and round(h["delta"], 2) == -0.48
    assert round(h["sigma"], 5) == 0.06 and 0.05999 <= h["sigma"] < 0.06
    assert round(h["phi"], 4) == 0.8722 and round(h["mu"], 4) == -0.2069
    assert abs(h["rating"] - 1464.06) < 0.02 and round(h["rd"], 2) == 151.52


def test_update_agrees_with_the_hand_computation() -> None:
    h = by_hand(1500, 200, 0.06, PAPER)
    r = R.update(R.Rating(1500, 200), [(R.Rating(x, y), s) for x, y, s in PAPER])
    assert r.rating == pytest.approx(h["rating"], abs=1e-6)
    assert r.rd == pytest.approx(h["rd"], abs=1e-6)
    assert r.volatility == pytest.approx(h["sigma"], abs=1e-9)
    assert r.volatility != 0.06  # step 5 moved it (0.0599960)


@pytest.mark.parametrize("solved", [True, False])
def test_attempt_agrees_with_the_hand_computation(solved: bool) -> None:
    student, puzzle = R.Rating(1620, 120, 0.07), R.Rating(1480, 260, 0.05)
    s2, p2 = R.attempt(student, puzzle, solved)
    hs = by_hand(1620, 120, 0.07, [(1480, 260, 1 if solved else 0)])
    hp = by_hand(1480, 260, 0.05, [(1620, 120, 0 if solved else 1)])
    for got, want in ((s2, hs), (p2, hp)):
        assert (got.rating, got.rd, got.volatility) == pytest.approx((want["rating"], want["rd"], want["sigma"]),
                                                                        abs=1e-6)
