"""cardrules: exact card-game rules as immutable states and pure transition functions.

>>> import cardrules
>>> cardrules.Card.parse("J♥").ascii
'JH'
>>> cardrules.get_deck("euchre24").cardset("9C AH")
CardSet('euchre24', '9C AH')
"""

from cardrules.bidding import AscendingAuction, BidRound, CallingRounds
from cardrules.bots import Bot, RandomBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cards import ACE, BIRD, JACK, KING, QUEEN, Card, Suit, format_cards, parse_cards
from cardrules.dealing import (
    alternating_packets,
    deal_one_at_a_time,
    deal_packets,
    deal_to_columns,
    stacked_order,
)
from cardrules.decks import DECKS, CardSet, DeckSpec, get_deck, iter_bits
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    UnknownGameError,
)
from cardrules.game import (
    CHANCE,
    ChooseDealer,
    Deal,
    Game,
    GameBase,
    OptionInfo,
    Outcome,
    RulesConfig,
    check_rng,
    check_seat,
    normalize_notation,
)
from cardrules.ranking import SuitOrder, TableOrder, plain_order, trump_order
from cardrules.records import GameRecord, ReplayError, ReplayStep, record_game, replay, replay_steps
from cardrules.registry import available_games, get_game, register, unregister
from cardrules.reports import (
    ContractReport,
    HandReport,
    HandStatus,
    RevokeReport,
    ScoreItem,
    TrickReport,
)
from cardrules.sampling import ImpossibleDealError, count_deals, deal_constrained
from cardrules.scoring import HandResult, Ladder, MatchScore, Partnership
from cardrules.sim import SimulationResult, play_game, simulate, wilson_interval
from cardrules.solver import DoubleDummyResult, DoubleDummySolver, solve_double_dummy
from cardrules.table import Table, TableStep
from cardrules.trickgame import TrickGameBase, TrickRuleIds, TrickState, TrickView
from cardrules.tricks import (
    FollowRule,
    SeenPlay,
    TrickPlay,
    group_beats,
    lead_avoiding,
    must_follow,
    pair_up,
    with_always_playable,
)

__version__ = "0.1.0"

__all__ = [
    "ACE",
    "BIRD",
    "CHANCE",
    "DECKS",
    "JACK",
    "KING",
    "QUEEN",
    "ArgumentError",
    "ArgumentTypeError",
    "AscendingAuction",
    "BidRound",
    "Bot",
    "CallingRounds",
    "Card",
    "CardSet",
    "CardrulesError",
    "ChooseDealer",
    "ContractReport",
    "Deal",
    "DeckSpec",
    "DoubleDummyResult",
    "DoubleDummySolver",
    "FollowRule",
    "Game",
    "GameBase",
    "GameRecord",
    "HandReport",
    "HandResult",
    "HandStatus",
    "ISMCTSBot",
    "IllegalActionError",
    "ImpossibleDealError",
    "Ladder",
    "MatchScore",
    "NotationError",
    "OptionInfo",
    "Outcome",
    "Partnership",
    "PositionError",
    "RandomBot",
    "RecordError",
    "ReplayError",
    "ReplayStep",
    "RevokeReport",
    "RulesConfig",
    "RulesError",
    "ScoreItem",
    "SeenPlay",
    "SimulationResult",
    "Suit",
    "SuitOrder",
    "Table",
    "TableOrder",
    "TableStep",
    "TrickGameBase",
    "TrickPlay",
    "TrickReport",
    "TrickRuleIds",
    "TrickState",
    "TrickView",
    "UnknownGameError",
    "alternating_packets",
    "available_games",
    "check_rng",
    "check_seat",
    "count_deals",
    "deal_constrained",
    "deal_one_at_a_time",
    "deal_packets",
    "deal_to_columns",
    "format_cards",
    "get_deck",
    "get_game",
    "group_beats",
    "iter_bits",
    "lead_avoiding",
    "must_follow",
    "normalize_notation",
    "pair_up",
    "parse_cards",
    "plain_order",
    "play_game",
    "record_game",
    "register",
    "replay",
    "replay_steps",
    "simulate",
    "solve_double_dummy",
    "stacked_order",
    "trump_order",
    "unregister",
    "wilson_interval",
    "with_always_playable",
]
