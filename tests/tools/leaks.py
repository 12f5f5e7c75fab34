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
game but the interface. :class:`Knowledge` is that bookkeeping alone, and
:func:`allowed_by_state` its answer after every action of a deal, for a checker of messages
read elsewhere (the server's, ``tests/server/test_server_leaks.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game
from paizhuo.notation import format_cards, parse_card

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9*])(?:[2-9TJQKA][SHCD]|SJ|BJ\*?)(?![A-Za-z0-9*])")
"""A card written in canonical notation inside any text (``AS``, ``TH``, ``SJ``, ``BJ*``)."""


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included (in document order)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for key, sub in reversed(item.items()):
                stack.append(sub)
                stack.append(str(key))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))


def cards_written(value: Any) -> set[int]:
    """The card ids written anywhere in a JSON value."""
    # one search over all the strings (a line break ends a card token like any separator)
    tokens = set(CARD_TOKEN.findall("\n".join(strings(value))))
    return {parse_card(token) for token in tokens}


class Knowledge:
    """What each viewer may know of one game's cards, followed action by action: call
    :meth:`update` after every action (it reads the hands and the new actions)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.viewers: list[int | None] = [*range(game.num_seats), None]
        self.held: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.shown: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.actions_read = 0
        self._hands_now: dict[int, set[int]] = {}
        self.update()

    def update(self) -> None:
        self._read_hands()
        self._read_actions()

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


def leak_text(game: str, viewer: int | None, secret: set[int], when: str, message: Any) -> str:
    """The failure message for ``secret`` cards found in a message ``viewer`` was sent."""
    who = "a spectator" if viewer is None else f"seat {viewer}"
    return (f"{game}: {who} was told of {format_cards(sorted(secret))}, which it may not see "
            f"({when}); message: {message}")


def allowed_by_state(game: Game, actions: Iterable[Action]
                     ) -> dict[int, dict[int | None, frozenset[int]]]:
    """Apply ``actions`` one by one to ``game`` (a deal as it starts): for each ``state_id``
    it passes through (0 and after every action), the cards each viewer may know then."""
    knowledge = Knowledge(game)

    def snapshot() -> dict[int | None, frozenset[int]]:
        return {v: frozenset(knowledge.allowed(v)) for v in knowledge.viewers}

    out = {game.state_id: snapshot()}
    for action in actions:
        game.apply(action)
        knowledge.update()
        out[game.state_id] = snapshot()
    return out


class LeakChecker:
    """Follows one game; :meth:`check` after each action raises on a leak."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.knowledge = Knowledge(game)
        self.viewers = self.knowledge.viewers
        self.seen_id: dict[int | None, int] = {v: 0 for v in self.viewers}
        self.messages = 0
        self.cards_checked = 0

    def allowed(self, viewer: int | None) -> set[int]:
        return self.knowledge.allowed(viewer)

    def check(self) -> None:
        """Read what changed, then every viewer's messages since its last look."""
        game = self.game
        self.knowledge.update()
        if game.is_over:
            return
        for viewer in self.viewers:
            messages = [game.observation(viewer),
                        *game.events_since(viewer, self.seen_id[viewer])]
            self.seen_id[viewer] = game.state_id
            allowed = self.allowed(viewer)
            for message in messages:
                self.messages += 1
                written = cards_written(message)
                self.cards_checked += len(written)
                secret = written - allowed
                if secret:
                    last = game.actions[-1] if game.actions else "the deal"
                    raise AssertionError(leak_text(
                        game.name, viewer, secret,
                        f"after action {game.state_id}: {last}", message))


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
