"""The audit's mistake patterns for Shengji, defined for people in ``docs/strength.md``
("Shengji patterns").

Each pattern judges a decision by the position as the acting seat could know it: its own
hand, the kitty if it saw it, the cards played, and the voids the tricks showed (a seat that
did not follow a suit led is void in it) — never the other hands, though the audit could see
them. The buries come from the seed text's 坐庄秘诀 (``seed 000``); the play patterns from its
帮庄要领 and from what the issue saw (issue 35).
"""

from __future__ import annotations

from collections.abc import Sequence

from paizhuo.arena.audit import BasePattern, Decision, Finding, Pattern
from paizhuo.cards import BIG_JOKER, NUM_PLAIN_IDS, RANK_CHARS, rank_of
from paizhuo.engine.game import Game
from paizhuo.games.shengji.combos import Lead, Unit, decompose, make_lead
from paizhuo.games.shengji.game import ShengjiGame
from paizhuo.games.shengji.order import TRUMP, TrumpContext, card_points, points_of
from paizhuo.games.shengji.state import RoundState
from paizhuo.games.shengji.trick import play_rank, trick_winner, unit_beaten_by
from paizhuo.notation import format_cards, parse_cards

ACE = RANK_CHARS.index("A")
ENDGAME = 4
"""The last tricks (the seat holds this many cards or fewer): who wins them wins the kitty
(扣底, the seed's 打到最后几张时), so a joker or a split pair may be the right price there."""


def _state(game: Game) -> RoundState:
    assert isinstance(game, ShengjiGame), "a shengji pattern audits shengji"
    return game.state


def _side_groups(ctx: TrumpContext) -> list[int]:
    """The side suits' groups (all four at no trump)."""
    return [g for g in range(4) if ctx.slot_count[g]]


def _side_ace(card: int, ctx: TrumpContext) -> bool:
    return ctx.group[card] != TRUMP and rank_of(card) == ACE


class Seen:
    """What the acting seat of a play decision knows: the cards it has not seen, the voids
    the tricks showed, the sides known (as the observation names them) and the trick so far."""

    def __init__(self, d: Decision) -> None:
        st: RoundState = _state(d.game)
        ctx = st.ctx
        assert ctx is not None, "trump is known in the play"
        self.st = st
        self.ctx = ctx
        self.rules = st.rules
        self.seat = d.seat
        obs = d.observation
        details = obs["details"]
        self.hand = parse_cards(obs["hand"])
        unseen = [st.opts.decks] * NUM_PLAIN_IDS
        for c in self.hand:
            unseen[c] -= 1
        if details.get("kitty"):
            for c in parse_cards(details["kitty"]):
                unseen[c] -= 1
        self.void: set[tuple[int, int]] = set()
        for t in st.tricks:
            self._note(t.plays, unseen)
        self.trick: list[tuple[int, tuple[int, ...]]] = list(st.trick)
        self._note(self.trick, unseen)
        self.unseen = unseen
        self.trumps_out = sum(unseen[c] for c in ctx.group_ids[TRUMP])
        n = st.n
        defenders = frozenset(details.get("defenders") or ())
        others = frozenset(range(n)) - {self.seat}
        if self.seat in defenders:
            side = defenders
        elif st.opts.teams == "friends" and not all(c.resolved for c in st.calls):
            side = frozenset({self.seat})
        else:
            side = frozenset(range(n)) - defenders
        self.side = side
        self.partners = side - {self.seat}
        self.opponents = (others - defenders if self.seat in defenders else defenders) - side
        done = {s for s, _ in self.trick} | {self.seat}
        self.later_opponents = self.opponents - done

    def _note(self, plays: Sequence[tuple[int, tuple[int, ...]]], unseen: list[int]) -> None:
        if not plays:
            return
        g = self.ctx.group[plays[0][1][0]]
        for seat, cards in plays:
            for c in cards:
                unseen[c] -= 1
                if self.ctx.group[c] != g:
                    self.void.add((seat, g))

    def can_ruff(self, seat: int, g: int) -> bool:
        """Whether ``seat`` is known void in side suit ``g`` and may still hold trumps."""
        return (seat, g) in self.void and (seat, TRUMP) not in self.void and self.trumps_out > 0

    def higher_out(self, unit: Unit, g: int, seats: frozenset[int] | set[int]) -> bool:
        """Whether a unit of ``unit``'s shape beating it in suit ``g`` is still unseen, and one
        of ``seats`` (not known void in ``g``) may hold it."""
        return any((s, g) not in self.void for s in seats) and unit_beaten_by(
            unit, self.unseen, g, self.ctx)

    def so_far(self) -> tuple[Lead, int, tuple[int, int]]:
        """The trick being followed: its lead, the index of the winning play, its rank."""
        lead = make_lead(self.trick[0][1], self.ctx, self.rules)
        plays = [c for _, c in self.trick]
        w = trick_winner(lead, plays, self.ctx, self.rules)
        best = play_rank(lead, plays[w], self.ctx, self.rules)
        assert best is not None
        return lead, w, best

    def lead_unsafe(self, cards: Sequence[int]) -> bool:
        """Whether a one-unit side-suit lead could be beaten in its suit by an opponent."""
        g = self.ctx.group[cards[0]]
        if g == TRUMP:
            return False
        units = decompose(cards, self.ctx, self.rules)
        return len(units) == 1 and self.higher_out(units[0], g, self.opponents)


