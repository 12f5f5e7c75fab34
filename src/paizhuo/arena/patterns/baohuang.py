"""The audit's mistake patterns for Baohuang (``docs/strength.md``, "Baohuang patterns").

Each pattern judges a decision by the position — every hand and the true roles, which the
audit may see (it judges the bot, it does not play) — never by which bot made it. The sides
are the true ones: the emperor and his guard against the revolutionaries (the rebels); a
seized crown 抢庄 or an emperor alone 独保 stands against all four. The definitions, the
seed text or rule each comes from and where the play is right anyway are in
``docs/strength.md`` ("Baohuang patterns").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from paizhuo.arena.audit import BasePattern, Decision, Finding
from paizhuo.games.baohuang.combos import PlayKey, beats, key_of, responses_tuple
from paizhuo.games.baohuang.state import CROWN, NUM_SEATS, PLAY, BaohuangState
from paizhuo.games.climbing import ACE, BJ, SJ, TWO

if TYPE_CHECKING:
    from paizhuo.arena.audit import Pattern
    from paizhuo.engine.game import Game
    from paizhuo.games.baohuang.game import BaohuangGame

SEIZE_SOUND = 9.0
"""The least seizing strength (:func:`seize_strength`) with which seizing 抢庄 is sound. A
seizer scores +40 if he goes out first and −40 otherwise (BH-5), so a seizure breaks even
when he goes out first half the time. Measured with four rebels who fight him (the
heuristic of issue 35 in every seat, rebels leading their smallest sets against a seizer;
the first holder of 18,000 seeded deals played both ways, seizing and not): from 9 to 9.5
the seizer went out first in 55% of his deals (the seizure +2.1 ± 3.1 points against the
call given up), from 8.5 to 9 in 46% (−5.0 ± 2.8), from 8 to 8.5 in 40% (−9.7 ± 2.5), below
8 in 35% or less (docs/strength.md, "Baohuang patterns"). Below 9 seizing is the mistake.
(It was 8 against the rebels of 6 December, who led their lowest sets into a seizer.)"""
RATION = 12
"""A short hand for the rebels' fight (the issue's count): the emperor or the seizer with
this many cards or fewer."""
LAST_PLAYS = 6
"""The emperor or the seizer "about to go out": this many cards or fewer left after his
play."""
SHORT = 5
"""A short opposing hand for a lead: this many cards or fewer."""
GUARD_TELL = 3
"""The hidden guard gives himself away when he let the emperor's play stand at least this
many times, able to beat it, and never beat it."""


def seize_strength(h: Sequence[int]) -> float:
    """How many rounds a hand can take against four (strength counts ``h``): big jokers 2,
    small jokers 1.5, 2s 0.5, aces 0.25 — the cards that win rounds in a game of four decks
    where each seat holds 43 (an average hand holds about 5)."""
    return 2.0 * h[BJ] + 1.5 * h[SJ] + 0.5 * h[TWO] + 0.25 * h[ACE]


def _st(d: Decision) -> BaohuangState:
    return cast("BaohuangGame", d.game).st


def _same_side(st: BaohuangState, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play for the same side (the true roles)."""
    crown = {st.emperor, st.guard}
    return (a in crown) == (b in crown)


def _answer_chance(d: Decision) -> tuple[BaohuangState, int, bool] | None:
    """(state, maker of the play answered, whether a play beats it) for an answer in play."""
    if d.game is None:
        return None
    st = _st(d)
    if st.phase != PLAY or st.current is None or st.emperor is None:
        return None
    return st, st.maker, any(a.verb == "play" for a in d.legal)


def _overtakes(d: Decision, st: BaohuangState) -> bool:
    """Whether the decision beats the play on the table without that taking the seat out,
    over a play that was not its maker's last (letting a partner's last play stand hands the
    lead 接风 to the seat after him, who may be an opponent: beating it then is no
    overtaking)."""
    return (d.action.verb == "play" and len(d.action.cards) < st.sizes[d.seat]
            and not st.last_play)


def _may_overtake(d: Decision, st: BaohuangState) -> bool:
    """A chance to overtake: a beating play that does not take the seat out, over a play
    that is not its maker's last."""
    left = st.sizes[d.seat]
    return not st.last_play and any(a.verb == "play" and len(a.cards) < left
                                    for a in d.legal)


def _known_rebel(st: BaohuangState, maker: int) -> bool:
    """Whether every rebel can know ``maker`` (a rebel) is one: the roles are public (a
    seizure, a revealed guard) or he has beaten the emperor's play, which the guard does not
    do. Beating a seat that may still be the hidden guard is the rebels' right answer when it
    is cheap (docs/strength.md, "Baohuang patterns", "What the rebels' answers are worth")."""
    return st.seized or st.revealed or st.beat_emperor[maker] > 0


