"""Learning on paizhuo's games (``docs/rl.md``): PettingZoo environments
(:mod:`paizhuo.rl.pettingzoo`) over the engines' action encodings and the games' observation
features (:mod:`paizhuo.engine.features`). Needs the ``[rl]`` extra (gymnasium, pettingzoo)."""
