"""A checker that knows every hand and fails on any card a seat may not see.

It plays a game with the fast sampler and, after every action, reads every message a seat
(and a spectator) is sent — its observation and the events since its last look — and finds
every card written in them. A card a viewer is told about must be one it may know of:

- one it holds or has held (its own observation's ``hand``, read after every action);
- one shown to everyone by an action (a play, a bid, a call: ``witnesses(i)`` is ``None``),
  or shown to this viewer by a private one (a bury to the burier, a tribute to its parties);
- one shown by a rule (``public_cards()``, such as Shengji's turned-up kitty cards);
- one in a hand this viewer may see whole (``seats_seen_by``: a Gouji teammate it advises).

Everything else — the other hands, a kitty it did not bury, cards still to be dealt — is
secret, and a secret card in any message is a leak. Once the deal is over the checker stops:
the end of a deal shows what the rules show then.

The checker learns every hand from each seat's own observation, so it needs nothing of a
game but the interface.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from paizhuo.engine.game import Game
from paizhuo.notation import parse_card

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9*])(?:[2-9TJQKA][SHCD]|SJ|BJ\*?)(?![A-Za-z0-9*])")
"""A card written in canonical notation inside any text (``AS``, ``TH``, ``SJ``, ``BJ*``)."""


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def cards_written(value: Any) -> set[int]:
    """The card ids written anywhere in a JSON value."""
    found: set[int] = set()
    for text in strings(value):
        for token in CARD_TOKEN.findall(text):
            found.add(parse_card(token))
    return found


class LeakChecker:
    """Follows one game; :meth:`check` after each action raises on a leak."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.viewers: list[int | None] = [*range(game.num_seats), None]
        self.held: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.shown: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.seen_id: dict[int | None, int] = {v: 0 for v in self.viewers}
        self.actions_read = 0
        self.messages = 0
        self.cards_checked = 0
        self._hands_now: dict[int, set[int]] = {}
        self._read_hands()

    def _read_hands(self) -> None:
        for seat in range(self.game.num_seats):
            hand = self.game.observation(seat)["hand"] or ""
            cards = {parse_card(t) for t in hand.split()}
            self._hands_now[seat] = cards
            self.held[seat] |= cards

    def _read_actions(self) -> None:
        game = self.game
        while self.actions_read < len(game.actions):
            i = self.actions_read
            cards = set(game.actions[i].cards)
            who = game.witnesses(i)
            for viewer in self.viewers:
                if who is None or (viewer is not None and viewer in who):
                    self.shown[viewer] |= cards
            self.actions_read += 1

    def allowed(self, viewer: int | None) -> set[int]:
        game = self.game
        ok = self.held[viewer] | self.shown[viewer] | set(game.public_cards())
        for other in game.seats_seen_by(viewer):
            ok |= self._hands_now.get(other, set())
        return ok

    def check(self) -> None:
        """Read what changed, then every viewer's messages since its last look."""
        game = self.game
        self._read_hands()
        self._read_actions()
        if game.is_over:
            return
        for viewer in self.viewers:
            messages = [game.observation(viewer),
                        *game.events_since(viewer, self.seen_id[viewer])]
            self.seen_id[viewer] = game.state_id
            allowed = self.allowed(viewer)
            for message in messages:
                written = cards_written(message)
                self.messages += 1
                self.cards_checked += len(written)
                secret = written - allowed
                if secret:
                    from paizhuo.notation import format_cards

                    who = "a spectator" if viewer is None else f"seat {viewer}"
                    raise AssertionError(
                        f"{game.name}: {who} was told of {format_cards(sorted(secret))}, which "
                        f"it may not see (after action {game.state_id}: "
                        f"{game.actions[-1] if game.actions else 'the deal'}); message: "
                        f"{message}")


def play_and_check(cls: type[Game], options: dict[str, Any], seed: int,
                   max_actions: int = 20_000) -> LeakChecker:
    """One random game (the game's sampler), checked after every action."""
    game = cls.new(options, seed=seed)
    rng = random.Random(seed)
    checker = LeakChecker(game)
    checker.check()
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(game.sample_action(rng))
        checker.check()
    assert game.is_over, f"{cls.name}: no end after {max_actions} actions"
    return checker
