"""The audit's mistake patterns for baohuang (``docs/strength.md``, "baohuang patterns")."""

from __future__ import annotations

from paizhuo.arena.audit import Pattern

PATTERNS: list[type[Pattern]] = []
"""The patterns ``paizhuo audit baohuang`` counts, in the order it lists them."""
