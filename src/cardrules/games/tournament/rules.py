"""The rules config of Tournament patience and its relatives: :class:`TournamentRules`.

Every ambiguity of ``shared/rules/tournament.md`` §2.3 (B1–B8, B7 has no option) is a validated
field; the relatives of §2.4 are presets.

>>> TournamentRules().max_redeals
2
>>> TournamentRules.preset("pysolfc").reserve_sources
'any'
>>> TournamentRules.preset("cicely")
Traceback (most recent call last):
...
cardrules.errors.RulesError: cicely_build must be chosen for Cicely (one of 'down_in_suit', 'down_alternate_colours', 'down_any_suit', 'up_or_down_in_suit'): no source gives Cicely's building rule
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from cardrules import RulesConfig, RulesError

__all__ = ["CICELY_BUILDS", "TournamentRules"]

CICELY_BUILDS: Final = (
    "down_in_suit",
    "down_alternate_colours",
    "down_any_suit",
    "up_or_down_in_suit",
)
"""The allowed values of ``cicely_build`` (our definitions; no source confirms one of them)."""

_CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "reserve_fix": ("reshuffle", "swap_in"),
    "deal_order": ("column_batches", "row_by_row"),
    "reserve_sources": ("tableau", "any"),
    "variant": ("tournament", "cicely", "kingsdown_eights"),
}


@attrs.frozen
class TournamentRules(RulesConfig):
    """Options of Tournament (defaults: the seed rules as decided in the rules file).

    * ``reserve_fix`` (B1): ``"reshuffle"`` redraws the whole deck until the reserve holds an Ace
      or a King (exact to the seed); ``"swap_in"`` moves the Ace or King nearest the bottom of the
      deck into reserve cell R1 (PySolFC).
    * ``deal_order`` (B2): ``"column_batches"`` (four cards to T1, then four to T2, …) or
      ``"row_by_row"`` (one card per column, four rounds); for the first deal, T8 and T9 alike.
    * ``strict_deal_when_stuck`` (B3): the stock may be dealt only when no tableau or reserve card
      can go to a foundation.
    * ``redeal_when_stuck`` (B4): a redeal is legal with stock left (it goes under the packet).
    * ``foundation_base_movable`` (B6): a foundation's base card may move by T6c (and by B8).
    * ``reserve_sources`` (B8): ``"tableau"`` or ``"any"`` (foundation tops and reserve cards
      may also fill an empty reserve cell, as in PySolFC).
    * ``max_redeals`` (T9): how many redeals a game allows (2: three passes).
    * ``visible_columns``: ``False`` squares the columns so only their top cards show
      (Napoleon's Flank / La Nivernaise); it changes only what the player sees.
    * ``variant``: ``"tournament"`` (6 columns), ``"cicely"`` (8 piles, building) or
      ``"kingsdown_eights"`` (its own layout; only ``strict_deal_when_stuck`` applies, and
      ``max_redeals`` must be 0).
    * ``cicely_build``: Cicely's building rule, one of :data:`CICELY_BUILDS`; required for Cicely
      and forbidden otherwise (no default is shipped since no source states the rule).
    """

    reserve_fix: str = "reshuffle"
    deal_order: str = "column_batches"
    strict_deal_when_stuck: bool = False
    redeal_when_stuck: bool = False
    foundation_base_movable: bool = True
    reserve_sources: str = "tableau"
    max_redeals: int = 2
    visible_columns: bool = True
    variant: str = "tournament"
    cicely_build: str | None = None

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "tournament": {},
        "pysolfc": {"reserve_fix": "swap_in", "reserve_sources": "any"},
        "napoleons_flank": {"visible_columns": False},
        "la_nivernaise": {"visible_columns": False},
        "cicely": {"variant": "cicely", "max_redeals": 0, "visible_columns": False},
        "kingsdown_eights": {"variant": "kingsdown_eights", "max_redeals": 0},
    }

    def __attrs_post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"{name} must be one of {allowed}, not {value!r}")
        for name in (
            "strict_deal_when_stuck",
            "redeal_when_stuck",
            "foundation_base_movable",
            "visible_columns",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if (
            not isinstance(self.max_redeals, int)
            or isinstance(self.max_redeals, bool)
            or not 0 <= self.max_redeals <= 10
        ):
            raise RulesError(f"max_redeals must be an integer 0-10, not {self.max_redeals!r}")
        if self.variant == "cicely":
            if self.cicely_build is None:
                choices = ", ".join(repr(b) for b in CICELY_BUILDS)
                raise RulesError(
                    f"cicely_build must be chosen for Cicely (one of {choices}): "
                    "no source gives Cicely's building rule"
                )
            if self.cicely_build not in CICELY_BUILDS:
                raise RulesError(
                    f"cicely_build must be one of {CICELY_BUILDS}, not {self.cicely_build!r}"
                )
        elif self.cicely_build is not None:
            raise RulesError("cicely_build applies only with variant='cicely'")
        if self.variant == "kingsdown_eights":
            # Kingsdown Eights has its own layout: of the Tournament options only B3 applies.
            fixed = {
                "reserve_fix": "reshuffle",
                "deal_order": "column_batches",
                "redeal_when_stuck": False,
                "foundation_base_movable": True,
                "reserve_sources": "tableau",
                "max_redeals": 0,
                "visible_columns": True,
            }
            for name, value in fixed.items():
                if getattr(self, name) != value:
                    raise RulesError(
                        f"{name} does not apply to Kingsdown Eights (it must stay {value!r})"
                    )

    @property
    def num_columns(self) -> int:
        """6 tableau columns for Tournament, 8 piles for Cicely."""
        return 8 if self.variant == "cicely" else 6
