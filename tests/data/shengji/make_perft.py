"""Regenerate ``perft.json``: positions from random rounds with their legal-move counts.

Run ``python tests/data/shengji/make_perft.py`` from the repository root; the counts are
``ShengjiGame.count_legal()`` and the test cross-checks them with the brute-force reference.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.games.shengji import ShengjiGame
from paizhuo.games.shengji.deal import trump_text
from paizhuo.games.shengji.rounds import running_points
from paizhuo.notation import format_cards

OUT = Path(__file__).with_name("perft.json")
WANT = [  # (preset, lead?, needs tuples in the lead, max hand size)
    ("tractor", True, False, 6), ("tractor", False, True, 12), ("tractor", False, True, 10),
    ("tractor", False, False, 8), ("tractor", True, False, 9),
    ("single-deck", True, False, 6), ("single-deck", False, False, 8),
    ("titanic", False, True, 12), ("titanic", True, False, 6), ("titanic", False, True, 14),
    ("bidding-3", True, False, 12), ("friends-5", False, True, 12), ("six-three", False, True, 10),
]


def capture(g: ShengjiGame, trick_start_hands: list[str], trick_actions: list[Action],
            name: str) -> dict[str, Any]:
    st = g.state
    start = {"phase": "play", "level": "23456789TJQKA"[st.level], "trump": trump_text(st),
             "dealer": st.dealer, "leader": st.leader,
             "attackers_points": running_points(st)}
    if st.target is not None:
        start["target"] = st.target
    if st.calls:
        start["friends"] = [{"card": format_cards((c.card,)), "nth": c.nth,
                             "played": c.played, "found": c.friend} for c in st.calls]
    record = {"game": "shengji", "position": True, "options": g.opts.to_dict(),
              "start": start, "deal": {"hands": trick_start_hands,
                                       "kitty": format_cards(st.kitty)},
              "actions": [a.to_json() for a in trick_actions]}
    return {"name": name, "record": record, "count": g.count_legal()}


def main() -> None:
    out: list[dict[str, Any]] = []
    for i, (preset, lead, tuples, size) in enumerate(WANT):
        rng = random.Random(1000 + i)
        found = None
        for seed in range(2000):
            g = ShengjiGame.new({"preset": preset}, seed=seed * 7 + i)
            while not g.is_over and found is None:
                st = g.state
                if g.phase == "play" and not st.trick:
                    hands = [format_cards(h.to_tuple()) for h in st.hands]
                    acts: list[Action] = []
                if (g.phase == "play" and len(st.hands[st.current]) <= size
                        and (st.lead is None) == lead
                        and (not tuples or (st.lead is not None and st.lead.tuple_sizes))
                        and not any(len(h) == 0 for h in st.hands)
                        and st.attempted is None and g.count_legal() > 1):
                    kind = "lead" if lead else "follow"
                    found = capture(g, hands, acts, f"{preset} {kind} #{i}")
                    break
                a = g.sample_action(rng)
                g.apply(a)
                if g.phase == "play" and g.state.trick and a.verb == "play":
                    acts.append(a)
            if found is not None:
                break
        assert found is not None, (preset, lead, tuples, size)
        out.append(found)
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(out)} positions written to {OUT}")


if __name__ == "__main__":
    main()
