"""The arena's results drawn as a PNG (matplotlib, Agg backend: no display needed).

The figure has the per-seat means of both bots with their 95% intervals as bars, and under
them the results table (each bot's mean and win rate, and the paired difference, with their
intervals) — the same figures as the JSON.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _ci_text(ci: list[float] | None) -> str:
    return "—" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def table_rows(summary: dict[str, Any]) -> list[list[str]]:
    """The rows of the results table: figure, bot, value, 95% interval, n."""
    mean_name, win_name = summary["units"]["mean"], summary["units"]["win"]
    rows = []
    results = summary["results"]
    for side in ("A", "B"):
        r = results[side]
        m, w = r[mean_name], r[win_name]
        rows.append([mean_name.replace("_", " "), f"{side}: {r['bot']}", f"{m['mean']:+.3f}",
                     _ci_text(m["ci"]), str(m["n"])])
        rows.append([win_name.replace("_", " "), f"{side}: {r['bot']}", f"{w['rate']:.3f}",
                     "—" if w["ci"] is None else f"[{w['ci'][0]:.3f}, {w['ci'][1]:.3f}]",
                     str(w["n"])])
    d = results["difference"]
    rows.append(["difference A − B", "", f"{d['mean']:+.3f}", _ci_text(d["ci"]), str(d["n"])])
    return rows


def write_plot(summary: dict[str, Any], path: Path) -> None:
    """Draw ``summary`` (:func:`paizhuo.arena.duplicate.summarize`) to the PNG ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mean_name = summary["units"]["mean"]
    seats = summary["per_seat"]
    results = summary["results"]
    fig, (bars, table) = plt.subplots(
        2, 1, figsize=(8, 6.5), gridspec_kw={"height_ratios": [3, 2]})
    width = 0.38
    for k, side in enumerate(("A", "B")):
        xs = [s["seat"] + (k - 0.5) * width for s in seats]
        means = [s[side]["mean"] for s in seats]
        errors = [0.0 if s[side]["ci"] is None else (s[side]["ci"][1] - s[side]["ci"][0]) / 2
                  for s in seats]
        bars.bar(xs, means, width, yerr=errors, capsize=3,
                 label=f"{side}: {results[side]['bot']}")
    bars.axhline(0, color="black", linewidth=0.8)
    bars.set_xticks([s["seat"] for s in seats], [f"seat {s['seat']}" for s in seats])
    bars.set_ylabel(mean_name.replace("_", " ") + " (95% CI)")
    bars.set_title(f"{summary['game']} arena, {summary['scheme']} duplicate: "
                   f"{summary['deals']} deals, seed {summary['seed']}")
    bars.legend()
    table.axis("off")
    grid = table.table(cellText=table_rows(summary),
                       colLabels=["figure", "bot", "value", "95% CI", "n"], loc="center")
    grid.auto_set_font_size(False)
    grid.set_fontsize(9)
    grid.scale(1, 1.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)
