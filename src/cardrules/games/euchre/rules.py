"""The Euchre rules configuration: the seed rules' open questions (D1-D7) and the common variants
(defending alone, the Canadian loner, no-trump, revoke mode), each a validated option.

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
from typing import Any, ClassVar, Final, Literal, Self, get_args

import attrs

from cardrules import RulesConfig, RulesError
from cardrules.games.euchre.rulebook import EuchreRule
from cardrules.option_checks import flag, integer, one_of

__all__ = ["OUT_OF_SCOPE", "AllPass", "DealPattern", "EuchreRules", "FarmersHand", "LoneLead"]

FarmersHand = Literal["off", "redeal_all_9_10", "mixed_four"]
"""E5, D2: ``"off"`` (default), the seed's all-9s-and-10s redeal, or McEvoy's "any four 9s/10s"."""
DealPattern = Literal["3-2", "2-3"]
"""E4: the packet pattern of the first receiver (3 then 2, or 2 then 3)."""
LoneLead = Literal["dealers_partner", "left_of_lone_player"]
"""D4: who leads when the player left of the dealer sits out."""
AllPass = Literal["next_dealer", "same_dealer"]
"""D7: who deals after a thrown-in hand (stick the dealer off)."""

OUT_OF_SCOPE: Final[Mapping[str, str]] = {
    "alone_by_maker_partner": "D5 alone_by_maker_partner is out of scope (no source gives its timing)",
}
"""Known options that are deliberately not implemented, with the reason given when asked for."""

_EUCHRED_LONER_POINTS: Final = (2, 4)
_FARMERS_HAND: Final = one_of(get_args(FarmersHand))


def _farmers_hand(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """E5: one of the farmer's hands; the known but deliberately missing ``"exchange_three"``
    says why it is missing."""
    if value == "exchange_three":
        raise RulesError(
            "farmers_hand='exchange_three' is out of scope (the rules do not say which three "
            "cards go when more qualify)"
        )
    _FARMERS_HAND(instance, attribute, value)


@attrs.frozen
class EuchreRules(RulesConfig):
    """Euchre options. The defaults are the seed rules: stick the dealer, no farmer's hand, game
    to 10, lone makers euchred for 2, strict play (a revoke is refused).

    Each field's meaning and rule id are in its metadata, which
    :meth:`~cardrules.game.RulesConfig.options` and ``cardrules rules euchre`` show.
    ``screw_the_dealer`` is accepted by :meth:`from_dict` as a synonym of ``stick_the_dealer``;
    ``farmers_hand="exchange_three"`` and ``alone_by_maker_partner`` are refused as out of scope
    (see :data:`OUT_OF_SCOPE`).
    """

    stick_the_dealer: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "when the first three pass in round two, the dealer must name trump",
            "rule": EuchreRule.E8,
        },
    )
    stick_dealer_any_suit: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "a stuck dealer may also name the turned-down suit",
            "rule": EuchreRule.D1,
        },
    )
    farmers_hand: FarmersHand = attrs.field(
        default="off",
        validator=_farmers_hand,
        metadata={
            "doc": "redeal on a hand of only 9s and 10s: off, all five cards, or at least four",
            "rule": EuchreRule.E5,
        },
    )
    dealer_may_discard_upcard: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "the dealer may discard the up-card just picked up",
            "rule": EuchreRule.D3,
        },
    )
    lone_lead: LoneLead = attrs.field(
        default="dealers_partner",
        validator=one_of(get_args(LoneLead)),
        metadata={
            "doc": "who leads when the player left of the dealer sits out for a lone maker",
            "rule": EuchreRule.D4,
        },
    )
    euchred_loner_points: int = attrs.field(
        default=2,
        validator=one_of(_EUCHRED_LONER_POINTS),
        metadata={
            "doc": "points the defenders score for euchring a lone maker",
            "rule": EuchreRule.D6,
            "choices": _EUCHRED_LONER_POINTS,
        },
    )
    all_pass: AllPass = attrs.field(
        default="next_dealer",
        validator=one_of(get_args(AllPass)),
        metadata={
            "doc": "who deals after all eight calls pass (only with stick_the_dealer off)",
            "rule": EuchreRule.D7,
        },
    )
    defend_alone: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "a defender may play alone against a lone maker (the partner sits out)",
            "rule": EuchreRule.EV1,
        },
    )
    lone_defender_points: int = attrs.field(
        default=4,
        validator=integer,
        metadata={
            "doc": "points for a lone defender's euchre (needs defend_alone)",
            "rule": EuchreRule.EV1,
            "min": 1,
        },
    )
    canadian_loner: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "the dealer's partner who orders up in round one must go alone",
            "rule": EuchreRule.EV2,
        },
    )
    no_trump: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={"doc": "no-trump may be named in round two (no bowers)", "rule": EuchreRule.EV3},
    )
    target_score: int = attrs.field(
        default=10,
        validator=integer,
        metadata={"doc": "points a team needs to win the match", "rule": EuchreRule.E16, "min": 1},
    )
    deal_pattern: DealPattern = attrs.field(
        default="3-2",
        validator=one_of(get_args(DealPattern)),
        metadata={
            "doc": "cards to the first receiver: 3 then 2, or 2 then 3",
            "rule": EuchreRule.E4,
        },
    )
    renege_mode: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "table play: a revoke is accepted, may be corrected, and is penalised when "
            "claimed or found",
            "rule": EuchreRule.E17,
        },
    )

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
        # Each option is checked on its own by its validator; here, the ones that go together.
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
        """Build from option values; ``screw_the_dealer`` is read as ``stick_the_dealer``.

        >>> EuchreRules.from_dict({"screw_the_dealer": False}).stick_the_dealer
        False
        >>> EuchreRules.from_dict({"alone_by_maker_partner": True})
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: D5 alone_by_maker_partner is out of scope (no source gives its timing)
        """
        given: object = values  # the annotation is a promise the caller may not keep
        if not isinstance(given, Mapping):  # the base class names what it needs
            return super().from_dict(values)
        values = dict(values)
        for name, why in OUT_OF_SCOPE.items():
            if name in values:
                raise RulesError(why)
        if "screw_the_dealer" in values:
            if "stick_the_dealer" in values:
                raise RulesError("give stick_the_dealer or its synonym screw_the_dealer, not both")
            values["stick_the_dealer"] = values.pop("screw_the_dealer")
        return super().from_dict(values)
