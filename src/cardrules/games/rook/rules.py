"""The rules options of Tournament Rook (Kentucky Discard): :class:`RookRules` and its presets.

Every field is one row of the ambiguity table A1–A8 of ``shared/rules/rook.md`` (or the ``full_deck``
variant of 1.4, or the revoke mode of R24). The defaults are the tournament rules of the seed.

>>> RookRules().bird_rank, RookRules.preset("bird_low").bird_rank
('high', 'low')
>>> RookRules(bird_rank="middle")
Traceback (most recent call last):
...
cardrules.errors.RulesError: bird_rank must be one of 'high', 'low', 'ten_and_half', not 'middle'

The three other published variants (the original Kentucky Discard without the Bird, Red One and
Buckeye) are out of scope: the first two cannot be dealt evenly after the nest, and Buckeye's
maximum bid and counters are unsourced (rules file 1.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules import RulesConfig, RulesError

__all__ = ["BIRD_RANKS", "RookRules"]

BIRD_RANKS = ("high", "low", "ten_and_half")
_ALL_PASS = ("pass_deal", "redeal_same_dealer", "dealer_forced_min")
_REDEAL_DEALER = ("same", "next")
_FIRST_LEAD = ("left_of_dealer", "bidder", "left_of_bidder")
_WINDOWS = ("next_trick", "current_trick")


def _choice(name: str, value: object, options: tuple[str, ...]) -> None:
    if value not in options:
        known = ", ".join(repr(o) for o in options)
        raise RulesError(f"{name} must be one of {known}, not {value!r}")


def _flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {value!r}")


@attrs.frozen
class RookRules(RulesConfig):
    """The options of Tournament Rook.

    * ``bird_rank`` (A1, R18): ``"high"`` (above the 14 of trump), ``"low"`` (below the lowest
      trump) or ``"ten_and_half"`` (between the 10 and the 11 of trump).
    * ``all_pass`` (A2): when all four pass, ``"pass_deal"`` (thrown in, the next dealer deals),
      ``"redeal_same_dealer"``, or ``"dealer_forced_min"`` (the dealer becomes the bidder at 70).
    * ``no_counter_redeal`` (A3, R8): whether a hand without counters may ask for a redeal;
      ``no_counter_redeal_dealer``: ``"same"`` dealer redeals, or the ``"next"`` one.
    * ``first_lead`` (A5, R14): ``"left_of_dealer"``, ``"bidder"`` or ``"left_of_bidder"``.
    * ``nest_discard_counters`` (A6, R13): whether counters may be buried freely; ``False`` makes the
      five buried cards hold as many non-counters as the 14 cards hold, up to five.
    * ``target_score`` (A7, R23): the match target (a positive multiple of 5).
    * ``full_deck`` (1.4): all 57 cards, 13 each, same nest.
    * ``renege_mode`` (R24): accept and record revokes; ``renege_correction_window`` (A4):
      ``"next_trick"`` (correctable until the trick after the revoke is complete) or
      ``"current_trick"`` (until the revoke's own trick is complete).

    A8 (the bidder's partner has no special role) is not an option: the contract belongs to the team.
    """

    bird_rank: str = "high"
    all_pass: str = "pass_deal"
    no_counter_redeal: bool = True
    no_counter_redeal_dealer: str = "same"
    first_lead: str = "left_of_dealer"
    nest_discard_counters: bool = True
    target_score: int = 300
    full_deck: bool = False
    renege_mode: bool = False
    renege_correction_window: str = "next_trick"

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
        _choice("bird_rank", self.bird_rank, BIRD_RANKS)
        _choice("all_pass", self.all_pass, _ALL_PASS)
        _choice("no_counter_redeal_dealer", self.no_counter_redeal_dealer, _REDEAL_DEALER)
        _choice("first_lead", self.first_lead, _FIRST_LEAD)
        _choice("renege_correction_window", self.renege_correction_window, _WINDOWS)
        for name in ("no_counter_redeal", "nest_discard_counters", "full_deck", "renege_mode"):
            _flag(name, getattr(self, name))
        target = self.target_score
        if isinstance(target, bool) or not isinstance(target, int) or target < 5 or target % 5:
            raise RulesError(f"target_score must be a positive multiple of 5, not {target!r}")
        # Options that only mean something together with another one: refuse the meaningless mix
        # rather than silently ignore a setting.
        if not self.no_counter_redeal and self.no_counter_redeal_dealer != "same":
            raise RulesError(
                "no_counter_redeal_dealer is set but no_counter_redeal is False (R8 is off)"
            )
        if not self.renege_mode and self.renege_correction_window != "next_trick":
            raise RulesError(
                "renege_correction_window is set but renege_mode is False (strict play has no revokes)"
            )
