"""Running many games with bots and summarising their outcomes (the arena)."""

from paizhuo.arena.simulate import SimulationError, Summary, simulate

__all__ = ["SimulationError", "Summary", "simulate"]
