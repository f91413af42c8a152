"""Charts for the lessons: the notebooks import this module so their cells stay one or two lines.

Each function returns a `Chart`: Jupyter shows it as a PNG picture (a static output that GitHub
shows too), once, as the cell's answer; ``chart.figure`` is the matplotlib figure. Nothing here
computes a rule or a probability: the numbers come from `domino_widgets` (exact results and
tournaments).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from io import BytesIO
from typing import Any

from matplotlib.figure import Figure

__all__ = ["Chart", "exact_vs_simulated", "win_rates"]

BLUE, ORANGE, GREY = "#2c6e9b", "#e08a1e", "#777777"


class Chart:
    """A figure that Jupyter displays as a PNG (without pyplot or an inline backend)."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure

    def _repr_png_(self) -> bytes:
        buf = BytesIO()
        self.figure.savefig(buf, format="png", dpi=96, metadata={"Software": None})
        return buf.getvalue()

    def __repr__(self) -> str:
        ax = self.figure.axes[0]
        return f"<Chart: {ax.get_title()}>"


def exact_vs_simulated(exact: Mapping[Any, Fraction], simulated: Mapping[Any, Fraction] | None = None, *,
                       title: str, xlabel: str, order: Sequence[Any] | None = None) -> Chart:
    """Bars for the exact distribution and dots for a simulation of it.

    >>> fig = exact_vs_simulated({1: Fraction(1, 4), 2: Fraction(3, 4)}, {1: Fraction(1, 5)}, title="t", xlabel="x")
    >>> fig, [t.get_text() for t in fig.figure.axes[0].get_xticklabels()]
    (<Chart: t>, ['1', '2'])
    """
    keys = list(order if order is not None else exact)
    fig = Figure(figsize=(6.4, 3.2), layout="constrained")
    ax = fig.add_subplot()
    xs = range(len(keys))
    ax.bar(xs, [float(exact.get(k, 0)) for k in keys], color=BLUE, label="exact (package)")
    if simulated is not None:
        ax.plot(xs, [float(simulated.get(k, 0)) for k in keys], "o", color=ORANGE, label="simulated")
    ax.set_xticks(list(xs), [("none" if k is None else str(k)) for k in keys])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend(frameon=False)
    return Chart(fig)


def win_rates(results: Sequence[Any], *, title: str) -> Chart:
    """One group of bars per tournament (`domino_widgets.sim.TournamentResult`): each player's
    win rate with its 95% interval.

    >>> class R:  # the shape of a TournamentResult
    ...     players = ("greedy", "random")
    ...     summary = [dict(player="greedy", win_rate=0.6, ci_low=0.5, ci_high=0.7, games=100),
    ...                dict(player="random", win_rate=0.4, ci_low=0.3, ci_high=0.5, games=100)]
    >>> len(win_rates([R()], title="t").figure.axes[0].patches)
    2
    """
    fig = Figure(figsize=(6.4, 3.2), layout="constrained")
    ax = fig.add_subplot()
    colors = {"expert": BLUE, "greedy": ORANGE, "random": GREY}
    x = 0.0
    ticks, labels = [], []
    for r in results:
        rows = list(r.summary)
        for k, row in enumerate(rows):
            base = str(row["player"]).split("#")[0].split(":")[0]
            rate = row["win_rate"]
            ax.bar(x + k, rate, color=colors.get(base, BLUE),
                   yerr=[[rate - row["ci_low"]], [row["ci_high"] - rate]], capsize=4)
            ticks.append(x + k)
            labels.append(str(row["player"]))
        ax.text(x + (len(rows) - 1) / 2, 1.02, f"{rows[0]['games']} games", ha="center", fontsize=8, color=GREY)
        x += len(rows) + 1
    ax.set_xticks(ticks, labels)
    ax.set_ylim(0, 1.1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(title)
    return Chart(fig)
