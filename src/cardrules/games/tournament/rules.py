"""The rules config of Tournament patience and its relatives: :class:`TournamentRules`.

Every open question of the seed rules that has an option (B1–B8, except B5 and B7) is a validated
field, and so are the relatives' differences (squared columns, Cicely's piles, Kingsdown Eights'
layout); the relatives themselves are presets.

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
from typing import Any, ClassVar, Final, Literal, get_args

import attrs

from cardrules import RulesConfig, RulesError
from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.option_checks import flag, integer, one_of

__all__ = [
    "CICELY_BUILDS",
    "CicelyBuild",
    "DealOrder",
    "ReserveFix",
    "ReserveSources",
    "TournamentRules",
    "Variant",
]

ReserveFix = Literal["reshuffle", "swap_in"]
"""B1: how a deal whose reserve holds no Ace or King is mended."""
DealOrder = Literal["column_batches", "row_by_row"]
"""B2: the order in which a deal or redeal fills the columns."""
ReserveSources = Literal["tableau", "any"]
"""B8: where the cards that fill an empty reserve cell may come from."""
Variant = Literal["tournament", "cicely", "kingsdown_eights"]
"""The game played: Tournament, Cicely, or Kingsdown Eights."""
CicelyBuild = Literal[
    "down_in_suit", "down_alternate_colours", "down_any_suit", "up_or_down_in_suit"
]
"""Cicely's building rule on its piles."""

CICELY_BUILDS: Final = get_args(CicelyBuild)
"""The allowed values of ``cicely_build`` (our definitions; no source confirms one of them)."""

_MAX_REDEALS: Final = 10


@attrs.frozen
class TournamentRules(RulesConfig):
    """Options of Tournament. The defaults are the seed rules: the deck is reshuffled until the
    reserve holds an Ace or a King, deals go to the columns four cards at a time, two redeals.

    Each field's meaning and rule id are in its metadata, which
    :meth:`~cardrules.game.RulesConfig.options` and ``cardrules rules tournament`` show. Some
    values need a word more:

    * ``reserve_fix``: ``"reshuffle"`` redraws the whole deck until the reserve holds an Ace or a
      King (exact to the seed); ``"swap_in"`` moves the Ace or King nearest the bottom of the deck
      into reserve cell R1, as PySolFC does (a different distribution).
    * ``deal_order``: ``"column_batches"`` (four cards to T1, then four to T2, …) or
      ``"row_by_row"`` (one card per column, four rounds); for the first deal, deals and redeals
      alike.
    * ``variant="kingsdown_eights"`` has its own layout: only ``strict_deal_when_stuck`` applies,
      and ``max_redeals`` must be 0.
    * ``cicely_build`` is required for Cicely and forbidden otherwise: no default is shipped since
      no source states Cicely's building rule.
    """

    reserve_fix: ReserveFix = attrs.field(
        default="reshuffle",
        validator=one_of(get_args(ReserveFix)),
        metadata={
            "doc": "a deal whose reserve holds no Ace or King: reshuffle, or swap one in",
            "rule": TournamentRule.B1,
        },
    )
    deal_order: DealOrder = attrs.field(
        default="column_batches",
        validator=one_of(get_args(DealOrder)),
        metadata={
            "doc": "deals fill the columns four cards at a time, or one card per column",
            "rule": TournamentRule.B2,
        },
    )
    strict_deal_when_stuck: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "the stock may be dealt only when no tableau or reserve card can go up",
            "rule": TournamentRule.B3,
        },
    )
    redeal_when_stuck: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "a redeal is allowed with stock left (it goes under the packet)",
            "rule": TournamentRule.B4,
        },
    )
    foundation_base_movable: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "a foundation's base card (its Ace or King) may move off, emptying the pile",
            "rule": TournamentRule.B6,
        },
    )
    reserve_sources: ReserveSources = attrs.field(
        default="tableau",
        validator=one_of(get_args(ReserveSources)),
        metadata={
            "doc": "an empty reserve cell is filled from the tableau only, or from anywhere",
            "rule": TournamentRule.B8,
        },
    )
    max_redeals: int = attrs.field(
        default=2,
        validator=integer,
        metadata={
            "doc": "how many redeals a game allows (2: three passes through the cards)",
            "rule": TournamentRule.T9,
            "min": 0,
            "max": _MAX_REDEALS,
        },
    )
    visible_columns: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "every tableau card shows; False squares the columns (only what the player sees)",
            "rule": TournamentRule.TV1,
        },
    )
    variant: Variant = attrs.field(
        default="tournament",
        validator=one_of(get_args(Variant)),
        metadata={
            "doc": "Tournament (6 columns), Cicely (8 piles, building) or Kingsdown Eights",
            "rule": TournamentRule.TV3,
        },
    )
    cicely_build: CicelyBuild | None = attrs.field(
        default=None,
        validator=one_of((None, *CICELY_BUILDS)),
        metadata={
            "doc": "Cicely's building rule on its piles (required for Cicely only)",
            "rule": TournamentRule.TV2,
        },
    )

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "tournament": {},
        "pysolfc": {"reserve_fix": "swap_in", "reserve_sources": "any"},
        "napoleons_flank": {"visible_columns": False},
        "la_nivernaise": {"visible_columns": False},
        "cicely": {"variant": "cicely", "max_redeals": 0, "visible_columns": False},
        "kingsdown_eights": {"variant": "kingsdown_eights", "max_redeals": 0},
    }

    def __attrs_post_init__(self) -> None:
        # Each option is checked on its own by its validator; here, the ones that go together.
        if self.variant == "cicely":
            if self.cicely_build is None:
                choices = ", ".join(repr(b) for b in CICELY_BUILDS)
                raise RulesError(
                    f"cicely_build must be chosen for Cicely (one of {choices}): "
                    "no source gives Cicely's building rule"
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
