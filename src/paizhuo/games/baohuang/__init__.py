"""保皇 Baohuang (``docs/rules/baohuang.md``): five players, four decks and an emperor card.

Modules: ``options`` (settings), ``state`` (the data of a deal), ``plays`` (sets and beating,
BH-3), the rules by phase — ``crown`` (choosing the emperor, BH-2), ``declare`` (the
declarations, BH-2), ``rounds`` (play, BH-4) —, ``scoring`` (BH-5), ``views`` (BH-6:
observations, events, the result), ``setup`` (deals and positions, BH-1), ``encoding``
(fixed-size action ids), ``determinize`` (hidden cards dealt again), ``imports`` (records
from other programs), ``game`` (the interface).
"""

from paizhuo.games.baohuang.game import BaohuangGame
from paizhuo.games.baohuang.options import BaohuangOptions

__all__ = ["BaohuangGame", "BaohuangOptions"]
