"""The rules options of Tournament Rook (Kentucky Discard): :class:`RookRules` and its presets.

Every field settles one of the seed rules' open questions (A1–A7), or turns on the 57-card
``full_deck`` variant or the revoke mode of table play (R24). The defaults are the tournament rules
of the seed.

>>> RookRules().bird_rank, RookRules.preset("bird_low").bird_rank
('high', 'low')
>>> RookRules(bird_rank="middle")
Traceback (most recent call last):
...
cardrules.errors.RulesError: bird_rank must be one of 'high', 'low', 'ten_and_half', not 'middle' (rule A1)

The three other published variants (the original Kentucky Discard without the Bird, Red One and
Buckeye) are out of scope: the first two cannot be dealt evenly after the nest, and no source
gives Buckeye's maximum bid and counters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, get_args

import attrs

from cardrules import RulesConfig, RulesError
from cardrules.games.rook.rulebook import RookRule
from cardrules.option_checks import flag, integer, one_of

__all__ = [
    "BIRD_RANKS",
    "AllPass",
    "BirdRank",
    "CorrectionWindow",
    "FirstLead",
    "RedealDealer",
    "RookRules",
]

BirdRank = Literal["high", "low", "ten_and_half"]
"""A1: where the Bird ranks in trump."""
AllPass = Literal["pass_deal", "redeal_same_dealer", "dealer_forced_min"]
"""A2: what happens when all four players pass."""
RedealDealer = Literal["same", "next"]
"""A3: who deals again after a no-counter redeal."""
FirstLead = Literal["left_of_dealer", "bidder", "left_of_bidder"]
"""A5: who leads the first trick."""
CorrectionWindow = Literal["next_trick", "current_trick"]
"""A4: until when a revoke may be corrected."""

BIRD_RANKS: Final = get_args(BirdRank)
_ALL_PASS: Final = get_args(AllPass)
_REDEAL_DEALER: Final = get_args(RedealDealer)
_FIRST_LEAD: Final = get_args(FirstLead)
_WINDOWS: Final = get_args(CorrectionWindow)


@attrs.frozen
class RookRules(RulesConfig):
    """The options of Tournament Rook.

    Each field's meaning and rule id are in its metadata, which
    :meth:`~cardrules.game.RulesConfig.options` and ``cardrules rules rook`` show. Some values
    need a word more:

    * ``bird_rank``: ``"high"`` is above the 14 of trump, ``"low"`` below the lowest trump,
      ``"ten_and_half"`` between the 10 and the 11 of trump.
    * ``all_pass``: ``"pass_deal"`` throws the hand in and the next dealer deals;
      ``"dealer_forced_min"`` makes the dealer the bidder at 70.
    * ``nest_discard_counters=False`` makes the five buried cards hold as many non-counters as the
      14 cards hold, up to five.
    * ``renege_correction_window``: ``"next_trick"`` allows a correction until the trick after the
      revoke is complete, ``"current_trick"`` only until the revoke's own trick is complete.

    A8 (the bidder's partner has no special role) is not an option: the contract belongs to the team.
    """

    bird_rank: BirdRank = attrs.field(
        default="high",
        validator=one_of(BIRD_RANKS),
        metadata={"doc": "where the Bird ranks in trump", "rule": RookRule.A1},
    )
    all_pass: AllPass = attrs.field(
        default="pass_deal",
        validator=one_of(_ALL_PASS),
        metadata={"doc": "what happens when all four pass", "rule": RookRule.A2},
    )
    no_counter_redeal: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "a player whose hand holds no counters may ask for a redeal",
            "rule": RookRule.R8,
        },
    )
    no_counter_redeal_dealer: RedealDealer = attrs.field(
        default="same",
        validator=one_of(_REDEAL_DEALER),
        metadata={"doc": "who deals again after a no-counter redeal", "rule": RookRule.A3},
    )
    first_lead: FirstLead = attrs.field(
        default="left_of_dealer",
        validator=one_of(_FIRST_LEAD),
        metadata={"doc": "who leads the first trick", "rule": RookRule.A5},
    )
    nest_discard_counters: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={"doc": "the bidder may bury counters in the nest freely", "rule": RookRule.A6},
    )
    target_score: int = attrs.field(
        default=300,
        validator=integer,
        metadata={
            "doc": "points a team needs to win the match (checked after each hand)",
            "rule": RookRule.A7,
            "min": 5,
            "step": 5,
        },
    )
    full_deck: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "play with all 57 cards (1s to 4s too), 13 cards each, same nest",
            "rule": RookRule.RV1,
        },
    )
    renege_mode: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "table play: a revoke is accepted, may be corrected, and is penalised when "
            "claimed or found",
            "rule": RookRule.R24,
        },
    )
    renege_correction_window: CorrectionWindow = attrs.field(
        default="next_trick",
        validator=one_of(_WINDOWS),
        metadata={
            "doc": "until when a revoke may be corrected (needs renege_mode)",
            "rule": RookRule.A4,
        },
    )

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "tournament": {},
        "bird_low": {"bird_rank": "low"},
        "bird_ten_and_half": {"bird_rank": "ten_and_half"},
        "full_deck": {"full_deck": True},
        "table_play": {"renege_mode": True},
        "table_play_strict_window": {
            "renege_mode": True,
            "renege_correction_window": "current_trick",
        },
        "house": {
            "all_pass": "dealer_forced_min",
            "no_counter_redeal_dealer": "next",
            "first_lead": "bidder",
            "nest_discard_counters": False,
        },
        "no_redeal": {
            "no_counter_redeal": False,
            "all_pass": "redeal_same_dealer",
            "first_lead": "left_of_bidder",
        },
    }

    def __attrs_post_init__(self) -> None:
        # Each option is checked on its own by its validator (target_score in fives: R4 and R10
        # score every hand in fives). Here, options that only mean something together with
        # another one: refuse the meaningless mix rather than silently ignore a setting.
        if not self.no_counter_redeal and self.no_counter_redeal_dealer != "same":
            raise RulesError(
                "no_counter_redeal_dealer is set but no_counter_redeal is False (R8 is off)"
            )
        if not self.renege_mode and self.renege_correction_window != "next_trick":
            raise RulesError(
                "renege_correction_window is set but renege_mode is False (strict play has no revokes)"
            )