def _held(st: BaohuangState, seat: int) -> tuple[int, ...]:
    return tuple(st.strengths[seat])


def _whole(st: BaohuangState, seat: int) -> PlayKey | None:
    """The seat's whole hand as one play, if it is one."""
    plain = [r for r in range(TWO + 1) if st.strengths[seat][r]]
    if len(plain) > 1 or not st.sizes[seat]:
        return None
    h = st.strengths[seat]
    if plain:
        return (plain[0], h[plain[0]], h[SJ], h[BJ])
    return (SJ if h[SJ] else BJ, 0, h[SJ], h[BJ])


def _lead_keys(d: Decision) -> list[PlayKey]:
    return list(dict.fromkeys(key_of(a.cards) for a in d.legal if a.verb == "play"))


def _seize_chance(d: Decision) -> float | None:
    """The seat's seizing strength where it may seize now, else ``None``."""
    if d.game is None or _st(d).phase != CROWN or not any(a.verb == "seize" for a in d.legal):
        return None
    return seize_strength(_held(_st(d), d.seat))


class Seize(BasePattern):
    """The seize rate: every decision where seizing was legal; the seat seized."""

    key = "bh.seize"
    title = "seized the crown (the rate, to compare)"
    source = "BH-2 抢庄, BH-5 抢杠 scoring (seed 000/001)"

    def check(self, d: Decision) -> Finding | None:
        strength = _seize_chance(d)
        if strength is None:
            return None
        return Finding(d.action.verb == "seize", f"seized with strength {strength:g}")


class SeizeWeak(BasePattern):
    """Seizing with a hand below :data:`SEIZE_SOUND`: a chance wherever seizing is legal and
    the hand is that weak; the mistake, seizing."""

    key = "bh.seize_weak"
    title = "seized with a hand that does not pay for it"
    source = "BH-2 抢庄, BH-5 抢杠 ±40 (seed 000/001)"

    def check(self, d: Decision) -> Finding | None:
        strength = _seize_chance(d)
        if strength is None or strength >= SEIZE_SOUND:
            return None
        return Finding(d.action.verb == "seize",
                       f"seized with strength {strength:g} (pays from {SEIZE_SOUND:g})",
                       SEIZE_SOUND - strength)


class RebelPasses(BasePattern):
    """A rebel who could beat the emperor's (or the seizer's) play passes or yields while
    the emperor holds :data:`RATION` cards or fewer."""

    key = "bh.rebel_passes"
    title = "rebel let a short emperor's play pass"
    source = "BH-4 顺牌/过牌; issue 35 (the rebels must fight the emperor near his end)"

    def check(self, d: Decision) -> Finding | None:
        chance = _answer_chance(d)
        if chance is None:
            return None
        st, maker, can = chance
        if (maker != st.emperor or _same_side(st, d.seat, maker) or st.last_play
                or st.sizes[maker] > RATION or not can):
            return None
        made = d.action.verb in ("pass", "yield")
        return Finding(made, f"emperor/seizer at {st.sizes[maker]} cards; {d.action.verb} "
                       "while holding a beat", float(RATION + 1 - st.sizes[maker]))


class ShortHandStands(BasePattern):
    """A rebel holding a play that stops the emperor (or the seizer) about to go out
    (:data:`LAST_PLAYS` cards or fewer after his play) passes or yields, and the play stands:
    nobody beats it and the emperor leads again. A pass after which another rebel stops the
    play is a chance passed correctly."""

    key = "bh.short_stands"
    title = "rebel let the emperor's last plays stand"
    source = "BH-4 扣牌 (the round's maker leads again); issue 35 (BJ BJ held, seizer let out)"

    def __init__(self) -> None:
        self.pending: list[tuple[int, int, int]] = []
        """(decision index, the emperor, his cards) of each pass to judge at the end."""

    def check(self, d: Decision) -> Finding | None:
        chance = _answer_chance(d)
        if chance is None:
            return None
        st, maker, can = chance
        if (maker == st.emperor and not _same_side(st, d.seat, maker) and not st.last_play
                and st.sizes[maker] <= LAST_PLAYS and can):
            if d.action.verb == "play":
                return Finding(False)
            self.pending.append((d.index, maker, st.sizes[maker]))
        return None

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        out = []
        for i, maker, left in self.pending:
            stood = False
            for later in decisions[i + 1:]:
                if later.action.verb != "play":
                    continue
                # the next play: a beat (the play did not stand) or a lead (the round closed)
                stood = later.observation["details"]["current"] is None and later.seat == maker
                break
            out.append((i, Finding(stood, f"the emperor/seizer at {left} cards led again",
                                   float(LAST_PLAYS + 1 - left))))
        return out


