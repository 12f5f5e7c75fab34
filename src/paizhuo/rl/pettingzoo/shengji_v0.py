"""Shengji as a PettingZoo AEC environment (:mod:`paizhuo.rl.env`, ``docs/rl.md``):
``env(preset=None, options=None, reward="returns", render_mode=None)`` and ``raw_env``."""

from __future__ import annotations

from paizhuo.rl.env import env_functions

raw_env, env = env_functions("shengji")
