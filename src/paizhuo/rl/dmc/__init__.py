"""Deep Monte-Carlo training after DouZero (``docs/rl.md``): a Q(s, a) network scores each
legal action from the state's features and the action's row, trained on the final returns of
self-play — after a warm start that fits it, and a behaviour-cloning head, to the heuristic's
own games. Needs the ``[train]`` extra (PyTorch, CPU build pinned); the trained network is
written as numpy arrays for :class:`paizhuo.bots.dmc.DmcBot`, which needs no PyTorch."""
