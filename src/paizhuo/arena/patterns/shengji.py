"""The audit's mistake patterns for shengji (``docs/strength.md``, "shengji patterns")."""

from __future__ import annotations

from paizhuo.arena.audit import Pattern

PATTERNS: list[type[Pattern]] = []
"""The patterns ``paizhuo audit shengji`` counts, in the order it lists them."""
