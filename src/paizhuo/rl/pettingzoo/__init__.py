"""PettingZoo AEC environments, one module per game, as PettingZoo's own are laid out::

    from paizhuo.rl.pettingzoo import shengji_v0
    env = shengji_v0.env(preset="tractor")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

``env(...)`` is the environment wrapped as PettingZoo wraps its classic games (order
enforcing: no step before reset, no observing a missing agent); ``raw_env(...)`` is it bare.
Both take ``preset``, ``options`` (any option of the game), ``reward`` (``"returns"`` or
``"win"``) and ``render_mode`` (``"ansi"`` or ``None``).
"""
