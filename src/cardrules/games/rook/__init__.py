"""Tournament Rook (Kentucky Discard), rules R1–R24 (stated on the Rook page of the docs).

>>> game = make_game()
>>> s = game.new_hand(dealer=0)
>>> s = game.apply(s, game.sample_chance(s, random.Random(1)))
>>> game.format_action(game.legal_actions(s)[1])
'bid 70'
>>> make_game(preset="bird_low").rules.bird_rank
'low'
"""

from __future__ import annotations

from typing import Any

from cardrules.games.rook.actions import (
    Bid,
    Bury,
    ClaimRevoke,
    CorrectRevoke,
    NameTrump,
    Pass,
    Play,
    Redeal,
    RookAction,
)
from cardrules.games.rook.bots import RookBot
from cardrules.games.rook.engine import claim_result, counter_value, hand_outcome, hand_result
from cardrules.games.rook.game import RookGame
from cardrules.games.rook.position import PositionError
from cardrules.games.rook.report import RookStatus
from cardrules.games.rook.rulebook import ROOK_RULES, RookRule
from cardrules.games.rook.rules import RookRules
from cardrules.games.rook.state import LastHand, Revoke, RookState
from cardrules.games.rook.views import RookView

__all__ = [
    "ROOK_RULES",
    "Bid",
    "Bury",
    "ClaimRevoke",
    "CorrectRevoke",
    "LastHand",
    "NameTrump",
    "Pass",
    "Play",
    "PositionError",
    "Redeal",
    "Revoke",
    "RookAction",
    "RookBot",
    "RookGame",
    "RookRule",
    "RookRules",
    "RookState",
    "RookStatus",
    "RookView",
    "claim_result",
    "counter_value",
    "hand_outcome",
    "hand_result",
    "make_game",
]


def make_game(**options: Any) -> RookGame:
    """The entry-point factory: ``make_game(bird_rank="low")`` or ``make_game(preset="house")``.

    >>> make_game(preset="full_deck", target_score=500).rules.target_score
    500
    """
    preset = options.pop("preset", None)
    rules = RookRules.preset(preset, **options) if preset else RookRules.from_dict(options)
    return RookGame(rules)
