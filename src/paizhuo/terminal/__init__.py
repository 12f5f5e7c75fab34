"""The terminal table (``paizhuo play``): one person at one seat, bots at the others.

- :mod:`~paizhuo.terminal.table` — the loop: whose turn, the person's choices, the bots'
  moves, the record of every deal;
- :mod:`~paizhuo.terminal.view` — the table drawn with Rich: the status line, the seats, the
  cards on the table, the hand, each event as it happens. What is game-specific in it comes
  from the game's face (:meth:`paizhuo.engine.game.Game.text_face`, ``games/<game>/face.py``),
  so a game with no face of its own still gets a readable table;
- :mod:`~paizhuo.terminal.values` — any observation or result value on one line or as a
  two-column table (the deal's result, the details of a game with no face).

The package is a face of the games, like the server's browser table; it plays through the
:class:`~paizhuo.engine.game.Game` interface only and never asks a game's name.
"""
