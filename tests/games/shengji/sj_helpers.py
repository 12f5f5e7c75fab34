"""Helpers for the Shengji round tests: records from explicit hands, acting, random play."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from paizhuo.cards import RANK_CHARS, card_id, standard_deck
from paizhuo.engine.actions import Action
from paizhuo.engine.records import Deal, Record, replay
from paizhuo.games.shengji import ShengjiGame
from paizhuo.games.shengji.deal import trump_text
from paizhuo.games.shengji.options import ShengjiOptions
from paizhuo.notation import format_cards, parse_cards


def record(options: dict[str, Any] | None = None, hands: list[str] | None = None,
           kitty: str | None = None, start: dict[str, Any] | None = None,
           actions: list[list[Any]] | None = None, position: bool = False,
           seed: int | None = None) -> Record:
    data: dict[str, Any] = {"game": "shengji", "options": options or {}}
    if position:
        data["position"] = True
    if start is not None:
        data["start"] = start
    if hands is None:
        data["deal"] = {"seed": seed or 0}
    else:
        data["deal"] = {"hands": hands}
        if kitty is not None:
            data["deal"]["kitty"] = kitty
    data["actions"] = actions or []
    return Record.from_json(data)


def game(options: dict[str, Any] | None = None, hands: list[str] | None = None,
         kitty: str | None = None, start: dict[str, Any] | None = None,
         position: bool = False, seed: int | None = None) -> ShengjiGame:
    return ShengjiGame.from_record(record(options, hands, kitty, start, None, position, seed))


def position(hands: list[str], kitty: str = "", phase: str = "play", *, dealer: int = 0,
             trump: str = "H", level: str = "2", options: dict[str, Any] | None = None,
             **start: Any) -> ShengjiGame:
    """A position (``"position": true``) in ``phase`` with the given hands and start."""
    st: dict[str, Any] = {"phase": phase, "level": level, "trump": trump, "dealer": dealer}
    st.update(start)
    return game(options or {}, hands=hands, kitty=kitty, start=st, position=True)


def act(g: ShengjiGame, seat: int, verb: str, cards: str = "",
        extra: dict[str, Any] | None = None) -> None:
    g.apply(Action.make(seat, verb, parse_cards(cards), extra))


def imported(g: ShengjiGame, seat: int, verb: str, cards: str = "",
             extra: dict[str, Any] | None = None) -> ShengjiGame:
    """The game after ``g``'s record with one more action, read as the judge reads a record
    from another program (its import step supplies passes the record leaves out)."""
    rec = g.record()
    rec.actions.append(Action.make(seat, verb, parse_cards(cards), extra))
    again, _ = replay(rec)
    assert isinstance(again, ShengjiGame)
    return again


def trump_of(g: ShengjiGame) -> str | None:
    """``S`` … ``D``, ``NT``, or None before trump is known."""
    return trump_text(g.state)


def details(g: ShengjiGame, seat: int | None) -> dict[str, Any]:
    """The Shengji part of a seat's observation."""
    found: dict[str, Any] = g.observation(seat)["details"]
    return found


def full_deal(prefix: list[str], options: dict[str, Any] | None = None, level: str = "2",
              kitty: str | None = None) -> tuple[list[str], str]:
    """Complete hands for a non-position deal: seat ``i`` receives ``prefix[i]`` first, then
    cards that make no bid (not level ``level``, no jokers); level cards and jokers left over go
    to the kitty first and then to the very end of the hands (dealt last)."""
    opts = ShengjiOptions.from_dict(options or {})
    lv = RANK_CHARS.index(level)
    pool = Counter(standard_deck(opts.decks))
    pre = [list(parse_cards(p)) for p in prefix] + [[] for _ in range(opts.players - len(prefix))]
    for p in pre:
        pool.subtract(p)
    fixed_kitty = list(parse_cards(kitty)) if kitty is not None else None
    if fixed_kitty is not None:
        pool.subtract(fixed_kitty)
    assert all(v >= 0 for v in pool.values()), "prefix uses more copies than the decks hold"
    cards = sorted(pool.elements())
    special = [c for c in cards if c >= 52 or c // 4 == lv]
    neutral = [c for c in cards if not (c >= 52 or c // 4 == lv)]
    if fixed_kitty is None:
        k = opts.kitty_size
        take = special[:k]
        special = special[k:]
        short = k - len(take)
        if short:
            take += neutral[len(neutral) - short:]
            neutral = neutral[:len(neutral) - short]
        fixed_kitty = take
    needs = [opts.hand_size - len(p) for p in pre]
    # leftover specials go to the last places of the hands, spread from the last seat back
    n_special = [0] * opts.players
    seat = opts.players - 1
    left = len(special)
    while left:
        if n_special[seat] < needs[seat]:
            n_special[seat] += 1
            left -= 1
        seat = (seat - 1) % opts.players
    hands: list[list[int]] = []
    for i, p in enumerate(pre):
        k = needs[i] - n_special[i]
        hands.append(p + neutral[:k] + special[:n_special[i]])
        neutral = neutral[k:]
        special = special[n_special[i]:]
    assert not neutral and not special
    return [format_cards(h) for h in hands], format_cards(fixed_kitty)


def card(name: str) -> int:
    return card_id(name)


def play_out(g: ShengjiGame, rng: random.Random, limit: int = 100_000) -> None:
    for _ in range(limit):
        if g.is_over:
            return
        g.apply(g.sample_action(rng))
    raise AssertionError("the round did not end")


def pass_all(g: ShengjiGame) -> None:
    """Every seat asked in the bidding passes."""
    while g.phase == "bid":
        g.apply(next(a for a in g.legal_actions() if a.verb == "pass"))


def seeded(options: dict[str, Any] | None = None, seed: int = 0,
           start: dict[str, Any] | None = None) -> ShengjiGame:
    return ShengjiGame.from_record(Record("shengji", dict(options or {}), Deal(seed=seed),
                                          start))
