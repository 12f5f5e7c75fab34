"""保皇 Baohuang (``docs/rules/baohuang.md``): five players, four decks and an emperor card.

Modules: ``options`` (settings), ``plays`` (sets and beating, BH-3), ``crown`` (choosing the
emperor, BH-2), ``rounds`` (play, BH-4), ``scoring`` (BH-5), ``views`` (BH-6 and the result),
``setup`` (deals and positions), ``encoding`` (fixed-size action ids), ``game`` (the interface).
"""

from paizhuo.games.baohuang.game import BaohuangGame
from paizhuo.games.baohuang.options import BaohuangOptions

__all__ = ["BaohuangGame", "BaohuangOptions"]
