"""The audit's mistake patterns for gouji (``docs/strength.md``, "gouji patterns")."""

from __future__ import annotations

from paizhuo.arena.audit import Pattern

PATTERNS: list[type[Pattern]] = []
"""The patterns ``paizhuo audit gouji`` counts, in the order it lists them."""
