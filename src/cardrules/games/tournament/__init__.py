"""Tournament patience (Maréchal Saxe) and its relatives, for one player on two packs.

The rules are data: ``TOURNAMENT_RULES`` maps each ``TournamentRule`` id to its text. See
``docs/games/tournament.rst`` for the rules with their ids, the options and presets, the
notation (piles T1…, R1…R8, F♣↑…F♠↓), the solver and its win rates.

>>> game = make_game(preset="napoleons_flank")
>>> game.rules.visible_columns, game.num_players
(False, 1)
"""

from cardrules.games.tournament.actions import DealStock, Move, Redeal, Resign, TournamentAction
from cardrules.games.tournament.game import TournamentGame, make_game
from cardrules.games.tournament.kingsdown import KingsdownEightsGame
from cardrules.games.tournament.report import TournamentStatus
from cardrules.games.tournament.rulebook import TOURNAMENT_RULES, TournamentRule
from cardrules.games.tournament.rules import CICELY_BUILDS, TournamentRules
from cardrules.games.tournament.state import TournamentState, TournamentView

__all__ = [
    "CICELY_BUILDS",
    "TOURNAMENT_RULES",
    "DealStock",
    "KingsdownEightsGame",
    "Move",
    "Redeal",
    "Resign",
    "TournamentAction",
    "TournamentGame",
    "TournamentRule",
    "TournamentRules",
    "TournamentState",
    "TournamentStatus",
    "TournamentView",
    "make_game",
]
