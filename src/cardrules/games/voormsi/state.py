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
    "BLANK_STATE",
    "BROKEN",
    "NO_TRICK_YET",
    "Phase",
    "TrickInfo",
    "VoormsiState",
    "blank_copy",
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


# Slotted, without a weakref slot (as RookState): a slotted field reads in ~5 ns, where a state
# whose __dict__ was swapped in (the earlier design: copy the previous state's dict, write the
# changed fields) reads in ~25 ns, since CPython 3.11 specialises attribute reads for slots and
# for inline instance values only; the engine reads some twenty fields a play. attrs' __init__ on
# a frozen class sets each field through object.__setattr__ (~80 ns each), so the engine builds the
# next state with :func:`blank_copy`: the same slots on a plain class, filled by ordinary stores,
# then re-labelled as a VoormsiState (the two layouts are identical, which the assertions below
# check at import), at about the cost of the dict copy it replaces.
@attrs.frozen(weakref_slot=False)
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


_FIELDS: Final[tuple[str, ...]] = VoormsiState.__slots__  # type: ignore[attr-defined]
_Blank: Final[Any] = type(
    "_Blank", (), {"__slots__": _FIELDS, "__doc__": "VoormsiState's slots on a plain class."}
)
BLANK_STATE: Final[Any] = _Blank
"""The plain twin class, for the engine's one inlined copy of :func:`blank_copy`."""
assert len(_FIELDS) == len(attrs.fields(VoormsiState))
assert "__weakref__" not in _FIELDS
assert _Blank.__basicsize__ == VoormsiState.__basicsize__
_new: Final = object.__new__


def blank_copy(s: VoormsiState) -> Any:
    """A mutable copy of ``s`` for the engine: change its fields, then set its ``__class__`` to
    :class:`VoormsiState`, after which it is an ordinary (immutable) state; nothing else may see it
    before that.

    >>> from cardrules.games.voormsi import make_game
    >>> s = make_game().new_hand(dealer=0)
    >>> c = blank_copy(s)
    >>> c.dealer = 2
    >>> c.__class__ = VoormsiState
    >>> c == attrs.evolve(s, dealer=2)
    True
    """
    b = _new(_Blank)
    b.phase = s.phase
    b.to_move = s.to_move
    b.dealer = s.dealer
    b.hands = s.hands
    b.stock = s.stock
    b.leader = s.leader
    b.trick = s.trick
    b.trick_size = s.trick_size
    b.heading = s.heading
    b.statuses = s.statuses
    b.info = s.info
    b.tricks = s.tricks
    b.units = s.units
    b.seq_side = s.seq_side
    b.pending = s.pending
    b.scores = s.scores
    b.deal_start = s.deal_start
    b.revealed = s.revealed
    b.toqu_known = s.toqu_known
    b.single_hand = s.single_hand
    b.winner = s.winner
    b.end = s.end
    b.played = s.played
    return b


assert set(blank_copy.__code__.co_names) >= set(_FIELDS)  # every field is copied
