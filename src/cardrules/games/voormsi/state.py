"""The Voormsi state: an immutable value on card indices and bitmasks.

One state holds the match (ladder scores, dealer) and the current deal (hands, stock, the trick in
progress, the tricks won, held points). ``trick`` lists ``(seat, group mask)`` plays in order;
``heading`` is the position of the play heading the trick and ``statuses`` the V12 status each of its
cards earned (3.7).
"""

from __future__ import annotations

from typing import Any, Final, Literal

import attrs

__all__ = [
    "BROKEN",
    "NO_TRICK_YET",
    "Phase",
    "TrickInfo",
    "VoormsiState",
    "fields_of",
    "from_fields",
]

Phase = Literal["choose_dealer", "deal", "play", "over"]

NO_TRICK_YET: Final = -2
"""``seq_side`` before the first trick of a deal."""
BROKEN: Final = -1
"""``seq_side`` once no side holds a run (V23)."""

TrickInfo = tuple[int, int, int, int, bool]
"""Bonus bookkeeping of the trick in progress (all public):
``(toqu_capture_pos, b4_seat, b5_seat, voormsi_pos, voormsi_blocked)`` — the position of the group
whose J♣ beat a heading K♥ (B2), the seat whose ♦3 beat a heading K♥ (B4), the seat whose ♦3 beat
the capturing J♣ (B5), where the K♥ was played and whether exception (b) of B1 blocks it; ``-1``
for none."""

EMPTY_INFO: Final[TrickInfo] = (-1, -1, -1, -1, False)


# Not slotted, on purpose (DESIGN §3 asks for slots; speed wins here): a play changes 4–10 of the 23
# fields, and copying the previous state's field dict and writing those (fields_of/from_fields)
# builds the next state for about a fifth of the interpreter work of attrs' __init__ on slots, which
# sets all 23 through object.__setattr__ (measured with valgrind: ~5k against ~28k instructions).
# The copies share the instance dicts' key table, so a state costs no more memory than a slotted
# one did (the benchmark suite's bytes per state went down).
@attrs.frozen(slots=False)
class VoormsiState:
    """A Voormsi state (match and current deal). Build it through :class:`VoormsiGame`."""

    phase: Phase
    to_move: int | None
    dealer: int | None
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, int], ...]
    trick_size: int
    heading: int
    statuses: tuple[tuple[int, int], ...]
    info: TrickInfo
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    units: tuple[int, ...]
    seq_side: int
    pending: tuple[int, ...]
    scores: tuple[int, ...]
    deal_start: tuple[int, ...]
    revealed: tuple[tuple[int, int, int], ...]
    toqu_known: tuple[int, ...]
    single_hand: bool
    winner: int
    end: str
    played: int = 0
    """Mask of the cards played this deal (derivable from the tricks; kept for speed)."""


_new = object.__new__
_set = object.__setattr__


def fields_of(state: VoormsiState) -> dict[str, Any]:
    """A fresh copy of the field values of ``state``, to change and pass to :func:`from_fields`
    (the engine's fast path: the fields keep their types, which mypy cannot check here)."""
    return state.__dict__.copy()


def from_fields(fields: dict[str, Any]) -> VoormsiState:
    """The state of these field values (a dict from :func:`fields_of`, owned by the new state)."""
    state: VoormsiState = _new(VoormsiState)
    _set(state, "__dict__", fields)
    return state