def short_opponents(st: BaohuangState, seat: int) -> list[int]:
    """The opposing seats (the true sides) holding :data:`SHORT` cards or fewer, not out,
    whose answers :class:`LeadIntoShort` weighs: for a rebel the hidden guard is left to
    :class:`LeadIntoGuard`."""
    hidden = None if st.revealed or st.guard == st.emperor else st.guard
    rebel = seat not in (st.emperor, st.guard)
    return [s for s in range(NUM_SEATS)
            if s != seat and not st.out[s] and 0 < st.sizes[s] <= SHORT
            and not _same_side(st, seat, s) and not (rebel and s == hidden)]


class LeadIntoShort(BasePattern):
    """A lead that an opposing short hand (:data:`SHORT` cards or fewer, the true sides; for
    a rebel the hidden guard is :class:`LeadIntoGuard`'s) can beat, when one of the leader's
    leads none of them could beat was legal. A lead that takes the leader out is right."""

    key = "bh.lead_short"
    title = "led into a short opposing hand"
    source = ("BH-4 (a beaten lead hands the short hand the round); issue 35 (7 led into the "
              "seizer's last card)")

    def check(self, d: Decision) -> Finding | None:
        if d.game is None:
            return None
        st = _st(d)
        if st.phase != PLAY or st.current is not None or st.emperor is None:
            return None
        short = short_opponents(st, d.seat)
        if not short or d.action.verb != "play" or len(d.action.cards) == st.sizes[d.seat]:
            return None
        hands = [_held(st, s) for s in short]

        def answered(key: PlayKey) -> bool:
            return any(responses_tuple(h, key) for h in hands)

        if all(answered(k) for k in _lead_keys(d)):
            return None
        made = answered(key_of(d.action.cards))
        return Finding(made, f"opponent at {min(st.sizes[s] for s in short)} cards can beat "
                       "it; a lead he cannot beat was legal",
                       float(SHORT + 1 - min(st.sizes[s] for s in short)))


class LeadIntoSeizer(LeadIntoShort):
    """:class:`LeadIntoShort` where the stakes are all or nothing: a rebel's lead that the
    seizer 抢庄 (:data:`SHORT` cards or fewer) can beat, when a lead he could not beat was
    legal. Every rebel scores by whether the seizer goes out first (BH-5), so no set kept
    whole is worth the round; in a normal game the ranks are graded, and denying a short
    hand by breaking a set or spending jokers can cost more than his next place (measured:
    docs/strength.md, "Leads into short hands")."""

    key = "bh.lead_into_seizer"
    title = "rebel led into the seizer's last cards"
    source = "BH-4, BH-5 (抢杠: ±40 on his going out first); issue 35 (7 led into his last card)"

    def check(self, d: Decision) -> Finding | None:
        if d.game is None:
            return None
        st = _st(d)
        if not st.seized or d.seat == st.emperor:
            return None
        return super().check(d)


class _Overtaking(BasePattern):
    """An answer that beats a partner's play when passing was legal, not to go out and not
    over the partner's last play (:func:`_may_overtake`): the patterns below differ only in
    whose play it is (:meth:`between`) and what they say (:meth:`why`)."""

    def between(self, d: Decision, st: BaohuangState, maker: int) -> bool:
        """Whether the seat of ``d`` answering ``maker`` is this pattern's position."""
        raise NotImplementedError

    def why(self, maker: int) -> str:
        raise NotImplementedError

    def check(self, d: Decision) -> Finding | None:
        chance = _answer_chance(d)
        if chance is None:
            return None
        st, maker, _ = chance
        if not self.between(d, st, maker) or not _may_overtake(d, st):
            return None
        return Finding(_overtakes(d, st), self.why(maker))


def _hidden_guard_answers(d: Decision, st: BaohuangState, maker: int) -> bool:
    """The hidden guard answers the emperor's play."""
    return maker == st.emperor and d.seat == st.guard and not st.revealed


class GuardBeatsEmperor(_Overtaking):
    """The hidden guard beats the emperor's play when passing was legal and beating does not
    take him out (overtaking his own side, and showing nothing a rebel would not)."""

    key = "bh.guard_beats_emperor"
    title = "hidden guard overtook the emperor"
    source = "BH-2 暗保; issue 35"

    def between(self, d: Decision, st: BaohuangState, maker: int) -> bool:
        return _hidden_guard_answers(d, st, maker)

    def why(self, maker: int) -> str:
        return "beat the emperor's play while hidden"


