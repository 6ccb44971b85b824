"""The Voormsi state: an immutable value on card indices and bitmasks.

One state holds the match (ladder scores, dealer) and the current deal (hands, stock, the trick in
progress, the tricks won, held points). ``trick`` lists ``(seat, group mask)`` plays in order;
``heading`` is the position of the play heading the trick and ``statuses`` the V12 status each of its
cards earned (rule V18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from cardrules import CHANCE, ArgumentError
from cardrules.game import GameBase, GameConfig

if TYPE_CHECKING:
    from cardrules.table_svg import TableScene

__all__ = [
    "BLANK_STATE",
    "BROKEN",
    "NO_TRICK_YET",
    "LastDeal",
    "Phase",
    "TrickInfo",
    "VoormsiState",
    "blank_copy",
    "check_game_state",
    "make_last_deal",
    "start_state",
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


@attrs.frozen(weakref_slot=False)
class LastDeal:
    """The last finished deal, kept by the state for the hand report
    (:meth:`~cardrules.games.voormsi.VoormsiGame.hand_report`) after the next deal has started.

    Made once a deal, when it ends (never on a play), from the fields of the state that ended it:
    ``number`` counts the deals finished in the match (from 1), ``scores_before`` is the ladder
    when the deal began, ``scores_after`` when it ended, ``stock`` the stock as dealt; ``tricks`` and ``trick`` (unfinished,
    when a partner capture ended the game mid-trick) are as in :class:`VoormsiState`;
    ``pending`` the points still held at the end (lapsed), ``revealed`` the B1 proofs shown,
    ``end`` and ``winner`` as in the state.
    """

    number: int
    dealer: int
    stock: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    trick: tuple[tuple[int, int], ...]
    units: tuple[int, ...]
    pending: tuple[int, ...]
    revealed: tuple[tuple[int, int, int], ...]
    end: str
    winner: int


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
    history: tuple[tuple[int, ...], LastDeal | None] = ((), None)
    """``(the stock as dealt, the last finished deal)``: what the position text and the hand report
    need, in one field (one slot to copy a play). Set when a deal is dealt and when it ends."""
    config: GameConfig | None = attrs.field(default=None, repr=False, hash=False)
    """The :class:`~cardrules.game.GameConfig` of the game that made the state (every Voormsi
    game refuses a state of other rules: three players' hands are not four's); ``None`` for a
    state built by hand, which any Voormsi game reads unchecked. Compared, not hashed."""

    @property
    def last(self) -> LastDeal | None:
        """The last finished deal (this one, once it has ended), for the hand report."""
        return self.history[1]

    @property
    def dealt_stock(self) -> tuple[int, ...]:
        """The stock of the current (or just finished) deal as dealt; its first cards were drawn."""
        return self.history[0]

    def table_scene(self, game: Any = None) -> TableScene:
        """The whole table, every hand face up (``cardrules.games.voormsi.picture``); ``game``, when given,
        is the game this state belongs to."""
        from cardrules.games.voormsi.picture import state_scene

        return state_scene(self, game)

    def _repr_svg_(self) -> str:
        """The omniscient table as SVG, for Jupyter (:func:`cardrules.svg.render`)."""
        from cardrules.svg import render

        return render(self)


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
    b.history = s.history
    b.config = s.config
    return b


assert set(blank_copy.__code__.co_names) >= set(_FIELDS)  # every field is copied

_DEAL_FIELDS: Final[tuple[str, ...]] = LastDeal.__slots__  # type: ignore[attr-defined]
_BlankDeal: Final[Any] = type("_BlankDeal", (), {"__slots__": _DEAL_FIELDS})
assert _BlankDeal.__basicsize__ == LastDeal.__basicsize__


def make_last_deal(
    number: int,
    dealer: int,
    stock: tuple[int, ...],
    scores_before: tuple[int, ...],
    scores_after: tuple[int, ...],
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...],
    trick: tuple[tuple[int, int], ...],
    units: tuple[int, ...],
    pending: tuple[int, ...],
    revealed: tuple[tuple[int, int, int], ...],
    end: str,
    winner: int,
) -> LastDeal:
    """``LastDeal(*fields)`` at the speed of plain attribute stores (once a deal; attrs' frozen
    ``__init__`` costs a microsecond more), re-labelled as :func:`blank_copy` does.

    >>> make_last_deal(1, 0, (), (0, 0), (1, 0), (), (), (5, 4), (0, 0), (), "", -1) == LastDeal(
    ...     1, 0, (), (0, 0), (1, 0), (), (), (5, 4), (0, 0), (), "", -1)
    True
    """
    d = _new(_BlankDeal)
    d.number = number
    d.dealer = dealer
    d.stock = stock
    d.scores_before = scores_before
    d.scores_after = scores_after
    d.tricks = tricks
    d.trick = trick
    d.units = units
    d.pending = pending
    d.revealed = revealed
    d.end = end
    d.winner = winner
    d.__class__ = LastDeal
    return d  # type: ignore[no-any-return]


assert set(make_last_deal.__code__.co_names) >= set(_DEAL_FIELDS)


def start_state(
    num_players: int,
    sides: int,
    phase: Phase,
    dealer: int | None,
    single: bool,
    scores: tuple[int, ...],
    last: LastDeal | None = None,
    *,
    config: GameConfig,
) -> VoormsiState:
    """A state before a deal (``choose_dealer`` or ``deal``) from the given ladder scores, of the
    game whose ``config`` is given."""
    zeros = (0,) * sides
    return VoormsiState(
        phase, CHANCE, dealer, (0,) * num_players, (), 0, (), 0, -1, (), EMPTY_INFO, (), zeros,
        NO_TRICK_YET, zeros, scores, scores, (), (0,) * num_players, single, -1, "", 0,
        ((), last), config,
    )  # fmt: skip


def check_game_state(game: GameBase[Any, Any, Any], state: object) -> None:
    """Refuse a ``state`` that is not one of ``game``: a :class:`VoormsiState` made by a game of
    these rules (:meth:`~cardrules.game.GameBase.check_state`: its ``config``), or, built by hand
    without one, with the game's number of hands. Every method of the game that takes a state
    calls it, after an inline ``type``/``config`` test on the hot paths.

    >>> from cardrules.games.voormsi import make_game
    >>> check_game_state(make_game(), make_game(preset="two_player").new_hand(dealer=0))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: state is of voormsi (players=2, multi_card_leads=False), not of this game: voormsi (players=4, multi_card_leads=True)
    """
    if type(state) is not VoormsiState or state.config is not game.config:
        game.check_state(state)  # the type, and the rules of the game that made it
        assert isinstance(state, VoormsiState)
        if len(state.hands) != game.num_players:  # a state built by hand (no config)
            raise ArgumentError(
                f"state is a {len(state.hands)}-player Voormsi state, not one of this "
                f"{game.num_players}-player game"
            )
