"""Records from other programs: the optional declines they leave out (the judge's import step).

Other programs write "nobody burned", "nobody declared revolution / 宣点", "the payer kept the
returned card" and "the headless player did not answer" as the absence of an action, while this
engine asks those seats and its rules refuse an action made past them. The judge
(:func:`paizhuo.engine.judge.replay`) asks :func:`implied_before` for the explicit ``pass``es
such a record leaves out before an action that is refused as it stands, applies them and the
action to a copy, and keeps the copy if that is legal (so the game's own record then holds
them). Nothing here is part of the rules: ``GoujiGame.apply`` never assumes a decline.

Which declines an action implies (GJ-5, GJ-6, GJ-9, GJ-10):

- in the burn window, an answer by the 对头 (or whoever's ordinary turn comes after the window)
  declines every pending burn, and a ``burn`` by a seat that may burn declines the candidates
  ahead of him (GJ-6 priority);
- an answer by a gouji play's 对头 implies that headless seats asked before him passed (GJ-5.2;
  see the headless reading under GJ-7 in ``docs/rules/gouji.md``);
- in ``revolution``, ``declare`` and a payer's refuse step, an action of a later seat or of the
  next phase declines the seats still asked.

要头 / 无头, buying, tribute and returns are not optional and are never implied.
"""

from __future__ import annotations

from typing import Final

from paizhuo.engine.actions import Action
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.imports import Trial as ImportTrial
from paizhuo.games.gouji.rounds import headless_extra
from paizhuo.games.gouji.state import BURN, GoujiState

Trial = ImportTrial[GoujiState]
"""A gouji game being imported (:class:`paizhuo.engine.imports.Trial`)."""

ANSWER_VERBS: Final = ("play", "pass", "yield", "claim")
_LIMIT: Final = 64
"""More declines than seats × phases cannot be pending: a safety stop, never reached."""


def optional_decision(st: GoujiState) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
    """The seat now asked a decision whose decline is ``pass`` and that a record from another
    program leaves out when nobody takes it: revolution (GJ-9), 宣点 (GJ-10), refusing a
    returned card (GJ-10), burning (GJ-6), and a headless player's answer to a gouji play
    whose maker's 对头 is in (GJ-5). Returns (seat, the verbs answering it directly, the verbs
    by that seat that stop the declining); ``None`` when the decision now is not such a one."""
    ph = st.phase
    if ph == "revolution" or ph == "declare":
        return st.turn, (ph, "pass"), (ph, "pass")
    if ph == "tribute" and st.tribute_step == "refuse":
        return st.turn, ("refuse", "pass"), ("refuse", "pass")
    if ph == "play":
        if st.stage == BURN:
            return st.turn, ("burn", "pass"), ("burn",)
        if headless_extra(st):
            return st.turn, ANSWER_VERBS, ANSWER_VERBS
    return None


def implied_before(game: Trial, action: Action) -> list[Action]:
    """The optional declines a record from another program leaves out before ``action``:
    burns until ``action``'s seat is asked (a burn by him) or the window closes (any other
    verb), a headless player's answer until ``action``'s seat answers, other optional
    declarations until ``action`` answers the decision asked or the phase has none left.
    ``[]`` when none is pending ahead of ``action`` (advice implies nothing)."""
    if action.verb == "advise":
        return []
    d = optional_decision(game.state)
    if d is None or (action.seat == d[0] and action.verb in d[1]):
        return []
    trial = game.clone()
    out: list[Action] = []
    while (d := optional_decision(trial.state)) is not None and len(out) < _LIMIT:
        seat, _, stop = d
        if seat == action.seat and action.verb in stop:
            break
        decline = Action(seat, "pass")
        try:
            trial.apply(decline)
        except (IllegalActionError, MalformedError):  # pragma: no cover - a listed decline
            break
        out.append(decline)
    return out
