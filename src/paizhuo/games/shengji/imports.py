"""The judge's import step for Shengji records written by other programs (not the rules).

Such records leave out declines nobody wrote down: the passes of seats asked while cards are
dealt (a bid made further on, or a pass without ``dealt``), the post-deal round of chances (a
bury straight after the last bid), the kitty fight's passes (the play or the friend call
straight after the bury). :func:`implied_before` names them: the passes of the seats asked,
one by one, until the action is legal — the rules (:mod:`.rules`) never assume them.
"""

from __future__ import annotations

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.imports import Trial as ImportTrial
from paizhuo.games.shengji.rules import to_act
from paizhuo.games.shengji.state import RoundState

Trial = ImportTrial[RoundState]
"""A shengji game being imported (:class:`paizhuo.engine.imports.Trial`)."""

MAX_DECLINES = 400
"""More passes than any deal asks for (one per card dealt, one per seat after)."""


def _declining(game: Trial) -> bool:
    st = game.state
    return (st.phase == "bid" and st.stage in ("deal", "chance")) or st.phase == "kitty_fight"


def _reached(game: Trial, action: Action) -> bool:
    """Whether the round has reached the decision ``action`` is about (from there on, what is
    wrong with it is the action itself)."""
    st = game.state
    verb = action.verb
    if verb == "bury":
        return st.phase == "bury"
    if verb in ("call", "play"):
        return st.phase not in ("bid", "kitty_fight")
    if st.phase == "bid" and st.stage == "deal":
        dealt = (action.extra or {}).get("dealt")
        return isinstance(dealt, int) and not isinstance(dealt, bool) and dealt <= st.dealt
    return True


def implied_before(game: Trial, action: Action) -> list[Action]:
    """The passes a record from another program leaves out before ``action`` (not legal
    now): those after which it is legal, or else those that reach the decision it is about
    (so that the judge says what is wrong with the action itself); ``[]`` when none do."""
    if not _declining(game):
        return []
    trial = game.clone()
    declines: list[Action] = []
    reached: list[Action] | None = [] if _reached(trial, action) else None
    for _ in range(MAX_DECLINES):
        if not _declining(trial):
            break
        asked = to_act(trial.state)
        if not asked:
            break
        st = trial.state
        dealing = st.phase == "bid" and st.stage == "deal"
        decline = Action(asked[0], "pass", (), {"dealt": st.dealt} if dealing else None)
        trial.apply(decline)
        declines.append(decline)
        if reached is None and _reached(trial, action):
            reached = list(declines)
        probe = trial.clone()
        try:
            probe.apply(action)
        except (IllegalActionError, MalformedError):
            continue
        return declines
    return reached or []


__all__ = ["implied_before"]
