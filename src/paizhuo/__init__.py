"""paizhuo 牌桌 — rules engines, bots and a web table for Shengji, Gouji and Baohuang."""

__version__ = "0.1.0"
