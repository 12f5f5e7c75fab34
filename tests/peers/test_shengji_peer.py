"""An external check: cases translated from the unit tests of rbtying/shengji (the peer) and
judged by paizhuo (issue 37; the report is ``docs/peers.md``).

Each file in ``shengji/`` holds the cases of one peer test function. A case names its source
test, what it checks, the peer's verdict (written from the peer's assertion), and either a
judge record (``record``: what ``paizhuo judge`` reads) or, where the peer checks something no
record can show, a direct engine check (``check``). ``observe`` says which part of the answer
is the verdict. Where paizhuo's verdict differs, the case holds it (``paizhuo_verdict``) and
why (``differs_because``), so a change either way is noticed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paizhuo.cards import RANK_CHARS, SUIT_CHARS, Counts
from paizhuo.engine.judge import judge_text
from paizhuo.games.shengji.bidding import legal_bids, parse_bid, reinforces, retake_bid
from paizhuo.games.shengji.combos import decompose
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.games.shengji.order import TrumpContext
from paizhuo.notation import format_cards, parse_cards

CASES_DIR = Path(__file__).parent / "shengji"
PEER_FILES = ("trick.rs", "bidding.rs", "scoring.rs", "hands.rs")
# how many cases the files hold: a loader that finds fewer is broken
MIN_CASES = 192
REASONS = ("house rule not offered yet: ", "peer's reading differs: ", "bug in paizhuo: ")


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    """(file name #index, case) for every case of every file."""
    out = []
    for path in sorted(CASES_DIR.glob("*.json")):
        for i, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            out.append((f"{path.stem}#{i}", case))
    return out


CASES = load_cases()


def _judge(record: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return judge_text(json.dumps(record))


def _refusal(status: int, answer: dict[str, Any]) -> str:
    if status == 2:
        return f"malformed: {answer['field']}: {answer['message']}"
    return f"illegal at action {answer['index']} ({answer['rule']}): {answer['message']}"


def _record_verdict(observe: str, record: dict[str, Any]) -> str:
    status, answer = _judge(record)
    if observe == "legality":
        if status == 1 and answer["index"] == len(record["actions"]) - 1:
            return "illegal"
        return "legal" if status == 0 else _refusal(status, answer)
    if status != 0:
        return _refusal(status, answer)
    result = answer["result"]
    if observe == "levels":
        changes = " ".join(f"{s}:+{d}" for s, d in sorted(result["level_changes"].items(),
                                                          key=lambda kv: int(kv[0])))
        return f"{result['winner']} win; level changes {changes}"
    # the winner of the record's last trick: it has ended the round, or leads next
    winner = result["last_trick_winner"] if result is not None else answer["to_act"][0]
    if observe == "winner_points":
        # the dealer is placed so that the peer's winner is an attacker: the trick's points
        # are then the attackers' card points
        return f"winner seat {winner}; points {result['card_points']}"
    assert observe == "winner", observe
    return f"winner seat {winner}"


def _context(check: dict[str, Any]) -> tuple[TrumpContext, ShengjiOptions]:
    opts = ShengjiOptions.from_dict(check.get("options", {}))
    trump = check.get("trump")
    ctx = TrumpContext.make(level=RANK_CHARS.index(check["level"]),
                            trump=None if trump in (None, "NT") else SUIT_CHARS.index(trump))
    return ctx, opts


def _check_verdict(check: dict[str, Any]) -> str:
    if check["check"] == "decompose":
        ctx, opts = _context(check)
        units = decompose(parse_cards(check["cards"]), ctx, opts.combo_rules)
        return " + ".join(format_cards(u.cards) for u in units)
    assert check["check"] == "valid_bids", check
    opts = ShengjiOptions.from_dict(check.get("options", {}))
    level, decks = RANK_CHARS.index(check["level"]), check["decks"]
    standing = None
    if check["standing"]:
        standing = parse_bid(parse_cards(check["standing"]), level, decks)
        assert standing is not None, check["standing"]
    hand = Counts.of(parse_cards(check["hand"]))
    bids = legal_bids(hand, level, decks, standing, suit_order=opts.suit_order_overcall)
    if check.get("own") and standing is not None and opts.own_bid != "overcall":
        bids = [b for b in bids if reinforces(b, standing)]  # the standing bid is this seat's
    earlier = check.get("earlier")  # this seat's own bid, overcalled by ``standing``
    if earlier and standing is not None and opts.own_bid == "reinforce_to_equal":
        back = retake_bid(hand, parse_cards(earlier)[0], standing, level, decks)
        if back is not None:
            bids.append(back)
    return "; ".join(format_cards(b.cards) for b in bids) or "none"


def our_verdict(case: dict[str, Any]) -> str:
    """paizhuo's verdict on a case, in the words of its ``peer_verdict``."""
    if "record" in case:
        return _record_verdict(case["observe"], case["record"])
    return _check_verdict(case["check"])


def _units(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted(tuple(sorted(u.split())) for u in text.split(" + ")))


def agrees(observe: str, ours: str, expected: str) -> bool:
    """Does our verdict say what ``expected`` says? Units: ``expected`` may list alternatives
    (``A | B``, the peer lists every decomposition it accepts): ours must be one of them. Bids
    are compared as sets."""
    if observe == "units":
        return _units(ours) in {_units(alt) for alt in expected.split(" | ")}
    if observe == "bids":
        return sorted(ours.split("; ")) == sorted(expected.split("; "))
    return ours == expected


@pytest.mark.parametrize(("name", "case"), CASES, ids=[name for name, _ in CASES])
def test_case(name: str, case: dict[str, Any]) -> None:
    assert case["source"].split("::")[0].rsplit("/", 1)[-1] in PEER_FILES, name
    assert ("record" in case) != ("check" in case), name
    ours = our_verdict(case)
    why = case.get("differs_because")
    if why is None:
        assert agrees(case["observe"], ours, case["peer_verdict"]), (
            f"{name}: {case['what']}\n  peer: {case['peer_verdict']}\n  paizhuo: {ours}")
        assert "paizhuo_verdict" not in case, name
    else:
        assert why.startswith(REASONS), f"{name}: {why}"
        assert not agrees(case["observe"], case["paizhuo_verdict"], case["peer_verdict"]), name
        assert agrees(case["observe"], ours, case["paizhuo_verdict"]), (
            f"{name}: {case['what']}\n  recorded: {case['paizhuo_verdict']}\n  now: {ours}")


def test_the_files_hold_every_case() -> None:
    assert len(CASES) >= MIN_CASES
    assert {case["source"].split("::")[0].rsplit("/", 1)[-1] for _, case in CASES} == set(
        PEER_FILES)
