"""What a game's import step asks of the game (the judge's reading of records from other
programs, :func:`paizhuo.engine.judge.replay`): the game's state, a copy to try the declines
such a record leaves out, and the rules' own ``apply``. A protocol, not the game class, so
that a game can import its import step and not the other way round."""

from __future__ import annotations

from typing import Protocol, Self, TypeVar

from paizhuo.engine.actions import Action

StateT_co = TypeVar("StateT_co", covariant=True)


class Trial(Protocol[StateT_co]):
    """A game being imported: ``Trial[GoujiState]`` is what Gouji's import step reads."""

    @property
    def state(self) -> StateT_co: ...

    def clone(self) -> Self: ...

    def apply(self, action: Action) -> None: ...