def _in_play(d: Decision) -> bool:
    return d.game.phase == "play" and d.action.verb == "play"


def _following(d: Decision) -> bool:
    return _in_play(d) and bool(_state(d.game).trick)


def _leading(d: Decision) -> bool:
    return _in_play(d) and not _state(d.game).trick


# -- the bury (埋底, SJ-5) ------------------------------------------------------------------------


class _Bury(BasePattern):
    """A bury pattern: sees the hand with the kitty taken up and the cards buried."""

    def check(self, d: Decision) -> Finding | None:
        if d.action.verb != "bury":
            return None
        st: RoundState = _state(d.game)
        assert st.ctx is not None
        hand = list(parse_cards(d.hand))
        kept = list(hand)
        for c in d.action.cards:
            kept.remove(c)
        return self.judge(st, st.ctx, hand, kept, list(d.action.cards))

    def judge(self, st: RoundState, ctx: TrumpContext, hand: list[int], kept: list[int],
              buried: list[int]) -> Finding | None:
        raise NotImplementedError


class BuryNoVoid(_Bury):
    """A bury that empties no side suit where one could be emptied (一定要绝一门).

    A suit counts as emptied when the burier keeps no card of it but aces, which it cashes
    to empty it (the seed's 首攻: 能一次净手的付牌…先腾空). A chance: some side suit holds no more
    cards other than aces than the kitty takes (and, where the kitty may hold no points, no
    point card among them). Right anyway: a bury that leaves no trump at all (the seed's 主少
    …先把主牌绝掉)."""

    key = "sj.bury_no_void"
    title = "bury empties no side suit"
    source = "seed 000 坐庄秘诀 铺底牌 1: 一定要绝一门付牌 (SJ-5)"

    def judge(self, st: RoundState, ctx: TrumpContext, hand: list[int], kept: list[int],
              buried: list[int]) -> Finding | None:
        k = len(buried)
        voidable = []
        for g in _side_groups(ctx):
            rest = [c for c in hand if ctx.group[c] == g and not _side_ace(c, ctx)]
            if len(rest) <= k and not (st.opts.kitty_no_points and points_of(rest)):
                voidable.append((len(rest), g))
        if not voidable:
            return None
        emptied = [g for g in _side_groups(ctx)
                   if not any(ctx.group[c] == g and not _side_ace(c, ctx) for c in kept)]
        if emptied or not any(ctx.group[c] == TRUMP for c in kept):
            return Finding(False)
        short, g = min(voidable)
        left = [c for c in kept if ctx.group[c] == g]
        return Finding(True, f"kept {format_cards(sorted(left))}: {short} card(s) "
                             f"besides aces, the kitty takes {k}", weight=float(k - short + 1))


