"""Running many games with bots and summarising their outcomes (the arena)."""

from paizhuo.arena.simulate import SimulationError, Summary, play_round, simulate

__all__ = ["SimulationError", "Summary", "play_round", "simulate"]
