"""The learned bots' weights (``dmc-GAME.npz``, written by ``paizhuo train``; numpy arrays and
their metadata, :class:`paizhuo.bots.qnet.QNet`), shipped as package data. How each was
trained, and what it measures, is in ``docs/rl.md`` and ``docs/strength.md``."""
