"""Voormsi positions: any reachable state from plain values, and its one-line text.

This is cold code: nothing here runs while a deal is played.
:meth:`~cardrules.games.voormsi.VoormsiGame.position` and
:meth:`~cardrules.games.voormsi.VoormsiGame.parse_position` both *replay* the position through the
engine — a stacked deal that gives every seat the cards it was dealt, the stock in the order it was
drawn, then every group played — so every rule the engine enforces (V6 turn, V15 compulsion, V16
leads of one face rank, V17 group sizes, C2 following) is checked with its own rule id, and the
state made is the very value play would have made. Trick winners, units, held points (V23),
bonuses, busts and the cards shown for B1 follow from the play.

The text form (:func:`position_text`) is one line of space-separated tokens::

    PHASE MODE [dealer=D] scores=A,B [deal=N] [hands=…] [stock=…] [drawn=…] [tricks=…]
        [trick=…] [| last deal=N dealer=D scores=A,B drawn=… tricks=…]

* ``PHASE`` is ``choose_dealer``, ``deal``, ``play`` or ``over``; ``MODE`` is ``match`` or
  ``hand`` (a single deal);
* ``dealer`` and ``scores`` are the dealer of the deal described and the ladder when it began
  (one score per side: seats 0, 2 and 1, 3 with four players). Between two deals (phase ``deal``
  with tricks) and at the end (``over``) the text describes the deal just played: the next dealer
  and the scores after it follow from the play. ``deal=N`` numbers that finished deal in the match
  (written when it is not the first);
* cards are written as in :mod:`cardrules.cards` (``JC``, ``3D``), joined by ``,``; ``-`` is none.
  ``hands`` lists the seats' hands now, joined by ``/``; ``stock`` the stock now, top first;
  ``drawn`` the cards already drawn from it, in the order drawn (the stock as dealt is ``drawn``
  then ``stock``);
* ``tricks`` the completed tricks as ``LEADER:g,g,g,g`` joined by ``/``, where a group of several
  cards joins them with ``+`` (``0:9C+9H,5S+6D,AS+AH,QC+QD``); ``trick`` the trick in progress;
  the seats after the leader follow the turn (V6, V27);
* ``| last …`` (a deal in progress after the first of a match) is the last finished deal, for
  :meth:`~cardrules.games.voormsi.VoormsiGame.hand_report`.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> s = game.position(
...     dealer=3, scores=(8, 4), hands=["5C 7C 5S", "JC AH 7S QS", "QC QD AD 7H", "8C 7D 8H AS"],
...     stock="6C KC AC 5D 6D 8D JD 3D 5H 6H JH QH 6S 8S JS KS", drawn="7C 7S 7H 7D",
...     tricks=[(0, "9C 9S 9H 9D")], trick="KH")
>>> print(game.position_text(s))  # doctest: +NORMALIZE_WHITESPACE
play hand dealer=3 scores=8,4 hands=5C,7C,5S/JC,AH,7S,QS/QC,QD,AD,7H/8C,7D,8H,AS
stock=6C,KC,AC,5D,6D,8D,JD,3D,5H,6H,JH,QH,6S,8S,JS,KS drawn=7C,7S,7H,7D tricks=0:9C,9S,9H,9D
trick=0:KH
>>> game.parse_position(game.position_text(s)) == s
True
>>> [game.format_action(a) for a in game.legal_actions(s)]  # V15: Voormsi heads, seat 1 holds JC
['play JC']
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardrulesError,
    Deal,
    NotationError,
    RulesError,
    iter_bits,
)
from cardrules.errors import PositionError
from cardrules.games.voormsi.actions import Lead, Play, group_mask
from cardrules.games.voormsi.ranking import DECK
from cardrules.games.voormsi.rulebook import VoormsiRule
from cardrules.games.voormsi.state import EMPTY_INFO, LastDeal, Phase, VoormsiState
from cardrules.games.voormsi.state import start_state as _start_state
from cardrules.notation import read_number
from cardrules.positions import (
    card_indices,
    key_value_fields,
    read_position,
    read_scores,
    read_seat,
    read_trick,
    read_tricks,
    write_cards,
    write_groups,
    write_position,
    write_segment,
    write_tricks,
)

if TYPE_CHECKING:
    from cardrules.games.voormsi.game import VoormsiGame

__all__ = [
    "PositionError",
    "build_position",
    "check_scores",
    "parse_last_deal",
    "parse_position",
    "position_text",
    "start_state",
]

PHASES: Final[tuple[Phase, ...]] = ("choose_dealer", "deal", "play", "over")
_KEYS: Final = ("dealer", "scores", "deal", "hands", "stock", "drawn", "tricks", "trick")
_LAST_KEYS: Final = frozenset({"deal", "dealer", "scores", "drawn", "tricks"})
_N: Final = len(DECK)
_REAL: Final = (1 << _N) - 1
_FAKE: Final = (1 << 64) - 1

Trick = tuple[int | None, tuple[int, ...]]
"""A trick read from plain values: ``(leader or None, group masks in play order)``."""


# -- scores and starting states -------------------------------------------------------------------
def check_scores(game: VoormsiGame, scores: object) -> tuple[int, ...]:
    """Ladder scores a deal can start from: one ``int`` per side, from 0 up to below the target
    (V25: a side on the target has won; under ``bust_mode="no_bust"`` one at or over it)."""
    sides = game.rules.num_sides
    if (
        not isinstance(scores, tuple | list)
        or len(scores) != sides
        or any(type(v) is not int for v in scores)
    ):
        raise ArgumentTypeError(
            f"scores must be {sides} ints (one per side), not {type(scores).__name__} "
            f"{scores!r:.40}"
        )
    target = game.rules.target
    for side, value in enumerate(scores):
        if not 0 <= value < target:
            raise RulesError(
                f"rule V25: side {side} at {value}: a ladder score is from 0 to {target - 1} (a "
                f"side on {target} has won; a bust falls back below it, rule C11)"
            )
    return tuple(scores)


def start_state(
    game: VoormsiGame,
    phase: Phase,
    dealer: int | None,
    single: bool,
    scores: tuple[int, ...],
    last: LastDeal | None = None,
) -> VoormsiState:
    """A state before a deal (``choose_dealer`` or ``deal``) from the given ladder scores."""
    return _start_state(
        game.num_players, game.rules.num_sides, phase, dealer, single, scores, last,
        config=game.config,
    )  # fmt: skip


def _placeholder(number: int) -> LastDeal | None:
    """A stand-in for the deal before deal ``number`` (only its number is ever read)."""
    if number <= 1:
        return None
    return LastDeal(number - 1, 0, (), (), (), (), (), (), (), (), "", -1)


# -- reading plain values -------------------------------------------------------------------------
def _card_list(value: object, what: str) -> list[int]:
    """Deck indices of ``value`` (card text, groups joined by ``+``, ``"-"`` for none, or a
    sequence of cards)."""
    return card_indices(DECK, value, what, VoormsiRule.V2)


def _mask(cards: Sequence[int], what: str) -> int:
    mask = 0
    for c in cards:
        if mask >> c & 1:
            raise PositionError(VoormsiRule.V2, f"{what}: {DECK.cards[c]} is given twice")
        mask |= 1 << c
    return mask


def _hands(game: VoormsiGame, value: object) -> tuple[int, ...]:
    n = game.num_players
    if isinstance(value, Mapping):
        for seat in value:
            game.check_seat(seat, "hands: seat")
        return tuple(
            _mask(_card_list(value.get(s, ()), f"hand {s}"), f"hand {s}") for s in range(n)
        )
    if isinstance(value, str):
        parts = value.split("/")
        if len(parts) != n:
            raise NotationError(f"hands: {n} seats separated by '/', not {value[:40]!r}")
        value = parts
    if not isinstance(value, Sequence) or len(value) != n:
        raise ArgumentTypeError(f"hands must be {n} hands (a sequence, or a mapping by seat)")
    return tuple(_mask(_card_list(h, f"hand {s}"), f"hand {s}") for s, h in enumerate(value))


def _group(value: object, what: str) -> int:
    if isinstance(value, Lead | Play):
        return group_mask(value, what)
    if isinstance(value, Card):
        value = [value]
    cards = _card_list(value, what)
    if not cards:
        raise PositionError(VoormsiRule.V17, f"{what}: a play holds at least one card")
    return _mask(cards, what)


def _trick(game: VoormsiGame, value: object, what: str) -> Trick:
    """A trick: ``"L:g,g"`` or ``"g,g"`` (a group's cards joined by ``+``), ``(leader, groups)``,
    or a sequence of groups (card text, cards, or :class:`Lead`/:class:`Play`)."""
    leader: int | None = None
    if isinstance(value, tuple) and len(value) == 2 and type(value[0]) is int:
        leader = game.check_seat(value[0], f"{what}: leader")
        value = value[1]
    if isinstance(value, str) and ":" in value:
        leader, plays = read_trick(value, what, game.num_players)
        value = list(plays)
    if isinstance(value, str):
        text = value.strip()
        if text in ("", "-"):
            if (
                leader is not None
            ):  # as the text's "2:" is refused: a leader names a trick with cards
                raise ArgumentError(f"{what}: a leader ({leader}) is given with no cards")
            return leader, ()
        if "," not in text and "+" not in text:
            return leader, tuple(1 << c for c in _card_list(text, what))  # single cards
        groups: Sequence[Any] = text.split(",")
    elif isinstance(value, Sequence):
        groups = value
    else:
        raise ArgumentTypeError(f"{what} must be text or a sequence, not {type(value).__name__}")
    if leader is not None and not groups:
        raise ArgumentError(f"{what}: a leader ({leader}) is given with no cards")
    return leader, tuple(_group(g, f"{what}, play {j + 1}") for j, g in enumerate(groups))


def _tricks(game: VoormsiGame, value: object) -> list[Trick]:
    if isinstance(value, str):
        value = [] if not value.strip() else list(read_tricks(value, "tricks", game.num_players))
    if not isinstance(value, Sequence):
        raise ArgumentTypeError(f"tricks must be a sequence, not {type(value).__name__}")
    return [_trick(game, t, f"trick {k + 1}") for k, t in enumerate(value)]


def _names(mask: int) -> str:
    return " ".join(DECK.cards[c].ascii for c in iter_bits(mask & _REAL)) or "-"


# -- building -------------------------------------------------------------------------------------
def build_position(
    game: VoormsiGame,
    *,
    phase: Phase | None = None,
    match: object = False,
    dealer: object = None,
    scores: object = None,
    hands: object = None,
    stock: object = (),
    drawn: object = (),
    tricks: object = (),
    trick: object = (),
    number: int = 1,
    last: LastDeal | None = None,
) -> VoormsiState:
    """The state of the position (see :meth:`~cardrules.games.voormsi.VoormsiGame.position`);
    ``phase`` (given by the text) must agree."""
    if type(match) is not bool:
        raise ArgumentTypeError(f"match must be True or False, not {type(match).__name__}")
    if last is not None and not match:
        raise PositionError(VoormsiRule.V4, "a single deal has no earlier deal")
    start_scores = check_scores(game, (0,) * game.rules.num_sides if scores is None else scores)
    seat = None if dealer is None else game.check_seat(dealer, "dealer")
    if hands is None:
        if any(v not in ((), "", None, []) for v in (stock, drawn, tricks, trick)):
            raise PositionError(VoormsiRule.V5, "a position with cards needs the hands")
        if last is not None:
            raise PositionError(
                VoormsiRule.V4, "between two deals the position is the deal just played"
            )
        state = start_state(game, "choose_dealer" if seat is None else "deal", seat, not match,
                            start_scores)  # fmt: skip
        if phase is not None and state.phase != phase:
            raise PositionError(
                VoormsiRule.V4, f"the fields make a position in {state.phase}, not {phase}"
            )
        return state
    if seat is None:
        raise ArgumentError("a position with cards needs its dealer")
    if last is not None:
        if last.scores_after != start_scores:
            raise PositionError(
                VoormsiRule.V25,
                f"the last deal ended at {last.scores_after}, not at scores {start_scores}",
            )
        if (last.dealer + 1) % game.num_players != seat:
            raise PositionError(
                VoormsiRule.V4, f"the deal passes clockwise: seat {last.dealer + 1} deals"
            )
        start = start_state(game, "deal", seat, not match, start_scores, last)
    else:
        start = start_state(game, "deal", seat, not match, start_scores, _placeholder(number))
    state = _replay(
        game,
        start,
        _hands(game, hands),
        _card_list(stock, "stock"),
        _card_list(drawn, "drawn"),
        _tricks(game, tricks),
        _trick(game, trick, "the trick in progress"),
    )
    ended = state.phase == "over" or (state.phase == "deal" and state.last is not None)
    if last is not None and ended:
        raise PositionError(
            VoormsiRule.V4, "a finished deal is described without the deal before it"
        )
    if phase is not None and state.phase != phase:
        raise PositionError(
            VoormsiRule.V25, f"the fields make a position in {state.phase}, not {phase}"
        )
    return state


def _replay(
    game: VoormsiGame,
    start: VoormsiState,
    hands: tuple[int, ...],
    stock: list[int],
    drawn: list[int],
    tricks: list[Trick],
    trick: Trick,
) -> VoormsiState:
    # V2: every card exactly once.
    where: dict[int, str] = {}

    def place(cards: Sequence[int] | int, what: str) -> None:
        for c in iter_bits(cards) if isinstance(cards, int) else cards:
            if c in where:
                raise PositionError(
                    VoormsiRule.V2, f"{DECK.cards[c]} is both in {where[c]} and in {what}"
                )
            where[c] = what

    for s, h in enumerate(hands):
        place(h, f"hand {s}")
    place(stock, "the stock")
    for k, (_, groups) in enumerate(tricks):
        for g in groups:
            place(g, f"trick {k + 1}")
    for g in trick[1]:
        place(g, "the trick in progress")
    if len(where) != _N:
        missing = " ".join(c.ascii for i, c in enumerate(DECK.cards) if i not in where)
        raise PositionError(VoormsiRule.V2, f"every card is placed once; missing: {missing}")
    seen: set[int] = set()
    for c in drawn:
        if c in seen or where[c] == "the stock":
            raise PositionError(
                VoormsiRule.V21, f"drawn: {DECK.cards[c]} is drawn twice or still in the stock"
            )
        seen.add(c)
    all_tricks = [*tricks, trick] if trick[1] else list(tricks)
    assert start.dealer is not None
    dealt = _infer_deal(game, start.dealer, hands, drawn, all_tricks, len(tricks))
    n = game.num_players
    cards = [sorted(iter_bits(h)) for h in dealt]
    left = (start.dealer + 1) % n
    order = [cards[(left + k % n) % n][k // n] for k in range(4 * n)]
    state = game.apply(start, Deal((*order, *drawn, *stock)))
    for k, (leader, groups) in enumerate(all_tricks):
        what = f"trick {k + 1}" if k < len(tricks) else "the trick in progress"
        if state.phase == "play" and leader is not None and leader != state.to_move:
            raise PositionError(
                VoormsiRule.V6, f"{what} is led by seat {state.to_move}, not seat {leader}"
            )
        for j, g in enumerate(groups):
            if state.phase != "play":
                raise PositionError(VoormsiRule.V25, f"the game ended before {what}, play {j + 1}")
            if j and not state.trick:
                raise PositionError(VoormsiRule.V13, f"{what} has more plays than players")
            group = [DECK.cards[c] for c in iter_bits(g)]
            action = Lead(group) if j == 0 else Play(group)
            seat = state.to_move
            try:
                state = game.apply(state, action)
            except CardrulesError as exc:
                found = getattr(exc, "rule", None)
                rule = found if isinstance(found, VoormsiRule) else VoormsiRule.V17
                why = getattr(exc, "why", str(exc))
                raise PositionError(
                    rule, f"{what}, play {j + 1} (seat {seat}, {_names(g)}): {why}"
                ) from None
        if k < len(tricks) and state.trick and state.phase == "play":
            raise PositionError(
                VoormsiRule.V17, f"{what} is not complete: every player holding cards plays"
            )
    if trick[1] and state.phase == "play" and not state.trick:
        raise PositionError(
            VoormsiRule.V13, "the trick in progress is complete: list it with the tricks"
        )
    if state.hands != hands or list(state.stock) != stock:
        got = "/".join(_names(h) for h in state.hands)
        raise PositionError(
            VoormsiRule.V21, f"after the deal, the draws and the play the hands are {got} and the stock "
            f"{_names(sum(1 << c for c in state.stock))}: not those given",
        )  # fmt: skip
    return state


def _infer_deal(
    game: VoormsiGame,
    dealer: int,
    hands: tuple[int, ...],
    drawn: list[int],
    tricks: list[Trick],
    complete: int,
) -> list[int]:
    """The hands as dealt (V5): each seat's cards, less those it drew (V21). The draws are followed
    with the engine's own steps on hands that hold four placeholder cards each (bits above the
    deck): a card played that the seat did not draw takes the place of a placeholder."""
    eng = game.engine
    n = game.num_players
    held = [0b1111 << (_N + 4 * s) for s in range(n)]
    dealt = [0] * n
    rest = tuple(drawn)
    fake = (_FAKE,) * n
    known = (0,) * n
    seat = (dealer + 1) % n
    for k, (_, groups) in enumerate(tricks):
        what = f"trick {k + 1}"
        t: tuple[tuple[int, int], ...] = ()
        heading, info, played = -1, EMPTY_INFO, 0
        statuses: tuple[tuple[int, int], ...] = ()
        size = eng.trick_size(tuple(held))
        captured = False
        for j, g in enumerate(groups):
            h = held[seat]
            own = g & ~h
            spare = h >> _N
            if own.bit_count() > spare.bit_count():
                raise PositionError(
                    VoormsiRule.V17, f"{what}, play {j + 1}: seat {seat} cannot hold {_names(g)} then "
                    "(its dealt and drawn cards; check drawn)",
                )  # fmt: skip
            dealt[seat] |= own
            for _ in range(own.bit_count()):
                h &= ~(1 << (_N + (h >> _N & -(h >> _N)).bit_length() - 1))
            held[seat] = h & ~(g & h & _REAL)
            _, t, heading, statuses, info, _, played, captured = eng.advance(
                fake, t, heading, statuses, info, known, played, seat, g
            )
            if captured:
                break
            if len(t) == size:
                if j + 1 < len(groups):
                    raise PositionError(VoormsiRule.V13, f"{what} has more plays than players")
                break
            seat, h_tuple, rest, known = eng.next_to_play(
                tuple(held), rest, known, t, heading, seat
            )
            held = list(h_tuple)
        if captured:
            break
        if k < complete and len(t) < size:
            raise PositionError(
                VoormsiRule.V17, f"{what} is not complete: every player holding cards plays"
            )
        if len(t) == size:
            win = t[heading][0]
            h_tuple, rest, known = eng.draw(win, tuple(held), rest, known)
            held = list(h_tuple)
            seat = win if held[win] else eng.next_holder(win, h_tuple)
    for s in range(n):
        real, spare = held[s] & _REAL, (held[s] >> _N).bit_count()
        if real & ~hands[s]:
            raise PositionError(
                VoormsiRule.V21, f"seat {s} drew {_names(real & ~hands[s])} (by the drawn order) but "
                "neither holds nor played it",
            )  # fmt: skip
        extra = hands[s] & ~real
        if extra.bit_count() != spare:
            raise PositionError(
                VoormsiRule.V5, f"seat {s} holds {hands[s].bit_count()} cards; the deal (4 each), the draws "
                f"and its plays leave it {real.bit_count() + spare}",
            )  # fmt: skip
        dealt[s] |= extra
    return dealt


# -- text -----------------------------------------------------------------------------------------
def _cards(cards: Sequence[int] | int) -> list[str]:
    seq = iter_bits(cards) if isinstance(cards, int) else cards
    return [DECK.cards[c].ascii for c in seq]


def _group_text(mask: int) -> str:
    return "+".join(DECK.cards[c].ascii for c in iter_bits(mask))


def _tricks_text(tricks: Sequence[tuple[tuple[tuple[int, int], ...], int]]) -> str:
    return write_tricks((plays[0][0], [_group_text(m) for _, m in plays]) for plays, _ in tricks)


def position_text(game: VoormsiGame, state: VoormsiState) -> str:
    """The one-line text of ``state`` (see the module docstring)."""
    words = ["hand" if state.single_hand else "match"]
    last = state.last
    if state.phase == "choose_dealer" or (state.phase == "deal" and last is None):
        dealer = None if state.dealer is None else str(state.dealer)
        scores = ",".join(map(str, state.scores))
        return write_segment(state.phase, words, [("dealer", dealer), ("scores", scores)])
    ended = state.phase != "play"
    assert last is not None or not ended
    dealt = state.dealt_stock
    drawn = dealt[: len(dealt) - len(state.stock)]
    fields: list[tuple[str, str | None]] = [
        ("dealer", str(last.dealer if ended and last is not None else state.dealer)),
        ("scores", ",".join(map(str, state.deal_start))),
        ("deal", str(last.number) if ended and last is not None and last.number != 1 else None),
        ("hands", write_groups(_cards(h) for h in state.hands) if any(state.hands) else None),
        ("stock", write_cards(_cards(state.stock)) if state.stock else None),
        ("drawn", write_cards(_cards(drawn)) if drawn else None),
        ("tricks", _tricks_text(state.tricks) if state.tricks else None),
        ("trick", _tricks_text([(state.trick, 0)]) if state.trick else None),
    ]
    segments = [write_segment(state.phase, words, fields)]
    if not ended and last is not None:
        segments.append(
            write_segment(
                "last",
                (),
                [
                    ("deal", str(last.number)),
                    ("dealer", str(last.dealer)),
                    ("scores", ",".join(map(str, last.scores_before))),
                    ("drawn", write_cards(_cards(last.stock)) if last.stock else None),
                    ("tricks", _tricks_text(last.tricks)),
                ],
            )
        )
    return write_position(segments)


def _scores(game: VoormsiGame, text: str) -> tuple[int, ...]:
    return read_scores(text, "scores", game.rules.num_sides)


def _last_deal(game: VoormsiGame, fields: dict[str, str]) -> LastDeal:
    if not {"deal", "dealer", "tricks"} <= set(fields):
        raise NotationError("position text: the last deal needs deal=, dealer= and tricks=")
    state = build_position(
        game,
        match=True,
        dealer=read_seat(fields["dealer"], "last deal: dealer", game.num_players),
        scores=_scores(game, fields["scores"]) if "scores" in fields else None,
        hands="/".join("-" * game.num_players),
        drawn=fields.get("drawn", ()),
        tricks=fields["tricks"],
        number=max(read_number(fields["deal"], "last deal: deal"), 1),
    )
    if state.phase != "deal":
        raise PositionError(VoormsiRule.V25, "the last deal ended the match: no deal follows it")
    assert state.last is not None
    return state.last


def parse_last_deal(game: VoormsiGame, text: str) -> LastDeal:
    """The last finished deal from the text after ``| last`` (``deal=N dealer=D scores=A,B
    drawn=… tricks=…``)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"last must be position text, not {type(text).__name__}")
    tokens = text.split()
    if tokens and tokens[0] == "last":
        tokens = tokens[1:]
    return _last_deal(game, key_value_fields(tokens, _LAST_KEYS))


