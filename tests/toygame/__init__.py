"""Climb 爬: a fourth game written only under ``tests/``, the proof that the house is generic.

The game knows nothing of the server, the bots or the tools, and nothing under ``src/`` knows
it: it uses the engine's public pieces only (:mod:`paizhuo.cards`, :mod:`paizhuo.notation`,
``paizhuo.engine.*``) and is found through the ``paizhuo.games`` entry point that the fixture
in :mod:`toygame.fixtures` writes for a test. Every tool that plays it here — the arena,
``paizhuo simulate``, the judge, the table server, the terminal and the browser table —
plays it through the interface alone.

The rules (ids ``TOY-n``, cited by its errors):

- TOY-1 Deal and turns: one 54-card deck is shuffled from the record's seed and dealt one
  card at a time from seat 0 (``hand_size`` each; the rest is set aside unseen). Seat 0 leads
  the first round; play goes round the table by seat number.
- TOY-2 A play is one or more cards of one rank, from the player's hand. Ranks climb
  3 4 5 6 7 8 9 T J Q K A 2, then the small joker SJ, then the big joker BJ.
- TOY-3 A play beats the last one with more cards (of any rank), or with as many cards of a
  higher rank.
- TOY-4 A player may pass instead of beating, except the leader, who must play.
- TOY-5 When every other seat has passed since the last play, its player wins the round and
  leads the next.
- TOY-6 The first seat out of cards wins the deal. With ``per_card`` each other seat pays it
  one point per card it still holds, else one point each: the returns sum to zero.
- TOY-7 A seat may keep the record of the deal once it is over.
"""

from __future__ import annotations

from toygame.game import ToyGame
from toygame.options import PRESETS, ToyOptions

__all__ = ["PRESETS", "ToyGame", "ToyOptions"]