class GuardTell(BasePattern):
    """The opposite tell, one verdict per deal with a hidden guard: the guard let the
    emperor's play stand :data:`GUARD_TELL` times or more while he could beat it, and never
    beat it — which shows him to a rebel who counts (a rate to compare: no bot here hides
    him)."""

    key = "bh.guard_tell"
    title = "hidden guard never beat the emperor (a tell)"
    source = "BH-2 暗保, BH-6 (every play is public); issue 35 (0 of 61)"

    def __init__(self) -> None:
        self.let_stand: list[int] = []
        self.beat = False

    def check(self, d: Decision) -> Finding | None:
        chance = _answer_chance(d)
        if chance is None:
            return None
        st, maker, _ = chance
        if _hidden_guard_answers(d, st, maker) and _may_overtake(d, st):
            if d.action.verb == "play":
                self.beat = True
            else:
                self.let_stand.append(d.index)
        return None

    def after_deal(self, game: Game, decisions: Sequence[Decision]) -> list[tuple[int, Finding]]:
        if len(self.let_stand) < GUARD_TELL and not self.beat:
            return []
        return [(self.let_stand[-1] if self.let_stand else 0,
                 Finding(not self.beat, f"let the emperor's play stand {len(self.let_stand)} "
                         "times, never beat it"))]


class EmperorOvertakesGuard(_Overtaking):
    """The emperor beats his hidden guard's play when passing was legal, not to go out and
    not over the guard's last play."""

    key = "bh.emperor_overtakes_guard"
    title = "emperor overtook his hidden guard"
    source = "BH-2 暗保 (the guard plays for the emperor); issue 35 (22 times in 8 deals)"

    def between(self, d: Decision, st: BaohuangState, maker: int) -> bool:
        return (d.seat == st.emperor and maker == st.guard and st.guard != st.emperor
                and not st.revealed)

    def why(self, maker: int) -> str:
        return "beat his hidden guard's play"


class RebelsOvertake(_Overtaking):
    """A rebel beats the play of another rebel known to be one (:func:`_known_rebel`) when
    passing was legal, not to go out and not over the other's last play."""

    key = "bh.rebels_overtake"
    title = "rebel overtook a rebel"
    source = "BH-2 (the three or four rebels play together); issue 35 (28 times)"

    def between(self, d: Decision, st: BaohuangState, maker: int) -> bool:
        crown = (st.emperor, st.guard)
        return d.seat not in crown and maker not in crown and _known_rebel(st, maker)

    def why(self, maker: int) -> str:
        return "beat another rebel's play"


class LeadIntoGuard(BasePattern):
    """A rebel's lead that the unrevealed guard (:data:`SHORT` cards or fewer) can beat —
    taking the round with his last cards, or going out with them — when a lead he could not
    beat was legal. A lead that takes the leader out is right."""

    key = "bh.lead_into_guard"
    title = "rebel led into the hidden guard's last cards"
    source = "BH-4 (a last play 底牌 goes out); issue 35 (3 3 3 led into the guard's last three)"

    def check(self, d: Decision) -> Finding | None:
        if d.game is None:
            return None
        st = _st(d)
        if st.phase != PLAY or st.current is not None or st.emperor is None:
            return None
        guard = st.guard
        if (guard is None or guard == st.emperor or st.revealed or st.out[guard]
                or d.seat in (st.emperor, guard) or st.sizes[guard] > SHORT
                or d.action.verb != "play" or len(d.action.cards) == st.sizes[d.seat]):
            return None
        h = _held(st, guard)
        if all(responses_tuple(h, k) for k in _lead_keys(d)):
            return None
        whole = _whole(st, guard)
        key = key_of(d.action.cards)
        out = whole is not None and beats(whole, key)
        return Finding(bool(responses_tuple(h, key)),
                       f"the hidden guard at {st.sizes[guard]} cards can beat it"
                       + (", going out" if out else ""),
                       float(SHORT + 1 - st.sizes[guard]) + (2.0 if out else 0.0))


class OvertakeOwnSide(_Overtaking):
    """Any seat beats a play of a seat on its own side (the true roles; a rebel's partner
    only once known to be one, :func:`_known_rebel`) when passing was legal, not to go out
    and not over the partner's last play."""

    key = "bh.overtake_own"
    title = "overtook a partner"
    source = "BH-2 (sides), BH-4; issue 35"

    def between(self, d: Decision, st: BaohuangState, maker: int) -> bool:
        rebel = d.seat not in (st.emperor, st.guard)
        return _same_side(st, d.seat, maker) and not (rebel and not _known_rebel(st, maker))

    def why(self, maker: int) -> str:
        return f"beat seat {maker}'s play, a partner's"


PATTERNS: list[type[Pattern]] = [Seize, SeizeWeak, RebelPasses, ShortHandStands,
                                 LeadIntoShort, LeadIntoSeizer, LeadIntoGuard,
                                 GuardBeatsEmperor, GuardTell, EmperorOvertakesGuard,
                                 RebelsOvertake, OvertakeOwnSide]
"""The patterns ``paizhuo audit baohuang`` counts, in the order it lists them."""
