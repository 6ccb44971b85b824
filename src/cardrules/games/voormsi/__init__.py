"""Voormsi (Greenland's Brusbart game) on the cardrules Game protocol.

Rules V1–V27 and options C2–C13, stated on the Voormsi page of the documentation.

>>> game = make_game()
>>> game.name, game.num_players, len(game.deck)
('voormsi', 4, 36)
"""

from .actions import Lead, Play
from .bots import VoormsiHeuristicBot
from .game import VoormsiGame, cut_for_dealer, make_game, stacked_deal
from .ranking import NORMAL_ORDER, beats, resolve_single
from .rules import VoormsiRules
from .state import VoormsiState
from .views import VoormsiView

__all__ = [
    "NORMAL_ORDER",
    "Lead",
    "Play",
    "VoormsiGame",
    "VoormsiHeuristicBot",
    "VoormsiRules",
    "VoormsiState",
    "VoormsiView",
    "beats",
    "cut_for_dealer",
    "make_game",
    "resolve_single",
    "stacked_deal",
]
