"""Gouji as a PettingZoo AEC environment (:mod:`paizhuo.rl.env`, ``docs/rl.md``)."""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from paizhuo.rl.env import CardTableEnv


def raw_env(preset: str | None = None, options: dict[str, Any] | None = None,
            reward: str = "returns", render_mode: str | None = None) -> CardTableEnv:
    return CardTableEnv("gouji", preset=preset, options=options, reward=reward,
                        render_mode=render_mode)


def env(preset: str | None = None, options: dict[str, Any] | None = None,
        reward: str = "returns", render_mode: str | None = None) -> Any:
    return wrappers.OrderEnforcingWrapper(raw_env(preset, options, reward, render_mode))
