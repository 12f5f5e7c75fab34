"""``heuristic-v1``: each game's heuristic bot as it was before issue 35 (commit e4f8297), kept
unchanged as the baseline the bots' gains are measured against (``paizhuo audit``,
``paizhuo arena``; ``docs/strength.md``).

These modules are frozen copies (their imports point at each other, so that changes to the
live bots never reach them): fix nothing here, and never make the live bots import them.
"""
