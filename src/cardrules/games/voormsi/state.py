"""The Voormsi state: an immutable value on card indices and bitmasks.

One state holds the match (ladder scores, dealer) and the current deal (hands, stock, the trick in
progress, the tricks won, held points). ``trick`` lists ``(seat, group mask)`` plays in order;
``heading`` is the position of the play heading the trick and ``statuses`` the V12 status each of its
cards earned (3.7).
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

__all__ = [
    "BROKEN",
    "NO_TRICK_YET",
    "Phase",
    "TrickInfo",
    "VoormsiState",
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


@attrs.frozen
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
