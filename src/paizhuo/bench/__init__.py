"""Every benchmark of the project, in one place (``paizhuo bench``): performance is measured
here and printed, never asserted in a unit test (docs/cli.md, ``bench``).

- :mod:`paizhuo.bench.engines`: random legal play on one core, per preset (rounds/s,
  decisions/s, memory, state size, ``clone`` and ``determinize``), RLCard's Dou Dizhu in the
  same run, and the judge on one big record (``paizhuo bench GAME``);
- :mod:`paizhuo.bench.bots`: how long bots take to decide (``paizhuo bench GAME --bots A,B``);
- :mod:`paizhuo.bench.server`: the table server under many websocket clients
  (``paizhuo bench server``);
- :mod:`paizhuo.bench.shengji_follow`: µs per call of the Shengji rules core
  (``python -m paizhuo.bench.shengji_follow``);
- :mod:`paizhuo.bench.report`: the tables that print their figures.

The package imports nothing itself: each benchmark loads only what it measures (the server's
benchmark needs the websockets client, the engines' benchmark none of it).
"""
