"""The Euchre rules configuration: every option of the rules file's tables 4.3 and 4.4, validated.

>>> EuchreRules().stick_the_dealer, EuchreRules().target_score
(True, 10)
>>> EuchreRules.preset("canadian_loner").canadian_loner
True
>>> EuchreRules(stick_the_dealer=False, stick_dealer_any_suit=True)
Traceback (most recent call last):
...
cardrules.errors.RulesError: stick_dealer_any_suit=True needs stick_the_dealer=True (D1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, Self

import attrs

from cardrules import RulesConfig, RulesError

__all__ = ["OUT_OF_SCOPE", "AllPass", "DealPattern", "EuchreRules", "FarmersHand", "LoneLead"]

FarmersHand = Literal["off", "redeal_all_9_10", "mixed_four"]
"""E5/D2: ``"off"`` (default), the seed's all-9s-and-10s redeal, or McEvoy's "any four 9s/10s"."""
DealPattern = Literal["3-2", "2-3"]
"""E4: the packet pattern of the first receiver (3 then 2, or 2 then 3)."""
LoneLead = Literal["dealers_partner", "left_of_lone_player"]
"""D4: who leads when the player left of the dealer sits out."""
AllPass = Literal["next_dealer", "same_dealer"]
"""D7: who deals after a thrown-in hand (stick the dealer off)."""

OUT_OF_SCOPE: Final[Mapping[str, str]] = {
    "alone_by_maker_partner": "D5 alone_by_maker_partner is out of scope (no source gives its timing)",
}
"""Options the rules file names but marks out of scope, with the reason given when they are asked for."""

_FARMERS: Final = ("off", "redeal_all_9_10", "mixed_four")


def _bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {value!r}")


def _choice(name: str, value: object, options: tuple[str, ...]) -> None:
    if value not in options:
        raise RulesError(f"{name} must be one of {', '.join(map(repr, options))}, not {value!r}")


def _positive(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RulesError(f"{name} must be a positive integer, not {value!r}")


@attrs.frozen
class EuchreRules(RulesConfig):
    """Euchre options. The defaults are the seed rules as decided in ``shared/rules/euchre.md``.

    * ``stick_the_dealer`` (E8, default on): the dealer must name trump when the first three pass in
      round two. ``screw_the_dealer`` is accepted as a synonym by :meth:`from_dict`.
    * ``stick_dealer_any_suit`` (D1): a stuck dealer may also name the turned-down suit.
    * ``farmers_hand`` (E5/D2): ``"off"``, ``"redeal_all_9_10"`` (five 9s/10s) or ``"mixed_four"``
      (at least four). ``"exchange_three"`` is out of scope.
    * ``dealer_may_discard_upcard`` (D3, default yes).
    * ``lone_lead`` (D4): ``"dealers_partner"`` (default) or ``"left_of_lone_player"`` (the dealer,
      who sits left of the lone maker, leads when eldest sits out).
    * ``euchred_loner_points`` (D6): what defenders score for euchring a lone maker (2 or 4).
    * ``all_pass`` (D7): with stick the dealer off, who deals after eight passes.
    * ``defend_alone`` and ``lone_defender_points`` (4.4): a defender may play alone against a lone
      maker; a lone defender's euchre scores ``lone_defender_points``.
    * ``canadian_loner`` (4.4): the dealer's partner who orders up in round one must go alone.
    * ``no_trump`` (4.4): "no trump" may be named in round two.
    * ``target_score`` (E16), ``deal_pattern`` (E4), ``renege_mode`` (E17, revoke mode).
    """

    stick_the_dealer: bool = True
    stick_dealer_any_suit: bool = False
    farmers_hand: FarmersHand = "off"
    dealer_may_discard_upcard: bool = True
    lone_lead: LoneLead = "dealers_partner"
    euchred_loner_points: int = 2
    all_pass: AllPass = "next_dealer"
    defend_alone: bool = False
    lone_defender_points: int = 4
    canadian_loner: bool = False
    no_trump: bool = False
    target_score: int = 10
    deal_pattern: DealPattern = "3-2"
    renege_mode: bool = False

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "standard": {},
        "canadian_loner": {"canadian_loner": True},
        "classic_1862": {"stick_the_dealer": False, "euchred_loner_points": 4},
        "house": {
            "farmers_hand": "redeal_all_9_10",
            "defend_alone": True,
            "no_trump": True,
        },
        "mcevoy": {"farmers_hand": "mixed_four"},
        "world_of_card_games": {"dealer_may_discard_upcard": False},
        "table_play": {"renege_mode": True},
        "eleven_points": {"target_score": 11},
    }

    def __attrs_post_init__(self) -> None:
        for name in (
            "stick_the_dealer",
            "stick_dealer_any_suit",
            "dealer_may_discard_upcard",
            "defend_alone",
            "canadian_loner",
            "no_trump",
            "renege_mode",
        ):
            _bool(name, getattr(self, name))
        if str(self.farmers_hand) == "exchange_three":
            raise RulesError(
                "farmers_hand='exchange_three' is out of scope (the rules do not say which three "
                "cards go when more qualify)"
            )
        _choice("farmers_hand", self.farmers_hand, _FARMERS)
        _choice("lone_lead", self.lone_lead, ("dealers_partner", "left_of_lone_player"))
        _choice("all_pass", self.all_pass, ("next_dealer", "same_dealer"))
        _choice("deal_pattern", self.deal_pattern, ("3-2", "2-3"))
        if self.euchred_loner_points not in (2, 4) or isinstance(self.euchred_loner_points, bool):
            raise RulesError(
                f"euchred_loner_points must be 2 or 4 (D6), not {self.euchred_loner_points!r}"
            )
        _positive("lone_defender_points", self.lone_defender_points)
        _positive("target_score", self.target_score)
        if self.stick_dealer_any_suit and not self.stick_the_dealer:
            raise RulesError("stick_dealer_any_suit=True needs stick_the_dealer=True (D1)")
        if self.all_pass != "next_dealer" and self.stick_the_dealer:
            raise RulesError(
                "all_pass only applies when stick_the_dealer=False (D7): a stuck dealer always names"
            )
        if self.lone_defender_points != 4 and not self.defend_alone:
            raise RulesError("lone_defender_points needs defend_alone=True")

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Self:
        """Build from option values; ``screw_the_dealer`` is read as ``stick_the_dealer`` (4.4).

        >>> EuchreRules.from_dict({"screw_the_dealer": False}).stick_the_dealer
        False
        >>> EuchreRules.from_dict({"alone_by_maker_partner": True})
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: D5 alone_by_maker_partner is out of scope (no source gives its timing)
        """
        values = dict(values)
        for name, why in OUT_OF_SCOPE.items():
            if name in values:
                raise RulesError(why)
        if "screw_the_dealer" in values:
            if "stick_the_dealer" in values:
                raise RulesError("give stick_the_dealer or its synonym screw_the_dealer, not both")
            values["stick_the_dealer"] = values.pop("screw_the_dealer")
        return super().from_dict(values)