class BuryShortPoints(_Bury):
    """A bury that leaves a side suit of one or two cards holding 10 points or more: they
    fall to the first lead of the suit (the seed: 如果某门副牌很差，分多…; burying them to empty
    the suit is what its rule 1 allows, 除非扣下这5分能使某门副牌绝掉). A chance: the hand with
    the kitty holds a side suit of 10 points or more, and the kitty may hold points."""

    key = "sj.bury_short_points"
    title = "bury leaves 10+ points in a 1–2 card side suit"
    source = "seed 000 经验 1 and 坐庄秘诀 铺底牌 1, 4 (SJ-5)"

    def judge(self, st: RoundState, ctx: TrumpContext, hand: list[int], kept: list[int],
              buried: list[int]) -> Finding | None:
        if st.opts.kitty_no_points:
            return None
        groups = _side_groups(ctx)
        if not any(points_of([c for c in hand if ctx.group[c] == g]) >= 10 for g in groups):
            return None
        bad = []
        for g in groups:
            cards = [c for c in kept if ctx.group[c] == g]
            if 1 <= len(cards) <= 2 and points_of(cards) >= 10:
                bad.append(cards)
        if not bad:
            return Finding(False)
        pts = sum(points_of(cards) for cards in bad)
        shown = ", ".join(format_cards(sorted(cards)) for cards in bad)
        return Finding(True, f"kept {shown} ({pts} points) in short side suits",
                       weight=float(pts))


class BuryAce(_Bury):
    """A side ace buried: a sure trick given up (the issue's A♠ A♥ A♣ bury). A chance: the
    hand with the kitty holds a side ace; there are always enough other cards to bury."""

    key = "sj.bury_ace"
    title = "side ace buried"
    source = "issue 35; seed 000 三 3 藏单A (aces are kept to win tricks)"

    def judge(self, st: RoundState, ctx: TrumpContext, hand: list[int], kept: list[int],
              buried: list[int]) -> Finding | None:
        if not any(_side_ace(c, ctx) for c in hand):
            return None
        aces = [c for c in buried if _side_ace(c, ctx)]
        if not aces:
            return Finding(False)
        return Finding(True, f"buried {format_cards(aces)}", weight=float(len(aces)))


# -- jokers -----------------------------------------------------------------------------------


def _jokers(cards: Sequence[int]) -> int:
    return sum(1 for c in cards if c >= 52)


class JokerPointless(BasePattern):
    """A joker given to a trick that ends with no points, by a seat following (a lead of a
    joker draws trumps: the seed's 帮庄 ⑦ asks a partner to lead its big joker early).

    A chance: a follow by a seat holding a joker with a legal play without one. The verdict
    waits for the trick's end (its points). Right anyway — the only way to keep a lead that
    matters: in the last tricks (:data:`ENDGAME`), with the seat's side not winning the
    trick, when the joker wins it and no play without a joker would."""

    key = "sj.joker_pointless"
    title = "joker spent on a trick with no points"
    source = "issue 35; seed 000 坐庄要领 ③ (上家出单张或一小对付牌，不杀)"

    def __init__(self) -> None:
        self.pending: list[tuple[int, int, bool, str]] = []
        """(decision index, trick number, joker played, what was played)."""

    def check(self, d: Decision) -> Finding | None:
        if not _following(d):
            return None
        seen = Seen(d)
        if not _jokers(seen.hand) or not any(not _jokers(a.cards) for a in d.legal):
            return None
        played = bool(_jokers(d.action.cards))
        if played and len(seen.hand) <= ENDGAME:
            lead, w, best = seen.so_far()
            if seen.trick[w][0] not in seen.side:
                def wins(cards: Sequence[int]) -> bool:
                    rank = play_rank(lead, cards, seen.ctx, seen.rules)
                    return rank is not None and rank > best
                if wins(d.action.cards) and not any(
                        wins(a.cards) for a in d.legal if not _jokers(a.cards)):
                    return Finding(False)
        self.pending.append((d.index, len(seen.st.tricks), played,
                             format_cards(d.action.cards)))
        return None

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        tricks = _state(game).tricks
        out = []
        for i, t, played, shown in self.pending:
            pts = sum(points_of(c) for _, c in tricks[t].plays) if t < len(tricks) else 0
            if not played or pts:
                out.append((i, Finding(False)))
            else:
                out.append((i, Finding(True, f"played {shown} to a trick that took no points",
                                       weight=float(_jokers(parse_cards(shown))))))
        return out


