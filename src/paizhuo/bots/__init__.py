"""Bots: players that see only their seat's observation and legal actions.

>>> from paizhuo.bots import make_bot
>>> make_bot("random").name
'random'
"""

from paizhuo.bots.base import Bot
from paizhuo.bots.registry import BOT_NAMES, make_bot, register_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot", "register_bot"]
