"""Each game's mistake patterns for the audit (:mod:`paizhuo.arena.audit`), one module per
game (``PATTERNS``: the pattern classes), each pattern defined in ``docs/strength.md`` with
the seed text or rule it comes from."""
