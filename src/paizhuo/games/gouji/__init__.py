"""够级 Gouji: six players, four decks, two teams of three (``docs/rules/gouji.md``)."""

from paizhuo.games.gouji.game import GoujiGame
from paizhuo.games.gouji.options import PRESETS, GoujiOptions

__all__ = ["PRESETS", "GoujiGame", "GoujiOptions"]
