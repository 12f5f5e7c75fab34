"""升级 Shengji / 拖拉机 Tractor (``docs/rules/shengji.md``; the design: ``docs/shengji.md``)."""

from paizhuo.games.shengji.game import ShengjiGame
from paizhuo.games.shengji.options import PRESETS, ShengjiOptions

__all__ = ["PRESETS", "ShengjiGame", "ShengjiOptions"]
