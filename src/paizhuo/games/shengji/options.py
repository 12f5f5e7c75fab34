"""Shengji table settings: every option of SJ-1 … SJ-14 in one typed, validated object.

A table is created from a preset name and overrides::

    >>> opts = ShengjiOptions.from_dict({"preset": "single-deck"})
    >>> opts.players, opts.decks, opts.hand_size, opts.kitty_size, opts.kitty_no_points
    (4, 1, 12, 6, True)
    >>> ShengjiOptions.from_dict({"kitty_multiplier": "times"}).kitty_multiplier
    'times'

Anything unknown, of the wrong type or impossible together raises
:class:`~paizhuo.engine.errors.InvalidOptionsError` naming the option.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from paizhuo.cards import RANK_CHARS
from paizhuo.engine.errors import InvalidOptionsError, describe
from paizhuo.games.shengji.combos import ComboRules

PRESETS: Final[tuple[str, ...]] = (
    "tractor", "single-deck", "titanic", "six-three",
    "friends-4", "friends-5", "friends-5-2", "bidding-3", "eight-four", "friends-8-4",
)
"""The configurations of SJ-1; the first is the default."""

_PRESET_VALUES: Final[dict[str, dict[str, Any]]] = {
    "tractor": dict(players=4, decks=2, hand_size=25, kitty_size=8, teams="fixed", step=40),
    "single-deck": dict(players=4, decks=1, hand_size=12, kitty_size=6, teams="fixed", step=20,
                        kitty_no_points=True),
    "titanic": dict(players=4, decks=3, hand_size=39, kitty_size=6, teams="fixed", step=60),
    "six-three": dict(players=6, decks=3, hand_size=26, kitty_size=6, teams="fixed", step=60),
    "friends-4": dict(players=4, decks=2, hand_size=25, kitty_size=8, teams="friends", step=40),
    "friends-5": dict(players=5, decks=3, hand_size=31, kitty_size=7, teams="friends", step=60),
    "friends-5-2": dict(players=5, decks=2, hand_size=20, kitty_size=8, teams="friends",
                        step=40),
    "bidding-3": dict(players=3, decks=2, hand_size=33, kitty_size=9, teams="bidding", step=40,
                      allow_throws=False),
    "eight-four": dict(players=8, decks=4, hand_size=26, kitty_size=8, teams="fixed", step=80),
    "friends-8-4": dict(players=8, decks=4, hand_size=26, kitty_size=8, teams="friends",
                        step=80),
}

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "teams": ("fixed", "friends", "bidding"),
    "no_bid": ("kitty_third_card", "kitty_first_card", "kitty_level_card", "redeal"),
    "bidding": ("during_deal", "after_deal"),
    "first_dealer": ("winning_bid", "first_bid"),
    "own_bid": ("overcall", "reinforce_only", "reinforce_to_equal"),
    "take_back_of": ("bids_and_plays", "bids", "plays"),
    "joker_bids": ("pairs", "all_copies", "big_one_fewer", "none"),
    "throw_penalty": ("none", "per_card"),
    "kitty_multiplier": ("doubling", "by_shape", "times", "power", "flat"),
    "overflow": ("lost", "demote_opponents"),
    "friend_by": ("play", "holding"),
    "hook_j_rule": ("j_in_play", "single_j"),
    "friend_cards": ("any", "no_trumps", "no_highest", "no_points"),
    "throw_compare": ("deciding_unit", "highest_card", "all_units", "largest_units"),
    "follow_shape": ("strict", "suit_only"),
    "throw_split": ("tuples_first", "largest_unit"),
    "bomb_cards": ("one_rank", "identical"),
    "bomb_follow": ("suit", "suit_or_trump", "any_time"),
}


@dataclass(frozen=True)
class ShengjiOptions:
    """The settings of one Shengji table (``docs/rules/shengji.md``)."""

    preset: str = "tractor"
    """SJ-1: the configuration these settings started from (default ``tractor``)."""

    # -- SJ-1 configuration -------------------------------------------------------------------
    players: int = 4
    """SJ-1: number of seats, 3–8 (preset; 7–8 by overriding a preset's, SJ-14.7)."""
    decks: int = 2
    """SJ-1: number of 54-card decks, 1–4 (preset)."""
    hand_size: int = 25
    """SJ-1: cards dealt to each player (preset; ``players·hand_size + kitty_size = 54·decks``)."""
    kitty_size: int = 8
    """SJ-1/SJ-5: cards in the kitty 底牌 (preset)."""
    teams: str = "fixed"
    """SJ-1: ``fixed`` partners (equal seat parity), ``friends`` found by calling (SJ-11), or
    ``bidding`` — the dealer alone against the others (SJ-12). Preset."""
    step: int = 40
    """SJ-1/SJ-9: points per level step 分数段 (20 per deck; preset)."""

    # -- SJ-2 trumps --------------------------------------------------------------------------
    constant_twos: bool = False
    """SJ-2: every 2 is a trump 2为常主 (default off)."""

    # -- SJ-4 bidding -------------------------------------------------------------------------
    single_deck_joker_nt: bool = False
    """SJ-4: with one deck, ``SJ``+``BJ`` bids no trump (default off; one deck only)."""
    suit_order_overcall: bool = False
    """SJ-4: an equal tuple of level cards overcalls one of a lower suit, ♠ > ♥ > ♣ > ♦
    (default off)."""
    no_bid: str = "kitty_third_card"
    """SJ-4/SJ-14.3: nobody bid in a later round — ``kitty_third_card`` (its suit is trump, a
    joker means no trump; default), ``kitty_first_card``, ``kitty_level_card`` (turned up one
    by one until a level card or a joker; none: the highest card) or ``redeal``."""
    kitty_fight: bool = False
    """SJ-4: 炒地皮/反底 — after the bury, the others in turn may overcall, take the kitty and
    bury again, doubling the stakes (default off)."""
    fight_reinforce: bool = False
    """SJ-14.3: in a kitty fight the seat whose bid stands may reinforce it (more copies of
    its card) while the fight is on; the burier is asked first after each bury. Trump, the
    kitty and the stakes stay (default off; only with ``kitty_fight``)."""
    bidding: str = "during_deal"
    """SJ-4: bids are made ``during_deal`` (default) or ``after_deal`` (each player once, in
    turn from the dealer)."""
    joker_bids: str = "pairs"
    """SJ-14.3/SJ-4: how many identical jokers bid no trump — ``pairs`` (default: two or
    more), ``all_copies`` (as many as there are decks), ``big_one_fewer`` (small jokers as
    many as there are decks, big jokers one fewer, at least two) or ``none`` (jokers never
    bid)."""
    own_bid: str = "overcall"
    """SJ-14.3/SJ-4: what the standing bidder may bid — ``overcall`` (default: any stronger
    bid, reinforcing 自保 or overcalling himself 自反), ``reinforce_only`` (only more copies
    of the card he showed) or ``reinforce_to_equal`` (as ``reinforce_only``, and a bidder
    overcalled by level cards may show as many of his own card and take the bid back)."""
    first_dealer: str = "winning_bid"
    """SJ-14.3/SJ-4: in the first round the dealer is the seat whose bid stands
    (``winning_bid``, default) or the seat that bid first (``first_bid``); the standing bid
    sets trump either way."""

    # -- SJ-5 kitty ---------------------------------------------------------------------------
    kitty_no_points: bool = False
    """SJ-5: buried cards are shown and may hold no point card (default off; on for
    ``single-deck``)."""

    # -- SJ-7 throws --------------------------------------------------------------------------
    allow_throws: bool = True
    """SJ-6/SJ-7/SJ-12: multi-unit leads 甩牌 are allowed (default on; off for ``bidding-3``)."""
    throw_penalty: str = "none"
    """SJ-7: ``none`` (default) or ``per_card`` — 10 points per card taken back."""

    # -- SJ-9 scoring -------------------------------------------------------------------------
    kitty_multiplier: str = "doubling"
    """SJ-9: ``doubling`` (default), ``by_shape``, ``times``, ``power`` or ``flat``."""
    dealer_stays: bool = False
    """SJ-9: after the defenders win, the same dealer deals again (default: his partner)."""
    must_play_levels: tuple[str, ...] = ()
    """SJ-9: ranks a rise stops at when not yet played, e.g. ``("T", "K")`` (default none)."""
    overflow: str = "lost"
    """SJ-9: levels beyond a must-play level are ``lost`` (default) or ``demote_opponents``."""
    dead_zone: bool = True
    """SJ-14.5/SJ-9: attackers between two and three steps take the deal without rising (the
    dead zone, default on); off: from two steps on they rise one level more."""
    hook_j: bool = False
    """SJ-9: 钩J — a dealer side at J whose kitty is taken with a J goes back to 2 (off)."""
    hook_j_rule: str = "j_in_play"
    """SJ-14.5/SJ-9: with ``hook_j``, ``j_in_play`` (default: the winning play of the last
    trick holds a J; the dealer's side at J goes back to 2) or ``single_j`` (the last trick is
    won by a single J; every player of the dealer's side goes back to 2)."""
    round_points: bool = False
    """SJ-9: 欢乐升级 round points besides levels (default off)."""
    round_points_stake: int = 1
    """SJ-9: the base stake multiplying round points (default 1)."""

    # -- SJ-11 friends ------------------------------------------------------------------------
    friend_by: str = "play"
    """SJ-11: a friend is who ``play``s the called copy (default) or the nearest ``holding``
    one (边锋)."""
    friends: int = 0
    """SJ-11: number of friends the dealer calls; 0 means the rule's default (1 for 4–5
    players, 2 for 6). Only with ``teams = friends``."""
    friend_cards: str = "any"
    """SJ-14.4/SJ-11: which cards a friend may be called with — ``any`` (default), ``no_trumps``
    (no trump of the round), ``no_highest`` (no trump, nor the highest card of a suit) or
    ``no_points`` (no trump, nor a 5, 10 or K). Only with ``teams = friends``."""
    friend_not_all_held: bool = False
    """SJ-14.4/SJ-11: the dealer may not call a card he holds every copy of (default off).
    Only with ``teams = friends``."""

    # -- SJ-12 bidding-3 ----------------------------------------------------------------------
    target_limit: int = 0
    """SJ-12: every target bid must be below this (multiples of 5); 0 means ``100·decks``."""

    # -- SJ-14 house rules --------------------------------------------------------------------
    min_tractor_length: int = 2
    """SJ-14: tuples needed to make a tractor (default 2)."""
    min_tractor_tuple: int = 2
    """SJ-14: smallest tuple size a tractor may be built of (default 2, pairs)."""
    protect_triples: bool = False
    """SJ-14: a triple need not be broken to follow a pair (default off)."""
    protect_tractors: bool = False
    """SJ-14: a tractor need only be drawn by a tractor (default off)."""
    throw_compare: str = "deciding_unit"
    """SJ-14/SJ-8: a ruff of a throw is compared by its ``deciding_unit`` (default) or by
    its ``highest_card``; or (SJ-14.2) ``all_units``: a play beats the winning play of a throw
    only if each of its units beats the unit it answers; or ``largest_units``: the largest unit
    that differs decides."""
    throw_split: str = "tuples_first"
    """SJ-14.2/SJ-6: how a lead of several units is split where splits differ —
    ``tuples_first`` (default: larger tuples, then longer tractors) or ``largest_unit`` (the
    unit of most cards first); what must be followed follows the split."""
    follow_shape: str = "strict"
    """SJ-14.1/SJ-8: what a follower owes — ``strict`` (default: pairs and tractors as far as
    his hand allows) or ``suit_only`` (only the suit; no format-based draw)."""
    bombs: bool = False
    """SJ-14: four or more identical-rank cards 炸弹 beat fewer cards (default off)."""
    bomb_cards: str = "one_rank"
    """SJ-14.8/SJ-8.4: with ``bombs``, what a bomb is — four or more cards of ``one_rank``
    in one suit group (default) or four or more ``identical`` cards (four decks)."""
    bomb_follow: str = "suit"
    """SJ-14.8/SJ-8.4: with ``bombs``, when a follower may play one — as the suit allows
    (``suit``, default: bombs change nothing in what is owed), a trump bomb also while
    holding the led suit (``suit_or_trump``), or whatever is owed (``any_time``)."""
    start_level: str = "2"
    """SJ-14/SJ-2: the level every side starts at (default ``2``)."""
    play_past_ace: bool = False
    """SJ-14: after A, play on at a no-trump level instead of winning (default off)."""
    take_backs: bool = False
    """SJ-14: a bid or play may be taken back until the next player acts (default off;
    ``ShengjiGame.take_back``)."""
    take_back_of: str = "bids_and_plays"
    """SJ-14.3/SJ-14: with ``take_backs``, what may be taken back — ``bids_and_plays``
    (default), ``bids`` or ``plays``."""
    hide_points: bool = False
    """SJ-14/SJ-13: the dealer side does not see the attackers' running score (default off)."""
    hide_defender_points: bool = False
    """SJ-14.6/SJ-13: nobody sees the points the dealer's side takes while the round is played
    (default off)."""
    hide_played: bool = False
    """SJ-14.6/SJ-13: no 记牌 — while the round is played, the tricks before the last show who
    led, who won and the points, not the cards (default off)."""
    reveal_kitty: bool = True
    """SJ-14/SJ-13: the kitty is shown to everyone once the round is over (default on)."""
    redeal_no_trump_or_points: bool = False
    """SJ-14: redeal when a hand holds no trump or no point card (default off; checked once
    trump is known, on the hands before the kitty)."""

    overrides: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """Names given explicitly (not from the preset), for :meth:`to_dict`."""

    # -- derived ------------------------------------------------------------------------------

    @property
    def num_friends(self) -> int:
        """SJ-11: friends called (0 unless ``teams = friends``)."""
        if self.teams != "friends":
            return 0
        return self.friends or max(1, self.players // 2 - 1)

    @property
    def joker_bid_min(self) -> int:
        """SJ-14.3: the fewest identical (small) jokers a joker bid shows (more than the
        decks: none)."""
        return {"pairs": 2, "all_copies": self.decks, "big_one_fewer": self.decks,
                "none": self.decks + 1}[self.joker_bids]

    @property
    def joker_bid_min_big(self) -> int:
        """SJ-14.3: the fewest big jokers a joker bid shows (``big_one_fewer``: one fewer
        than the small, never under a pair)."""
        if self.joker_bids == "big_one_fewer":
            return max(2, self.decks - 1)
        return self.joker_bid_min

    @property
    def start_level_index(self) -> int:
        return RANK_CHARS.index(self.start_level)

    @property
    def must_play_level_indices(self) -> tuple[int, ...]:
        return tuple(RANK_CHARS.index(r) for r in self.must_play_levels)

    @property
    def max_target(self) -> int:
        """SJ-12: every target bid is strictly below this."""
        return self.target_limit or 100 * self.decks

    @property
    def combo_rules(self) -> ComboRules:
        """The SJ-14 combination settings as :class:`~.combos.ComboRules`."""
        return ComboRules(
            min_tractor_length=self.min_tractor_length,
            min_tractor_tuple=self.min_tractor_tuple,
            protect_triples=self.protect_triples,
            protect_tractors=self.protect_tractors,
            bombs=self.bombs,
            bomb_cards=self.bomb_cards,
            bomb_follow=self.bomb_follow,
            throw_compare=self.throw_compare,
            follow_shape=self.follow_shape,
            throw_split=self.throw_split,
        )

    # -- parsing ------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None = None) -> ShengjiOptions:
        """Options from ``{"preset": …, option: value, …}``, validated."""
        data = dict(data or {})
        preset = data.pop("preset", "tractor")
        if preset not in _PRESET_VALUES:
            raise InvalidOptionsError("preset", f"unknown preset {describe(preset)}; presets are "
                                      f"{', '.join(PRESETS)}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = dict(_PRESET_VALUES[preset])
        given: list[str] = []
        for name, value in data.items():
            if name not in fields or name in ("overrides",):
                names = ", ".join(sorted(k for k in fields if k != "overrides"))
                raise InvalidOptionsError(name, f"unknown option; options are {names}")
            values[name] = _coerce(name, value, fields[name].default)
            given.append(name)
        structural = {"players", "decks"} & set(given)
        if structural and not {"hand_size", "kitty_size"} & set(given):
            # another table size from a preset: derive the deal (smallest kitty of at least 6)
            players = values["players"]
            decks = values["decks"]
            if isinstance(players, int) and isinstance(decks, int) and players > 0:
                total = 54 * decks
                kitty = total % players
                while kitty < 6:
                    kitty += players
                values["hand_size"] = (total - kitty) // players
                values["kitty_size"] = kitty
                if "step" not in given:
                    values["step"] = 20 * decks
        elif {"hand_size", "kitty_size"} & set(given) and not (
                {"hand_size", "kitty_size"} <= set(given)):
            if "hand_size" in given:
                values["kitty_size"] = (54 * values["decks"]
                                        - values["players"] * values["hand_size"])
            else:
                values["hand_size"] = (54 * values["decks"] - values["kitty_size"]) // values[
                    "players"]
        opts = cls(preset=preset, overrides=tuple(given), **values)
        opts.validate(set(given))
        return opts

    def to_dict(self) -> dict[str, Any]:
        """The options as written in a record: the preset and every explicit override."""
        out: dict[str, Any] = {"preset": self.preset}
        for name in self.overrides:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def full_dict(self) -> dict[str, Any]:
        """Every option with its value (for display)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "overrides":
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def validate(self, given: set[str] | None = None) -> None:
        """Raise :class:`InvalidOptionsError` for values or combinations that cannot be."""
        given = given or set()
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise InvalidOptionsError(name, f"must be one of {', '.join(choices)}, not "
                                          f"{describe(getattr(self, name))}")
        if not 3 <= self.players <= 8:
            raise InvalidOptionsError("players", "Shengji is played by 3 to 8 players")
        if not 1 <= self.decks <= 4:
            raise InvalidOptionsError("decks", "Shengji is played with 1 to 4 decks")
        if self.hand_size < 1 or self.kitty_size < 0:
            raise InvalidOptionsError("hand_size", "hand and kitty sizes must be positive")
        if self.players * self.hand_size + self.kitty_size != 54 * self.decks:
            raise InvalidOptionsError(
                "hand_size", f"{self.players} hands of {self.hand_size} and a kitty of "
                f"{self.kitty_size} make {self.players * self.hand_size + self.kitty_size} "
                f"cards, but {self.decks} deck(s) hold {54 * self.decks}")
        if self.step <= 0 or self.step % 5:
            raise InvalidOptionsError("step", "the step is a positive multiple of 5 points")
        if self.teams == "fixed" and self.players % 2:
            raise InvalidOptionsError("teams", "fixed partners need an even number of players")
        if self.teams == "friends" and self.players < 4:
            raise InvalidOptionsError("teams", "finding friends needs at least 4 players")
        friendly = {"friends", "friend_by", "friend_cards", "friend_not_all_held"} & given
        if self.teams != "friends" and friendly:
            name = "friends" if "friends" in friendly else min(friendly)
            raise InvalidOptionsError(name, f"friends are only called with teams = friends, "
                                      f"not {self.teams}")
        if self.teams == "friends" and not 0 <= self.friends <= self.players - 3:
            raise InvalidOptionsError("friends", f"the dealer can call 1 to "
                                      f"{self.players - 3} friends at this table")
        if "take_back_of" in given and not self.take_backs:
            raise InvalidOptionsError("take_back_of", "take_back_of only says what may be "
                                      "taken back: set take_backs too")
        if "hook_j_rule" in given and not self.hook_j:
            raise InvalidOptionsError("hook_j_rule", "hook_j_rule only says how 钩J works: "
                                      "set hook_j too")
        if self.teams == "bidding" and "dead_zone" in given:
            raise InvalidOptionsError("dead_zone", "in bidding-3 the target decides the level "
                                      "changes (SJ-12), not the steps")
        if self.teams == "bidding" and "first_dealer" in given:
            raise InvalidOptionsError("first_dealer", "in bidding-3 the auction chooses the "
                                      "dealer (SJ-12)")
        if self.single_deck_joker_nt and self.decks != 1:
            raise InvalidOptionsError("single_deck_joker_nt",
                                      "only with one deck (two decks bid no trump with joker "
                                      "pairs)")
        if self.kitty_no_points and self.hand_size < 12 * self.decks:
            # the dealer could hold more point cards than hand_size, leaving fewer than a
            # kitty's worth of cards without points to bury
            raise InvalidOptionsError(
                "kitty_no_points", f"impossible here: a dealer may hold only "
                f"{self.hand_size + self.kitty_size - 12 * self.decks} cards without points "
                f"and must bury {self.kitty_size}")
        if self.throw_penalty != "none" and not self.allow_throws:
            raise InvalidOptionsError("throw_penalty", "no throws are allowed at this table")
        if self.min_tractor_length < 2:
            raise InvalidOptionsError("min_tractor_length", "a tractor has at least 2 tuples")
        if self.min_tractor_tuple < 2:
            raise InvalidOptionsError("min_tractor_tuple", "a tuple has at least 2 cards")
        if self.min_tractor_tuple > 4:
            raise InvalidOptionsError("min_tractor_tuple", "with at most 4 decks a tuple has at "
                                      "most 4 cards")
        if self.start_level not in RANK_CHARS:
            raise InvalidOptionsError("start_level", f"a rank of {RANK_CHARS}")
        for rank in self.must_play_levels:
            if rank not in RANK_CHARS or rank == "2":
                raise InvalidOptionsError("must_play_levels", f"{describe(rank)} is not a rank 3–A")
        if self.round_points_stake < 1:
            raise InvalidOptionsError("round_points_stake", "a positive integer")
        if self.target_limit and (self.target_limit % 5 or self.target_limit <= 5):
            raise InvalidOptionsError("target_limit", "a multiple of 5 above 5")
        if self.teams == "bidding" and self.bidding == "after_deal" and "bidding" in given:
            raise InvalidOptionsError("bidding", "with teams = bidding trump is named by the "
                                      "target auction's winner")
        bombish = {"bomb_cards", "bomb_follow"} & given
        if bombish and not self.bombs:
            raise InvalidOptionsError(min(bombish), "only with bombs: there are no bombs at "
                                      "this table")
        if self.fight_reinforce and not self.kitty_fight:
            raise InvalidOptionsError("fight_reinforce", "only with kitty_fight: there is no "
                                      "kitty fight to defend the bid in")
        if self.kitty_fight and self.teams == "bidding":
            raise InvalidOptionsError("kitty_fight", "with teams = bidding there are no trump "
                                      "bids to overcall")


def _coerce(name: str, value: Any, default: Any) -> Any:
    """Check an option's type against its default's; lists become tuples."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise InvalidOptionsError(name, f"must be true or false, not {describe(value)}")
        return value
    if isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidOptionsError(name, f"a number is required, not {describe(value)}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise InvalidOptionsError(name, f"must be a string, not {describe(value)}")
        if name == "start_level":
            value = "T" if value == "10" else value.upper()
        return value
    if isinstance(default, tuple):
        if isinstance(value, str):
            value = [v for v in value.replace(",", " ").split() if v]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise InvalidOptionsError(name, f"must be a list of ranks, not {describe(value)}")
        return tuple("T" if v == "10" else v.upper() for v in value)
    raise InvalidOptionsError(name, "unsupported option")  # pragma: no cover
