"""保皇 Baohuang (``docs/rules/baohuang.md``): five players, four decks and an emperor card.

The package has the skeleton every game shares (``options``, ``state``, ``setup``, ``combos``,
``rules``, ``rounds``, ``scoring``, ``views``, ``encoding``, ``determinize``, ``imports``,
``positions``, ``game``) and its own phases ``crown`` and ``declare`` (BH-2): the file map,
with the rule ids each file implements, is ``README.md`` beside this file.
"""

from paizhuo.games.baohuang.game import BaohuangGame
from paizhuo.games.baohuang.options import BaohuangOptions

__all__ = ["BaohuangGame", "BaohuangOptions"]
