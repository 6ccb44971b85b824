"""The Voormsi rules config: every option of the ambiguity table C2–C13 as a validated field.

>>> VoormsiRules().target, VoormsiRules.preset("parlett").spade_king_beats_led_club_king
(9, False)
>>> VoormsiRules(draw_order="sideways")
Traceback (most recent call last):
...
cardrules.errors.RulesError: VoormsiRules.draw_order must be one of 'round_robin', 'complete_each', not 'sideways'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from cardrules import RulesConfig, RulesError

__all__ = ["CHOICES", "VoormsiRules"]

CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "multi_compare": ("vs_heading", "vs_led_group_last_wins"),
    "draw_order": ("round_robin", "complete_each"),
    "all_nine": ("void", "score_normally", "wins_game"),
    "sequence_scope": ("from_first", "any_run"),
    "voormsi_last_card": ("last_to_trick", "last_trick"),
    "bust_mode": ("subtract_overshoot", "subtract_overshoot_from_previous", "no_bust"),
    "simultaneous_nine": ("draw", "play_on"),
    "cut_rank": ("random", "game_ranking", "face_value"),
}
"""The allowed values of every text option (the first is the default)."""

_BOOLS: Final = (
    "must_follow_suit",
    "spade_king_beats_led_club_king",
    "diamond_three_is_king",
    "voormsi_bonus_requires_proof",
    "over_capture_needs_next_card",
    "multi_card_leads",
)


@attrs.frozen
class VoormsiRules(RulesConfig):
    """Voormsi options. Defaults are the seed rules as decided in ``shared/rules/voormsi.md``.

    * ``players`` (V1, V26, V27): 4 (partnerships), 3 or 2 (each for themselves; experimental).
    * ``target`` (V25): the ladder's top rung, 9 (12 in the 3-player game, V26).
    * ``trick_threshold`` (V22): trick units at which a side starts scoring, 5.
    * ``must_follow_suit`` (C2), ``spade_king_beats_led_club_king`` (C3),
      ``diamond_three_is_king`` (C4), ``multi_compare`` (C5), ``draw_order`` (C6), ``all_nine``
      (C7), ``sequence_scope`` (C8), ``voormsi_last_card`` (C9), ``voormsi_bonus_requires_proof``
      (C10), ``bust_mode`` and ``simultaneous_nine`` (C11), ``cut_rank`` (C12),
      ``over_capture_needs_next_card`` (3.7, B5).
    * ``multi_card_leads`` (V16): leads of 2–4 cards of one face rank; off in the 2-player game,
      whose tricks are built card by card (V27).
    """

    players: int = 4
    target: int = 9
    trick_threshold: int = 5
    must_follow_suit: bool = False
    spade_king_beats_led_club_king: bool = True
    diamond_three_is_king: bool = False
    multi_compare: str = "vs_heading"
    draw_order: str = "round_robin"
    all_nine: str = "void"
    sequence_scope: str = "from_first"
    voormsi_last_card: str = "last_to_trick"
    voormsi_bonus_requires_proof: bool = True
    bust_mode: str = "subtract_overshoot"
    simultaneous_nine: str = "draw"
    cut_rank: str = "random"
    over_capture_needs_next_card: bool = False
    multi_card_leads: bool = True

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
        name = type(self).__name__
        for field in ("players", "target", "trick_threshold"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{name}.{field} must be an integer, not {value!r}")
        if self.players not in (2, 3, 4):
            raise RulesError(f"{name}.players must be 2, 3 or 4, not {self.players!r}")
        if self.target < 1:
            raise RulesError(f"{name}.target must be at least 1, not {self.target!r}")
        if not 1 <= self.trick_threshold <= 9:
            raise RulesError(
                f"{name}.trick_threshold must be between 1 and 9, not {self.trick_threshold!r}"
            )
        for field in _BOOLS:
            value = getattr(self, field)
            if not isinstance(value, bool):
                raise RulesError(f"{name}.{field} must be True or False, not {value!r}")
        for field, allowed in CHOICES.items():
            value = getattr(self, field)
            if value not in allowed:
                options = ", ".join(repr(a) for a in allowed)
                raise RulesError(f"{name}.{field} must be one of {options}, not {value!r}")
        if self.bust_mode == "no_bust" and self.simultaneous_nine == "play_on":
            # Without a bust nobody ever leaves the target again, so play would never end.
            raise RulesError(
                f"{name}: bust_mode='no_bust' cannot be combined with simultaneous_nine='play_on'"
            )
        if self.players == 2 and self.multi_card_leads:
            # V27: each player plays two single cards into a trick, with a draw in between.
            raise RulesError(f"{name}: players=2 needs multi_card_leads=False (V27)")
        if self.players == 2 and self.draw_order != "round_robin":
            raise RulesError(f"{name}: players=2 draws one card after each card (V27)")

    @property
    def num_sides(self) -> int:
        """Scoring sides: two partnerships with 4 players, else one per player."""
        return 2 if self.players == 4 else self.players
