"""Voormsi (Greenland's Brusbart game) on the cardrules Game protocol.

The rules are data: ``VOORMSI_RULES`` maps each ``VoormsiRule`` id (rules V1–V27, bonuses
B1–B5, open questions C1–C13, variant VV1) to its text, which the Voormsi page of the
documentation shows.

>>> game = make_game()
>>> game.name, game.num_players, len(game.deck)
('voormsi', 4, 36)
"""

from cardrules.games.voormsi.actions import Lead, Play, VoormsiAction
from cardrules.games.voormsi.bots import VoormsiHeuristicBot
from cardrules.games.voormsi.game import VoormsiGame, cut_for_dealer, make_game, stacked_deal
from cardrules.games.voormsi.ranking import NORMAL_ORDER, beats, resolve_single
from cardrules.games.voormsi.report import VoormsiStatus
from cardrules.games.voormsi.rulebook import VOORMSI_RULES, VoormsiRule
from cardrules.games.voormsi.rules import VoormsiRules
from cardrules.games.voormsi.state import VoormsiState
from cardrules.games.voormsi.views import VoormsiView

__all__ = [
    "NORMAL_ORDER",
    "VOORMSI_RULES",
    "Lead",
    "Play",
    "VoormsiAction",
    "VoormsiGame",
    "VoormsiHeuristicBot",
    "VoormsiRule",
    "VoormsiRules",
    "VoormsiState",
    "VoormsiStatus",
    "VoormsiView",
    "beats",
    "cut_for_dealer",
    "make_game",
    "resolve_single",
    "stacked_deal",
]
