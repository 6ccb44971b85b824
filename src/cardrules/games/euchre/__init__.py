"""Euchre: American partnership Euchre with 24 cards, as a cardrules game plugin (rules E1-E17).

>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(2)))
>>> game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)]
(0, ['pass', 'order', 'order alone'])
>>> make_game(preset="canadian_loner").rules.canadian_loner
True
"""

from __future__ import annotations

from typing import Any

from cardrules.games.euchre.actions import (
    ClaimRevoke,
    CorrectRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameNoTrump,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardrules.games.euchre.bots import EuchreBot, hand_strength
from cardrules.games.euchre.engine import TEAMS
from cardrules.games.euchre.game import EuchreGame, RevokeModeGame
from cardrules.games.euchre.report import EuchreStatus
from cardrules.games.euchre.rulebook import EUCHRE_RULES, EuchreRule
from cardrules.games.euchre.rules import OUT_OF_SCOPE, EuchreRules
from cardrules.games.euchre.scoring import revoke_penalty, score_hand
from cardrules.games.euchre.state import (
    DECK,
    Contract,
    CorrectedRevoke,
    DealInfo,
    EuchreState,
    FinishedHand,
    MatchInfo,
    Revoke,
)
from cardrules.games.euchre.views import EuchreView

__all__ = [
    "DECK",
    "EUCHRE_RULES",
    "OUT_OF_SCOPE",
    "TEAMS",
    "ClaimRevoke",
    "Contract",
    "CorrectRevoke",
    "CorrectedRevoke",
    "DealInfo",
    "DefendAlone",
    "Discard",
    "EuchreAction",
    "EuchreBot",
    "EuchreGame",
    "EuchreRule",
    "EuchreRules",
    "EuchreState",
    "EuchreStatus",
    "EuchreView",
    "FarmersHandClaim",
    "FinishedHand",
    "MatchInfo",
    "NameNoTrump",
    "NameTrump",
    "OrderUp",
    "Pass",
    "Play",
    "Revoke",
    "RevokeModeGame",
    "hand_strength",
    "make_game",
    "revoke_penalty",
    "score_hand",
]


def make_game(**options: Any) -> EuchreGame:
    """The entry-point factory: ``make_game(no_trump=True)`` or ``make_game(preset="house")``.

    Unknown, out-of-scope or invalid options raise :class:`~cardrules.RulesError`.
    """
    preset = options.pop("preset", None)
    rules = EuchreRules.preset(preset, **options) if preset else EuchreRules.from_dict(options)
    return EuchreGame(rules)
