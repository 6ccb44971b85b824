"""Voormsi (Greenland's Brusbart game) on the cardrules Game protocol.

The rules are data: ``VOORMSI_RULES`` maps each ``VoormsiRule`` id (rules V1–V27, bonuses
B1–B5, open questions C1–C13, variant VV1) to its text, which the Voormsi page of the
documentation shows.

>>> game = make_game()
>>> game.name, game.num_players, len(game.deck)
('voormsi', 4, 36)
"""

from .actions import Lead, Play
from .bots import VoormsiHeuristicBot
from .game import VoormsiGame, cut_for_dealer, make_game, stacked_deal
from .ranking import NORMAL_ORDER, beats, resolve_single
from .rulebook import VOORMSI_RULES, VoormsiRule
from .rules import VoormsiRules
from .state import VoormsiState
from .views import VoormsiView

__all__ = [
    "NORMAL_ORDER",
    "VOORMSI_RULES",
    "Lead",
    "Play",
    "VoormsiGame",
    "VoormsiHeuristicBot",
    "VoormsiRule",
    "VoormsiRules",
    "VoormsiState",
    "VoormsiView",
    "beats",
    "cut_for_dealer",
    "make_game",
    "resolve_single",
    "stacked_deal",
]