class BigJokerSplit(BasePattern):
    """One big joker played while holding the pair (a pair beats trump pairs led; one does
    not). A chance: a play by a seat holding both big jokers with a legal play that does not
    split them; right anyway in the last tricks (:data:`ENDGAME`)."""

    key = "sj.bj_pair_split"
    title = "big-joker pair split"
    source = "issue 35 (SJ-6 pairs; seed 000 帮庄 ⑥ 不可浪费庄家的主对)"

    def check(self, d: Decision) -> Finding | None:
        if not _in_play(d):
            return None
        hand = parse_cards(d.hand)
        if hand.count(BIG_JOKER) < 2 or len(hand) <= ENDGAME:
            return None
        if all(a.cards.count(BIG_JOKER) == 1 for a in d.legal):
            return None
        if d.action.cards.count(BIG_JOKER) != 1:
            return Finding(False)
        return Finding(True, f"played {format_cards(d.action.cards)} holding BJ BJ", weight=2.0)


# -- following a partner ---------------------------------------------------------------------


class RuffPartner(BasePattern):
    """A trump played on a side-suit trick that a partner already wins with no threat: no
    opponent still to play could beat it, as far as the seat can tell (no higher card of the
    shape unseen that an opponent not void in the suit may hold; no opponent known void in
    the suit who may ruff or over-ruff). A chance: the seat is void in the suit led and has a
    legal play without trumps (throws led are left out)."""

    key = "sj.ruff_partner"
    title = "ruffed a partner's sure trick"
    source = "issue 35 (the dealer ruffed his partner's 4♣ with BJ); SJ-8"

    def check(self, d: Decision) -> Finding | None:
        if not _following(d):
            return None
        seen = Seen(d)
        ctx = seen.ctx
        lead, w, best = seen.so_far()
        g = lead.group
        if g == TRUMP or lead.is_throw or seen.trick[w][0] not in seen.partners:
            return None
        if any(ctx.group[c] == g for c in seen.hand):
            return None
        if not any(all(ctx.group[c] != TRUMP for c in a.cards) for a in d.legal):
            return None
        size, length = lead.deciding
        if best[0] < 2:  # a bomb is beaten only by a bigger one: no threat
            winner = Unit(size, length, best[1], ())
            wg = ctx.group[seen.trick[w][1][0]]
            for s in seen.later_opponents:
                if wg == g and seen.higher_out(winner, g, {s}):
                    return None
                if seen.can_ruff(s, g) and unit_beaten_by(
                        winner if wg == TRUMP else Unit(size, length, -1, ()),
                        seen.unseen, TRUMP, ctx):
                    return None
        trumps = [c for c in d.action.cards if ctx.group[c] == TRUMP]
        if not trumps:
            return Finding(False)
        return Finding(True, f"played {format_cards(trumps)} on a partner's sure "
                             f"{format_cards(seen.trick[w][1])}",
                       weight=float(len(trumps) + _jokers(trumps)))


# -- leads ------------------------------------------------------------------------------------


class IntoDealerVoid(BasePattern):
    """The dealer's partner leads a side suit the dealer is known void in, with a lead that
    could lose (捅庄家断门: the dealer must ruff a 0-point trick or let the suit go). A
    chance: the dealer's partner leads, the dealer is known void in a side suit and not in
    trumps, and the partner holds a card outside those suits. Right anyway: a lead nobody can
    beat (the dealer need not ruff it) — the seed's exception 除非需要断门过桥 is the partner
    holding nothing else, not a chance."""

    key = "sj.into_dealer_void"
    title = "dealer's partner led into the dealer's void"
    source = "seed 000 帮庄要领 ⑤ 绝对不可以捅庄家断门, ⑩"

    def check(self, d: Decision) -> Finding | None:
        if not _leading(d):
            return None
        st: RoundState = _state(d.game)
        dealer = st.dealer
        if dealer is None or d.seat == dealer:
            return None
        seen = Seen(d)
        if dealer not in seen.partners or (dealer, TRUMP) in seen.void:
            return None
        ctx = seen.ctx
        voids = {g for g in _side_groups(ctx) if (dealer, g) in seen.void}
        if not voids or all(ctx.group[c] in voids for c in seen.hand):
            return None
        g = ctx.group[d.action.cards[0]]
        if g not in voids:
            return Finding(False)
        units = decompose(d.action.cards, ctx, seen.rules)
        if not any(seen.higher_out(u, g, seen.opponents) for u in units) and not any(
                seen.can_ruff(s, g) for s in seen.opponents):
            return Finding(False)  # a sure winner: the dealer need not ruff
        return Finding(True, f"led {format_cards(d.action.cards)} into the dealer's void",
                       weight=1.0 + points_of(d.action.cards) / 10)


