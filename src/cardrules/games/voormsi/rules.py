"""The Voormsi rules config: the player count, the ladder, and the seed rules' open questions
(C2–C12) as validated fields.

>>> VoormsiRules().target, VoormsiRules.preset("parlett").spade_king_beats_led_club_king
(9, False)
>>> VoormsiRules(draw_order="sideways")
Traceback (most recent call last):
...
cardrules.errors.RulesError: draw_order must be one of 'round_robin', 'complete_each', not 'sideways' (rule C6)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, get_args

import attrs

from cardrules import RulesConfig, RulesError
from cardrules.games.voormsi.rulebook import VoormsiRule
from cardrules.option_checks import flag, integer, one_of

__all__ = [
    "CHOICES",
    "AllNine",
    "BustMode",
    "CutRank",
    "DrawOrder",
    "MultiCompare",
    "SequenceScope",
    "SimultaneousNine",
    "VoormsiLastCard",
    "VoormsiRules",
]

MultiCompare = Literal["vs_heading", "vs_led_group_last_wins"]
"""C5: what a later group must beat when several groups beat the led one."""
DrawOrder = Literal["round_robin", "complete_each"]
"""C6: one card at a time round by round, or each player fills up before the next."""
AllNine = Literal["void", "score_normally", "wins_game"]
"""C7: what winning all nine tricks does."""
SequenceScope = Literal["from_first", "any_run"]
"""C8: which runs of won tricks hold the game open."""
VoormsiLastCard = Literal["last_to_trick", "last_trick"]
"""C9: the "last card" that earns no Voormsi bonus."""
BustMode = Literal["subtract_overshoot", "subtract_overshoot_from_previous", "no_bust"]
"""C11: the score of a side that passes the target."""
SimultaneousNine = Literal["draw", "play_on"]
"""C11: both sides reaching the target at once."""
CutRank = Literal["random", "game_ranking", "face_value"]
"""C12: how the first dealer is chosen."""

CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "multi_compare": get_args(MultiCompare),
    "draw_order": get_args(DrawOrder),
    "all_nine": get_args(AllNine),
    "sequence_scope": get_args(SequenceScope),
    "voormsi_last_card": get_args(VoormsiLastCard),
    "bust_mode": get_args(BustMode),
    "simultaneous_nine": get_args(SimultaneousNine),
    "cut_rank": get_args(CutRank),
}
"""The allowed values of every text option (the first is the default)."""

_PLAYERS: Final = (2, 3, 4)


@attrs.frozen
class VoormsiRules(RulesConfig):
    """Voormsi options. The defaults are the seed rules: four players in partnerships, a ladder
    of 9, no obligation to follow suit, leads of up to four cards of one rank.

    Each field's meaning and rule id are in its metadata, which
    :meth:`~cardrules.game.RulesConfig.options` and ``cardrules rules voormsi`` show. The 3- and
    2-player games are experimental; the 2-player game builds its tricks card by card, so it
    needs ``multi_card_leads=False``.
    """

    players: int = attrs.field(
        default=4,
        validator=one_of(_PLAYERS),
        metadata={
            "doc": "4 in two partnerships, or 3 or 2 each for themselves (experimental)",
            "rule": VoormsiRule.V1,
            "choices": _PLAYERS,
        },
    )
    target: int = attrs.field(
        default=9,
        validator=integer,
        metadata={
            "doc": "the top rung of the ladder a side must reach exactly (12 with 3 players)",
            "rule": VoormsiRule.V25,
            "min": 1,
        },
    )
    trick_threshold: int = attrs.field(
        default=5,
        validator=integer,
        metadata={
            "doc": "trick units a side needs before its tricks score",
            "rule": VoormsiRule.V22,
            "min": 1,
            "max": 9,
        },
    )
    must_follow_suit: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "players must follow the suit led (not traditional)",
            "rule": VoormsiRule.C2,
        },
    )
    spade_king_beats_led_club_king: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={"doc": "a K♠ played right after a led K♣ beats it", "rule": VoormsiRule.C3},
    )
    diamond_three_is_king: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={"doc": "the ♦3 counts as a King in a multi-card lead", "rule": VoormsiRule.C4},
    )
    multi_compare: MultiCompare = attrs.field(
        default="vs_heading",
        validator=one_of(CHOICES["multi_compare"]),
        metadata={
            "doc": "a later group must beat the heading group, or only the led group",
            "rule": VoormsiRule.C5,
        },
    )
    draw_order: DrawOrder = attrs.field(
        default="round_robin",
        validator=one_of(CHOICES["draw_order"]),
        metadata={
            "doc": "drawing after a trick: one card at a time round by round, or each fills up",
            "rule": VoormsiRule.C6,
        },
    )
    all_nine: AllNine = attrs.field(
        default="void",
        validator=one_of(CHOICES["all_nine"]),
        metadata={
            "doc": "winning all nine tricks voids the deal, scores normally, or wins the game",
            "rule": VoormsiRule.C7,
        },
    )
    sequence_scope: SequenceScope = attrs.field(
        default="from_first",
        validator=one_of(CHOICES["sequence_scope"]),
        metadata={
            "doc": "the unbroken sequence that holds the game open: from the first trick, or any",
            "rule": VoormsiRule.C8,
        },
    )
    voormsi_last_card: VoormsiLastCard = attrs.field(
        default="last_to_trick",
        validator=one_of(CHOICES["voormsi_last_card"]),
        metadata={
            "doc": "the last card that earns no Voormsi bonus: last to a trick, or in the last trick",
            "rule": VoormsiRule.C9,
        },
    )
    voormsi_bonus_requires_proof: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "the Voormsi bonus needs its player not to hold Toqutsit (the J♣)",
            "rule": VoormsiRule.C10,
        },
    )
    bust_mode: BustMode = attrs.field(
        default="subtract_overshoot",
        validator=one_of(CHOICES["bust_mode"]),
        metadata={"doc": "the score of a side that passes the target", "rule": VoormsiRule.C11},
    )
    simultaneous_nine: SimultaneousNine = attrs.field(
        default="draw",
        validator=one_of(CHOICES["simultaneous_nine"]),
        metadata={
            "doc": "both sides reaching the target at once: a draw, or play on",
            "rule": VoormsiRule.C11,
        },
    )
    cut_rank: CutRank = attrs.field(
        default="random",
        validator=one_of(CHOICES["cut_rank"]),
        metadata={
            "doc": "the first dealer: at random, or the lowest cut by game ranking or face value",
            "rule": VoormsiRule.C12,
        },
    )
    over_capture_needs_next_card: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "the over-capture bonus needs the ♦3 to be played right after Toqutsit",
            "rule": VoormsiRule.VV1,
        },
    )
    multi_card_leads: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "the leader may lead 2 to 4 cards of one face rank",
            "rule": VoormsiRule.V16,
        },
    )

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "standard": {},
        "parlett": {"spade_king_beats_led_club_king": False},
        "table_variants": {
            "must_follow_suit": True,
            "diamond_three_is_king": True,
            "multi_compare": "vs_led_group_last_wins",
            "draw_order": "complete_each",
            "all_nine": "score_normally",
            "sequence_scope": "any_run",
            "voormsi_last_card": "last_trick",
            "voormsi_bonus_requires_proof": False,
            "bust_mode": "subtract_overshoot_from_previous",
            "simultaneous_nine": "play_on",
            "cut_rank": "face_value",
            "over_capture_needs_next_card": True,
        },
        "three_player": {"players": 3, "target": 12},
        "two_player": {"players": 2, "multi_card_leads": False},
    }

    def __attrs_post_init__(self) -> None:
        # Each option is checked on its own by its validator; here, the ones that go together.
        name = type(self).__name__
        if self.bust_mode == "no_bust" and self.simultaneous_nine == "play_on":
            # Without a bust nobody ever leaves the target again, so play would never end.
            raise RulesError(
                f"{name}: bust_mode='no_bust' cannot be combined with simultaneous_nine='play_on'"
            )
        if self.players == 2 and self.multi_card_leads:
            # V27: each player plays two single cards into a trick, with a draw in between.
            raise RulesError(f"{name}: players=2 needs multi_card_leads=False (rule V27)")
        if self.players == 2 and self.draw_order != "round_robin":
            raise RulesError(f"{name}: players=2 draws one card after each card (rule V27)")

    @property
    def num_sides(self) -> int:
        """Scoring sides: two partnerships with 4 players, else one per player."""
        return 2 if self.players == 4 else self.players