_GRAMMAR: Final[dict[str, Container[str]]] = dict.fromkeys(PHASES, _KEYS)
_LAST_GRAMMAR: Final = {"last": _LAST_KEYS}


def parse_position(game: VoormsiGame, text: str) -> VoormsiState:
    """The state of a position text written by :func:`position_text` (see the module docstring).

    The text is read by the shared grammar (:func:`cardrules.positions.read_position`): a trick
    with a leader and no cards, a number in other digits than 0-9 or a second line is a
    :class:`~cardrules.errors.NotationError`.

    >>> from cardrules.games.voormsi import make_game
    >>> make_game().parse_position("deal hand dealer=１")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: dealer must be written with the digits 0-9, not '１'
    """
    segments = read_position(text, _GRAMMAR, _LAST_GRAMMAR)
    main = segments[0]
    if main.words not in (("match",), ("hand",)):
        raise NotationError(
            "position text: the phase is followed by match or hand, "
            f"not {' '.join(main.words)!r:.30}"
        )
    phase: Phase = main.head  # type: ignore[assignment]
    fields = main.as_dict()
    last = _last_deal(game, segments[1].as_dict()) if len(segments) > 1 else None
    cards = set(fields) & {"hands", "stock", "drawn", "tricks", "trick"}
    if phase == "choose_dealer" and (cards or "dealer" in fields):
        raise NotationError("position text: the dealer is not chosen yet: no dealer, no cards")
    if cards and "hands" not in fields:
        fields["hands"] = "/".join("-" * game.num_players)
    if not cards and phase in ("play", "over"):
        raise NotationError(f"position text: a {phase} position has cards")
    trick: object = ()
    if "trick" in fields:
        leader, plays = read_trick(fields["trick"], "the trick in progress", game.num_players)
        trick = (leader, list(plays))
    return build_position(
        game,
        phase=phase,
        match=main.words == ("match",),
        dealer=read_seat(fields["dealer"], "dealer", game.num_players)
        if "dealer" in fields
        else None,
        scores=_scores(game, fields["scores"]) if "scores" in fields else None,
        hands=fields.get("hands"),
        stock=fields.get("stock", ()),
        drawn=fields.get("drawn", ()),
        tricks=fields.get("tricks", ()),
        trick=trick,
        number=read_number(fields["deal"], "deal") if "deal" in fields else 1,
        last=last,
    )