class PointsIntoVoid(BasePattern):
    """Point cards led in a side suit an opponent is known void in and may ruff (not known
    void in trumps, trumps still unseen). A chance: a lead by a seat holding such point cards
    and some other card to lead."""

    key = "sj.points_into_void"
    title = "points led into an opponent's known void"
    source = "issue 35; SJ-8 (a ruff wins the trick); seed 000 经验 10 不可胡乱出分"

    def check(self, d: Decision) -> Finding | None:
        if not _leading(d):
            return None
        seen = Seen(d)
        ctx = seen.ctx
        ruffed = {g for g in _side_groups(ctx)
                  if any(seen.can_ruff(s, g) for s in seen.opponents)}
        if not ruffed:
            return None
        exposed = [c for c in seen.hand if ctx.group[c] in ruffed and card_points(c)]
        if not exposed or len(exposed) == len(seen.hand):
            return None
        led = [c for c in d.action.cards if ctx.group[c] in ruffed and card_points(c)]
        if not led:
            return Finding(False)
        return Finding(True, f"led {format_cards(d.action.cards)} into an opponent's void",
                       weight=float(points_of(led)))


class UnsafeWinner(BasePattern):
    """A side-suit play holding points that takes the lead of the trick (a lead, or a follow
    in the suit beating the trick so far) while a higher unit of its shape is unseen and an
    opponent still to play, not known void in the suit, may hold it — K♦ on 10♦ with A♦ out;
    K♠ K♠ led with A♠ A♠ out. A chance: some play open to the seat is such a play and some
    other is not (at a lead: a side point card whose single lead would be such a play, and
    another card). Throws are left out (the rules take a beatable throw back)."""

    key = "sj.unsafe_winner"
    title = "point cards played as unsafe winners"
    source = "issue 35; seed 000 坐庄要领 ② 有一对10或一对K的牌，不可乱冲"

    def check(self, d: Decision) -> Finding | None:
        if not _in_play(d):
            return None
        seen = Seen(d)
        if not seen.trick:
            return self._lead(d, seen)
        ctx = seen.ctx
        lead, _, best = seen.so_far()
        g = lead.group
        if g == TRUMP or lead.is_throw or not seen.later_opponents:
            return None
        size, length = lead.deciding

        def unsafe(cards: Sequence[int]) -> bool:
            if ctx.group[cards[0]] != g or not points_of(list(cards)):
                return False
            rank = play_rank(lead, cards, ctx, seen.rules)
            return rank is not None and rank > best and rank[0] == 0 and seen.higher_out(
                Unit(size, length, rank[1], ()), g, seen.later_opponents)

        flags = [unsafe(a.cards) for a in d.legal]
        if not any(flags) or all(flags):
            return None
        if not unsafe(d.action.cards):
            return Finding(False)
        return Finding(True, f"played {format_cards(d.action.cards)} over "
                             f"{format_cards(seen.trick[0][1])} with a higher card out",
                       weight=float(points_of(d.action.cards)))

    def _lead(self, d: Decision, seen: Seen) -> Finding | None:
        risky = [c for c in seen.hand if card_points(c) and seen.lead_unsafe((c,))]
        if not risky or len(risky) == len(seen.hand):
            return None
        cards = d.action.cards
        if not points_of(list(cards)) or not seen.lead_unsafe(cards):
            return Finding(False)
        return Finding(True, f"led {format_cards(cards)} with a higher unit out",
                       weight=float(points_of(cards)))


PATTERNS: list[type[Pattern]] = [BuryNoVoid, BuryShortPoints, BuryAce, JokerPointless,
                                 BigJokerSplit, RuffPartner, IntoDealerVoid, PointsIntoVoid,
                                 UnsafeWinner]
"""The patterns ``paizhuo audit shengji`` counts, in the order it lists them."""
