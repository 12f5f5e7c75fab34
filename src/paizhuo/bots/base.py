"""The bot protocol: a bot chooses one of a seat's legal actions from what that seat sees —
and the one way every runner asks bots for a game's next action (:func:`bot_action`,
:func:`choose_action`) and plays a game out with them (:func:`play_round`)."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from paizhuo.engine.actions import Action
from paizhuo.engine.game import Game


@runtime_checkable
class Bot(Protocol):
    """A player program: the least a runner needs (the arena, the server's bot seats, a
    search's playouts). Bots of this project subclass :class:`BaseBot`, which declares the
    optional capabilities with their defaults; a runner asks for those only of a
    :class:`BaseBot` (one ``isinstance`` check, never a probe by name).

    A bot is given only the acting seat's :meth:`~paizhuo.engine.game.Game.observation` and
    its legal actions (never the game state), so it cannot see a hidden card.

    ``uses_sampler`` is the one narrow exception, for speed: a bot that sets it to true asks
    the runner to draw its move with the game's own ``sample_action(rng)`` instead of calling
    :meth:`act`, so that the (possibly long) list of legal actions is never built. The game's
    sampler sees the state, but it draws a random legal move and nothing else, so the bot
    learns nothing from it.
    """

    name: str
    uses_sampler: bool

    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        """A legal action chosen from ``observation``: one of ``legal`` (never empty).

        ``observation`` is the common header of every game (``phase``, ``hand``,
        ``hand_sizes``, ``to_act``, ``your_turn``, ``result``) with the game's own view under
        ``details``. A bot may also return an action it builds itself (cards typed in
        notation, a choice made card by card); the runner applies it through the game, which
        checks it.
        """
        ...


class BaseBot(ABC):
    """The bots of this project: :class:`Bot` with every optional capability declared, each
    with a default that leaves the runner's generic way in place."""

    name: str = ""
    uses_sampler: bool = False

    @abstractmethod
    def act(self, observation: dict[str, Any], legal: list[Action],
            rng: random.Random) -> Action:
        """See :meth:`Bot.act`."""

    def act_unlisted(self, observation: dict[str, Any], rng: random.Random) -> Action | None:
        """A decision made from the observation alone, before the legal list is built, or
        ``None`` (the default) where the bot needs the list. The runners ask it first
        (:func:`bot_action`) and build the list only on ``None``: a list can be long (a
        Shengji lead may list 18,000 throws) where the bot builds its move itself and needs
        none. What it returns must be legal; the game still checks it."""
        return None

    def act_state(self, game: Game, seat: int, rng: random.Random,
                  list_limit: int) -> Action | None:
        """Only inside a search's playouts, for speed: exactly the decision the runner would
        reach from ``game.observation(seat)`` (:meth:`act_unlisted`, or :meth:`act` on the
        legal list), worked out from the game's state without building the observation, or
        ``None`` (the default) to leave it to the runner. The runner asks it only where it
        limits the lists (the search's playouts, :func:`bot_action`'s ``list_limit``), whose
        game is the search's own guess of the deal; at a table a bot is only ever given the
        observation. Such a policy's tests hold the two equal, so it decides nothing the
        observation would not."""
        return None

    def choices(self, observation: dict[str, Any], legal: list[Action], rng: random.Random,
                k: int) -> list[Action] | None:
        """Up to ``k`` candidate actions, best first, where the bot ranks its own moves (a
        Shengji lead: the leads it would try in turn); ``None`` (the default) lets a search
        rank them by asking :meth:`act` again and again (:func:`paizhuo.bots.search.ranked`)."""
        return None

    def world_hints(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        """As a search's playout policy: its beliefs about the seat's hidden cards, as
        keywords of the game's ``determinize`` (Shengji: ``bury_odds``, ``hand_odds``), or
        ``None`` (the default) for none."""
        return None


class WorldsBot(BaseBot):
    """A search bot: it decides from guesses of the hidden cards (:class:`Worlds`), which the
    runner passes to :meth:`act_worlds` in place of calling :meth:`act`."""

    @abstractmethod
    def act_worlds(self, observation: dict[str, Any], legal: list[Action],
                   rng: random.Random, worlds: Worlds) -> Action:
        """The action chosen for the seat of ``observation``, one of ``legal``, playing out
        ``worlds`` (that seat's guesses of the deal)."""


class Worlds:
    """All a search bot may ask of the game: copies in which every card hidden from its seat
    is dealt again (:meth:`~paizhuo.engine.game.Game.determinize`), consistent with what the
    seat has seen. The game itself is never handed out; a copy uses no hidden information (two
    games that differ only in cards hidden from the seat give the same copies)."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    def sample(self, rng: random.Random, hints: dict[str, Any] | None = None) -> Game:
        """One guessed world (a game the caller may play on freely). ``hints``: the caller's
        beliefs about the hidden cards that the game's ``determinize`` takes as keywords
        (Shengji's ``bury_odds``), drawn from the seat's observation only."""
        if hints:
            return self._game.determinize(self.seat, rng, **hints)
        return self._game.determinize(self.seat, rng)


_OPTIONS_TEXT: dict[frozenset[tuple[str, type, Any]], str] = {}
OPTIONS_TEXT_KEPT = 64
"""How many sets of options :func:`options_text` remembers."""


def options_text(options: Mapping[str, Any]) -> str:
    """The observation's options as JSON text with sorted keys (the key of a bot's cache of
    what the table's rules imply), remembered by the options' items where every value is
    hashable — with each value's type: ``1`` is not ``true`` — so that a bot reading them at
    every decision does not write the text each time."""
    try:
        key = frozenset((k, v.__class__, v) for k, v in options.items())
    except TypeError:  # a list or table among the values: written each time
        return json.dumps(options, sort_keys=True)
    text = _OPTIONS_TEXT.get(key)
    if text is None:
        text = json.dumps(options, sort_keys=True)
        if len(_OPTIONS_TEXT) < OPTIONS_TEXT_KEPT:
            _OPTIONS_TEXT[key] = text
    return text


def waits(game: Game, to_act: Sequence[int], seat: int) -> bool:
    """Whether a bot at ``seat`` lets the moment pass: other seats are asked too and every
    legal action of ``seat`` is an optional interruption (``game.OPTIONAL_VERBS``, Baohuang's
    seize 抢皇 while the crown holder decides). The seat has nothing it must decide, so the
    runners (the arena, the server's bot seats) leave it to the seats that do; today's bots
    never interrupt."""
    if len(to_act) < 2 or not game.OPTIONAL_VERBS:
        return False
    return all(a.verb in game.OPTIONAL_VERBS for a in game.legal_actions(seat))


def deciding(game: Game, to_act: Sequence[int]) -> list[int]:
    """The seats of ``to_act`` that have something to decide (see :func:`waits`); all of
    them when every seat would wait."""
    out = [s for s in to_act if not waits(game, to_act, s)]
    return out or list(to_act)


def bot_action(game: Game, to_act: Sequence[int], seat: int, bot: Bot,
               rng: random.Random, list_limit: int | None = None) -> Action:
    """The action ``bot`` chooses for ``seat`` (one of ``to_act``, the game's ``to_act()``),
    from that seat's observation and legal actions — the list built only when the bot's
    ``act_unlisted`` (if any) leaves the decision to ``act``.

    A bot that uses the game's sampler gets it only when ``seat`` is the first to act (the seat
    the sampler draws for). A search bot (:class:`WorldsBot`) is called as ``act_worlds(obs,
    legal, rng, worlds)`` with a :class:`Worlds` for the seat.

    ``list_limit`` (the search's playouts): where the list would hold more actions than that
    — as far as the game can tell without listing (``Game.more_legal_than``) — the game's
    sampler draws the action instead (for the first seat to act, the one it draws for); and
    an action the game knows to be forced (``Game.forced_action``) is taken without an
    observation or the bot (a playout's bots draw no random numbers for a decision they do
    not have: the heuristics draw none), and a bot's :meth:`BaseBot.act_state` is asked
    before an observation is built.
    """
    if bot.uses_sampler and seat == to_act[0]:
        return game.sample_action(rng)
    if list_limit is not None:
        forced = game.forced_action(seat)
        if forced is not None:
            return forced
        if isinstance(bot, BaseBot):
            chosen = bot.act_state(game, seat, rng, list_limit)
            if chosen is not None:
                return chosen
    observation = game.observation(seat)
    early = act_unlisted(bot, observation, rng)
    if early is not None:
        return early
    if list_limit is not None and seat == to_act[0] and game.more_legal_than(seat, list_limit):
        return game.sample_action(rng)
    return _decide_listed(bot, observation, game.legal_actions(seat), rng, Worlds(game, seat))


MAX_MESSAGES = 8
"""Messages (:attr:`Game.MESSAGE_VERBS`) :func:`decision_of` lets a bot send before it must
decide."""


def decision_of(game: Game, seat: int, bot: Bot, rng: random.Random) -> Action:
    """The decision ``bot`` makes for ``seat`` (one of ``game.to_act()``) — a hint's: where
    it first sends messages (Gouji's 挑牌 advice, :attr:`Game.MESSAGE_VERBS`), they go to a
    copy of the game and the bot is asked again, so that the answer is one of the seat's
    legal actions, never a message. ``game`` itself is not changed."""
    view = game
    for _ in range(MAX_MESSAGES):
        action = bot_action(view, view.to_act(), seat, bot, rng)
        if action.verb not in view.MESSAGE_VERBS:
            return action
        if view is game:
            view = game.clone()
        view.apply(action)
    raise RuntimeError(f"the bot sent {MAX_MESSAGES} messages without deciding")


def choose_action(game: Game, bots: Sequence[Bot], rng: random.Random) -> Action:
    """The next action: the acting seat's bot chooses from its observation and legal actions.

    When several seats may act, one of them is drawn at random, leaving out seats that
    could only interrupt (:func:`deciding`). A game not over with nobody
    to act is an engine bug (``RuntimeError``).
    """
    to_act = game.to_act()
    if not to_act:
        raise RuntimeError(f"nobody may act in phase {game.phase!r} but the game is not over")
    # a seat that may only interrupt (Baohuang's seize) lets the deciding seats act
    seats = deciding(game, to_act)
    seat = seats[0] if len(seats) == 1 else rng.choice(seats)
    return bot_action(game, to_act, seat, bots[seat], rng)


def play_round(game: Game, bots: Sequence[Bot], rng: random.Random,
               max_decisions: int = 100_000) -> list[int]:
    """Play ``game`` to its end, ``bots[seat]`` deciding for each seat (the arena's games, a
    test's); returns the number of decisions each seat made."""
    made = [0] * game.num_seats
    total = 0
    while not game.is_over:
        action = choose_action(game, bots, rng)
        game.apply(action)
        made[action.seat] += 1
        total += 1
        if total > max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions (phase {game.phase})")
    return made


def act_unlisted(bot: Bot, observation: dict[str, Any], rng: random.Random) -> Action | None:
    """The bot's :meth:`BaseBot.act_unlisted`, or ``None`` for a bot that is no
    :class:`BaseBot`."""
    return bot.act_unlisted(observation, rng) if isinstance(bot, BaseBot) else None


def decide(bot: Bot, observation: dict[str, Any], legal: list[Action], rng: random.Random,
           worlds: Worlds) -> Action:
    """What ``bot`` chooses from a seat's ``observation`` and ``legal`` actions: its
    ``act_unlisted`` where that decides, else ``act``, or ``act_worlds`` with the seat's
    guessed ``worlds`` for a search bot (:class:`WorldsBot`)."""
    early = act_unlisted(bot, observation, rng)
    if early is not None:
        return early
    return _decide_listed(bot, observation, legal, rng, worlds)


def _decide_listed(bot: Bot, observation: dict[str, Any], legal: list[Action],
                   rng: random.Random, worlds: Worlds) -> Action:
    if isinstance(bot, WorldsBot):
        return bot.act_worlds(observation, legal, rng, worlds)
    return bot.act(observation, legal, rng)
